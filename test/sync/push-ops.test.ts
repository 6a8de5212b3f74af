// The client and product push handlers, each case run twice: on an
// in-memory store (test/sync/fake-store.ts), which shows the handler's own
// decisions without SQLite, and on the real store. The service is the
// sandbox over real HTTP both times.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi } from '../../electron/api';
import type { OutboxItem } from '../../electron/store';
import { toLocalClient } from '../../electron/store/clients';
import { toLocalProduct } from '../../electron/store/products';
import type { ClientPushStore, ProductPushStore } from '../../electron/sync/ops/types';
import { ClientCreate, ClientDelete, ClientUpdate } from '../../electron/sync/ops/clients';
import { ProductCreate, ProductDelete, ProductStock } from '../../electron/sync/ops/products';
import type { Client, ClientInput, Product, ProductInput } from '../../shared/schemas';
import type { ClientFields, LocalClient, LocalProduct, ProductFields } from '../../shared/local';
import { scratchStore } from '../store/helpers';
import { FakeStore } from './fake-store';

/** One store to run the handlers on, with the few set-ups the cases need. */
interface Harness {
  store: ClientPushStore & ProductPushStore;
  /** a client made here, with its create entry */
  newClient(fields: ClientFields): { id: string; entry: OutboxItem };
  /** a client the service holds, as a pull brought it in */
  pulledClient(c: Client): string;
  editClient(id: string, fields: ClientFields): OutboxItem;
  deleteClient(id: string): OutboxItem;
  newProduct(fields: ProductFields): { id: string; entry: OutboxItem };
  pulledProduct(p: Product): string;
  setStock(id: string, amount: number): OutboxItem;
  deleteProduct(id: string): OutboxItem;
  entry(id: number): OutboxItem;
  client(id: string): LocalClient | null;
  product(id: string): LocalProduct | null;
  /** the conflicts recorded: kind and record */
  conflicts(): { kind: string; target: string }[];
}

function fakeHarness(): Harness {
  const s = new FakeStore();
  const edit = <R extends { local: string | null; server: string | null; base: string | null }>(row: R, fieldsOf: (r: R) => object, patch: object) => {
    row.base = row.local === null ? row.server : row.base;
    row.local = JSON.stringify({ ...fieldsOf(row), ...patch });
  };
  return {
    store: s,
    newClient: (fields) => {
      const id = s.putClient({ local: fields });
      return { id, entry: s.outbox.add('client.create', id) };
    },
    pulledClient: (c) => s.putClient({ clientnr: c.clientnr, server: c }),
    editClient: (id, fields) => {
      edit(s.clients.rows.get(id)!, (r) => toLocalClient(r).fields, fields);
      return s.outbox.add('client.update', id);
    },
    deleteClient: (id) => {
      s.clients.rows.get(id)!.deleted = 1;
      return s.outbox.add('client.delete', id);
    },
    newProduct: (fields) => {
      const id = s.putProduct({ local: fields });
      return { id, entry: s.outbox.add('product.create', id) };
    },
    pulledProduct: (p) => s.putProduct({ productId: p.id, server: p }),
    setStock: (id, amount) => {
      edit(s.products.rows.get(id)!, (r) => toLocalProduct(r).fields, { stock: amount, stock_use: true });
      return s.outbox.add('product.stock', id);
    },
    deleteProduct: (id) => {
      s.products.rows.get(id)!.deleted = 1;
      return s.outbox.add('product.delete', id);
    },
    entry: (id) => s.outbox.get(id),
    client: (id) => {
      const r = s.clients.findRow(id);
      return r ? toLocalClient(r) : null;
    },
    product: (id) => {
      const r = s.products.findRow(id);
      return r ? toLocalProduct(r) : null;
    },
    conflicts: () => s.recorded.map((c) => ({ kind: c.kind, target: c.target })),
  };
}

