// Bad input of every kind: a clear 400 or 422 body naming the fields, and no change at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { client, type Client, type CallOptions } from './client';

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

const state = () => JSON.stringify(sb.data.snapshot());

interface Case {
  name: string;
  method: string;
  path: string;
  opts: CallOptions;
  status: 400 | 422;
  fields: string[];
}

const lines = [{ description: 'x', amount: 1, price: 10 }];
const CASES: Case[] = [
  { name: 'JSON syntax error', method: 'POST', path: '/clients', opts: { body: '{"company":', contentType: 'application/json' }, status: 400, fields: [''] },
  { name: 'empty body', method: 'POST', path: '/clients', opts: { body: '', contentType: 'application/json' }, status: 400, fields: [''] },
  { name: 'array body', method: 'POST', path: '/products', opts: { json: [{ name: 'a' }] }, status: 400, fields: [''] },
  { name: 'string body', method: 'PUT', path: '/clients/1', opts: { json: 'company' }, status: 400, fields: [''] },
  { name: 'null body', method: 'POST', path: '/quotations', opts: { json: null }, status: 400, fields: [''] },
  {
    name: 'prototype poisoning',
    method: 'POST',
    path: '/clients',
    opts: { body: '{"company":"a","__proto__":{"x":1}}', contentType: 'application/json' },
    status: 400,
    fields: [''],
  },
  { name: 'unsupported body type', method: 'POST', path: '/clients', opts: { body: '<client/>', contentType: 'application/xml' }, status: 400, fields: [''] },
  {
    name: 'quotation without clientnr and action',
    method: 'POST',
    path: '/quotations',
    opts: { json: { lines } },
    status: 400,
    fields: ['action', 'clientnr'],
  },
  { name: 'bad paging', method: 'GET', path: '/products?count=5000', opts: {}, status: 400, fields: ['count'] },
  {
    name: 'client lengths, enums, e-mail, dates',
    method: 'POST',
    path: '/clients',
    opts: {
      json: {
        company: 'c'.repeat(51),
        zipcode: '12345678',
        email: 'a@',
        sendmethod: 'fax',
        paymentmethod: 'cash',
        default_doclang: 'xx',
        collecttype: 'ONCE',
        tax_type: 'none',
        mandate_date: '2026-02-30',
        top: '1.5',
        currency: 'euro',
      },
    },
    status: 422,
    fields: ['collecttype', 'company', 'currency', 'default_doclang', 'email', 'mandate_date', 'paymentmethod', 'sendmethod', 'tax_type', 'top', 'zipcode'],
  },
  { name: 'client without company or contact', method: 'POST', path: '/clients', opts: { json: { city: 'Ede' } }, status: 422, fields: ['company'] },
  { name: 'existing clientnr', method: 'POST', path: '/clients', opts: { json: { clientnr: 1, company: 'Dubbel' } }, status: 422, fields: ['clientnr'] },
  { name: 'changing clientnr', method: 'PUT', path: '/clients/1', opts: { json: { clientnr: 77 } }, status: 422, fields: ['clientnr'] },
  { name: 'emptying company and contact', method: 'PUT', path: '/clients/1', opts: { json: { company: '', contact: '' } }, status: 422, fields: ['company'] },
  { name: 'unknown category', method: 'PUT', path: '/clients/1', opts: { json: { default_category: 99 } }, status: 422, fields: ['default_category'] },
  {
    name: 'product price decimals and comma',
    method: 'POST',
    path: '/products',
    opts: { json: { name: 'p', price: '1.2345', priceintax: '12,50' } },
    status: 422,
    fields: ['price', 'priceintax'],
  },
  {
    name: 'product tax rate not in the account',
    method: 'POST',
    path: '/products',
    opts: { json: { name: 'p', price: 1, taxes: 19 } },
    status: 422,
    fields: ['taxes'],
  },
  { name: 'product without name', method: 'POST', path: '/products', opts: { json: { code: 'X', price: 1 } }, status: 422, fields: ['name'] },
  {
    name: 'product code too long and bad stock',
    method: 'PUT',
    path: '/products/1',
    opts: { json: { code: 'c'.repeat(21), stock: 'many' } },
    status: 422,
    fields: ['code', 'stock'],
  },
  {
    name: 'quotation line decimals and percentages',
    method: 'POST',
    path: '/quotations',
    opts: { json: { clientnr: 1, action: 'save', lines: [{ amount: 1, price: 1.2345 }, { amount: 1, price: 1, discount_pct: 120 }, {}] } },
    status: 422,
    fields: ['lines.0.price', 'lines.1.discount_pct', 'lines.2'],
  },
  {
    name: 'quotation enums and lengths',
    method: 'POST',
    path: '/quotations',
    opts: { json: { clientnr: 1, action: 'draft', savename: 's'.repeat(41), discounttype: 'half', date: '2026-13-01' } },
    status: 422,
    fields: ['action', 'date', 'discounttype', 'savename'],
  },
  {
    name: 'quotation unknown client, profile, category',
    method: 'POST',
    path: '/quotations',
    opts: { json: { clientnr: 999, action: 'save', profile: 9, category: 9 } },
    status: 422,
    fields: ['category', 'clientnr', 'profile'],
  },
  {
    name: 'quotation duplicate savename',
    method: 'POST',
    path: '/quotations',
    opts: { json: { clientnr: 4, action: 'save', savename: 'Concept website Lindeboom' } },
    status: 422,
    fields: ['savename'],
  },
  {
    name: 'quotation duplicate reference',
    method: 'POST',
    path: '/quotations',
    opts: { json: { clientnr: 1, action: 'save', quotationreference: 'OF2026-0001' } },
    status: 422,
    fields: ['quotationreference'],
  },
  {
    name: 'discount without discounttype',
    method: 'POST',
    path: '/quotations',
    opts: { json: { clientnr: 1, action: 'save', discount: 5 } },
    status: 422,
    fields: ['discounttype'],
  },
  { name: 'quotation PUT with action save', method: 'PUT', path: '/quotations/1', opts: { json: { action: 'save' } }, status: 422, fields: ['action'] },
  {
    name: 'approval without name and date',
    method: 'PUT',
    path: '/quotations/3',
    opts: { json: { approved: { comments: 'ok' } } },
    status: 422,
    fields: ['approved.date', 'approved.name'],
  },
  { name: 'unknown search field', method: 'GET', path: '/search/products/colour/red', opts: {}, status: 400, fields: ['field'] },
];

describe('bad input', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.status}, names ${c.fields.join(', ') || 'the body'}, changes nothing`, async () => {
      const before = state();
      const r = await api.call(c.method, c.path, c.opts);
      expect(r.status).toBe(c.status);
      expect(r.json.error).toMatch(/\.\s*$|\.\)?$/);
      expect(r.json.error.length).toBeGreaterThan(30);
      expect(r.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(c.fields);
      for (const e of r.json.errors) expect(e.message.length).toBeGreaterThan(3);
      expect(state()).toBe(before);
    });
  }

  it('the 422 message repeats every field so a log line is enough', async () => {
    const r = await api.post('/products', { name: 'p', price: '1.2345', taxes: 19 });
    expect(r.json.error).toMatch(
      /^Saving failed: price: at most 3 decimals; taxes: must be a tax rate set in the account: 0, 9, 21\. Correct these fields and send again\.$/,
    );
  });
});
