// Client and product rules (docs/service-api.md, Clients and Products), and changes made "on the service" behind the client's back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { client, type Client } from './client';

let sb: Sandbox;
let api: Client;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0 });
  api = client(sb);
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

describe('clients', () => {
  it('assigns the next clientnr, or takes a free one that is given', async () => {
    const a = Number((await api.post('/clients', { contact: 'Alleen Contact' })).text);
    expect(a).toBe(sb.data.clients.maxId());
    const own = await api.post('/clients', { clientnr: '5000', company: 'Eigen nummer' });
    expect(own.text).toBe('5000');
    expect(Number((await api.post('/clients', { company: 'Daarna' })).text)).toBe(5001);
  });

  it('stores decimals in stddiscount, keeps unchanged fields on PUT', async () => {
    const nr = (await api.post('/clients', { company: 'Korting', stddiscount: '2.5', reference: { line1: 'PO 1' } })).text;
    await api.put(`/clients/${nr}`, { reference: { line2: 'Afdeling inkoop' }, active: 'false' });
    expect(sb.data.clients.get(Number(nr))).toMatchObject({
      stddiscount: 2.5,
      active: false,
      reference: { line1: 'PO 1', line2: 'Afdeling inkoop', line3: '' },
    });
  });

  it('deletes a client without documents', async () => {
    const nr = (await api.post('/clients', { company: 'Tijdelijk' })).text;
    expect((await api.del(`/clients/${nr}`)).status).toBe(204);
    expect((await api.get(`/clients/${nr}`)).status).toBe(404);
  });

  it('counts quotations as documents', async () => {
    const nr = (await api.post('/clients', { company: 'Met offerte' })).text;
    const q = (await api.post('/quotations', { clientnr: nr, action: 'save', lines: [{ description: 'x' }] })).text;
    const r = await api.del(`/clients/${nr}`);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/1 quotation\b/);
    await api.del(`/quotations/${q}`);
    expect((await api.del(`/clients/${nr}`)).status).toBe(204);
  });
});

describe('products', () => {
  it('computes priceintax from price and taxes, and price from priceintax', async () => {
    const a = (await api.post('/products', { code: 'A', name: 'A', price: '10.005', taxes: '9' })).text;
    expect(sb.data.products.get(Number(a))).toMatchObject({ price: 10.005, taxes: 9, priceintax: 10.905 });
    const b = (await api.post('/products', { name: 'B', priceintax: '121', taxes: 21 })).text;
    expect(sb.data.products.get(Number(b))).toMatchObject({ price: 100, priceintax: 121 });
    await api.put(`/products/${a}`, { taxes: 21 });
    expect(sb.data.products.get(Number(a))!.priceintax).toBe(12.106);
  });

  it('a PUT with only stock sets the stock; stock_use false turns it off', async () => {
    const id = (await api.post('/products', { name: 'Voorraad', price: 5, taxes: 21 })).text;
    expect(sb.data.products.get(Number(id))).toMatchObject({ stock: false, stock_use: false });
    expect((await api.put(`/products/${id}`, { stock: '17.5' })).status).toBe(200);
    expect(sb.data.products.get(Number(id))).toMatchObject({ stock: 17.5, stock_use: true, name: 'Voorraad', price: 5 });
    expect((await api.get(`/products/${id}`)).json.product).toMatchObject({ stock: '17.5', stock_use: 'true' });
    await api.put(`/products/${id}`, { stock_use: false });
    expect((await api.get(`/products/${id}`)).json.product).toMatchObject({ stock: 'false', stock_use: 'false' });
  });
});

describe("changes behind the client's back", () => {
  it('shows direct changes to the data in the next answer', async () => {
    sb.data.clients.patch(3, { email: 'nieuw@hendriks.nl' });
    expect((await api.get('/clients/3')).json.client.email).toBe('nieuw@hendriks.nl');
    const page = (await api.get('/clients?count=5')).json;
    expect(page[2].email).toBe('nieuw@hendriks.nl');
    sb.data.quotations.delete(1);
    expect((await api.get('/quotations/1')).status).toBe(404);
  });

  it('keeps records frozen, so a cached answer can never go stale', () => {
    const c = sb.data.clients.get(1)!;
    expect(() => {
      (c as { company: string }).company = 'x';
    }).toThrow(TypeError);
  });
});
