// The bridge's side of the spec's fields the editors offer: a catalogue
// product on a line for a client in another currency (no euro price
// carried over), convert_prices_to_euro and tax_country through the
// contract to the draft and back, and what the contract refuses of them.
// The demo core: sandbox over HTTP, SQLite on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const product = async (code: string) => (await t.ok('products.search', { query: code })).find((p) => p.code === code)!;
const client = async (name: string) => (await t.ok('clients.search', { query: name }))[0]!;

describe('a catalogue product on a line', () => {
  it('comes without its euro price for a client in pounds, whatever the editor sent along', async () => {
    const q = await t.ok('quotations.create', { clientId: (await client('Brightwater')).id });
    const training = await product('TRAIN-EN');
    const line = await t.ok('lines.add', {
      quotationId: q.id,
      line: { amount: 1, price: 795, description: 'Training day (English)' },
      fromProductId: training.id,
    });
    expect(line).toMatchObject({ amount: 1, description: 'Training day (English)', tax_rate: 21 });
    expect(line.price).toBeUndefined();
    // a quantity the editor sends along still counts
    const two = await t.ok('lines.add', { quotationId: q.id, line: { amount: 2 }, fromProductId: training.id });
    expect(two.amount).toBe(2);
    expect(two.price).toBeUndefined();
  });

  it('keeps its price, to three decimals, for a client in euro', async () => {
    const q = await t.ok('quotations.create', { clientId: (await client('Lindeboom')).id });
    const card = await product('VISITE');
    const line = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: card.id });
    expect(line.price).toBe(0.125);
  });
});

describe('convert_prices_to_euro and tax_country through the contract', () => {
  it('are stored in the draft and shown in its view', async () => {
    const q = await t.ok('quotations.create', { clientId: (await client('Brightwater')).id });
    expect(q.convert_prices_to_euro).toBe(false);
    const on = await t.ok('quotations.update', { id: q.id, patch: { convert_prices_to_euro: true } });
    expect(on.convert_prices_to_euro).toBe(true);
    const line = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, price: 100, tax_rate: 20, description: 'Workshop' } });
    expect(line.tax_country).toBeUndefined();
    const foreign = await t.ok('lines.update', { quotationId: q.id, lineId: line.id, patch: { tax_country: true } });
    expect(foreign.tax_country).toBe(true);
    expect((await t.ok('quotations.get', { id: q.id })).lines[0]!.tax_country).toBe(true);
    const back = await t.ok('lines.update', { quotationId: q.id, lineId: line.id, patch: { tax_country: false } });
    expect(back.tax_country).toBeUndefined();
    // a copy keeps both
    await t.ok('lines.update', { quotationId: q.id, lineId: line.id, patch: { tax_country: true } });
    const copy = await t.ok('quotations.duplicate', { id: q.id });
    expect(copy.convert_prices_to_euro).toBe(true);
    expect(copy.lines[0]!.tax_country).toBe(true);
  });

  it('refuses what is not true or false, and a default category that is not a whole number', async () => {
    const q = await t.ok('quotations.create', { clientId: null });
    const line = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1 } });
    const bad = await t.call('lines.update', { quotationId: q.id, lineId: line.id, patch: { tax_country: 'yes' } });
    expect(bad.ok).toBe(false);
    const badFlag = await t.call('quotations.update', { id: q.id, patch: { convert_prices_to_euro: 1 } });
    expect(badFlag.ok).toBe(false);
    const c = await client('Brightwater');
    const badCategory = await t.call('clients.update', { id: c.id, patch: { default_category: 2.5 } });
    expect(badCategory.ok).toBe(false);
    expect((await t.ok('clients.update', { id: c.id, patch: { default_category: 0 } })).fields.default_category).toBe(0);
  });
});