function realHarness(): Harness {
  const { store, clock } = scratchStore();
  const last = (id: string, kind: string) =>
    store.outbox
      .forTarget(id)
      .filter((e) => e.kind === kind)
      .at(-1)!;
  return {
    store,
    newClient: (fields) => {
      const { id } = store.clients.create(fields);
      return { id, entry: last(id, 'client.create') };
    },
    pulledClient: (c) => {
      store.pulled.putClients([c], clock());
      return store.clients.byClientnr(c.clientnr)!.id;
    },
    editClient: (id, fields) => {
      store.clients.update(id, fields);
      return last(id, 'client.update');
    },
    deleteClient: (id) => {
      store.clients.delete(id);
      return last(id, 'client.delete');
    },
    newProduct: (fields) => {
      const { id } = store.products.create(fields);
      return { id, entry: last(id, 'product.create') };
    },
    pulledProduct: (p) => {
      store.pulled.putProducts([p], clock());
      return store.products.byProductId(p.id)!.id;
    },
    setStock: (id, amount) => {
      store.products.setStock(id, amount);
      return last(id, 'product.stock');
    },
    deleteProduct: (id) => {
      store.products.delete(id);
      return last(id, 'product.delete');
    },
    entry: (id) => store.outbox.get(id),
    client: (id) => store.clients.find(id),
    product: (id) => store.products.find(id),
    conflicts: () => store.conflicts.open().map((c) => ({ kind: c.kind, target: c.target })),
  };
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c();
});

async function service(): Promise<{ sb: Sandbox; api: InvoicingApi }> {
  const sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 0, products: 0, quotations: 0 });
  const api = new InvoicingApi({
    baseUrl: sb.url,
    credentials: () => ({ username: sb.user, apiKey: sb.key }),
    backoff: { baseMs: 5, capMs: 20 },
    readAttempts: 1,
  });
  closing.push(
    () => sb.close(),
    () => api.close(),
  );
  return { sb, api };
}

describe.each([
  ['an in-memory store', fakeHarness],
  ['the real store', realHarness],
])('the client push handlers on %s', (_name, make) => {
  it('create: the service number is recorded and the entry done', async () => {
    const { sb, api } = await service();
    const h = make();
    const { id, entry } = h.newClient({ company: 'Bakkerij Offline', email: 'bak@example.nl' });
    expect(await new ClientCreate({ store: h.store, api }).push(entry)).toBe('done');
    const [made] = sb.data.clients.all();
    expect(sb.data.clients.all()).toHaveLength(1);
    expect(h.client(id)).toMatchObject({ clientnr: made!.clientnr, state: 'synced', fields: { company: 'Bakkerij Offline' } });
    expect(h.entry(entry.id).state).toBe('done');
  });

  it('a lost create found by search is recorded, not made again, and the copy a pull brought in goes', async () => {
    const { sb, api } = await service();
    const h = make();
    const fields = { company: 'Verloren BV', email: 'lost@example.nl' };
    const { id, entry } = h.newClient(fields);
    h.store.outbox.markInFlight(entry.id, fields);
    // the create reached the service, its answer did not come back; a pull brought the record in
    const clientnr = await api.clients.create(fields as ClientInput);
    const twin = h.pulledClient(await api.clients.get(clientnr));
    expect(await new ClientCreate({ store: h.store, api }).resolve(h.entry(entry.id))).toBe('applied');
    expect(sb.data.clients.all()).toHaveLength(1);
    expect(h.client(id)).toMatchObject({ clientnr, state: 'synced' });
    expect(h.client(twin)).toBeNull();
    expect(h.entry(entry.id).state).toBe('done');
  });

  it('a lost create not found on the service is not applied, and nothing is recorded', async () => {
    const { api } = await service();
    const h = make();
    const fields = { company: 'Nooit Aangekomen', email: 'never@example.nl' };
    const { id, entry } = h.newClient(fields);
    h.store.outbox.markInFlight(entry.id, fields);
    expect(await new ClientCreate({ store: h.store, api }).resolve(h.entry(entry.id))).toBe('not_applied');
    expect(h.client(id)).toMatchObject({ clientnr: null, state: 'new' });
  });

  it('an update of a client the service no longer has (404) marks it gone, with a conflict', async () => {
    const { api } = await service();
    const h = make();
    const id = h.pulledClient({ clientnr: 999, company: 'Weg BV' });
    const entry = h.editClient(id, { city: 'Epe' });
    expect(await new ClientUpdate({ store: h.store, api }).push(entry)).toBe('parked');
    expect(h.client(id)).toMatchObject({ gone: true, fields: { city: 'Epe' } });
    expect(h.conflicts()).toEqual([{ kind: 'deleted', target: id }]);
    expect(h.entry(entry.id).state).toBe('parked');
  });

  it('an update merges a change made on the service in another field, and sends only its own', async () => {
    const { sb, api } = await service();
    const h = make();
    const clientnr = await api.clients.create({ company: 'Merge BV' } as ClientInput);
    const id = h.pulledClient(await api.clients.get(clientnr));
    const entry = h.editClient(id, { city: 'Mine' });
    sb.data.clients.patch(clientnr, { phone: '0999' });
    expect(await new ClientUpdate({ store: h.store, api }).push(entry)).toBe('done');
    expect(sb.data.clients.get(clientnr)).toMatchObject({ city: 'Mine', phone: '0999' });
    expect(h.client(id)).toMatchObject({ state: 'synced', fields: { city: 'Mine', phone: '0999' } });
    expect(h.entry(entry.id).state).toBe('done');
  });

  it('a delete removes the client on the service and here', async () => {
    const { sb, api } = await service();
    const h = make();
    const clientnr = await api.clients.create({ company: 'Kort Leven' } as ClientInput);
    const id = h.pulledClient(await api.clients.get(clientnr));
    const entry = h.deleteClient(id);
    expect(await new ClientDelete({ store: h.store, api }).push(entry)).toBe('done');
    expect(sb.data.clients.get(clientnr)).toBeUndefined();
    expect(h.client(id)).toBeNull();
    expect(h.entry(entry.id).state).toBe('done');
  });
});

