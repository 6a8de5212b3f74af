// A service in trouble answers a sweep's pages wrongly: a page from another
// place in the list, an empty page in the middle, a page cut short, a count
// it ignores. None of it may make a record vanish here, nor spend the
// reserve: only a look-up by number that answers 404 removes what a sweep
// did not meet, and a read far short of the list is read again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedDesk, type PacedDesk } from '../helpers/paced-desk';

let d: PacedDesk;
beforeAll(async () => {
  d = await pacedDesk({ clients: 1500, products: 10, quotations: 10, maxCount: 100, seed: 31 });
}, 60_000);
afterAll(async () => {
  await d?.close();
});

const freshness = () => d.core.sync.freshness;

/** One piece of the clients' reading, as the background runs it. */
async function step(kind: 'sweep' | 'confirm' = 'sweep'): Promise<void> {
  await d.core.sync.engine.read((signal) => freshness().run({ kind, list: 'clients' }, signal));
}

/** The next clients page answered with these rows (as the service writes them), whatever was asked. */
function answerNextWith(ids: readonly number[]): void {
  d.sandbox.addFault({
    method: 'GET',
    path: '/clients',
    times: 1,
    effect: { kind: 'body', body: `[${ids.map((id) => d.sandbox.data.clients.json(id)).join(',')}]` },
  });
}

/** Sweeps the clients to the end, the look-ups of what it did not meet included. */
async function sweepToEnd(trouble: (page: number) => void): Promise<number> {
  let pages = 0;
  for (; pages === 0 || freshness().cursors.clients.sweep !== null; pages++) {
    trouble(pages);
    await step();
    expect(pages).toBeLessThan(80);
  }
  let confirms = 0;
  for (; freshness().cursors.clients.confirm.length > 0; confirms++) await step('confirm');
  return confirms;
}

const everyClientHeld = () => {
  const held = new Set(d.core.space.store.checks.heldBetween('clients', null, null));
  return d.sandbox.data.clients.ids().filter((id) => !held.has(id));
};

describe('a sweep answered wrongly', () => {
  it('a page from elsewhere in the list: the sweep finds its place again, and nothing is removed', async () => {
    const ids = d.sandbox.data.clients.ids();
    await sweepToEnd((page) => {
      if (page === 4) answerNextWith(ids.slice(900, 1000));
    });
    expect(everyClientHeld()).toEqual([]);
    expect(d.core.space.store.checks.held('clients')).toBe(1500);
  });

  it('an empty page in the middle: not the end of the list, and nothing is removed', async () => {
    await sweepToEnd((page) => {
      if (page === 6) answerNextWith([]);
    });
    expect(everyClientHeld()).toEqual([]);
    expect(d.core.space.store.checks.held('clients')).toBe(1500);
  });

  it('a page cut short at three quarters: the page after it is read to be sure, and nothing is removed', async () => {
    const ids = d.sandbox.data.clients.ids();
    let cut = false;
    await sweepToEnd(() => {
      const at = freshness().cursors.clients.sweep?.start ?? 0;
      if (!cut && at > 1000) {
        cut = true;
        answerNextWith(ids.slice(at, at + 40));
      }
    });
    expect(cut).toBe(true);
    expect(everyClientHeld()).toEqual([]);
    expect(d.core.space.store.checks.held('clients')).toBe(1500);
    // the page cut short taught no smaller page size: the service gave 100 before
    expect(d.core.space.api.paging.cap).toBe(100);
  });

  it('the list really lost a third: the sweep looks each of them up before they go, and takes them all', async () => {
    const ids = d.sandbox.data.clients.ids();
    const gone = ids.filter((_, i) => i % 3 === 1);
    for (const id of gone) d.sandbox.data.clients.delete(id);
    const confirms = await sweepToEnd(() => {});
    // removed by pages of a list in order (a few at a time) or looked up one by one, never on the word of a short list
    expect(confirms).toBeLessThanOrEqual(gone.length);
    const store = d.core.space.store;
    for (const id of gone) expect(store.checks.serviceRecord('clients', id)).toBeNull();
    expect(everyClientHeld()).toEqual([]);
    expect(store.checks.held('clients')).toBe(d.sandbox.data.clients.size);
  });

  it('spent nothing of the reserve, and answered no 403', () => {
    const budget = d.core.space.api.transport.budget;
    expect(freshness().lowestRemaining).toBeGreaterThanOrEqual(budget.reserve);
    expect(d.sandbox.requestLog().filter((r) => r.status === 403)).toEqual([]);
  });
});
