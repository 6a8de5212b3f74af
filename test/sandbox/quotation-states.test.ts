// Every row of the quotation state table (docs/service-api.md, States of a quotation), plus the rules around it.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { client, type Client } from './client';

let sb: Sandbox;
let api: Client;
const NOW = new Date('2026-03-02T10:00:00');
beforeEach(async () => {
  if (sb) {
    await api.close();
    await sb.close();
  }
  sb = await startSandbox({ quiet: true, rateLimit: 0, now: () => NOW });
  api = client(sb);
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

const lines = [
  { description: 'Advies', amount: 2, price: '95', tax_rate: 21 },
  { description: 'Boek', amount: '3', price: 24.99, tax_rate: '9', discount_pct: 10 },
  { description: 'Alleen tekst' },
];

async function quotation(id: string | number) {
  const r = await api.get(`/quotations/${id}`);
  expect(r.status).toBe(200);
  return r.json.quotation;
}

describe('quotation states (docs/service-api.md)', () => {
  it('none -> saved draft: POST action save stores under savename', async () => {
    const r = await api.post('/quotations/', { clientnr: 1, action: 'save', savename: 'Offerte bakkerij', lines, quotationperiod: '14' });
    expect(r.status).toBe(201);
    const q = await quotation(r.text);
    expect(q).toMatchObject({
      sent: 'false',
      savename: 'Offerte bakkerij',
      date: '2026-03-02',
      datedue: '2026-03-16',
      sign_url: '',
      company: 'Bakkerij De Gouden Korst',
    });
    expect(q.lines.line1).toMatchObject({ linetotal: '190.00' });
    expect(q.lines.line2).toMatchObject({ linetotal: '67.47' });
    expect(q.lines.line3).toEqual({ description: 'Alleen tekst' });
    // 190.00 * 1.21 + 67.47 * 1.09 = 229.90 + 73.54
    expect(q.totalintax).toBe('303.44');
    expect(sb.deliveries()).toEqual([]);
  });

  it('an existing savename is replaced only with overwrite_if_exist, keeping the id', async () => {
    const first = (await api.post('/quotations', { clientnr: 1, action: 'save', savename: 'Dubbel', lines })).text;
    const dup = await api.post('/quotations', { clientnr: 1, action: 'save', savename: 'Dubbel', notes: 'tweede' });
    expect(dup.status).toBe(422);
    expect(dup.json.errors[0].field).toBe('savename');
    expect((await quotation(first)).notes).toBe('');
    const again = await api.post('/quotations', { clientnr: 2, action: 'save', savename: 'Dubbel', overwrite_if_exist: 'true', notes: 'tweede' });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first);
    expect(await quotation(first)).toMatchObject({ notes: 'tweede', clientnr: '2', company: 'Van der Berg Installatietechniek B.V.' });
    expect(sb.data.quotations.count((q) => q.savename === 'Dubbel')).toBe(1);
  });

  it('none -> sent: POST action send delivers by the chosen sendmethod', async () => {
    const r = await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines });
    expect(r.status).toBe(201);
    const q = await quotation(r.text);
    expect(q.sent).toBe('true');
    expect(q.sign_url).toMatch(new RegExp(`^${sb.origin}/sign/[0-9a-f]+$`));
    expect(q.quotationreference).toMatch(/^OF2026-\d{4}$/);
    expect(sb.deliveries()).toEqual([
      { quotationId: Number(r.text), quotationreference: q.quotationreference, sendmethod: 'email', to: 'joke@goudenkorst.nl', at: NOW.toISOString() },
    ]);
  });

  it('POST action send without sendmethod is 422', async () => {
    const r = await api.post('/quotations', { clientnr: 1, action: 'send', lines });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual([{ field: 'sendmethod', message: 'is required when action is send' }]);
  });

  it('saved draft -> sent: PUT action send gives a new id, the old id answers 404', async () => {
    const draft = (await api.post('/quotations', { clientnr: 3, action: 'save', savename: 'Transport', lines })).text;
    const r = await api.put(`/quotations/${draft}`, { action: 'send', sendmethod: 'mail' });
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^\d+$/);
    expect(r.text).not.toBe(draft);
    expect((await api.get(`/quotations/${draft}`)).status).toBe(404);
    const q = await quotation(r.text);
    expect(q).toMatchObject({ sent: 'true', sendmethod: 'mail', savename: 'Transport' });
    expect(sb.deliveries()).toHaveLength(1);
    expect(sb.deliveries()[0]).toMatchObject({
      quotationId: Number(r.text),
      sendmethod: 'mail',
      to: 'Hendriks & Zonen Transport, Kanaaldijk 8, 5611 JL Eindhoven',
    });
  });

  it('a sent quotation is never sent twice', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    const r = await api.put(`/quotations/${id}`, { action: 'send', sendmethod: 'email' });
    expect(r.status).toBe(422);
    expect(r.json.errors[0]).toMatchObject({ field: 'action' });
    expect(sb.deliveries()).toHaveLength(1);
  });

  it('a duplicate quotationreference is refused, so a repeated send is caught', async () => {
    const body = { clientnr: 1, action: 'send', sendmethod: 'email', quotationreference: 'REF-1', lines };
    expect((await api.post('/quotations', body)).status).toBe(201);
    const again = await api.post('/quotations', body);
    expect(again.status).toBe(422);
    expect(again.json.errors[0].field).toBe('quotationreference');
    expect(sb.deliveries()).toHaveLength(1);
  });

  it('sent, not approved -> approved: PUT approved stores name, date, comments and ip', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    const r = await api.put(`/quotations/${id}`, { approved: { name: 'Joke van Dijk', date: '2026-03-03', comments: 'Akkoord' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe(id);
    expect((await quotation(id)).approved).toEqual({ name: 'Joke van Dijk', date: '2026-03-03', ip: '127.0.0.1', comments: 'Akkoord' });
  });

  it('approving a quotation that is not sent is 422 and changes nothing', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'save', lines })).text;
    const r = await api.put(`/quotations/${id}`, { approved: { name: 'X', date: '2026-03-03' } });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual([{ field: 'approved', message: expect.stringMatching(/only sent quotations/) }]);
    expect((await quotation(id)).approved).toBe('');
  });

  it('sent, approved -> not approved: PUT approved false', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    await api.put(`/quotations/${id}`, { approved: { name: 'J', date: '2026-03-03' } });
    const r = await api.put(`/quotations/${id}`, { approved: false });
    expect(r.status).toBe(200);
    expect((await quotation(id)).approved).toBe('');
    expect((await quotation(id)).sent).toBe('true');
  });

  it('sent -> custom status, and clear removes it', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    for (const status of ['progress', 'completed', 'billable', 'declined']) {
      expect((await api.put(`/quotations/${id}`, { customstatus: status })).status).toBe(200);
      expect((await quotation(id)).customstatus).toBe(status);
    }
    expect((await api.put(`/quotations/${id}`, { customstatus: 'clear' })).status).toBe(200);
    expect((await quotation(id)).customstatus).toBe('');
    const bad = await api.put(`/quotations/${id}`, { customstatus: 'lost' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].field).toBe('customstatus');
  });

  it('custom status on an unsent quotation is 422', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'save', lines })).text;
    const r = await api.put(`/quotations/${id}`, { customstatus: 'progress' });
    expect(r.status).toBe(422);
    expect((await quotation(id)).customstatus).toBe('');
  });

  it('any -> removed: DELETE in every state', async () => {
    const draft = (await api.post('/quotations', { clientnr: 1, action: 'save', lines })).text;
    const sent = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    await api.put(`/quotations/${sent}`, { approved: { name: 'J', date: '2026-03-03' }, customstatus: 'completed' });
    for (const id of [draft, sent]) {
      expect((await api.del(`/quotations/${id}`)).status).toBe(204);
      expect((await api.get(`/quotations/${id}`)).status).toBe(404);
      expect((await api.del(`/quotations/${id}`)).status).toBe(404);
    }
  });

  it("email sending needs the client's e-mail address (422, nothing sent)", async () => {
    const r = await api.post('/quotations', { clientnr: 6, action: 'send', sendmethod: 'email', lines });
    expect(r.status).toBe(422);
    expect(r.json.errors[0]).toMatchObject({ field: 'sendmethod', message: expect.stringMatching(/no e-mail address/) });
    expect(sb.deliveries()).toEqual([]);
  });

  it('printcenter sending spends one credit', async () => {
    sb.setCredits(1);
    expect((await api.post('/quotations', { clientnr: 12, action: 'send', sendmethod: 'printcenter', lines })).status).toBe(201);
    expect(sb.credits).toBe(0);
    const draft = (await api.post('/quotations', { clientnr: 12, action: 'save', lines })).text;
    const r = await api.put(`/quotations/${draft}`, { action: 'send', sendmethod: 'printcenter' });
    expect(r.status).toBe(402);
    expect((await quotation(draft)).sent).toBe('false');
    expect(sb.deliveries()).toHaveLength(1);
  });

  it('a whole record sent back on PUT acts only on what changed; content is ignored', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    const record = await quotation(id);
    const r = await api.put(`/quotations/${id}`, { ...record, notes: 'changed?', customstatus: 'progress' });
    expect(r.status).toBe(200);
    const after = await quotation(id);
    expect(after).toEqual({ ...record, customstatus: 'progress' });
  });

  it('a quotation record read back can be posted again as a new draft', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'save', lines, discounttype: 'amount', discount: '5' })).text;
    const { savename, ...record } = await quotation(id);
    const r = await api.post('/quotations', { ...record, action: 'save' });
    expect(r.status).toBe(201);
    const copy = await quotation(r.text);
    expect(copy.lines).toEqual(record.lines);
    expect(copy.totalintax).toBe(record.totalintax);
    expect(savename).toBe('');
  });

  it('missing clientnr or action is 400; an unknown client is 422', async () => {
    const r = await api.post('/quotations', { lines });
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e: { field: string }) => e.field)).toEqual(['clientnr', 'action']);
    const unknown = await api.post('/quotations', { clientnr: 4242, action: 'save' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors[0].field).toBe('clientnr');
  });
});

describe('sign_url', () => {
  it('lets the client approve a sent quotation without an API key', async () => {
    const id = (await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'email', lines })).text;
    const url = (await quotation(id)).sign_url as string;
    const view = await api.get(url, { auth: null });
    expect(view.status).toBe(200);
    expect(view.text).toContain('<form method="post">');
    const empty = await api.call('POST', url, { auth: null, form: 'name=' });
    expect(empty.status).toBe(422);
    const signed = await api.call('POST', url, { auth: null, form: 'name=Joke%20van%20Dijk&comments=Prima' });
    expect(signed.status).toBe(303);
    expect((await quotation(id)).approved).toEqual({ name: 'Joke van Dijk', date: '2026-03-02', ip: '127.0.0.1', comments: 'Prima' });
    expect((await api.get(`${sb.origin}/sign/${'0'.repeat(24)}`, { auth: null })).status).toBe(404);
  });
});
