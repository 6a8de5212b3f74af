// What a push found out about a client or product, written by the store:
// the rows, the outbox entry settled in the same transaction, and one
// `changed` signal naming the tables touched.
import { describe, expect, it } from 'vitest';
import type { Client, Product } from '../../shared/schemas';
import type { Entity } from '../../electron/store/connection';
import { scratchStore } from './helpers';

type Store = ReturnType<typeof scratchStore>['store'];

/** The entities each `changed` signal named, from now on. */
function signals(store: Store): Entity[][] {
  const seen: Entity[][] = [];
  store.events.on('changed', (e) => seen.push([...e].sort()));
  return seen;
}

/** Per signal, the records it named by table, and the tables it left unnamed. */
function named(store: Store): { named: Record<string, string[]>; unnamed: string[] }[] {
  const seen: { named: Record<string, string[]>; unnamed: string[] }[] = [];
  store.events.on('changed', (_e, records) =>
    seen.push({ named: Object.fromEntries([...records.named].map(([t, ids]) => [t, [...ids].sort()])), unnamed: [...records.unnamed].sort() }),
  );
  return seen;
}

function rowOf(store: Store, table: 'clients' | 'products', id: string) {
  return store.db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
}

function newClient(store: Store, company = 'Bakkerij Jansen') {
  const c = store.clients.create({ company });
  const entry = store.outbox.forTarget(c.id)[0]!;
  return { id: c.id, entryId: entry.id };
}

describe('a client push recorded by the store', () => {
  it('recordCreated: the service number and version, the copy a pull brought in gone, the entry done, one signal', () => {
    const { store, clock } = scratchStore();
    const { id, entryId } = newClient(store);
    // the create's answer was lost and a pull brought the new client in as a row of its own
    store.pulled.putClients([{ clientnr: 42, company: 'Bakkerij Jansen' }], clock());
    const twin = store.clients.byClientnr(42)!;
    expect(twin.id).not.toBe(id);
    const heard = signals(store);
    const records = named(store);
    const server: Client = { clientnr: 42, company: 'Bakkerij Jansen', city: 'Epe' };
    store.clients.recordCreated(entryId, id, 42, server, null);
    // the record and its copy by name, so an open editor of either reads it again
    expect(records).toEqual([{ named: { clients: [id, twin.id].sort() }, unnamed: ['outbox'] }]);
    expect(rowOf(store, 'clients', twin.id)).toBeUndefined();
    expect(rowOf(store, 'clients', id)).toMatchObject({ clientnr: 42, server: JSON.stringify(server), base: null, local: null, gone: 0 });
    expect(store.clients.get(id)).toMatchObject({ clientnr: 42, state: 'synced', fields: { company: 'Bakkerij Jansen', city: 'Epe' } });
    expect(store.outbox.get(entryId).state).toBe('done');
    expect(heard).toEqual([['clients', 'outbox']]);
  });

  it('recordCreated keeps what was typed on meanwhile, over the service version as its base', () => {
    const { store } = scratchStore();
    const { id, entryId } = newClient(store);
    const server: Client = { clientnr: 7, company: 'Bakkerij Jansen' };
    store.clients.recordCreated(entryId, id, 7, server, { company: 'Bakkerij Jansen', phone: '0612345678' });
    expect(rowOf(store, 'clients', id)).toMatchObject({
      base: JSON.stringify(server),
      local: JSON.stringify({ company: 'Bakkerij Jansen', phone: '0612345678' }),
    });
    expect(store.clients.get(id).state).toBe('edited');
  });

  it('recordCreated for a row removed meanwhile settles the entry and leaves the pulled record alone', () => {
    const { store, clock } = scratchStore();
    const { id, entryId } = newClient(store);
    store.db.prepare('DELETE FROM clients WHERE id = ?').run(id);
    store.pulled.putClients([{ clientnr: 42, company: 'Bakkerij Jansen' }], clock());
    store.clients.recordCreated(entryId, id, 42, { clientnr: 42, company: 'Bakkerij Jansen' }, null);
    expect(store.clients.byClientnr(42)).not.toBeNull();
    expect(store.outbox.get(entryId).state).toBe('done');
  });

  it('recordMerged writes the version read before an update and leaves the entry waiting', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 5, company: 'Oud' }], clock());
    const c = store.clients.byClientnr(5)!;
    store.clients.update(c.id, { city: 'Delft' });
    const entry = store.outbox.forTarget(c.id)[0]!;
    store.clients.markGone(c.id);
    const heard = signals(store);
    const theirs: Client = { clientnr: 5, company: 'Nieuw' };
    store.clients.recordMerged(c.id, theirs, { company: 'Nieuw', city: 'Delft' });
    expect(rowOf(store, 'clients', c.id)).toMatchObject({ server: JSON.stringify(theirs), base: JSON.stringify(theirs), gone: 0 });
    expect(store.clients.get(c.id).fields).toEqual({ company: 'Nieuw', city: 'Delft' });
    expect(store.outbox.get(entry.id).state).toBe('pending');
    expect(heard).toEqual([['clients']]);
  });

  it('recordSaved: in sync with the service, the entry done', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 5, company: 'Oud' }], clock());
    const c = store.clients.byClientnr(5)!;
    store.clients.update(c.id, { city: 'Delft' });
    const entry = store.outbox.forTarget(c.id)[0]!;
    const heard = signals(store);
    store.clients.recordSaved(entry.id, c.id, { clientnr: 5, company: 'Oud', city: 'Delft' }, null);
    expect(store.clients.get(c.id)).toMatchObject({ state: 'synced', fields: { company: 'Oud', city: 'Delft' } });
    expect(store.outbox.get(entry.id).state).toBe('done');
    expect(heard).toEqual([['clients', 'outbox']]);
  });

  it('markGone flags the record the service no longer has, and signals it', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 5, company: 'Oud' }], clock());
    const c = store.clients.byClientnr(5)!;
    const heard = signals(store);
    store.clients.markGone(c.id);
    expect(store.clients.get(c.id).gone).toBe(true);
    expect(heard).toEqual([['clients']]);
  });

  it('recordDeleted removes the row, and the quotations here that named the client no longer do', () => {
    const { store } = scratchStore();
    const { id, entryId } = newClient(store);
    const q = store.quotations.create({ clientId: id });
    const heard = signals(store);
    const records = named(store);
    store.clients.recordDeleted(entryId, id);
    expect(rowOf(store, 'clients', id)).toBeUndefined();
    expect(store.db.prepare('SELECT client_id FROM quotations WHERE id = ?').get(q.id)).toEqual({ client_id: null });
    expect(store.outbox.get(entryId).state).toBe('done');
    expect(heard).toEqual([['clients', 'outbox', 'quotations']]);
    expect(records).toEqual([{ named: { clients: [id], quotations: [q.id] }, unnamed: ['outbox'] }]);
  });

  it('the writes of one push inside a transaction signal once, when it commits', () => {
    const { store } = scratchStore();
    const { id, entryId } = newClient(store);
    const heard = signals(store);
    store.transaction(() => {
      store.clients.markGone(id);
      store.clients.recordSaved(entryId, id, { clientnr: 3, company: 'X' }, null);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([['clients', 'outbox']]);
  });
});