describe.each([
  ['an in-memory store', fakeHarness],
  ['the real store', realHarness],
])('the product push handlers on %s', (_name, make) => {
  it('create: the service id and its price incl. tax are recorded', async () => {
    const { sb, api } = await service();
    const h = make();
    const { id, entry } = h.newProduct({ name: 'Koffie', code: 'KOF-1', price: 2.5 });
    expect(await new ProductCreate({ store: h.store, api }).push(entry)).toBe('done');
    const [made] = sb.data.products.all();
    expect(sb.data.products.all()).toHaveLength(1);
    const local = h.product(id)!;
    expect(local).toMatchObject({ productId: made!.id, state: 'synced', fields: { name: 'Koffie' } });
    expect(local.fields.priceintax).toBeDefined();
    expect(h.entry(entry.id).state).toBe('done');
  });

  it('a lost create found by its code is recorded, not made again', async () => {
    const { sb, api } = await service();
    const h = make();
    const fields = { name: 'Thee', code: 'THE-9', price: 1.25 };
    const { id, entry } = h.newProduct(fields);
    h.store.outbox.markInFlight(entry.id, fields);
    const productId = await api.products.create(fields as ProductInput);
    expect(await new ProductCreate({ store: h.store, api }).resolve(h.entry(entry.id))).toBe('applied');
    expect(sb.data.products.all()).toHaveLength(1);
    expect(h.product(id)).toMatchObject({ productId, state: 'synced' });
    expect(h.entry(entry.id).state).toBe('done');
  });

  it('a stock count for a product the service no longer has (404) marks it gone, with a conflict', async () => {
    const { api } = await service();
    const h = make();
    const id = h.pulledProduct({ id: 999, name: 'Weg', stock: 1, stock_use: true });
    const entry = h.setStock(id, 5);
    expect(entry.kind).toBe('product.stock');
    expect(await new ProductStock({ store: h.store, api }).push(entry)).toBe('parked');
    expect(h.product(id)).toMatchObject({ gone: true, fields: { stock: 5 } });
    expect(h.conflicts()).toEqual([{ kind: 'deleted', target: id }]);
  });

  it('a stock count goes by itself and leaves the product in sync', async () => {
    const { sb, api } = await service();
    const h = make();
    const productId = await api.products.create({ name: 'Suiker', stock_use: true, stock: 1 } as ProductInput);
    const id = h.pulledProduct(await api.products.get(productId));
    const entry = h.setStock(id, 7);
    expect(await new ProductStock({ store: h.store, api }).push(entry)).toBe('done');
    expect(Number(sb.data.products.get(productId)!.stock)).toBe(7);
    expect(h.product(id)).toMatchObject({ state: 'synced', fields: { stock: 7 } });
    expect(h.entry(entry.id).state).toBe('done');
  });

  it('a delete removes the product on the service and here', async () => {
    const { sb, api } = await service();
    const h = make();
    const productId = await api.products.create({ name: 'Zout' } as ProductInput);
    const id = h.pulledProduct(await api.products.get(productId));
    const entry = h.deleteProduct(id);
    expect(await new ProductDelete({ store: h.store, api }).push(entry)).toBe('done');
    expect(sb.data.products.get(productId)).toBeUndefined();
    expect(h.product(id)).toBeNull();
  });
});
