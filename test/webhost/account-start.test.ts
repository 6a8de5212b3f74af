// The web host started with an account (README.md, The web host with an
// account), built as `npm run web` runs it (dist/webhost/cli.js on plain
// Node), against a sandbox started here:
// - the README's steps, run as written (its shell block, the key typed on
//   stdin) on a fresh data folder and outside any keyring session, connect the
//   account and show its data; Ctrl+C stops it;
// - started again the same way while the service is off the network, it
//   shows the account offline with its data, and syncs what was done
//   meanwhile once the service is back;
// - with the key kept in the keychain (one keyring session throughout) it
//   starts without asking the service;
// - an account never connected on the folder, with the service out of reach,
//   is not made: the demo is shown, and it says so;
// - a refused key ends it with the reason; a keychain it cannot reach ends it
//   with what to install or start, not a stack trace.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT as PROJECT_ROOT } from '../../scripts/build-parts';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import type { AccountView, BridgeResult, SyncStatus } from '../../shared/bridge';
import { until } from '../helpers/until';

// the built web host, run by plain Node as `npm run web` runs it
const CLI = join(PROJECT_ROOT, 'dist', 'webhost', 'cli.js');
const USER = 'bakkerij';
const KEY = 'key-bakkerij-7731';
const scratch = mkdtempSync(join(tmpdir(), 'quotedesk-account-start-'));
const children: ChildProcess[] = [];
let sb: Sandbox;

interface Host {
  child: ChildProcess;
  /** the page URL once it serves; null when it exited first */
  url: Promise<string | null>;
  exit: Promise<number | null>;
  output(): string;
  call<T>(op: string, input?: unknown): Promise<T>;
  /** Ctrl+C: SIGINT to its whole process group, as a terminal sends it; the exit code (null when a shell ended by the signal) once every process of the group is gone */
  stop(): Promise<number | null>;
}

