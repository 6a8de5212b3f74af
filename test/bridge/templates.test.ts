// Templates through the bridge: made from a selection of a quotation's lines,
// listed and searched, renamed and deleted with the name's problem beside its
// field, used to start a quotation and to fill one, without a single request
// to the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const requests = () => t.core.sandbox!.requests().length;

async function draftWithLines(clientQuery: string) {
  const client = (await t.ok('clients.search', { query: clientQuery }))[0]!;
  const q = await t.ok('quotations.create', { clientId: client.id });
  await t.ok('quotations.update', {
    id: q.id,
    patch: {
      paymentcondition: 'Binnen 14 dagen',
      quotationperiod: 21,
      discounttype: 'amount',
      discount: 10,
      notes: 'intern',
      reference: { line1: 'Voorjaar' },
    },
  });
  const heading = await t.ok('lines.add', { quotationId: q.id, line: { description: 'Crème-kleurige huisstijl' } });
  const logo = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, description: 'Logo ontwerp', price: 450.125, tax_rate: 21 } });
  const hours = await t.ok('lines.add', {
    quotationId: q.id,
    line: { amount: 2.5, amount_desc: 'uur', description: 'Overleg', price: 95, tax_rate: 21, discount_pct: 12.5 },
  });
  const travel = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, description: 'Reiskosten', price: 0.125, tax_rate: 0 } });
  return { client, q, heading, logo, hours, travel };
}

