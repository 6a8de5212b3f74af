// A sweep walks a list for hours while the service's list changes under it.
// Rows inserted at the front push every row after them along; rows removed
// in the middle pull them back. The sweep reads each page from the last row
// of the page before, so it notices either: no record that was on the list
// all along is passed over, none is counted twice, and what was removed is
// removed here too, while what the person changes here is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedDesk, type PacedDesk } from '../helpers/paced-desk';

let d: PacedDesk;
beforeAll(async () => {
  d = await pacedDesk({ clients: 2500, products: 10, quotations: 10, maxCount: 100, seed: 21 });
}, 60_000);
afterAll(async () => {
  await d?.close();
});

/** One page of the clients' sweep, as the background reads it. */
async function sweepPage(): Promise<void> {
  await d.core.sync.engine.read((signal) => d.core.sync.freshness.run({ kind: 'sweep', list: 'clients' }, signal));
}

describe('a sweep of a list that changes while it walks', () => {
  it('meets every record that was there all along, steps back for rows removed behind it, and removes what went', async () => {
    const data = d.sandbox.data;
    const store = d.core.space.store;
    const freshness = d.core.sync.freshness;
    const template = data.clients.get(data.clients.maxId())!;
    // the front of the list: numbers the service has free again
    const front = [1, 2, 3, 4, 5, 6];
    for (const n of front) data.clients.delete(n);
    const always = new Set(data.clients.ids());
    const removed: number[] = [];
    const aheadRemoved: number[] = [];
    const before = d.sandbox.requests().length;
    expect(freshness.cursors.clients.sweep).toBeNull();
    let pages = 0;
    for (; pages === 0 || freshness.cursors.clients.sweep !== null; pages++) {
      await sweepPage();
      if (pages === 0) expect(freshness.cursors.clients.sweep).not.toBeNull();
      const at = freshness.cursors.clients.sweep?.start ?? 0;
      // a row inserted at the front: every row after it moves one along
      if (front.length > 0 && pages % 2 === 0) data.clients.set({ ...template, clientnr: front.shift()!, company: 'Vooraan' });
      // a row removed in the middle, behind the sweep: every row after it moves one back
      const behind = data.clients.ids()[Math.max(0, at - 150)];
      if (behind !== undefined && pages % 3 === 1 && behind > 10) {
        data.clients.delete(behind);
        always.delete(behind);
        removed.push(behind);
      }
      // and one ahead of it, not yet read: this sweep finds it gone
      const ahead = data.clients.ids()[at + 300];
      if (ahead !== undefined && pages % 5 === 2) {
        data.clients.delete(ahead);
        always.delete(ahead);
        aheadRemoved.push(ahead);
      }
      expect(pages).toBeLessThan(100);
    }
    const sweep = freshness.cursors.clients;
    expect(sweep.lastSweepStartedAt).not.toBeNull();
    // every record there all along was met by this sweep
    const unseen = store.checks.unseenSince('clients', sweep.lastSweepStartedAt!, 5000);
    expect(unseen.filter((n) => always.has(n))).toEqual([]);
    // a page for each 99 rows, and a step back now and then for rows removed behind it
    const requests = d.sandbox.requests().length - before;
    expect(requests).toBeLessThanOrEqual(Math.ceil(2500 / 99) + removed.length + 2);
    // removed ahead of it: gone here now
    expect(aheadRemoved.length).toBeGreaterThan(0);
    for (const n of aheadRemoved) expect(store.checks.serviceRecord('clients', n)).toBeNull();
    for (const n of always) expect(store.checks.serviceRecord('clients', n)).not.toBeNull();
    // removed behind it (after it had read them): the next sweep finds them gone, and meets the rows inserted at the front
    await sweepPage();
    while (freshness.cursors.clients.sweep !== null) await sweepPage();
    for (let i = 0; i < 20 && freshness.cursors.clients.confirm.length > 0; i++) {
      await d.core.sync.engine.read((signal) => freshness.run({ kind: 'confirm', list: 'clients' }, signal));
    }
    for (const n of removed) expect(store.checks.serviceRecord('clients', n)).toBeNull();
    expect(new Set(store.checks.heldBetween('clients', null, null))).toEqual(new Set(data.clients.ids()));
  }, 60_000);
});
