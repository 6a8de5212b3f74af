// Paging on every list and search, and search in all five areas (docs/service-api.md, Paging and Search).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, MAX_COUNT, type Sandbox } from '../../electron/sandbox';
import { client, type Client } from './client';

let sb: Sandbox;
let api: Client;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 250, products: 120, quotations: 130, seed: 7 });
  api = client(sb);
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

const LISTS = ['/clients', '/products', '/quotations'];
const SEARCHES = [
  '/search/clients/all/a',
  '/search/products/all/e',
  '/search/invoices/all/F',
  '/search/invoices_saved/all/Concept',
  '/search/invoices_repeated/all/2',
];

describe('paging', () => {
  it('defaults to 100 rows from the start', async () => {
    const r = await api.get('/clients');
    expect(r.json).toHaveLength(100);
    expect(r.json[0].clientnr).toBe('1');
  });

  it('start is a 0-based offset and count the page size, on every list', async () => {
    for (const path of LISTS) {
      const all = (await api.get(`${path}?count=1000`)).json as { [k: string]: string }[];
      const page = (await api.get(`${path}?start=15&count=10`)).json;
      expect(page).toEqual(all.slice(15, 25));
    }
  });

  it('a page past the end is 200 []', async () => {
    for (const path of [...LISTS, ...SEARCHES]) {
      const r = await api.get(`${path}?start=100000`);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toBe('[]');
    }
  });

  it('pages of a search partition the whole result', async () => {
    for (const path of SEARCHES) {
      const all = (await api.get(`${path}?count=1000`)).json;
      expect(all.length, path).toBeGreaterThan(0);
      const pages = [];
      for (let start = 0; start < all.length; start += 7) pages.push(...(await api.get(`${path}?start=${start}&count=7`)).json);
      expect(pages, path).toEqual(all);
    }
  });

  it(`count above ${MAX_COUNT}, negative or non-integer values are 400`, async () => {
    for (const q of ['count=1001', 'count=-1', 'count=1.5', 'count=abc', 'start=-3', 'start=2.5', 'count=10&count=20']) {
      for (const path of ['/clients', '/products', '/quotations', '/search/clients/all/a']) {
        const r = await api.get(`${path}?${q}`);
        expect(r.status, `${path}?${q}`).toBe(400);
        expect(r.json.errors.length, q).toBeGreaterThan(0);
      }
    }
    expect((await api.get('/clients?count=1000')).json).toHaveLength(250);
  });
});

describe('search', () => {
  it('finds clients by email and by city', async () => {
    const c = sb.data.clients.find((x) => x.email !== '')!;
    const byEmail = (await api.get(`/search/clients/email/${encodeURIComponent(c.email)}`)).json;
    expect(byEmail.map((x: { clientnr: string }) => x.clientnr)).toContain(String(c.clientnr));
    const byCity = (await api.get('/search/clients/city/utrecht?count=1000')).json as { city: string }[];
    expect(byCity.length).toBe(sb.data.clients.count((x) => x.city.toLowerCase().includes('utrecht')));
    expect(byCity.every((x) => x.city === 'Utrecht')).toBe(true);
  });

  it('finds products by code', async () => {
    const r = await api.get('/search/products/code/P00042');
    expect(r.json).toHaveLength(1);
    expect(r.json[0].id).toBe('42');
  });

  it('matches decimals with a dot by value in number fields', async () => {
    const inv = sb.data.invoices.all()[3]!;
    const value = inv.totalintax.replace(/0$/, ''); // 123.40 is found as 123.4
    const r = await api.get(`/search/invoices/totalintax/${value}`);
    expect(r.json.map((x: { id: string }) => x.id)).toContain(String(inv.id));
    const comma = await api.get(`/search/invoices/totalintax/${value.replace('.', ',')}`);
    expect(comma.status).toBe(400);
    expect(comma.json.error).toMatch(/dot/);
  });

  it('searches all fields of each area', async () => {
    const saved = sb.data.savedInvoices.all()[0]!;
    expect((await api.get(`/search/invoices_saved/all/${encodeURIComponent(saved.company)}`)).json.map((x: { id: string }) => x.id)).toContain(
      String(saved.id),
    );
    const rep = sb.data.repeatingInvoices.all()[0]!;
    expect((await api.get(`/search/invoices_repeated/frequency/${rep.frequency}?count=1000`)).json.map((x: { id: string }) => x.id)).toContain(String(rep.id));
    expect((await api.get(`/search/invoices_repeated/clientnr/${rep.clientnr}`)).json[0].clientnr).toBe(String(rep.clientnr));
  });

  it('tolerates search values that are not percent-encoded', async () => {
    const id = (await api.post('/clients', { company: 'Groei 100% & Co / Zn', email: 'x@groei.nl' })).text;
    const raw = await api.get('/search/clients/company/100% & Co / Zn');
    expect(raw.status).toBe(200);
    expect(raw.json.map((x: { clientnr: string }) => x.clientnr)).toEqual([id]);
    const encoded = await api.get(`/search/clients/company/${encodeURIComponent('100% & Co / Zn')}/`);
    expect(encoded.json.map((x: { clientnr: string }) => x.clientnr)).toEqual([id]);
  });

  it('an unknown area or field, or a missing query, is 400', async () => {
    for (const path of ['/search/orders/all/x', '/search/clients/shoesize/42', '/search/clients/all', '/search/clients']) {
      const r = await api.get(path);
      expect(r.status, path).toBe(400);
      expect(r.json.errors.length).toBeGreaterThan(0);
    }
  });

  it('with and without a trailing slash', async () => {
    expect((await api.get('/search/products/code/P00001/')).json[0].id).toBe('1');
    expect((await api.get('/clients/3/')).json.client.clientnr).toBe('3');
    expect((await api.post('/clients/', { company: 'Slash' })).status).toBe(201);
    expect((await api.post('/clients', { company: 'No slash' })).status).toBe(201);
  });
});

describe('country list', () => {
  it('lists countries with string ids, in Dutch by default and in each language', async () => {
    const nl = (await api.get('/countrylist')).json as { id: string; name: string }[];
    expect(nl).toContainEqual({ id: '146', name: 'Nederland' });
    expect(nl).toContainEqual({ id: '226', name: 'Verenigde Staten' });
    const names = { en: 'Netherlands', de: 'Niederlande', fr: 'Pays-Bas', es: 'Países Bajos', nl: 'Nederland' };
    for (const [lang, name] of Object.entries(names)) {
      const list = (await api.get(`/countrylist/${lang}`)).json as { id: string; name: string }[];
      expect(list.find((c) => c.id === '146')?.name).toBe(name);
      expect(list.length).toBe(nl.length);
    }
    expect((await api.get('/countrylist/xx')).status).toBe(404);
  });

  it('resolves a client country given by name in any language', async () => {
    for (const [name, id] of [
      ['Pays-Bas', 146],
      ['united states', 226],
      ['Duitsland', 80],
      ['BE', 21],
      ['226', 226],
    ] as const) {
      const nr = (await api.post('/clients', { company: `Land ${name}`, country: name })).text;
      expect(sb.data.clients.get(Number(nr))!.country, name).toBe(id);
    }
    const r = await api.post('/clients', { company: 'Nergens', country: 'Atlantis' });
    expect(r.status).toBe(422);
    expect(r.json.errors[0].field).toBe('country');
  });
});
