// The demo a new user opens: a catalogue with the Dutch VAT rates, so a
// quotation drafted from it shows tax like a real one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ secrets: new MemoryKeychain() });
  await pullAll(t.core);
});
afterAll(async () => {
  await t?.close();
});

describe('the demo catalogue', () => {
  it('has products at 21, 9 and 0% VAT', async () => {
    const products = (await t.ok('products.list', { limit: 100 })).items;
    expect(new Set(products.map((p) => p.taxes))).toEqual(new Set([21, 9, 0]));
    expect(products.filter((p) => p.taxes === 21).length).toBeGreaterThan(products.length / 2);
  });

  it('gives a quotation drafted from it tax per rate', async () => {
    const products = (await t.ok('products.list', { limit: 100 })).items;
    const client = (await t.ok('clients.list', {})).items.find((c) => c.active)!;
    const q = await t.ok('quotations.create', { clientId: client.id });
    for (const rate of [21, 9]) {
      const p = products.find((x) => x.taxes === rate)!;
      await t.ok('lines.add', { quotationId: q.id, line: { description: p.name, amount: 1, price: p.price, tax_rate: p.taxes } });
    }
    const list = (await t.ok('quotations.list', {})).items;
    const mine = list.find((x) => x.id === q.id)!;
    const p21 = products.find((x) => x.taxes === 21)!.price;
    const p9 = products.find((x) => x.taxes === 9)!.price;
    expect(Number(mine.totalintax)).toBeCloseTo(p21 * 1.21 + p9 * 1.09, 2);
  });
});
