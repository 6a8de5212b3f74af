import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';
import { StoreError } from '../../electron/store';

describe('local products', () => {
  it('creates a product offline with one create entry; later edits and the stock join it', () => {
    const { store } = scratchStore();
    const p = store.products.create({ code: 'KOF-1', name: 'Koffie', price: 0.125, taxes: 9 });
    expect(p).toMatchObject({ productId: null, state: 'new', fields: { code: 'KOF-1', price: 0.125 } });
    store.products.update(p.id, { name: 'Koffiebonen' });
    store.products.setStock(p.id, 40);
    expect(store.outbox.list().map((o) => [o.kind, o.target])).toEqual([['product.create', p.id]]);
    expect(store.products.get(p.id).fields).toMatchObject({ name: 'Koffiebonen', stock: 40, stock_use: true });
    // findable at once, by a prefix without its accent
    store.products.update(p.id, { name: 'Café crème' });
    expect(store.search.products('creme').map((h) => h.id)).toEqual([p.id]);
    expect(store.search.products('creme')[0]!.productId).toBeLessThan(0);
  });

  it('edits a pulled product over the service version: the stock alone goes by its own entry, other fields by an update', () => {
    const { store, clock } = scratchStore();
    store.pulled.putProducts([{ id: 5, code: 'BOEK', name: 'Boek', price: 20, taxes: 9, stock_use: true, stock: 12 }], clock());
    const p = store.products.byProductId(5)!;
    expect(p.state).toBe('synced');
    store.products.setStock(p.id, 11);
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['product.stock']);
    store.products.update(p.id, { stock: 10 });
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['product.stock']);
    store.products.update(p.id, { price: 21.5 });
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['product.stock', 'product.update']);
    const row = store.products.row(p.id);
    expect(JSON.parse(row.base!)).toMatchObject({ id: 5, price: 20, stock: 12 });
    // a pull meanwhile changes the service's version only
    store.pulled.putProducts([{ id: 5, code: 'BOEK', name: 'Boek (2e druk)', price: 20, taxes: 9, stock_use: true, stock: 12 }], clock());
    expect(store.products.get(p.id).fields).toMatchObject({ name: 'Boek', price: 21.5, stock: 10 });
  });

  it('keeps what is typed and names the fields the service would refuse', () => {
    const { store } = scratchStore();
    const p = store.products.create({ code: 'X'.repeat(21), name: 'Lang', price: '1.2345', taxes: 101 });
    expect(store.products.get(p.id).fields.price).toBe('1.2345');
    expect(
      store.products
        .errors(p.id)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['code', 'price', 'taxes']);
    store.products.update(p.id, { stock_use: true });
    expect(store.products.errors(p.id).map((e) => e.field)).toContain('stock');
    expect(() => store.products.update(p.id, { colour: 'red' } as never)).toThrow(StoreError);
  });

  it('deletes a product that never reached the service without a trace, and queues the delete of one that did', () => {
    const { store, clock } = scratchStore();
    const fresh = store.products.create({ name: 'Nieuw' });
    store.products.delete(fresh.id);
    expect(store.products.find(fresh.id)).toBeNull();
    expect(store.outbox.list()).toEqual([]);

    store.pulled.putProducts([{ id: 9, code: 'T', name: 'Thee', price: 3, taxes: 9 }], clock());
    const p = store.products.byProductId(9)!;
    store.products.update(p.id, { price: 3.5 });
    store.products.delete(p.id);
    // the update has nothing left to carry
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['product.delete']);
    expect(store.products.list().map((x) => x.id)).toEqual([]);
    expect(store.search.products('thee')).toEqual([]);
    expect(() => store.products.update(p.id, { price: 4 })).toThrow(/being deleted/);
    // giving up the delete puts it back
    store.discardOperation(store.outbox.list()[0]!.id);
    expect(store.products.get(p.id).state).not.toBe('deleting');
  });

  it('keeps a product removed on the service while edited here, flagged as gone', () => {
    const { store, clock } = scratchStore();
    store.pulled.putProducts(
      [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      clock(),
    );
    const b = store.products.byProductId(2)!;
    store.products.update(b.id, { name: 'B2' });
    const r = store.pulled.sweepProducts([]);
    expect(r.removed).toBe(1);
    expect(r.flagged).toEqual([b.id]);
    expect(store.products.get(b.id)).toMatchObject({ gone: true, fields: { name: 'B2' } });
  });

  it('lists by name with the local version, and counts only what is not being deleted', () => {
    const { store, clock } = scratchStore();
    store.pulled.putProducts(
      [
        { id: 1, name: 'Zeep' },
        { id: 2, name: 'appel' },
      ],
      clock(),
    );
    store.products.create({ name: 'Mango' });
    expect(store.products.list().map((p) => p.fields.name)).toEqual(['appel', 'Mango', 'Zeep']);
    expect(store.products.count()).toBe(3);
    expect(store.pulled.count('products')).toBe(2);
  });
});
