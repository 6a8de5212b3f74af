// The order of lists, which the spec leaves open, as the sandbox plays it: by
// id ascending (the default), or scrambled, a fixed order that is not by id
// (--list-order scrambled), for every paged list and search.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';
import { parseArgs } from '../../electron/sandbox/args';
import { Table } from '../../electron/sandbox/table';
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

const LISTS = [
  ['/clients', 'clientnr'],
  ['/products', 'id'],
  ['/quotations', 'id'],
] as const;

const idsOf = (rows: Record<string, string>[], key: string) => rows.map((r) => Number(r[key]));
const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Every id of a list, a page of `count` at a time; `between` runs after each page. */
async function walk(api: Client, path: string, key: string, count: number, between: (pages: number) => Promise<void> = async () => {}) {
  const seen: number[] = [];
  for (let pages = 1; ; pages++) {
    const page = idsOf((await api.get(`${path}?count=${count}&start=${seen.length}`)).json, key);
    seen.push(...page);
    if (page.length < count) return seen;
    await between(pages);
  }
}

describe("listOrder 'id'", () => {
  it('is the default: every list pages by id ascending', async () => {
    const { sb, api } = await sandbox({});
    for (const [path, key] of LISTS) {
      const seen = await walk(api, path, key, 25);
      expect(seen, path).toEqual(ascending(seen));
      expect(seen, path).toEqual(sb.data[path.slice(1) as 'clients'].ids());
    }
  });

  it('a new record is the last one', async () => {
    const { api } = await sandbox({ listOrder: 'id' });
    const id = Number((await api.post('/clients', { company: 'Nieuw BV' })).text);
    expect(idsOf((await api.get('/clients?count=1000')).json, 'clientnr').at(-1)).toBe(id);
  });
});

describe("listOrder 'scrambled'", () => {
  it('a walk of all pages gives every record exactly once, not by id', async () => {
    const { sb, api } = await sandbox({ listOrder: 'scrambled' });
    for (const [path, key] of LISTS) {
      const seen = await walk(api, path, key, 25);
      expect(new Set(seen).size, path).toBe(seen.length);
      expect(ascending(seen), path).toEqual(sb.data[path.slice(1) as 'clients'].ids());
      expect(seen, path).not.toEqual(ascending(seen));
      // not merely the other way round either
      expect(seen, path).not.toEqual(ascending(seen).reverse());
    }
  });

  it('two reads of the same page agree, and a page is the slice of the whole list', async () => {
    const { api } = await sandbox({ listOrder: 'scrambled' });
    for (const [path, key] of LISTS) {
      const a = idsOf((await api.get(`${path}?count=10&start=20`)).json, key);
      const b = idsOf((await api.get(`${path}?count=10&start=20`)).json, key);
      expect(a, path).toEqual(b);
      expect(a, path).toEqual(idsOf((await api.get(`${path}?count=1000`)).json, key).slice(20, 30));
    }
  });

  it('a record created during a walk lands somewhere other than the end; the others keep their order', async () => {
    const { api } = await sandbox({ listOrder: 'scrambled' });
    const before = idsOf((await api.get('/clients?count=1000')).json, 'clientnr');
    let created = 0;
    const seen = await walk(api, '/clients', 'clientnr', 20, async (pages) => {
      if (pages === 2) created = Number((await api.post('/clients', { company: 'Midden BV' })).text);
    });
    const after = idsOf((await api.get('/clients?count=1000')).json, 'clientnr');
    const at = after.indexOf(created);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(after.length - 1);
    expect(after.filter((id) => id !== created)).toEqual(before);
    // the walk saw the new record if it landed past where it stood, else saw the record it pushed along twice
    if (at >= 40) expect(seen).toEqual(after);
    else expect(new Set(seen).size).toBe(seen.length - 1);
  });

  it('removing a record shifts only the ones after it; an update moves nothing', async () => {
    const { api } = await sandbox({ listOrder: 'scrambled' });
    const before = idsOf((await api.get('/products?count=1000')).json, 'id');
    expect((await api.put(`/products/${before[7]}`, { name: 'Anders genoemd', price: 1 })).status).toBe(200);
    expect(idsOf((await api.get('/products?count=1000')).json, 'id')).toEqual(before);
    expect((await api.del(`/products/${before[7]}`)).status).toBe(204);
    const after = idsOf((await api.get('/products?count=1000')).json, 'id');
    expect(after).toEqual([...before.slice(0, 7), ...before.slice(8)]);
  });

  it('search results follow the order, page by page', async () => {
    const { sb, api } = await sandbox({ listOrder: 'scrambled' });
    const list = idsOf((await api.get('/clients?count=1000')).json, 'clientnr');
    const found = idsOf((await api.get('/search/clients/all/a?count=1000')).json, 'clientnr');
    expect(found.length).toBeGreaterThan(10);
    expect(found).toEqual(list.filter((id) => found.includes(id)));
    expect(found).not.toEqual(ascending(found));
    expect(idsOf((await api.get('/search/clients/all/a?count=5&start=5')).json, 'clientnr')).toEqual(found.slice(5, 10));

    const products = idsOf((await api.get('/search/products/all/0?count=1000')).json, 'id');
    expect(products.length).toBeGreaterThan(5);
    const productList = idsOf((await api.get('/products?count=1000')).json, 'id');
    expect(products).toEqual(productList.filter((id) => products.includes(id)));

    // the areas without a list of their own are searched in the same order
    const invoices = idsOf((await api.get('/search/invoices/all/2?count=1000')).json, 'id');
    expect(invoices.length).toBeGreaterThan(5);
    expect(invoices).not.toEqual(ascending(invoices));
    expect(invoices).toEqual(sb.data.invoices.listIds('scrambled').filter((id) => invoices.includes(id)));
  });

  it('leaves the country list, profiles and categories as they are', async () => {
    const plain = await sandbox({});
    const scrambled = await sandbox({ listOrder: 'scrambled' });
    for (const path of ['/countrylist', '/profiles', '/categories']) {
      expect((await scrambled.api.get(path)).json, path).toEqual((await plain.api.get(path)).json);
    }
  });

  it('holds with the other readings: unpaged and capped lists come in the same order', async () => {
    const { api } = await sandbox({ listOrder: 'scrambled', unpaged: ['quotations'], maxCount: 30 });
    const quotations = idsOf((await api.get('/quotations?count=5')).json, 'id');
    expect(quotations).toHaveLength(60);
    expect(quotations).not.toEqual(ascending(quotations));
    const clients = await walk(api, '/clients', 'clientnr', 30);
    expect(new Set(clients).size).toBe(120);
    expect(clients).toHaveLength(120);
    expect(clients).not.toEqual(ascending(clients));
  });
});

