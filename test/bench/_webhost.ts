// The built web host in a process of its own, started as `npm run web` starts
// it (package.json's web script, `node … scripts/web.mjs`, without npm around
// it: the staleness check, then dist/webhost/cli.js in that very process),
// for the benchmarks that measure what a person runs: its start, its resident
// memory and its CPU time as the host itself reports them
// (GET /__control/process: VmRSS and VmHWM from /proc/self/status,
// process.memoryUsage() and process.cpuUsage()).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { buildStale, ROOT } from '../../scripts/build-state.mjs';
import type { ProcessReport } from '../../electron/webhost/server';
import type { BridgeResult } from '../../shared/bridge';

export type { ProcessReport };

export interface BuiltHost {
  /** the host's own pid (not a wrapper's) */
  pid: number;
  /** the page URL, token included */
  url: string;
  /** Date.now() when it was spawned, and when it printed the page URL */
  spawnedAt: number;
  openAt: number;
  call<T>(op: string, input?: unknown): Promise<T>;
  report(): Promise<ProcessReport>;
  /** SIGTERM, as a person's Ctrl+C or a service manager stops it; resolves once every process it started has ended */
  stop(): Promise<void>;
}

/** The arguments of package.json's web script after `node`: the Node flags `npm run web` gives the host, and scripts/web.mjs. */
export function webScript(): string[] {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.web!;
  const [command, ...rest] = script.split(/\s+/);
  if (command !== 'node' || !rest.includes('scripts/web.mjs')) throw new Error(`package.json's web script is not "node … scripts/web.mjs": ${script}`);
  return rest.map((a) => (a === 'scripts/web.mjs' ? join(ROOT, a) : a));
}

/** Builds what is stale before any host is timed, in a process of its own (the bundler stays out of this one). */
export function builtBeforeTiming(): void {
  const status = buildStale(ROOT);
  if (status !== 0) throw new Error(`the build failed (${status})`);
}

/**
 * Starts `node scripts/web.mjs ARGS`. With `keyring`, inside the private
 * D-Bus session and keyring of scripts/with-keyring.sh, which a host with an
 * account needs for its API key (README.md, The web host with an account).
 */
export async function startBuiltHost(args: string[], opts: { keyring?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<BuiltHost> {
  const node = [process.execPath, ...webScript(), ...args];
  const [command, ...argv] = opts.keyring ? ['bash', join(ROOT, 'scripts', 'with-keyring.sh'), ...node] : node;
  const spawnedAt = Date.now();
  const child: ChildProcess = spawn(command!, argv, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group: the keyring's D-Bus session and daemon end with it
    detached: true,
  });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const page = await new Promise<string | null>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      if (line.startsWith('open ')) resolve(line.slice('open '.length));
    });
    child.on('exit', () => resolve(null));
  });
  const openAt = Date.now();
  if (page === null) throw new Error(`the web host did not start:\n${output}`);
  const url = new URL(page);
  const token = url.searchParams.get('token')!;
  const get = async <T>(path: string, init: { method?: 'GET' | 'POST'; body?: string } = {}): Promise<T> => {
    const res = await request(`${url.origin}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'x-quotedesk-token': token, 'content-type': 'application/json' },
      body: init.body,
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${await res.body.text()}`);
    return (await res.body.json()) as T;
  };
  const report = () => get<ProcessReport>('/__control/process');
  const { pid } = await report();
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    pid,
    url: page,
    spawnedAt,
    openAt,
    report,
    async call<T>(op: string, input: unknown = {}): Promise<T> {
      const r = await get<BridgeResult<T>>('/__bridge/invoke', { method: 'POST', body: JSON.stringify({ op, input }) });
      if (!r.ok) throw new Error(`${op} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value;
    },
    async stop() {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone already
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      for (let i = 0; i < 50 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 100));
      if (groupAlive()) process.kill(-child.pid!, 'SIGKILL');
    },
  };
}
