import { describe, expect, it } from 'vitest';
import type { Client, Product, Quotation } from '../../shared/schemas';
import type { Entity } from '../../electron/store/connection';
import { scratchStore } from './helpers';

type Store = ReturnType<typeof scratchStore>['store'];

/** Rows this connection has inserted, updated or deleted so far. */
function changes(store: Store): number {
  return (store.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

/** The entities each `changed` signal named, from now on. */
function signals(store: Store): Entity[][] {
  const seen: Entity[][] = [];
  store.events.on('changed', (e) => seen.push([...e].sort()));
  return seen;
}

const clients: Client[] = Array.from({ length: 30 }, (_, i) => ({
  clientnr: i + 1,
  company: `Bedrijf ${i + 1}`,
  city: i % 2 ? 'Utrecht' : 'Zürich',
  email: `info${i}@example.nl`,
}));
const products: Product[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, code: `P${i}`, name: `Product ${i}` }));
const quotations: Quotation[] = Array.from({ length: 5 }, (_, i) => ({
  id: 100 + i,
  clientnr: 1,
  sent: i % 2 === 0,
  quotationreference: `REF-${i}`,
  lines: [],
}));
const countries = [
  { id: 146, name: 'Nederland' },
  { id: 21, name: 'België' },
];

function pullAll(store: Store, at: number, page: { clients?: Client[]; products?: Product[]; quotations?: Quotation[] } = {}) {
  store.pulled.putCountries(countries);
  store.pulled.putClients(page.clients ?? clients, at);
  store.pulled.putProducts(page.products ?? products, at);
  store.pulled.putQuotations(page.quotations ?? quotations, at);
  store.pulled.sweepClients((page.clients ?? clients).map((c) => c.clientnr));
  store.pulled.sweepProducts((page.products ?? products).map((p) => p.id));
  store.pulled.sweepQuotations((page.quotations ?? quotations).map((q) => q.id));
}

describe('a later pull of what the store already holds', () => {
  it('writes nothing and signals nothing when nothing changed', () => {
    const { store, clock } = scratchStore();
    pullAll(store, clock());
    const before = changes(store);
    const heard = signals(store);
    clock.advance(60_000);
    pullAll(store, clock());
    expect(changes(store)).toBe(before);
    expect(heard).toEqual([]);
    expect(store.pulled.count('clients')).toBe(clients.length);
    expect(store.search.clients('zurich')).toHaveLength(clients.length / 2);
  });

  it('writes, indexes and signals only the record that changed', () => {
    const { store, clock } = scratchStore();
    pullAll(store, clock());
    const id = store.clients.byClientnr(7)!.id;
    const before = changes(store);
    const heard = signals(store);
    clock.advance(60_000);
    const changed = clients.map((c) => (c.clientnr === 7 ? { ...c, company: 'Müller & Zonen' } : c));
    pullAll(store, clock(), { clients: changed });
    // the row and what its update triggers write (search index, list columns); nothing per unchanged row
    expect(changes(store) - before).toBeGreaterThanOrEqual(1);
    expect(changes(store) - before).toBeLessThan(clients.length);
    expect(heard).toEqual([['clients']]);
    expect(store.search.clients('muller').map((h) => h.id)).toEqual([id]);
    expect(store.search.clients('bedrijf 7')).toEqual([]);
    expect(store.clients.get(id).fields.company).toBe('Müller & Zonen');
  });

  it('inserts and indexes a new record in a page of known ones', () => {
    const { store, clock } = scratchStore();
    pullAll(store, clock());
    const heard = signals(store);
    const more: Product[] = [...products, { id: 99, code: 'NEW', name: 'Crème brûlée' }];
    pullAll(store, clock() + 1, { products: more });
    expect(heard).toEqual([['products']]);
    expect(store.search.products('creme').map((h) => h.productId)).toEqual([99]);
    expect(store.db.prepare('SELECT count(*) AS n FROM bulk_insert').get()).toEqual({ n: 0 });
  });

  it('a sweep that finds nothing gone writes and signals nothing; one that does, removes', () => {
    const { store, clock } = scratchStore();
    pullAll(store, clock());
    const heard = signals(store);
    const before = changes(store);
    expect(store.pulled.sweepQuotations(quotations.map((q) => q.id))).toEqual({ removed: 0, flagged: [] });
    expect(store.pulled.sweepProducts(new Set(products.map((p) => p.id)))).toEqual({ removed: 0, flagged: [] });
    expect(changes(store)).toBe(before);
    expect(heard).toEqual([]);
    expect(store.pulled.sweepProducts(products.slice(1).map((p) => p.id))).toEqual({ removed: 1, flagged: [] });
    expect(store.pulled.sweepClients(clients.slice(2).map((c) => c.clientnr)).removed).toBe(2);
    expect(heard).toEqual([['products'], ['clients']]);
    expect(store.pulled.product(1)).toBeNull();
    expect(store.search.products('P0')).toEqual([]);
    expect(store.clients.byClientnr(1)).toBeNull();
  });

  it('replaces a country list that differs, also in size', () => {
    const { store } = scratchStore();
    store.pulled.putCountries(countries);
    const heard = signals(store);
    store.pulled.putCountries([...countries].reverse());
    expect(heard).toEqual([]);
    store.pulled.putCountries([{ id: 146, name: 'Nederland' }]);
    expect(store.pulled.countries()).toEqual([{ id: 146, name: 'Nederland' }]);
    store.pulled.putCountries([...countries, { id: 226, name: 'Verenigde Staten' }]);
    expect(
      store.pulled
        .countries()
        .map((c) => c.id)
        .sort((a, b) => a - b),
    ).toEqual([21, 146, 226]);
    expect(heard).toEqual([['countries'], ['countries']]);
  });
});
