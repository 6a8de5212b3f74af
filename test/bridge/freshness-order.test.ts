// The checks of the newest rest on the service listing records by number,
// the newest last: the sandbox does, the live service is not documented to.
// The desk checks it on every page it reads. A service whose lists are in
// another order (the sandbox's listOrder 'scrambled') gets whole sweeps
// instead, as often as the share allows, and the person is told; nothing is
// removed on a sweep's word alone, and what is new still arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedDesk, type PacedDesk } from '../helpers/paced-desk';

const MIN = 60_000;
const HOUR = 60 * MIN;

let d: PacedDesk;
beforeAll(async () => {
  d = await pacedDesk({ clients: 3000, products: 400, quotations: 600, maxCount: 100, listOrder: 'scrambled', seed: 9 });
}, 60_000);
afterAll(async () => {
  await d?.close();
});

describe('a service whose lists are not ordered by number', () => {
  it('is read whole at the first load, and the lists are known not to be in order', async () => {
    const store = d.core.space.store;
    expect(store.checks.held('clients')).toBe(3000);
    expect(store.checks.held('quotations')).toBe(600);
    const status = await d.ok('sync.status', {});
    for (const f of status.freshness!) expect(f).toMatchObject({ order: 'other', loading: null, newestCheckedAt: null });
    // the person is told: no list has a newest end that is checked often
    expect(d.core.sync.freshness.checksOfNew()).toEqual([]);
  });

  it('plans whole sweeps only, never a check of a "newest" end that is not one', async () => {
    const before = d.sandbox.requests().length;
    await d.pass(2 * HOUR, 5 * MIN);
    const reads = d.sandbox
      .requests()
      .slice(before)
      .map((r) => new URL(r.url, 'http://x'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(2 * 100);
    // a sweep walks from the first row on: no page is asked from where an end would be
    const firstPages = reads.filter((u) => u.searchParams.get('start') === '0');
    expect(firstPages.length).toBeGreaterThan(0);
  });

  it('a record new on the service arrives with the next sweep, and one deleted is looked up before it goes', async () => {
    const data = d.sandbox.data;
    const clientnr = data.nextId('clients');
    data.clients.set({ ...data.clients.get(data.clients.maxId())!, clientnr, company: 'Nieuw en ergens in de lijst' });
    const gone = data.products.ids()[17]!;
    data.products.delete(gone);
    const store = d.core.space.store;
    let seenAt: number | null = null;
    for (let t = 0; t < 12 * HOUR && (seenAt === null || store.checks.serviceRecord('products', gone) !== null); t += 10 * MIN) {
      await d.pass(10 * MIN, 5 * MIN);
      if (seenAt === null && store.checks.serviceRecord('clients', clientnr) !== null) seenAt = d.clock.now();
    }
    expect(seenAt).not.toBeNull();
    expect(store.checks.serviceRecord('products', gone)).toBeNull();
    // the deleted product was asked for by its number before it was removed here
    expect(d.sandbox.requests().some((r) => r.url.endsWith(`/products/${gone}`) && r.status === 404)).toBe(true);
    expect(store.checks.held('clients')).toBe(data.clients.size);
  }, 120_000);
});
