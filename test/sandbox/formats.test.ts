// Response formats (docs/service-api.md, Formats) and request bodies (JSON, form with bracket keys).
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { client, type Client } from './client';

let sb: Sandbox;
let api: Client;
const xml = new XMLParser({ parseTagValue: false, isArray: (_name, path) => path === 'clients.client' || path === 'response.errors.item' });
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0 });
  api = client(sb);
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

describe('content negotiation', () => {
  it('answers JSON without Accept, with */* and with application/json', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/*', 'text/html, application/json;q=0.5']) {
      const r = await api.get('/clients/1', { accept });
      expect(r.status, accept).toBe(200);
      expect(r.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(r.json.client.clientnr).toBe('1');
    }
  });

  it('answers XML for Accept: application/xml, with the same values', async () => {
    const r = await api.get('/clients?count=3', { accept: 'application/xml' });
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    const parsed = xml.parse(r.text);
    const json = (await api.get('/clients?count=3')).json;
    expect(parsed.clients.client).toEqual(json);
    const one = xml.parse((await api.get('/quotations/3', { accept: 'application/xml' })).text);
    expect(one.quotation.id).toBe('3');
    expect(one.quotation.lines.line1.linetotal).toMatch(/^\d+\.\d{2}$/);
  });

  it('answers the raw id in XML for creates', async () => {
    const r = await api.post('/clients', { company: 'Xml B.V.' }, { accept: 'application/xml' });
    expect(r.status).toBe(201);
    expect(xml.parse(r.text).id).toMatch(/^\d+$/);
  });

  it('renders errors in XML with every failing field', async () => {
    const r = await api.post('/clients', { company: 'x'.repeat(60), email: 'nope' }, { accept: 'application/xml' });
    expect(r.status).toBe(422);
    const body = xml.parse(r.text).response;
    expect(body.error).toMatch(/company/);
    expect(body.errors.item.map((e: { field: string }) => e.field).sort()).toEqual(['company', 'email']);
  });

  it('is 406 for types it cannot produce, with a JSON body', async () => {
    for (const accept of ['text/html', 'application/pdf', 'application/json;q=0']) {
      const r = await api.get('/clients', { accept });
      expect(r.status, accept).toBe(406);
      expect(r.json.error).toMatch(/application\/xml/);
    }
  });

  it('carries the rate-limit headers on every kind of answer', async () => {
    for (const r of [
      await api.get('/clients/1'),
      await api.get('/nope'),
      await api.get('/clients', { auth: null }),
      await api.get('/clients', { accept: 'text/csv' }),
    ]) {
      expect(r.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(r.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    }
  });
});

describe('request bodies', () => {
  it('reads form-encoded bodies with bracket keys and true/false', async () => {
    const form = 'company=Formulier%20B.V.&showcontact=false&reference[line1]=Ref%20een&country=146';
    const r = await api.call('POST', '/clients', { form });
    expect(r.status).toBe(201);
    expect(sb.data.clients.get(Number(r.text))).toMatchObject({
      company: 'Formulier B.V.',
      showcontact: false,
      reference: { line1: 'Ref een', line2: '', line3: '' },
    });
    const q = 'clientnr=1&action=save&lines[0][description]=Een&lines[0][amount]=2&lines[0][price]=10.5&lines[1][description]=Twee';
    const qr = await api.call('POST', '/quotations', { form: q });
    expect(qr.status).toBe(201);
    expect(sb.data.quotations.get(Number(qr.text))!.lines).toEqual([
      { amount: 2, amount_desc: '', description: 'Een', tax_rate: 21, price: 10.5, discount_pct: 0, linetotal: '21.00' },
      { description: 'Twee' },
    ]);
  });

  it('refuses a form with more than 2500 fields (400)', async () => {
    const form = Array.from({ length: 2501 }, (_, i) => `f${i}=1`).join('&');
    const r = await api.call('POST', '/clients', { form });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/2500/);
  });

  it('accepts Content-Type: application/json with an empty body on GET and DELETE', async () => {
    expect((await api.call('GET', '/clients/1', { body: '', contentType: 'application/json' })).status).toBe(200);
    const id = (await api.post('/products', { name: 'Leeg', price: 1, taxes: 0 })).text;
    expect((await api.call('DELETE', `/products/${id}`, { body: '', contentType: 'application/json' })).status).toBe(204);
  });

  it('ignores read-only and unknown fields instead of rejecting them', async () => {
    const record = (await api.get('/clients/2')).json.client;
    const r = await api.put('/clients/2', { ...record, lastinvoice: 'garbage', default_email: 'x', shoe_size: 44, city: 'Schiedam' });
    expect(r.status).toBe(200);
    expect(sb.data.clients.get(2)).toMatchObject({ city: 'Schiedam', lastinvoice: null, default_email: 0 });
    const product = (await api.get('/products/3')).json.product;
    expect((await api.put('/products/3', { ...product, id: '999', name: 'Logo ontwerp (nieuw)' })).status).toBe(200);
    expect(sb.data.products.get(3)!.name).toBe('Logo ontwerp (nieuw)');
    expect(sb.data.products.has(999)).toBe(false);
  });
});