describe('setListOrder', () => {
  it('switches the order from the next request on, and refuses an order it does not know', async () => {
    const { sb, api } = await sandbox({});
    const byId = idsOf((await api.get('/clients?count=1000')).json, 'clientnr');
    sb.setListOrder('scrambled');
    const scrambled = idsOf((await api.get('/clients?count=1000')).json, 'clientnr');
    expect(scrambled).not.toEqual(byId);
    expect(ascending(scrambled)).toEqual(byId);
    sb.setListOrder('id');
    expect(idsOf((await api.get('/clients?count=1000')).json, 'clientnr')).toEqual(byId);
    expect(() => sb.setListOrder('random' as 'id')).toThrow(/"random" is not an order; use id or scrambled/);
    await expect(startSandbox({ quiet: true, listOrder: 'newest' as 'id' })).rejects.toThrow(/listOrder: "newest"/);
  });
});

describe('the scrambled order at 100,000 records', () => {
  const table = () => {
    const t = new Table<{ id: number; name: string }>('things', (r) => r.id);
    t.load(Array.from({ length: 100_000 }, (_, i) => ({ id: i + 1, name: `thing ${i + 1}` })));
    return t;
  };

  it('is built once, kept through pages and updates, and built again when a record comes or goes', () => {
    const t = table();
    const first = t.listIds('scrambled');
    expect(first).toHaveLength(100_000);
    expect(t.listIds('scrambled')).toBe(first);
    t.set({ id: 500, name: 'renamed' });
    expect(t.listIds('scrambled')).toBe(first);

    t.set({ id: 100_001, name: 'new' });
    const grown = t.listIds('scrambled');
    expect(grown).not.toBe(first);
    expect(grown.indexOf(100_001)).toBeLessThan(grown.length - 1);
    expect(grown.filter((id) => id !== 100_001)).toEqual(first);

    const gone = grown[10]!;
    t.delete(gone);
    expect(t.listIds('scrambled')).toEqual(grown.filter((id) => id !== gone));
    expect(t.listIds('id')).toBe(t.ids());
  });

  it('serves pages fast', () => {
    const t = table();
    const built = performance.now();
    t.pageIds(0, 1000, 'scrambled');
    const buildMs = performance.now() - built;
    const served = performance.now();
    for (let start = 0; start < 100_000; start += 1000) expect(t.pageIds(start, 1000, 'scrambled')).toHaveLength(1000);
    const pagesMs = performance.now() - served;
    expect(buildMs).toBeLessThan(2000); // generous on a loaded machine; typically ~50 ms
    expect(pagesMs).toBeLessThan(500); // a hundred slices of a kept array, not a hundred sorts
  });
});

describe('command line', () => {
  it('parses --list-order id|scrambled and refuses anything else', () => {
    expect(parseArgs(['--list-order', 'scrambled'])).toEqual({ listOrder: 'scrambled' });
    expect(parseArgs(['--list-order=id'])).toEqual({ listOrder: 'id' });
    expect(() => parseArgs(['--list-order', 'random'])).toThrow(/--list-order takes id or scrambled, got "random"/);
    expect(() => parseArgs(['--list-order'])).toThrow(/--list-order needs a value/);
  });

  it('serves with the flag', async () => {
    const CLI = join(import.meta.dirname, '../../electron/sandbox/cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--clients', '80', '--list-order', 'scrambled'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
      const url = line.slice('listening on '.length);
      const res = await request(`${url}/clients?count=100`, { headers: { authorization: basic('demo', 'demo-key') } });
      const ids = idsOf((await res.body.json()) as Record<string, string>[], 'clientnr');
      expect(ids).toHaveLength(80);
      expect(ids).not.toEqual(ascending(ids));
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
  });
});
