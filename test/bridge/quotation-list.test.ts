// quotations.list through the dispatcher, against the real core (the demo
// sandbox with generated quotations over HTTP, the SQLite store on disk):
// pages, orders, chips, search and counts, and bad input refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_STATES, LIST_PAGE_MAX, type QuotationSummary } from '../../shared/bridge';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ demoSeed: { clients: 40, quotations: 260 } });
  await pullAll(t.core);
}, 60_000);
afterAll(() => t.close());

/** Every quotation, read page by page. */
async function all(input: Parameters<TestCore['ok']>[1] & object, size = 50): Promise<QuotationSummary[]> {
  const out: QuotationSummary[] = [];
  for (let offset = 0; ; offset += size) {
    const page = await t.ok('quotations.list', { ...input, offset, limit: size });
    out.push(...page.items);
    if (page.items.length < size) return out;
  }
}

describe('quotations.list', () => {
  it('answers a page, the number of matches and the chips, never the whole list', async () => {
    const first = await t.ok('quotations.list', {});
    expect(first.items.length).toBe(Math.min(100, first.total));
    const every = await all({});
    expect(every.length).toBe(first.total);
    expect(new Set(every.map((q) => q.id)).size).toBe(every.length);
    expect(first.items).toEqual(every.slice(0, first.items.length));
    const byState = (states: readonly string[] | null) => every.filter((q) => !states || states.includes(q.state)).length;
    expect(first.counts).toEqual({
      all: every.length,
      drafts: byState(FILTER_STATES.drafts),
      sent: byState(FILTER_STATES.sent),
      attention: byState(FILTER_STATES.attention),
    });
    const page = await t.ok('quotations.list', { offset: 30, limit: 7 });
    expect(page.items.map((q) => q.id)).toEqual(every.slice(30, 37).map((q) => q.id));
    expect(page.total).toBe(every.length);
  });

  it('sorts by total both ways, a page at a time', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const sorted = await all({ sort: { key: 'total', dir } }, 40);
      const totals = sorted.map((q) => Number(q.totalintax));
      expect(totals).toEqual([...totals].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
    }
  });

  it('filters by a chip and by states, and the two together', async () => {
    const every = await all({});
    for (const chip of ['drafts', 'sent', 'attention'] as const) {
      const shown = await all({ filter: chip });
      expect(shown.map((q) => q.id)).toEqual(every.filter((q) => FILTER_STATES[chip]!.includes(q.state)).map((q) => q.id));
    }
    expect((await all({ states: ['approved'] })).map((q) => q.id)).toEqual(every.filter((q) => q.state === 'approved').map((q) => q.id));
    expect((await all({ filter: 'drafts', states: ['approved'] })).length).toBe(0);
    expect((await t.ok('quotations.list', { states: ['nonsense'] })).total).toBe(0);
  });

  it('searches without accents and case', async () => {
    const every = await all({});
    const withAccent = every.find((q) => /[À-ž]/.test(q.client?.name ?? ''));
    expect(withAccent, 'a client name with an accent in the generated data').toBeDefined();
    const word = withAccent!.client!.name.split(/\s+/).find((w) => /[À-ž]/.test(w))!;
    const plain = word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const found = await all({ query: plain });
    expect(found.map((q) => q.id)).toContain(withAccent!.id);
    expect(found.map((q) => q.id)).toEqual((await all({ query: word })).map((q) => q.id));
  });

  it('refuses a page larger than its maximum, or a negative offset, and says which field', async () => {
    for (const input of [{ limit: LIST_PAGE_MAX + 1 }, { limit: 0 }, { offset: -1 }, { sort: { key: 'colour', dir: 'asc' } }, { filter: 'everything' }]) {
      const r = await t.call('quotations.list', input);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) {
        expect(r.error.kind).toBe('invalid_request');
        expect(r.error.message).toContain(Object.keys(input)[0]);
      }
    }
    expect((await t.ok('quotations.list', { limit: LIST_PAGE_MAX })).items.length).toBeLessThanOrEqual(LIST_PAGE_MAX);
  });
});