function host(command: string, args: string[], opts: { env: NodeJS.ProcessEnv; stdin?: string }): Host {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  children.push(child);
  child.stdin!.end(opts.stdin ?? '');
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string | null>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      if (line.startsWith('open ')) resolve(line.slice('open '.length));
    });
    child.on('exit', () => resolve(null));
  });
  return {
    child,
    url,
    exit,
    output: () => output,
    async call<T>(op: string, input: unknown = {}): Promise<T> {
      const page = new URL((await url)!);
      const res = await request(`${page.origin}/__bridge/invoke`, {
        method: 'POST',
        headers: { 'x-quotedesk-token': page.searchParams.get('token')!, 'content-type': 'application/json' },
        body: JSON.stringify({ op, input }),
      });
      const r = (await res.body.json()) as BridgeResult<T>;
      if (!r.ok) throw new Error(`${op} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
      const code = await exit;
      // nothing of it is left running: the web host, npm, the D-Bus session and the keyring daemon
      await until(() => !groupAlive(child.pid!), 'every process of the web host to end', 15_000);
      return code;
    },
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The environment of a shell outside any keyring session: what the README's reader has on a fresh machine. */
function freshShell(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: process.env.QUOTEDESK_REAL_HOME || process.env.HOME };
  for (const k of ['QUOTEDESK_IN_KEYRING_SESSION', 'DBUS_SESSION_BUS_ADDRESS', 'GNOME_KEYRING_CONTROL', 'QUOTEDESK_API_KEY']) delete env[k];
  return env;
}

/** The README's account steps, its shell block as written, with the placeholders filled in. */
function readmeSteps(dir: string): string {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The web host with an account'), readme.indexOf('## Packaging'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  expect(block).toContain('bash scripts/with-keyring.sh npm run web -- ');
  return block
    .replace(/\bDIR\b/g, dir)
    .replace(/\bURL\b/g, sb.url)
    .replace(/\bNAME\b/g, USER);
}

const viaReadme = (dir: string) => host('bash', ['-c', readmeSteps(dir)], { env: freshShell(), stdin: `${KEY}\n` });

/** The CLI in this test's keyring session, whose keyring keeps the key between starts. */
const inSession = (dir: string, extra: string[] = [], key = KEY) =>
  host(process.execPath, [CLI, '--data', dir, '--port', '0', ...extra], { env: { ...process.env, QUOTEDESK_API_KEY: key } });

const accountArgs = () => ['--base-url', sb.url, '--username', USER];
const status = (h: Host) => h.call<SyncStatus>('sync.status');
const clientCount = async (h: Host) => (await h.call<{ total: number }>('clients.list', { includeInactive: true, limit: 1 })).total;

beforeAll(async () => {
  // what is stale is built here, so the README's `npm run web` finds it current and starts at once
  await ensureBuilt();
  sb = await startSandbox({ quiet: true, rateLimit: 0, user: USER, key: KEY, clients: 12, products: 2, quotations: 2 });
}, 240_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
  await sb?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the README's account steps", () => {
  const dir = join(scratch, 'readme');

  it('connect the account on a fresh data folder and show its data', { timeout: 180_000 }, async () => {
    const h = viaReadme(dir);
    expect(await h.url, h.output()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    expect(h.output()).toContain(`connected account ${USER}`);
    await until(async () => (await clientCount(h)) === 12, 'the account pulled', 60_000);
    expect(await status(h)).toMatchObject({ account: 'connected', online: true });
    expect(await h.call<AccountView[]>('account.list')).toEqual([expect.objectContaining({ username: USER, active: true, needsKey: false })]);
    // Ctrl+C: the web host closes (its shell ends by the signal, as in a terminal), and the folder is free for the next start
    await h.stop();
    expect(h.output()).not.toMatch(/^\s+at /m);
  });

  it('start again with the service off the network: the account offline with its data, synced once the service is back', { timeout: 180_000 }, async () => {
    await sb.setNetwork(false);
    try {
      // a new scratch keyring: the key is not kept from the last start, and cannot be checked now
      const h = viaReadme(dir);
      expect(await h.url, h.output()).not.toBeNull();
      expect(h.output()).toMatch(/cannot be reached .*Showing account bakkerij @ 127\.0\.0\.1:\d+ offline/s);
      expect(await clientCount(h)).toBe(12);
      await until(async () => !(await status(h)).online, 'the desk to see it is offline', 30_000);
      expect((await status(h)).account).toBe('connected');
      // work done meanwhile waits
      await h.call('clients.create', { fields: { company: 'Terwijl offline BV', email: 'offline@example.nl' } });
      expect((await status(h)).pending).toBeGreaterThanOrEqual(1);

      await sb.setNetwork(true);
      await h.call('sync.networkBack');
      await until(() => sb.data.clients.all().some((c) => c.company === 'Terwijl offline BV'), 'the client made offline to reach the service', 60_000);
      await until(async () => (await status(h)).pending === 0, 'the outbox to drain', 30_000);
      expect(sb.data.clients.all().filter((c) => c.company === 'Terwijl offline BV')).toHaveLength(1);
      expect(await status(h)).toMatchObject({ account: 'connected', online: true, parked: 0 });
      await h.stop();
      expect(h.output()).not.toMatch(/^\s+at /m);
    } finally {
      await sb.setNetwork(true);
    }
  });
});

describe('starting with an account in one keyring session', () => {
  it('does not ask the service when the account is connected on the folder with the key in the keychain', { timeout: 120_000 }, async () => {
    const dir = join(scratch, 'session');
    const first = inSession(dir, accountArgs());
    expect(await first.url, first.output()).not.toBeNull();
    expect(first.output()).toContain(`connected account ${USER}`);
    await until(async () => (await clientCount(first)) >= 12, 'the account pulled', 60_000);
    expect(await first.stop()).toBe(0);

    await sb.setNetwork(false);
    try {
      const second = inSession(dir, accountArgs());
      expect(await second.url, second.output()).not.toBeNull();
      expect(second.output()).toContain('connected before on this data folder with this key; the service was not asked');
      expect(await clientCount(second)).toBeGreaterThanOrEqual(12);
      expect((await status(second)).account).toBe('connected');
      expect(await second.stop()).toBe(0);
    } finally {
      await sb.setNetwork(true);
    }
  });

  it('shows the demo and says why when an account never connected here cannot be checked', { timeout: 120_000 }, async () => {
    // A service out of reach: a port nothing listens on. Not the sandbox taken
    // off the network: the port it frees may be taken meanwhile by a server of
    // another test file, which then answers in its place.
    const h = inSession(join(scratch, 'never'), ['--base-url', 'http://127.0.0.1:1/api/v1', '--username', USER]);
    expect(await h.url, h.output()).not.toBeNull();
    expect(h.output()).toMatch(/cannot be reached to check the key .*The account was not connected and nothing was kept; showing the demo data/s);
    expect((await status(h)).account).toBe('demo');
    expect(await h.call<AccountView[]>('account.list')).toEqual([]);
    expect(await h.stop()).toBe(0);
  });

  it('ends with the reason when the service refuses the key', { timeout: 120_000 }, async () => {
    const h = inSession(join(scratch, 'refused'), accountArgs(), 'not-the-key');
    expect(await h.exit).toBe(1);
    expect(h.output()).toMatch(/The account could not be connected: .*key/i);
    expect(h.output()).not.toMatch(/^\s+at /m);
  });
});

it('ends with what to install or start when no keychain can be reached, without a stack trace', { timeout: 60_000 }, async () => {
  const env: NodeJS.ProcessEnv = { ...freshShell(), QUOTEDESK_API_KEY: KEY, XDG_RUNTIME_DIR: mkdtempSync(join(scratch, 'runtime-')) };
  delete env.DISPLAY;
  const h = host(process.execPath, [CLI, '--data', join(scratch, 'no-keychain'), ...accountArgs()], { env });
  expect(await h.exit).toBe(1);
  expect(await h.url).toBeNull();
  const said = h.output();
  expect(said).toContain('The API key cannot be kept');
  expect(said).toContain('bash scripts/with-keyring.sh npm run web --');
  expect(said).toContain('gnome-keyring');
  expect(said).not.toMatch(/^\s+at /m);
});
