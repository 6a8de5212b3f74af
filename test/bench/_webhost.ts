// The built web host in a process of its own, started as `npm run web` starts
// it (package.json's web script, `node … scripts/web.mjs`, without npm around
// it: the staleness check, then dist/webhost/cli.js in that very process),
// for the benchmarks that measure what a person runs: its start, its resident
// memory and its CPU time as the host itself reports them
// (GET /__control/process: VmRSS and VmHWM from /proc/self/status,
// process.memoryUsage() and process.cpuUsage()); and the floor those
// figures are compared with, started the same way (test/bench/_host-floor.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { buildStale, ROOT } from '../../scripts/build-state.mjs';
import type { ProcessReport } from '../../electron/webhost/process-report';
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
  /** Date.now() when it printed a line starting with `prefix` (after the page URL), waiting for it */
  printed(prefix: string): Promise<number>;
  /** SIGTERM, as a person's Ctrl+C or a service manager stops it; resolves once every process it started has ended */
  stop(): Promise<void>;
}

/** The arguments of package.json's web script after `node`: the Node flags `npm run web` gives the host, and scripts/web.mjs. */
function webScript(): string[] {
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
export function startBuiltHost(args: string[], opts: { keyring?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<BuiltHost> {
  return startNode([...webScript(), ...args], opts);
}

/**
 * Starts the floor of the web host's figures (test/bench/_host-floor.ts,
 * bundled) with the Node flags `npm run web` gives the host: `pull BASE_URL
 * CLIENTS PRODUCTS QUOTATIONS` or `serve`. It answers report() as the host
 * does; it has no bridge to call.
 */
export async function startFloor(args: string[]): Promise<BuiltHost> {
  const flags = webScript().filter((a) => a.startsWith('-'));
  return startNode([...flags, await floorBundle(), ...args]);
}

/**
 * Bundles the floor as the host's build bundles the host, with vite, its
 * packages left external; into node_modules/.cache, where Node finds those
 * packages from the bundle. Loaded only here: the bundler stays out of the
 * processes measured.
 */
let bundled: Promise<string> | undefined;
function floorBundle(): Promise<string> {
  // once a run: the floor is started several times, its source the same
  bundled ??= bundleFloor();
  return bundled;
}

async function bundleFloor(): Promise<string> {
  const outDir = join(ROOT, 'node_modules', '.cache', 'quotedesk-bench');
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: join(ROOT, 'test', 'bench', '_host-floor.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'host-floor.mjs' } },
    },
  });
  return join(outDir, 'host-floor.mjs');
}

async function startNode(nodeArgs: string[], opts: { keyring?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<BuiltHost> {
  const node = [process.execPath, ...nodeArgs];
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
  /** each line it printed, and when */
  const lines: { line: string; at: number }[] = [];
  const waiting = new Set<() => void>();
  const page = await new Promise<string | null>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      lines.push({ line, at: Date.now() });
      for (const w of waiting) w();
      if (line.startsWith('open ')) resolve(line.slice('open '.length));
    });
    child.on('exit', () => {
      resolve(null);
      for (const w of waiting) w();
    });
  });
  const openAt = Date.now();
  if (page === null) throw new Error(`the web host did not start:\n${output}`);
  const url = new URL(page);
  const token = url.searchParams.get('token') ?? '';
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
    printed: (prefix) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const hit = lines.find((l) => l.line.startsWith(prefix));
          if (hit) resolve(hit.at);
          else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`it ended without printing "${prefix}":\n${output}`));
          else return;
          waiting.delete(check);
        };
        waiting.add(check);
        check();
      }),
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
