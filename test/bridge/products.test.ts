// Products through the bridge: made, found and put on a line before the
// service has them; problems per field before anything is sent; the stock
// and a delete queued; a payload the contract does not describe refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

describe('products through the bridge', () => {
  it('makes a product that is found and used on a line at once, before the service has it', async () => {
    const p = await t.ok('products.create', { fields: { code: 'LAK-01', name: 'Lak zijdeglans', price: 0.125, taxes: 21 } });
    expect(p).toMatchObject({ localId: expect.any(String), state: 'pending', price: 0.125, fieldErrors: [] });
    expect(p.id).toBeLessThan(0);
    const [hit] = await t.ok('products.search', { query: 'zijde' });
    expect(hit).toMatchObject({ localId: p.localId, id: p.id, code: 'LAK-01' });
    // a client in euro who is billed excluding tax: the catalogue's price as it is
    const client = t.core.space.store.clients
      .list({ limit: 100 })
      .find((c) => ['', 'EUR', undefined, null].includes(c.fields.currency as string) && c.fields.tax_type !== 'intax')!;
    const q = await t.ok('quotations.create', { clientId: client.id });
    const line = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: p.id });
    expect(line).toMatchObject({ description: 'Lak zijdeglans', tax_rate: 21, amount: 1, price: 0.125 });
  });

  it('shows the price incl. tax of a product made or repriced here at once, as the service will work it out', async () => {
    const made = await t.ok('products.create', { fields: { code: 'BROOD-1', name: 'Desem', price: 3.5, taxes: 9 } });
    expect(made.priceintax).toBe(3.815);
    const listed = (await t.ok('products.list', { query: 'desem' })).items.find((x) => x.localId === made.localId)!;
    expect(listed.priceintax).toBe(3.815);
    // a product of the service repriced here: not its old price incl. tax
    const pulled = (await t.ok('products.list', {})).items.find((x) => x.id > 0 && x.taxes === 21)!;
    const repriced = await t.ok('products.update', { id: pulled.localId, patch: { price: 10 } });
    expect(repriced.priceintax).toBe(12.1);
    // one typed here is shown as typed
    const typed = await t.ok('products.update', { id: pulled.localId, patch: { priceintax: 12.15 } });
    expect(typed.priceintax).toBe(12.15);
  });

  it('names the fields the service would refuse, keeps what was typed, and refuses what is no product field', async () => {
    const p = await t.ok('products.create', { fields: { code: 'TE-LANGE-CODE-VOOR-DIT', name: 'Te lang', price: '1,5', taxes: 9 } });
    expect(p.fields.price).toBe('1,5');
    expect(p.fieldErrors.map((e) => e.field).sort()).toEqual(['code', 'price']);
    const bad = await t.call('products.update', { id: p.localId, patch: { colour: 'rood' } });
    expect(bad.ok).toBe(false);
    const fixed = await t.ok('products.update', { id: p.localId, patch: { code: 'KORT', price: 1.5 } });
    expect(fixed.fieldErrors).toEqual([]);
  });

  it('queues the stock of a pulled product by itself, and its delete', async () => {
    const listed = (await t.ok('products.list', { limit: 100 })).items.find((x) => x.id > 0)!;
    const counted = await t.ok('products.setStock', { id: listed.localId, stock: 33 });
    expect(counted).toMatchObject({ stock_use: true, stock: 33, state: 'pending' });
    const ops = t.core.space.store.outbox.forTarget(listed.localId).map((o) => o.kind);
    expect(ops).toEqual([listed.stock_use ? 'product.stock' : 'product.update']);
    const gone = await t.ok('products.delete', { id: listed.localId });
    expect(gone).toMatchObject({ deleted: true, queued: { operationId: expect.any(String) } });
    expect((await t.ok('products.list', { limit: 100 })).items.map((x) => x.localId)).not.toContain(listed.localId);
  });
});
