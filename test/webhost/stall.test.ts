// An answer whose body never ends: the service (here the sandbox, in this
// process) sends the headers of a list page and then a byte every two
// seconds. undici's timeouts only limit the gap between bytes, so without a
// whole deadline the pull would hang for good. A web host in its own process,
// connected to that service as an account:
// - a client created meanwhile reaches the service within the deadline plus
//   a minute (the pull gives way to it: in seconds);
// - SIGTERM during the stall ends the web host in under 5 s, with a write
//   under way;
// - started again, it sends everything exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../../scripts/build-parts';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import type { BridgeResult, SyncStatus } from '../../shared/bridge';
import { until } from '../helpers/until';

// the built web host, run by plain Node as `npm run web` runs it
const CLI = join(ROOT, 'dist', 'webhost', 'cli.js');
const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-stall-'));
const children: ChildProcess[] = [];
let sb: Sandbox;

/** The default deadline of one request (electron/api/transport.ts); nothing here shortens it. */
const DEADLINE_MS = 120_000;

interface Host {
  child: ChildProcess;
  call<T>(op: string, input?: unknown): Promise<T>;
  exit: Promise<number>;
  output: () => string;
}

async function webHost(): Promise<Host> {
  const child = spawn(process.execPath, [CLI, '--data', dataDir, '--port', '0', '--base-url', sb.url, '--username', sb.user], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, QUOTEDESK_API_KEY: sb.key },
  });
  children.push(child);
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const exit = new Promise<number>((resolve) => child.on('exit', () => resolve(Date.now())));
  const page = await new Promise<string | null>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      if (line.startsWith('open ')) resolve(line.slice('open '.length));
    });
    child.on('exit', () => resolve(null));
  });
  if (page === null) throw new Error(`the web host did not start:\n${output}`);
  const url = new URL(page);
  const token = url.searchParams.get('token')!;
  return {
    child,
    exit,
    output: () => output,
    async call<T>(op: string, input: unknown = {}): Promise<T> {
      const res = await request(`${url.origin}/__bridge/invoke`, {
        method: 'POST',
        headers: { 'x-quotedesk-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ op, input }),
      });
      const r = (await res.body.json()) as BridgeResult<T>;
      if (!r.ok) throw new Error(`${op} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value;
    },
  };
}

beforeAll(async () => {
  // the built host, renderer and bridge client: what is stale is built once here
  await ensureBuilt();
  sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 20, products: 2, quotations: 3 });
}, 240_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await sb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const named = (company: string) => sb.data.clients.all().filter((c) => c.company === company);

it('stays usable while a list page never ends, stops in seconds, and sends everything once after a restart', { timeout: 180_000 }, async () => {
  const first = await webHost();
  // the first pull, whole
  await until(async () => (await first.call<SyncStatus>('sync.status')).lastSyncAt, 'the first pull to end', 60_000);

  // from now on the client list's page sends its headers and then a byte every 2 s, for ever
  sb.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'stall', everyMs: 2000 } });
  expect((await first.call<{ started: boolean }>('sync.pullNow')).started).toBe(true);
  await until(() => sb.requestLog().some((q) => q.fault === 'stall'), 'the pull to reach the stalled page', 30_000);

  // a client made meanwhile goes: the pull gives the page up for it
  const made = Date.now();
  await first.call('clients.create', { fields: { company: 'Tijdens de stilte BV', email: 'stilte@example.nl' } });
  await until(() => named('Tijdens de stilte BV').length > 0, 'the client to reach the service', DEADLINE_MS + 60_000);
  const tookMs = Date.now() - made;
  console.info(`stall: the client made meanwhile reached the service after ${tookMs} ms`);
  expect(tookMs).toBeLessThan(DEADLINE_MS + 60_000);
  // in fact in seconds: it waits for the page at most a few seconds
  expect(tookMs).toBeLessThan(20_000);
  // and the pull is back on its page, stalled again
  await until(() => sb.requestLog().filter((q) => q.fault === 'stall').length >= 2, 'the pull to read the page again', 30_000);

  // a write under way when the stop comes: the service carries client creates out, and its answer never comes
  sb.setFaults({ hangAfterCommitRate: 1, methods: ['POST'] });
  await first.call('clients.create', { fields: { company: 'Bij het stoppen BV', email: 'stoppen@example.nl' } });
  await until(() => named('Bij het stoppen BV').length > 0, 'the service to carry the create out', 20_000);
  const stopAt = Date.now();
  first.child.kill('SIGTERM');
  const stoppedAt = await first.exit;
  console.info(`stall: the web host stopped ${stoppedAt - stopAt} ms after SIGTERM`);
  expect(stoppedAt - stopAt).toBeLessThan(5000);
  expect(first.child.exitCode).toBe(0);
  sb.clearFaults();

  const second = await webHost();
  await until(
    async () => {
      const s = await second.call<SyncStatus>('sync.status');
      return s.pending === 0 && s.lastSyncAt !== null && !s.pulling;
    },
    'the restarted desk to settle',
    60_000,
  );
  expect(named('Tijdens de stilte BV')).toHaveLength(1);
  expect(named('Bij het stoppen BV')).toHaveLength(1);
  const status = await second.call<SyncStatus>('sync.status');
  expect(status).toMatchObject({ pending: 0, parked: 0, conflicts: 0 });
  // the create left in flight was looked up (a search), not made again
  expect(sb.requestLog().filter((q) => q.method === 'POST' && q.url === '/api/v1/clients')).toHaveLength(2);
  second.child.kill('SIGTERM');
  await second.exit;
});
