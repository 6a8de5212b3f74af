// Answers as the live service writes them (docs/wire-format.md: recorded by public
// clients), replayed over real HTTP: every scalar a string, keyed lines with
// numbers inside, [] for no lines, "" dates, wrapped single records, raw ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoicingApi } from '../../electron/api';
import { reply, startScripted, type ScriptedServer } from './fixtures/scripted-server';
import { LIVE_CLIENT } from '../helpers/live-records';

const LIVE_PRODUCT = { id: '1', code: 'product code', name: 'Some line', price: '120', taxes: '21', priceintax: '145.2' };
const LIVE_QUOTATION = {
  id: '17',
  clientnr: '1',
  sent: 'true',
  date: '2026-02-20',
  datedue: '2026-03-22',
  quotationperiod: '30',
  discounttype: '',
  discount: '0',
  totalintax: '62.92',
  customstatus: '',
  approved: '',
  company: 'kees',
  country: '146',
  sign_url: 'https://example.com/sign/abc',
  lines: {
    line2: { description: 'Only text' },
    line1: { amount: 2, amount_desc: 'uur', description: 'Werk', tax_rate: 21, price: '26.00', discount_pct: '0', linetotal: '52.00' },
  },
  taxes: { tax1: { rate: 21, sum: '10.92', sum_of: '52.00' } },
};

let server: ScriptedServer;
let api: InvoicingApi;
beforeAll(async () => {
  server = await startScripted();
  api = new InvoicingApi({ baseUrl: server.url, credentials: () => ({ username: 'demo', apiKey: 'k-live-1' }) });
});
afterAll(async () => {
  await api.close();
  await server.close();
});

describe('recorded live answers', () => {
  it('reads a recorded client in a list and wrapped', async () => {
    server.queue(reply(200, JSON.stringify([LIVE_CLIENT])), reply(200, JSON.stringify({ client: LIVE_CLIENT })));
    const expected = {
      clientnr: 1,
      contact: '',
      showcontact: true,
      company: 'kees',
      country: 146,
      tax_shifted: false,
      lastinvoice: '2015-11-24',
      top: 30,
      stddiscount: 0,
      reference: { line1: '', line2: '', line3: '' },
      active: true,
      default_doclang: '',
      default_email: 0,
      currency: 'EUR',
      mandate_date: null,
      collecttype: 'FRST',
      tax_type: 'extax',
    };
    expect(await api.clients.list()).toEqual([expected]);
    expect(await api.clients.get(1)).toEqual(expected);
  });

  it('reads a recorded product', async () => {
    server.queue(reply(200, JSON.stringify({ product: LIVE_PRODUCT })));
    expect(await api.products.get(1)).toEqual({ id: 1, code: 'product code', name: 'Some line', price: 120, taxes: 21, priceintax: 145.2 });
  });

  it('reads keyed lines in order, numbers inside them, an empty approval, and [] for no lines', async () => {
    server.queue(
      reply(200, JSON.stringify({ quotation: LIVE_QUOTATION })),
      reply(200, JSON.stringify([{ ...LIVE_QUOTATION, id: '18', sent: 'false', lines: [] }])),
    );
    const q = await api.quotations.get(17);
    expect(q).toMatchObject({ id: 17, sent: true, datedue: '2026-03-22', totalintax: 62.92, approved: null, customstatus: '', discounttype: '' });
    expect(q.lines).toEqual([
      { amount: 2, amount_desc: 'uur', description: 'Werk', tax_rate: 21, price: 26, discount_pct: 0, linetotal: 52 },
      { description: 'Only text' },
    ]);
    const [draft] = await api.quotations.list();
    expect(draft).toMatchObject({ id: 18, sent: false, lines: [] });
  });

  it('reads ids as raw text, and country ids as strings', async () => {
    server.queue(
      reply(201, '42'),
      reply(200, '43'),
      reply(
        200,
        JSON.stringify([
          { id: '146', name: 'Nederland' },
          { id: '226', name: 'Verenigde Staten' },
        ]),
      ),
    );
    expect(await api.clients.create({ company: 'kees' })).toBe(42);
    expect(await api.quotations.send(17, 'email')).toBe(43);
    expect(await api.countries()).toEqual([
      { id: 146, name: 'Nederland' },
      { id: 226, name: 'Verenigde Staten' },
    ]);
  });

  it('accepts 200 as well as 204 for a delete, with or without a body', async () => {
    server.queue(reply(204), reply(200, 'OK'));
    await api.clients.delete(1);
    await api.products.delete(1);
    expect(server.seen.slice(-2).map((s) => s.method)).toEqual(['DELETE', 'DELETE']);
  });
});
