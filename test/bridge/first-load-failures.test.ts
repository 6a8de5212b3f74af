// A list the service fails to give during the first load waits out its own
// backoff without holding up the others: the products and clients load, the
// status names the list and why, and once the service gives it again it
// loads too. A list's failure never stops the background for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedDesk, type PacedDesk } from '../helpers/paced-desk';

const MIN = 60_000;

let d: PacedDesk;
beforeAll(async () => {
  d = await pacedDesk({
    clients: 500,
    products: 150,
    quotations: 120,
    maxCount: 50,
    faultRules: [{ method: 'GET', path: '/quotations', times: Infinity, effect: { kind: 'error', status: 500, applied: false } }],
  });
}, 60_000);
afterAll(async () => {
  await d?.close();
});

describe('a list the service fails to give during the first load', () => {
  it('does not hold up the others, and is named', async () => {
    await d.pass(10 * MIN);
    const store = d.core.space.store;
    expect(store.checks.held('products')).toBe(150);
    expect(store.checks.held('clients')).toBe(500);
    expect(store.checks.held('quotations')).toBe(0);
    const status = await d.ok('sync.status', {});
    expect(status.lastPullFailure).toMatchObject({ kind: 'server', list: 'quotations' });
    expect(status.freshness!.find((f) => f.list === 'quotations')!.loading).not.toBeNull();
    // it waits longer after each failure (30 s, doubling): a few tries in ten minutes, each with the read policy's repeats, not one a second
    const tries = d.sandbox.requests().filter((r) => r.url.includes('/quotations?')).length;
    expect(tries).toBeGreaterThan(1);
    expect(tries).toBeLessThanOrEqual(20);
  });

  it('loads once the service gives it again, and the failure is gone', async () => {
    d.sandbox.clearFaults();
    await d.pass(40 * MIN);
    expect(d.core.space.store.checks.held('quotations')).toBe(120);
    const status = await d.ok('sync.status', {});
    expect(status.lastPullFailure).toBeNull();
    expect(status.freshness!.every((f) => f.loading === null)).toBe(true);
  });
});
