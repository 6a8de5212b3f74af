// `npm run sandbox -- ...`: prints one line with the URL, serves, stops cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../electron/sandbox/args';
import { basic } from './client';

const CLI = join(import.meta.dirname, '../../electron/sandbox/cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.on('exit', () => resolve(''));
  });
  return { child, firstLine, exit, stderr: () => stderr };
}

describe('command line', () => {
  it('starts with options, prints the URL, serves and stops on SIGTERM', async () => {
    const p = run(['--port', '0', '--user', 'kees', '--key', 'k1', '--clients', '40', '--rate-limit', '7']);
    const line = await p.firstLine;
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const url = line.slice('listening on '.length);
    const res = await request(`${url}/clients?count=1000`, { headers: { authorization: basic('kees', 'k1') } });
    expect(res.headers['x-ratelimit-limit']).toBe('7');
    expect(((await res.body.json()) as unknown[]).length).toBe(40);
    p.child.kill('SIGTERM');
    expect(await p.exit).toBe(0);
  });

  it('exits 1 with the reason when the data file is corrupt', async () => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(file, '{oops');
    const p = run(['--data', file]);
    expect(await p.exit).toBe(1);
    expect(p.stderr()).toMatch(/cannot be used: it is not valid JSON.*left untouched/);
  });

  it('exits 2 with usage on a bad option', async () => {
    const p = run(['--clients', 'many']);
    expect(await p.exit).toBe(2);
    expect(p.stderr()).toMatch(/--clients must be a whole number[\s\S]*Usage: npm run sandbox/);
  });

  it('parses every option, with a space or an equals sign', () => {
    expect(
      parseArgs([
        '--port=8080',
        '--user',
        'u',
        '--key',
        'k',
        '--clients',
        '10000',
        '--products=5',
        '--quotations',
        '3',
        '--rate-limit',
        '0',
        '--data',
        'x.json',
        '--seed',
        '9',
        '--credits',
        '2',
        '--latency',
        '15',
      ]),
    ).toEqual({
      port: 8080,
      user: 'u',
      key: 'k',
      clients: 10000,
      products: 5,
      quotations: 3,
      rateLimit: 0,
      dataFile: 'x.json',
      seed: 9,
      credits: 2,
      latencyMs: 15,
    });
    expect(parseArgs(['--fault', 'POST /clients applied 502', '--fault=GET /clients stall 100 always'])).toEqual({
      faultRules: [
        { method: 'POST', path: '/clients', effect: { kind: 'error', status: 502, applied: true } },
        { method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'stall', everyMs: 100 } },
      ],
    });
    expect(() => parseArgs(['--fault', 'POST /clients'])).toThrow(/--fault "POST \/clients"/);
    expect(() => parseArgs(['--colour', 'red'])).toThrow(/Unknown option --colour/);
    expect(() => parseArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--port', '70000'])).toThrow(/0 to 65535/);
  });
});

describe('scale', () => {
  it('generates 10,000 clients deterministically and fast', async () => {
    const { startSandbox } = await import('../../electron/sandbox');
    const t = performance.now();
    const a = await startSandbox({ quiet: true, clients: 10_000, seed: 3 });
    const elapsed = performance.now() - t;
    const b = await startSandbox({ quiet: true, clients: 10_000, seed: 3 });
    expect(a.data.clients.size).toBe(10_000);
    expect(JSON.stringify(a.data.clients.all())).toBe(JSON.stringify(b.data.clients.all()));
    expect(elapsed).toBeLessThan(3000); // generous on a loaded CI machine; typically ~0.2 s
    const res = await request(`${a.url}/clients?start=9950&count=100`, { headers: { authorization: basic(a.user, a.key) } });
    const page = (await res.body.json()) as { clientnr: string }[];
    expect(page.map((c) => c.clientnr)).toEqual(Array.from({ length: 50 }, (_, i) => String(9951 + i)));
    await a.close();
    await b.close();
  });
});
