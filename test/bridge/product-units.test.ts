// A product's unit, kept on this computer (the service's product has none):
// set in the product's form, taken by a line made from it, offered with the
// units used before by the unit fields (docs/products.md, "A product's unit").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';
import { unitSuggestions } from '../../shared/units';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const store = () => t.core.space.store;

describe("a product's unit", () => {
  it('is kept with the product, changed and cleared, and never sent to the service', async () => {
    const p = await t.ok('products.create', { fields: { code: 'MUUR-W', name: 'Muurverf wit', price: 4.5, taxes: 21 }, unit: ' m2 ' });
    expect(p.unit).toBe('m2');
    expect((await t.ok('products.get', { id: p.localId })).unit).toBe('m2');
    const changed = await t.ok('products.update', { id: p.localId, patch: {}, unit: 'liter' });
    expect(changed.unit).toBe('liter');
    // a unit alone changes nothing the service keeps: no update is queued for it
    expect(
      store()
        .outbox.forTarget(p.localId)
        .map((e) => e.kind),
    ).toEqual(['product.create']);
    await t.core.sync.engine.pushNow();
    const onService = t.core.sandbox!.data.products.all().find((r) => r.code === 'MUUR-W');
    expect(onService).toBeDefined();
    expect(JSON.stringify(onService)).not.toContain('liter');
    expect((await t.ok('products.update', { id: p.localId, patch: {}, unit: '' })).unit).toBe('');
  });

  it('goes onto a line made from the product', async () => {
    const p = await t.ok('products.create', { fields: { code: 'SAUS', name: 'Plafond sausen', price: 9.25, taxes: 21 }, unit: 'm2' });
    const q = await t.ok('quotations.create', {});
    const line = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: p.id });
    expect(line).toMatchObject({ amount: 1, amount_desc: 'm2', description: 'Plafond sausen', price: 9.25 });
    // a product without a unit gives the line none
    const bare = await t.ok('products.create', { fields: { code: 'KLEIN', name: 'Klein werk', price: 30, taxes: 21 } });
    const other = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: bare.id });
    expect(other.amount_desc).toBeUndefined();
  });

  it('is gone with its product', async () => {
    const p = await t.ok('products.create', { fields: { code: 'WEG', name: 'Weg', price: 1, taxes: 21 }, unit: 'stuk' });
    await t.ok('products.delete', { id: p.localId });
    expect(store().productUnits.of(p.localId)).toBe('');
  });
});

describe('the units a unit field offers', () => {
  it('are those used before, most used first, each once whatever its case', async () => {
    const q = await t.ok('quotations.create', {});
    for (const unit of ['uur', 'uur', 'Uur', 'keer', 'zak']) {
      await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, amount_desc: unit, description: 'x', price: 1 } });
    }
    const used = await t.ok('units.used', {});
    expect(used[0]!.toLowerCase()).toBe('uur');
    expect(used.filter((u) => u.toLowerCase() === 'uur')).toHaveLength(1);
    expect(used).toEqual(expect.arrayContaining(['m2', 'keer', 'zak']));
  });

  it('then the usual ones in the page language', () => {
    expect(unitSuggestions([], 'nl')).toEqual(['m2', 'm1', 'uur', 'stuk', 'liter', 'keer', 'post']);
    expect(unitSuggestions(['zak', 'Uur'], 'nl')).toEqual(['zak', 'Uur', 'm2', 'm1', 'stuk', 'liter', 'keer', 'post']);
    expect(unitSuggestions([], 'en')).toEqual(['m2', 'm1', 'hour', 'piece', 'litre', 'time', 'item']);
  });
});
