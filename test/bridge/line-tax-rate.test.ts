// A new line takes a tax rate, decided in the main process (the store's
// Quotations.addNewLine with TaxRates.forNewLine): this client's most used,
// else the account's, else 21; and a priced line without a rate cannot be
// sent: the send is refused before anything is queued, naming the line
// (docs/everyday-defaults.md, "A new line's tax rate").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
// nothing pulled: an account with no lines yet
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(() => t.close());

const store = () => t.core.space.store;
const blank = { amount: 1, description: '' };

async function quotationFor(company: string | null) {
  const clientId = company === null ? null : (await t.ok('clients.create', { fields: { company, email: 'info@example.nl' } })).id;
  return t.ok('quotations.create', { clientId });
}

async function typedLine(quotationId: string, tax_rate: number | null, description = 'Werk') {
  const line = await t.ok('lines.add', { quotationId, line: blank });
  await t.ok('lines.update', { quotationId, lineId: line.id, patch: { description, price: 50, tax_rate } });
  return line;
}

describe('the tax rate of a new line, through the bridge', () => {
  let exporterClient = '';

  it('is 21 for an account with no lines yet; a text line takes none', async () => {
    const q = await quotationFor('Eerste B.V.');
    const line = await t.ok('lines.add', { quotationId: q.id, line: blank });
    expect(line.tax_rate).toBe(21);
    const text = await t.ok('lines.add', { quotationId: q.id, line: { description: '' } });
    expect(text.tax_rate).toBeUndefined();
    // the line as stored, not only as answered
    expect(
      store()
        .quotations.get(q.id)
        .content.lines.map((l) => l.tax_rate),
    ).toEqual([21, undefined]);
  });

  it("is the rate this client's lines use most; for another client, the account's", async () => {
    const first = await quotationFor('Export B.V.');
    exporterClient = store().quotations.get(first.id).content.clientId!;
    await typedLine(first.id, 0, 'Levering buitenland');
    await typedLine(first.id, 0, 'Montage buitenland');
    // the account's other lines are at 9
    const bakery = await quotationFor('Bakkerij');
    for (let i = 0; i < 4; i++) await typedLine(bakery.id, 9, `Brood ${i}`);

    const next = await t.ok('quotations.create', { clientId: exporterClient });
    expect((await t.ok('lines.add', { quotationId: next.id, line: blank })).tax_rate).toBe(0);
    const someoneElse = await quotationFor('Nieuw B.V.');
    expect((await t.ok('lines.add', { quotationId: someoneElse.id, line: blank })).tax_rate).toBe(9);
    // a client chosen later counts from then on
    const noClient = await quotationFor(null);
    expect((await t.ok('lines.add', { quotationId: noClient.id, line: blank })).tax_rate).toBe(9);
    await t.ok('quotations.update', { id: noClient.id, patch: { clientId: exporterClient } });
    expect((await t.ok('lines.add', { quotationId: noClient.id, line: blank })).tax_rate).toBe(0);
  });

  it('is given to a product without a rate and to a template line without one; a copy keeps its own', async () => {
    const product = await t.ok('products.create', { fields: { code: 'ADV', name: 'Advies', price: 95 } });
    const q = await quotationFor('Adviesklant');
    const fromProduct = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: product.id });
    expect(fromProduct).toMatchObject({ description: 'Advies', price: 95, tax_rate: 9 });
    const cleared = await typedLine(q.id, null, 'Zonder tarief');
    const copy = await t.ok('lines.duplicate', { quotationId: q.id, lineId: cleared.id });
    expect(
      store()
        .quotations.get(q.id)
        .content.lines.find((l) => l.id === copy.id)?.tax_rate,
    ).toBeNull();

    // a template kept from lines of before: a heading, and a priced line without a rate
    const source = await quotationFor(null);
    await t.ok('lines.add', { quotationId: source.id, line: { description: 'Kop' } });
    await typedLine(source.id, null, 'Arbeid');
    const template = store().templates.saveFrom(source.id, { name: 'Zonder tarieven', withHeader: false });
    const fromTemplate = await t.ok('quotations.create', { clientId: exporterClient });
    store().templates.insertInto(template.id, fromTemplate.id);
    expect(
      store()
        .quotations.get(fromTemplate.id)
        .content.lines.map((l) => l.tax_rate),
    ).toEqual([undefined, 0]);
  });
});

describe('sending a quotation with a line without a rate', () => {
  it('is refused before anything is queued, naming the line; saving the draft is not', async () => {
    const q = await quotationFor('Klant zonder tarief');
    await typedLine(q.id, 21, 'Materiaal');
    const labour = await typedLine(q.id, null, 'Arbeid');
    const before = store()
      .outbox.forTarget(q.id)
      .map((e) => [e.id, e.kind, e.state]);

    const r = await t.call('quotations.send', { id: q.id, sendmethod: 'email' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(r.error.fieldErrors).toEqual([{ field: 'lines.1.tax_rate', message: 'choose a tax rate for this line; 0 when no VAT is charged' }]);
    expect(r.error.message).toContain('lines.1.tax_rate');
    // nothing queued, nothing changed
    expect(
      store()
        .outbox.forTarget(q.id)
        .map((e) => [e.id, e.kind, e.state]),
    ).toEqual(before);
    expect(store().quotations.get(q.id)).toMatchObject({ sent: false, sending: false });

    // a draft may be saved as it is
    expect(await t.ok('quotations.saveToService', { id: q.id })).toMatchObject({ when: expect.any(String) });

    // 0 typed is a rate chosen: the quotation goes
    await t.ok('lines.update', { quotationId: q.id, lineId: labour.id, patch: { tax_rate: 0 } });
    const sent = await t.ok('quotations.send', { id: q.id, sendmethod: 'email' });
    expect(store().outbox.get(Number(sent.operationId)).kind).toBe('quotation.send');
  });

  it('does not count an empty line or a text line', async () => {
    const q = await quotationFor('Klant met lege regel');
    await typedLine(q.id, 21, 'Werk');
    await t.ok('lines.add', { quotationId: q.id, line: { description: 'Alleen tekst' } });
    const empty = await t.ok('lines.add', { quotationId: q.id, line: blank });
    await t.ok('lines.update', { quotationId: q.id, lineId: empty.id, patch: { tax_rate: null } });
    expect(await t.ok('quotations.send', { id: q.id, sendmethod: 'email' })).toMatchObject({ operationId: expect.any(String) });
  });
});
