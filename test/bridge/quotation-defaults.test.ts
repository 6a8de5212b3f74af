// What a new quotation starts with, set once per account (docs/everyday-defaults.md,
// "A new quotation's defaults"): the payment condition, the validity, and the
// opening and closing text as its first and last text line; a template's own
// go first; lines added at the end go above the closing; a new quotation
// holding only these is still untouched. Against the real core: the demo
// sandbox, SQLite on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const store = () => t.core.space.store;
const PAYMENT = 'Betaling binnen 14 dagen na oplevering';
const OPENING = 'Hierbij ontvangt u onze offerte voor het schilderwerk.\nDe prijzen zijn inclusief materiaal.';
const CLOSING = 'Wij hopen u hiermee een passende aanbieding te doen.';
const texts = (lines: { description?: string }[]) => lines.map((l) => l.description);

describe('defaults for new quotations', () => {
  it('start with none, and keep what is set, per account', async () => {
    expect(await t.ok('quotationDefaults.get', {})).toEqual({ paymentcondition: '', quotationperiod: null, opening: '', closing: '' });
    const q = await t.ok('quotations.create', {});
    expect(q.paymentcondition ?? '').toBe('');
    expect(q.lines).toEqual([]);
    const set = await t.ok('quotationDefaults.set', { paymentcondition: PAYMENT, quotationperiod: 30, opening: OPENING, closing: CLOSING });
    expect(set).toEqual({ paymentcondition: PAYMENT, quotationperiod: 30, opening: OPENING, closing: CLOSING });
    expect(await t.ok('quotationDefaults.get', {})).toEqual(set);
    // a blank text is none
    expect((await t.ok('quotationDefaults.set', { closing: '   ' })).closing).toBe('');
    await t.ok('quotationDefaults.set', { closing: CLOSING });
  });

  it('a new quotation starts with them: typed values, the texts as text-only lines first and last', async () => {
    const q = await t.ok('quotations.create', {});
    expect(q.paymentcondition).toBe(PAYMENT);
    expect(q.quotationperiod).toBe(30);
    expect(q.lines.map(({ id: _id, ...l }) => l)).toEqual([{ description: OPENING }, { description: CLOSING }]);
    // they are the quotation's own values: nothing is left for the service to fill
    expect(q.serviceFills).toEqual({});
  });

  it('a line added at the end, a product and a template inserted at the end go above the closing', async () => {
    const q = await t.ok('quotations.create', {});
    const line = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, description: 'Plafond sausen' } });
    expect(line.index).toBe(1);
    const [product] = (await t.ok('products.list', {})).items;
    const fromProduct = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: product!.id });
    expect(fromProduct.index).toBe(2);
    const tpl = await t.ok('templates.create', { quotationId: q.id, name: 'Plafond', lineIds: [line.id], withHeader: false });
    await t.ok('templates.insert', { id: tpl.id, quotationId: q.id });
    const now = await t.ok('quotations.get', { id: q.id });
    expect(texts(now.lines)).toEqual([OPENING, 'Plafond sausen', product!.name, 'Plafond sausen', CLOSING]);
    // a line placed by its index goes where it is asked
    const last = await t.ok('lines.add', { quotationId: q.id, index: 5, line: { description: 'PS' } });
    expect(last.index).toBe(5);
  });

  it('a new quotation holding only its defaults is untouched: left, it is not kept; a changed text keeps it', async () => {
    const q = await t.ok('quotations.create', {});
    await t.ok('quotations.leave', { id: q.id });
    expect(store().quotations.findRow(q.id)).toBeNull();
    const typed = await t.ok('quotations.create', {});
    await t.ok('lines.update', { quotationId: typed.id, lineId: typed.lines[0]!.id, patch: { description: 'Beste Jan,' } });
    await t.ok('quotations.leave', { id: typed.id });
    expect(store().quotations.findRow(typed.id)).not.toBeNull();
    const period = await t.ok('quotations.create', {});
    await t.ok('quotations.update', { id: period.id, patch: { quotationperiod: 60 } });
    await t.ok('quotations.leave', { id: period.id });
    expect(store().quotations.findRow(period.id)).not.toBeNull();
  });

  it("a template's own values and texts go first; the account's fill in what it does not hold", async () => {
    const q = await t.ok('quotations.create', {});
    await t.ok('quotations.update', { id: q.id, patch: { paymentcondition: 'Betaling vooraf', quotationperiod: 7 } });
    await t.ok('lines.update', { quotationId: q.id, lineId: q.lines[0]!.id, patch: { description: 'Geachte heer Smit,' } });
    await t.ok('lines.add', { quotationId: q.id, line: { amount: 2, amount_desc: 'uur', description: 'Kozijnen schilderen', price: 48 } });
    await t.ok('lines.remove', { quotationId: q.id, lineId: q.lines[1]!.id });
    const whole = await t.ok('templates.create', { quotationId: q.id, name: 'Kozijnen', withHeader: true });
    // the standard lines are the template's texts, not its lines
    expect(texts(whole.lines)).toEqual(['Kozijnen schilderen']);
    const fromTemplate = await t.ok('templates.newQuotation', { id: whole.id });
    expect(fromTemplate.paymentcondition).toBe('Betaling vooraf');
    expect(fromTemplate.quotationperiod).toBe(7);
    // its own opening; the closing it had removed stays away
    expect(texts(fromTemplate.lines)).toEqual(['Geachte heer Smit,', 'Kozijnen schilderen']);

    const linesOnly = await t.ok('templates.create', { quotationId: q.id, name: 'Kozijnen los', withHeader: false });
    const plain = await t.ok('templates.newQuotation', { id: linesOnly.id });
    expect(plain.paymentcondition).toBe(PAYMENT);
    expect(plain.quotationperiod).toBe(30);
    expect(texts(plain.lines)).toEqual([OPENING, 'Kozijnen schilderen', CLOSING]);
  });

  it('reach the service as typed: the payment condition, the period and the text lines', async () => {
    const [client] = (await t.ok('clients.list', {})).items;
    const q = await t.ok('quotations.create', { clientId: client!.id });
    await t.ok('lines.add', { quotationId: q.id, line: { amount: 3, amount_desc: 'm2', description: 'Muur', price: 12, tax_rate: 21 } });
    await t.ok('quotations.saveToService', { id: q.id });
    await t.core.sync.engine.pushNow();
    const saved = t.core.sandbox!.data.quotations.all().find((r) => r.paymentcondition === PAYMENT && r.lines.some((l) => l.description === 'Muur'));
    expect(saved?.quotationperiod).toBe(30);
    expect(saved?.lines.map((l) => l.description)).toEqual([OPENING, 'Muur', CLOSING]);
    expect(saved?.lines[0]).toEqual({ description: OPENING });
  });
});
