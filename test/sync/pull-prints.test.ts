// A later pull does not read again a page whose text is the same as in the
// last complete pull: its records are stored as they came. What must still
// hold: every change on the service arrives, records gone are removed, and a
// page is never taken as known once anything but the pull wrote what the
// service holds of its records (a push's read-back, a resolution).
import { describe, expect, it } from 'vitest';
import type { Store } from '../../electron/store';
import { drain, rig, type Rig } from './helpers';

const SIZES = { clients: 250, products: 120, quotations: 90 };

/** Records the store's pull writers are handed, per list, from now on. */
function written(store: Store): Record<'clients' | 'products' | 'quotations', number> {
  const n = { clients: 0, products: 0, quotations: 0 };
  const cache = store.pulled;
  const putClients = cache.putClients.bind(cache);
  const putProducts = cache.putProducts.bind(cache);
  const putQuotations = cache.putQuotations.bind(cache);
  cache.putClients = (records, at) => ((n.clients += records.length), putClients(records, at));
  cache.putProducts = (records, at) => ((n.products += records.length), putProducts(records, at));
  cache.putQuotations = (records, at) => ((n.quotations += records.length), putQuotations(records, at));
  return n;
}

/** Every client as the store holds the service's copy, against the service. */
function expectClientsAsOnService(r: Rig): void {
  for (const c of r.sb.data.clients.all()) expect(r.store.clients.byClientnr(c.clientnr)?.fields.city, `client ${c.clientnr}`).toBe(c.city ?? '');
}

describe('a later pull skips the pages it was given before', () => {
  it('reads nothing again when nothing changed, and still counts and keeps every record', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 }, engine: { pageSize: 50 } });
    const first = await r.engine.pull();
    const n = written(r.store);
    const second = await r.engine.pull();
    expect(n).toEqual({ clients: 0, products: 0, quotations: 0 });
    // the first pull also read the profiles and categories, which a later one within the day does not
    expect(second).toMatchObject({ ...SIZES, removed: 0, requests: first.requests - 2 });
    expect(r.store.pulled.count('clients')).toBe(SIZES.clients);
  });

  it('reads again only the page that changed, and removes a record gone from the service', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 }, engine: { pageSize: 50 } });
    await r.engine.pull();
    const ids = r.sb.data.clients.ids();
    r.sb.data.clients.patch(ids[120]!, { city: 'Veranderd' });
    const n = written(r.store);
    await r.engine.pull();
    expect(n.clients).toBe(50);
    expect(r.store.clients.byClientnr(ids[120]!)?.fields.city).toBe('Veranderd');

    // the last client gone: only the last page differs, and the sweep still sees every other key
    r.sb.data.clients.delete(ids.at(-1)!);
    const m = written(r.store);
    const third = await r.engine.pull();
    expect(m.clients).toBe(49);
    expect(third.removed).toBe(1);
    expect(r.store.pulled.count('clients')).toBe(SIZES.clients - 1);
    expectClientsAsOnService(r);
  });

  it('a push written between two pulls makes the next pull read every page of that list again', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 }, engine: { pageSize: 50 } });
    await r.engine.pull();
    const client = r.store.clients.list().find((c) => c.clientnr !== null)!;
    const before = String(client.fields.city ?? '');
    r.store.clients.update(client.id, { city: 'Hier gezet' });
    await drain(r);
    expect(r.store.clients.byClientnr(client.clientnr!)?.fields.city).toBe('Hier gezet');
    // someone puts it back on the service: its page's text is again as the first pull saw it
    r.sb.data.clients.patch(client.clientnr!, { city: before });
    const n = written(r.store);
    await r.engine.pull();
    expect(n.clients).toBe(SIZES.clients);
    expect(r.store.clients.byClientnr(client.clientnr!)?.fields.city).toBe(before);
    expectClientsAsOnService(r);
    // the products were not written to: still skipped
    expect(n.products).toBe(0);
  });

  it('a list whose end is in doubt keeps no pages; prints that do not read are ignored', async () => {
    const r = await rig({ sandbox: { clients: 60, products: 10, quotations: 50, seed: 11, unpaged: ['quotations'] }, engine: { pageSize: 50 } });
    await r.engine.pull();
    const n = written(r.store);
    const second = await r.engine.pull();
    expect(second.incomplete).toEqual(['quotations']);
    expect(n).toEqual({ clients: 0, products: 0, quotations: 50 });

    r.store.db.prepare('UPDATE pull_prints SET prints = \'{"x": ["not a key"]}\' WHERE list = \'clients\'').run();
    const m = written(r.store);
    const third = await r.engine.pull();
    expect(m.clients).toBe(60);
    expect(third.clients).toBe(60);
  });
});