describe('a product push recorded by the store', () => {
  it('recordCreated: the service id, the pulled copy gone, the entry done', () => {
    const { store, clock } = scratchStore();
    const p = store.products.create({ name: 'Koffie', price: 2.5 });
    const entry = store.outbox.forTarget(p.id)[0]!;
    store.pulled.putProducts([{ id: 9, name: 'Koffie', price: 2.5 }], clock());
    const twin = store.products.byProductId(9)!;
    const heard = signals(store);
    const server: Product = { id: 9, name: 'Koffie', price: 2.5, priceintax: 3.03 };
    store.products.recordCreated(entry.id, p.id, 9, server, null);
    expect(rowOf(store, 'products', twin.id)).toBeUndefined();
    expect(store.products.get(p.id)).toMatchObject({ productId: 9, state: 'synced' });
    expect(store.products.get(p.id).fields).toMatchObject({ name: 'Koffie', priceintax: 3.03 });
    expect(store.outbox.get(entry.id).state).toBe('done');
    expect(heard).toEqual([['outbox', 'products']]);
  });

  it('recordSaved and markGone, recordDeleted', () => {
    const { store, clock } = scratchStore();
    store.pulled.putProducts([{ id: 4, name: 'Thee', stock: 1, stock_use: true }], clock());
    const p = store.products.byProductId(4)!;
    store.products.setStock(p.id, 5);
    const stock = store.outbox.forTarget(p.id)[0]!;
    store.products.markGone(p.id);
    expect(store.products.get(p.id).gone).toBe(true);
    store.products.recordSaved(stock.id, p.id, { id: 4, name: 'Thee', stock: 5, stock_use: true }, null);
    expect(store.products.get(p.id)).toMatchObject({ gone: false, state: 'synced', fields: { stock: 5 } });
    expect(store.outbox.get(stock.id).state).toBe('done');
    store.products.delete(p.id);
    const del = store.outbox.forTarget(p.id)[0]!;
    const heard = signals(store);
    store.products.recordDeleted(del.id, p.id);
    expect(store.products.find(p.id)).toBeNull();
    expect(store.outbox.get(del.id).state).toBe('done');
    expect(heard).toEqual([['outbox', 'products']]);
  });
});

describe("a conflict's answer written by the store", () => {
  it('takeServiceVersion, setLocalVersion, makeNewAgain and remove write the row and name it', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 8, company: 'Oud' }], clock());
    const c = store.clients.byClientnr(8)!;
    store.clients.update(c.id, { company: 'Mijn naam', city: 'Epe' });
    const records = named(store);

    store.clients.setLocalVersion(c.id, { company: 'Hun naam', city: 'Epe' });
    expect(store.clients.get(c.id)).toMatchObject({ state: 'edited', fields: { company: 'Hun naam', city: 'Epe' } });
    expect(rowOf(store, 'clients', c.id)).toMatchObject({ base: JSON.stringify({ clientnr: 8, company: 'Oud' }) });

    store.clients.takeServiceVersion(c.id, { clientnr: 8, company: 'Hun naam' });
    expect(store.clients.get(c.id)).toMatchObject({ state: 'synced', fields: { company: 'Hun naam' } });
    expect(rowOf(store, 'clients', c.id)).toMatchObject({ local: null, base: null });

    store.clients.markGone(c.id);
    store.clients.makeNewAgain(c.id, { company: 'Hun naam', city: 'Zwolle' });
    expect(store.clients.get(c.id)).toMatchObject({ clientnr: null, state: 'new', gone: false, fields: { city: 'Zwolle' } });
    expect(rowOf(store, 'clients', c.id)).toMatchObject({ server: null, base: null });

    store.clients.remove(c.id);
    expect(store.clients.find(c.id)).toBeNull();
    // each write named the record, so an editor of it reads it again
    expect(records.every((r) => r.named.clients?.[0] === c.id && r.unnamed.length === 0)).toBe(true);
    expect(records).toHaveLength(5);
  });
});
