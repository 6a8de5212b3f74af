// A new account with ten years of records (100,000 clients, 5,000 products,
// 10,000 quotations) on a service that gives pages of 100 and allows 1000
// requests an hour. Reading it all takes more than an hour's allowance, so
// the first load must go in pieces, in the right order, survive a restart,
// and never touch the person's reserve. The real core and bridge, the
// sandbox over real HTTP, on one simulated clock (test/helpers/paced-desk.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedDesk, type PacedDesk } from '../helpers/paced-desk';

const SIZE = { clients: 100_000, products: 5_000, quotations: 10_000 };
const MIN = 60_000;
const HOUR = 60 * MIN;

let d: PacedDesk;
let connectedAt = 0;
beforeAll(async () => {
  d = await pacedDesk({ ...SIZE, maxCount: 100, seed: 5 });
  connectedAt = d.clock.now();
}, 180_000);
afterAll(async () => {
  await d?.close();
});

const paths = () => d.sandbox.requests().map((r) => new URL(r.url, 'http://x').pathname.replace('/api/v1', ''));

describe('the first load of ten years', () => {
  it('is usable first: the small lists, every quotation (the newest first), every product and the clients of the newest quotations, in at most 200 requests', () => {
    const usable = d.core.sync.freshness.usable();
    expect(usable).not.toBeNull();
    expect(usable!.requests).toBeLessThanOrEqual(200);
    // all of it at once: no time passed
    expect(usable!.at - connectedAt).toBeLessThan(15 * MIN);

    // the first request checked the key when the account was connected (a client list of one)
    expect(paths()[0]).toBe('/clients');
    const seen = paths().slice(1, 1 + usable!.requests);
    expect(seen.slice(0, 3).sort()).toEqual(['/categories', '/countrylist', '/profiles']);
    expect(seen.filter((p) => p === '/quotations').length).toBeGreaterThanOrEqual(100);
    expect(seen.filter((p) => p === '/products').length).toBeGreaterThanOrEqual(50);
    // products only after every quotation; then the clients' first page, and the clients of the newest quotations by number
    expect(seen.lastIndexOf('/quotations')).toBeLessThan(seen.indexOf('/products'));
    expect(seen.indexOf('/clients')).toBeGreaterThan(seen.lastIndexOf('/products'));
    expect(seen.filter((p) => /^\/clients\/\d+$/.test(p)).length).toBeGreaterThan(0);
    expect(seen.filter((p) => p === '/clients').length).toBeLessThanOrEqual(2);

    // the newest quotations came early: among the first requests of the list, the page holding its end
    const quotationUrls = d.sandbox.requests().filter((r) => r.url.includes('/quotations?'));
    const starts = quotationUrls.slice(0, 12).map((r) => Number(new URL(r.url, 'http://x').searchParams.get('start')));
    expect(Math.max(...starts)).toBeGreaterThan(SIZE.quotations - 200);

    const store = d.core.space.store;
    expect(store.checks.held('quotations')).toBe(SIZE.quotations);
    expect(store.checks.held('products')).toBe(SIZE.products);
    for (const id of d.sandbox.data.quotations.ids().slice(-20)) {
      const clientnr = d.sandbox.data.quotations.get(id)!.clientnr;
      expect(store.checks.serviceRecord('clients', clientnr)).not.toBeNull();
    }
  });

  it('stops at the reserve and says it waits for its own budget until the hour renews, with the clients part loaded', async () => {
    const status = await d.ok('sync.status', {});
    const budget = d.core.space.api.transport.budget;
    expect(status.budget!.remaining).toBeGreaterThanOrEqual(budget.reserve);
    expect(d.core.sync.freshness.lowestRemaining).toBeGreaterThanOrEqual(budget.reserve);
    expect(status.readingWaits).toMatchObject({ why: 'own_budget' });
    const until = Date.parse(status.readingWaits!.until);
    expect(until).toBeGreaterThan(d.clock.now() + 30 * MIN);
    expect(until).toBeLessThanOrEqual(connectedAt + HOUR + MIN);
    const clients = status.freshness!.find((f) => f.list === 'clients')!;
    expect(clients.loading).not.toBeNull();
    expect(clients.loading!.share).toBeGreaterThan(0.2);
    expect(clients.loading!.share).toBeLessThan(0.9);
    // the estimate: after the allowance renews, within the next hours
    expect(Date.parse(clients.loading!.endsAt!)).toBeGreaterThan(until);
    expect(Date.parse(clients.loading!.endsAt!)).toBeLessThan(connectedAt + 3 * HOUR);
    // the progress of the first load is never ahead of itself
    expect(status.pulling!.pagesEstimated).toBeGreaterThan(status.pulling!.pagesDone);
    expect(d.sandbox.requestLog().filter((r) => r.status === 403)).toEqual([]);
  });

  it('a restart in the middle loses at most a page, and spends nothing while the allowance is low', async () => {
    const before = { ...d.core.sync.freshness.cursors.clients.sweep! };
    const requests = d.sandbox.requests().length;
    await d.restart();
    const after = d.core.sync.freshness.cursors.clients.sweep!;
    expect(before.start - after.start).toBeLessThanOrEqual(99);
    expect(after.start).toBeGreaterThan(0);
    // what the budget knew of the window came along: nothing goes out until it renews
    expect(d.sandbox.requests().length).toBe(requests);
    expect((await d.ok('sync.status', {})).readingWaits).toMatchObject({ why: 'own_budget' });
  });

  it('holds everything within three hours, without a 403 and without touching the reserve', async () => {
    const budget = d.core.space.api.transport.budget;
    let loadedAt: number | null = null;
    for (let t = 0; t < 3 * HOUR && loadedAt === null; t += 5 * MIN) {
      await d.pass(5 * MIN, 5 * MIN);
      if (!d.core.sync.freshness.loading) loadedAt = d.clock.now();
    }
    expect(loadedAt).not.toBeNull();
    expect(loadedAt! - connectedAt).toBeLessThanOrEqual(3 * HOUR);
    const store = d.core.space.store;
    expect(store.checks.held('clients')).toBe(SIZE.clients);
    expect(store.checks.held('products')).toBe(SIZE.products);
    expect(store.checks.held('quotations')).toBe(SIZE.quotations);
    expect(d.sandbox.requestLog().filter((r) => r.status === 403)).toEqual([]);
    expect(d.core.sync.freshness.lowestRemaining).toBeGreaterThanOrEqual(budget.reserve);
    const status = await d.ok('sync.status', {});
    expect(status.pulling).toBeNull();
    for (const f of status.freshness!) expect(f).toMatchObject({ loading: null, order: 'id' });
  });

  it('Sync now checks what is new in at most 10 requests, and finds it', async () => {
    const data = d.sandbox.data;
    const clientnr = data.nextId('clients');
    data.clients.set({ ...data.clients.get(data.clients.maxId())!, clientnr, company: 'Nieuwe klant' });
    const productId = data.nextId('products');
    data.products.set({ ...data.products.get(data.products.maxId())!, id: productId, name: 'Nieuw product' });
    const newest = data.quotations.maxId();
    data.quotations.patch(newest, { notes: 'goedgekeurd per telefoon' });
    const before = d.sandbox.requests().length;
    expect((await d.ok('sync.pullNow', {})).started).toBe(true);
    await d.settle();
    expect(d.sandbox.requests().length - before).toBeLessThanOrEqual(10);
    const store = d.core.space.store;
    expect(store.checks.serviceRecord('clients', clientnr)).toMatchObject({ company: 'Nieuwe klant' });
    expect(store.checks.serviceRecord('products', productId)).toMatchObject({ name: 'Nieuw product' });
    expect(store.checks.serviceRecord('quotations', newest)).toMatchObject({ notes: 'goedgekeurd per telefoon' });
  });
});