describe('templates through the bridge', () => {
  it('makes a template of selected lines, lists it and finds it by line text without accents', async () => {
    const { q, heading, logo, hours } = await draftWithLines('Lindeboom');
    const before = requests();
    const tpl = await t.ok('templates.create', { quotationId: q.id, name: 'Huisstijl basis', lineIds: [hours.id, heading.id, logo.id], withHeader: false });
    expect(tpl).toMatchObject({ name: 'Huisstijl basis', lineCount: 3, header: null, preview: ['Crème-kleurige huisstijl', 'Logo ontwerp', 'Overleg'] });
    expect(tpl.lines).toEqual([
      { id: '1', description: 'Crème-kleurige huisstijl' },
      { id: '2', amount: 1, description: 'Logo ontwerp', price: 450.125, tax_rate: 21 },
      { id: '3', amount: 2.5, amount_desc: 'uur', description: 'Overleg', price: 95, tax_rate: 21, discount_pct: 12.5 },
    ]);
    expect((await t.ok('templates.list', { query: 'creme KLEUR' })).map((x) => x.name)).toEqual(['Huisstijl basis']);
    expect((await t.ok('templates.list', { query: 'huisst' })).map((x) => x.id)).toEqual([tpl.id]);
    expect(await t.ok('templates.list', { query: 'reiskosten' })).toEqual([]);
    expect(await t.ok('templates.get', { id: tpl.id })).toEqual(tpl);
    // local only
    expect(requests()).toBe(before);
  });

  it('keeps the header fields when asked, and starts a new quotation with them and the lines, for the chosen client', async () => {
    const { q } = await draftWithLines('Brightwater');
    const tpl = await t.ok('templates.create', { quotationId: q.id, name: 'Complete huisstijl', withHeader: true });
    expect(tpl.header).toEqual({
      reference: { line1: 'Voorjaar' },
      paymentcondition: 'Binnen 14 dagen',
      quotationperiod: 21,
      discounttype: 'amount',
      discount: 10,
    });
    const lindeboom = (await t.ok('clients.search', { query: 'Lindeboom' }))[0]!;
    const before = requests();
    const fresh = await t.ok('templates.newQuotation', { id: tpl.id, clientId: lindeboom.id });
    expect(fresh).toMatchObject({
      client: { id: lindeboom.id },
      paymentcondition: 'Binnen 14 dagen',
      quotationperiod: 21,
      discounttype: 'amount',
      discount: 10,
      notes: '',
      state: 'pending',
    });
    expect(fresh.reference.line1).toBe('Voorjaar');
    // the client's default category, as for any new quotation (Lindeboom: Webdesign)
    expect(fresh.category).toBe(3);
    const original = await t.ok('quotations.get', { id: q.id });
    expect(fresh.lines.map(({ id: _id, ...l }) => l)).toEqual(original.lines.map(({ id: _id, ...l }) => l));
    expect(fresh.lines.map((l) => l.id)).not.toEqual(original.lines.map((l) => l.id));
    // a new draft costs nothing until the person saves, sends or leaves it
    expect(requests()).toBe(before);

    const none = await t.ok('templates.newQuotation', { id: tpl.id });
    expect(none.client).toBeNull();
    expect(none.lines).toHaveLength(4);
    const gone = await t.call('templates.newQuotation', { id: tpl.id, clientId: 'no-such-client' });
    expect(gone).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('inserts the lines after a chosen line or at the end of another draft', async () => {
    const { q, logo, travel } = await draftWithLines('Gouden Korst');
    const tpl = await t.ok('templates.create', { quotationId: q.id, name: 'Reizen', lineIds: [travel.id], withHeader: false });
    const target = await draftWithLines('Lindeboom');
    const r = await t.ok('templates.insert', { id: tpl.id, quotationId: target.q.id, afterLineId: target.heading.id });
    expect(r.quotation.lines.map((l) => l.description)).toEqual(['Crème-kleurige huisstijl', 'Reiskosten', 'Logo ontwerp', 'Overleg', 'Reiskosten']);
    expect(r.added).toEqual([r.quotation.lines[1]!.id]);
    expect(r.quotation.lines[1]).toMatchObject({ amount: 1, price: 0.125, tax_rate: 0 });
    const end = await t.ok('templates.insert', { id: tpl.id, quotationId: target.q.id });
    expect(end.quotation.lines.at(-1)).toMatchObject({ id: end.added[0], description: 'Reiskosten' });
    const stale = await t.call('templates.insert', { id: tpl.id, quotationId: target.q.id, afterLineId: logo.id });
    expect(stale).toMatchObject({ ok: false, error: { kind: 'not_found', message: expect.stringContaining('choose the place again') } });
  });

  it('names the problem with a name beside the field, renames and deletes', async () => {
    const { q } = await draftWithLines('Brightwater');
    const a = await t.ok('templates.create', { quotationId: q.id, name: 'Onderhoud', withHeader: false });
    const b = await t.ok('templates.create', { quotationId: q.id, name: 'Hosting', withHeader: false });
    for (const [name, says] of [
      ['', /is required/],
      [' '.repeat(5), /is required/],
      ['n'.repeat(101), /at most 100/],
      ['ONDERHOUD', /"Onderhoud" is taken/],
    ] as const) {
      const r = await t.call('templates.rename', { id: b.id, name });
      expect(r).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: [{ field: 'name', message: expect.stringMatching(says) }] } });
    }
    expect((await t.ok('templates.get', { id: b.id })).name).toBe('Hosting');
    expect((await t.ok('templates.rename', { id: b.id, name: 'Hosting plus' })).name).toBe('Hosting plus');
    expect(await t.ok('templates.delete', { id: a.id })).toEqual({ deleted: true });
    expect(await t.call('templates.get', { id: a.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect((await t.ok('templates.list', {})).map((x) => x.name)).not.toContain('Onderhoud');
  });

  it('refuses to insert into a sent quotation, but keeps its lines as a template', async () => {
    const { q } = await draftWithLines('Gouden Korst');
    await t.ok('quotations.send', { id: q.id, sendmethod: 'email' });
    const tpl = await t.ok('templates.create', { quotationId: q.id, name: 'Verstuurd en goed', withHeader: true });
    expect(tpl.lineCount).toBe(4);
    const r = await t.call('templates.insert', { id: tpl.id, quotationId: q.id });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'conflict_state', message: expect.stringContaining('start a new quotation from the template instead') },
    });
    expect((await t.ok('quotations.get', { id: q.id })).lines).toHaveLength(4);
  });
});
