// The hourly allowance is shared: another program on the same key spends it
// too, and the person works all day. The background measures what the other
// program spends from the answers' X-RateLimit-Remaining and leaves it room,
// so the person's saves and sends are never answered 403; and however often
// the person works, the background keeps its own pace and keeps the newest
// quotations fresh. (Before, a person who saved every 45 minutes kept the
// budget's reading fresh and the background pulls stopped for good.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedDesk, type PacedDesk } from '../helpers/paced-desk';

const MIN = 60_000;
const HOUR = 60 * MIN;

let d: PacedDesk;
beforeAll(async () => {
  d = await pacedDesk({ clients: 3000, products: 500, quotations: 800, maxCount: 100, seed: 13 });
}, 60_000);
afterAll(async () => {
  await d?.close();
});

/** A quotation the person makes and sends; resolves once it is on the service. */
async function sendOne(n: number): Promise<string> {
  const [client] = (await d.ok('clients.list', { limit: 1, offset: n % 30 })).items;
  const q = await d.ok('quotations.create', { clientId: client!.id });
  await d.ok('lines.add', { quotationId: q.id, line: { amount: 3, description: `Schilderwerk ${n}`, price: 52, tax_rate: 21 } });
  await d.ok('quotations.send', { id: q.id, sendmethod: 'mail' });
  return q.id;
}

describe('another program on the key, and a person working all day', () => {
  it('the background leaves the other program room: the person is never answered 403, and the reserve is kept', async () => {
    const budget = d.core.space.api.transport.budget;
    // another program spending 700 an hour: with the reserve, little is left for the background
    for (let t = 0; t < 3 * HOUR; t += 3 * MIN) {
      for (let k = 0; k < 35; k++) await d.spendAsOther();
      await d.pass(3 * MIN, MIN);
      if (t % (45 * MIN) === 0) await sendOne(t / MIN);
      await d.settle();
    }
    expect(budget.othersPerHour).toBeGreaterThan(500);
    expect(d.sandbox.requestLog().filter((r) => r.status === 403)).toEqual([]);
    expect(d.core.sync.freshness.lowestRemaining).toBeGreaterThanOrEqual(budget.reserve);
    expect(d.core.space.store.outbox.pendingCount()).toBe(0);
  }, 120_000);

  it('a person who sends every 45 minutes all day does not stop the background: the newest quotations stay fresh', async () => {
    // the other program has stopped; the hour it spent runs out
    await d.pass(HOUR, 5 * MIN);
    const data = d.sandbox.data;
    const lags: number[] = [];
    for (let hour = 0; hour < 10; hour++) {
      // the client approves one of the newest quotations in the service's own application
      const id = data.quotations.ids()[data.quotations.size - 1 - (hour % 10)]!;
      const note = `telefonisch akkoord ${hour}`;
      data.quotations.patch(id, { notes: note });
      const changedAt = d.clock.now();
      let seenAt: number | null = null;
      for (let m = 0; m < 60; m += 5) {
        if (m === 15 || m === 45) await sendOne(hour * 100 + m);
        await d.pass(5 * MIN, MIN);
        if (seenAt === null && d.core.space.store.checks.serviceRecord('quotations', id)?.notes === note) seenAt = d.clock.now();
      }
      expect(seenAt).not.toBeNull();
      lags.push(seenAt! - changedAt);
    }
    // checked every five minutes, whatever the person does
    expect(Math.max(...lags)).toBeLessThanOrEqual(10 * MIN);
    const last = (await d.ok('sync.status', {})).freshness!.find((f) => f.list === 'quotations')!;
    expect(d.clock.now() - Date.parse(last.newestCheckedAt!)).toBeLessThanOrEqual(6 * MIN);
    expect(d.sandbox.requestLog().filter((r) => r.status === 403)).toEqual([]);
  }, 180_000);
});
