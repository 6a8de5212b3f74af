// The readings of paging the spec leaves open, as the sandbox plays them:
// pages capped whatever count asks (--max-count), lists answered whole (--unpaged).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';
import { parseArgs } from '../../electron/sandbox/args';
import { basic, client, type Client } from './client';

const open: { sb: Sandbox; api: Client }[] = [];
afterEach(async () => {
  for (const { sb, api } of open.splice(0)) {
    await api.close();
    await sb.close();
  }
});

async function sandbox(opts: SandboxOptions) {
  const sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 120, products: 50, quotations: 60, seed: 3, ...opts });
  const api = client(sb);
  open.push({ sb, api });
  return { sb, api };
}

const idsOf = (rows: Record<string, string>[], key = 'id') => rows.map((r) => Number(r[key]));

describe('--max-count', () => {
  it('caps every list and search at N rows whatever count asks, from the start asked', async () => {
    const { sb, api } = await sandbox({ maxCount: 37 });
    for (const [path, key, ids] of [
      ['/clients', 'clientnr', sb.data.clients.ids()],
      ['/products', 'id', sb.data.products.ids()],
      ['/quotations', 'id', sb.data.quotations.ids()],
    ] as const) {
      expect((await api.get(path)).json, path).toHaveLength(37);
      const page = await api.get(`${path}?count=1000&start=40`);
      expect(idsOf(page.json, key), path).toEqual(ids.slice(40, 77));
      expect((await api.get(`${path}?count=10&start=5`)).json, path).toHaveLength(10);
    }
    const found = (await api.get('/search/clients/all/a?count=1000')).json;
    expect(found).toHaveLength(37);
    expect((await api.get('/search/clients/all/a?count=1000&start=37')).json[0]).not.toEqual(found[0]);
  });

  it('takes any whole count without a 400 for being large, and still refuses a bad one', async () => {
    const { api } = await sandbox({ maxCount: 100 });
    const big = await api.get('/clients?count=5000');
    expect(big.status).toBe(200);
    expect(big.json).toHaveLength(100);
    expect((await api.get('/clients?count=ten')).status).toBe(400);
  });

  it('leaves the country list whole: it is not a paged list', async () => {
    const { api } = await sandbox({ maxCount: 5 });
    expect((await api.get('/countrylist')).json.length).toBeGreaterThan(5);
  });
});

describe('--unpaged', () => {
  it('the quotation list ignores count and start and answers every record; other lists stay paged', async () => {
    const { sb, api } = await sandbox({ unpaged: ['quotations'] });
    const all = sb.data.quotations.ids();
    for (const q of ['', '?count=5', '?count=5&start=20', '?start=1000', '?count=nonsense']) {
      const r = await api.get(`/quotations${q}`);
      expect(r.status, q).toBe(200);
      expect(idsOf(r.json), q).toEqual(all);
    }
    expect((await api.get('/clients?count=5&start=20')).json).toHaveLength(5);
    expect((await api.get('/products?count=1001')).status).toBe(400);
  });

  it('a comma list names several lists, and unpaged lists are not capped by maxCount', async () => {
    const { sb, api } = await sandbox({ unpaged: ['quotations', 'products'], maxCount: 37 });
    expect((await api.get('/quotations?count=10')).json).toHaveLength(sb.data.quotations.ids().length);
    expect((await api.get('/products?start=10')).json).toHaveLength(50);
    expect((await api.get('/clients?count=100')).json).toHaveLength(37);
  });

  it('search as a list name answers every search whole', async () => {
    const { api } = await sandbox({ unpaged: ['search'], maxCount: 10 });
    const r = await api.get('/search/clients/all/a?count=2&start=3');
    expect(r.json.length).toBeGreaterThan(10);
    expect(r.json).toEqual((await api.get('/search/clients/all/a')).json);
    expect((await api.get('/clients')).json).toHaveLength(10);
  });

  it('refuses a name that is not a list', async () => {
    await expect(startSandbox({ quiet: true, unpaged: ['invoices' as 'quotations'] })).rejects.toThrow(/"invoices" is not a list/);
    await expect(startSandbox({ quiet: true, maxCount: -1 })).rejects.toThrow(/maxCount/);
  });
});

describe('command line', () => {
  it('parses --max-count and --unpaged with a comma list', () => {
    expect(parseArgs(['--max-count', '37', '--unpaged', 'quotations,products'])).toEqual({ maxCount: 37, unpaged: ['quotations', 'products'] });
    expect(parseArgs(['--unpaged=quotations'])).toEqual({ unpaged: ['quotations'] });
    expect(() => parseArgs(['--unpaged', 'quotations,invoices'])).toThrow(/--unpaged takes list names .*"invoices"/);
    expect(() => parseArgs(['--max-count', 'lots'])).toThrow(/--max-count must be a whole number/);
  });

  it('serves with the flags', async () => {
    const CLI = join(import.meta.dirname, '../../electron/sandbox/cli.ts');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--clients', '80', '--quotations', '45', '--max-count', '30', '--unpaged', 'quotations'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
      const url = line.slice('listening on '.length);
      const get = async (path: string) =>
        (await (await request(`${url}${path}`, { headers: { authorization: basic('demo', 'demo-key') } })).body.json()) as unknown[];
      expect(await get('/clients?count=100')).toHaveLength(30);
      expect(await get('/quotations?count=10')).toHaveLength(45);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
  });
});
