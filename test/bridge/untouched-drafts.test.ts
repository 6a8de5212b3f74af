// A new quotation nobody typed into is not kept when it is left; anything
// typed keeps it. Against the real core: the demo sandbox, SQLite on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const store = () => t.core.space.store;
const listed = async (id: string) => (await t.ok('quotations.list', {})).items.some((q) => q.id === id);

describe('a new quotation left untouched', () => {
  it('is removed without a trace when left', async () => {
    const onService = t.core.sandbox!.data.quotations.all().length;
    const q = await t.ok('quotations.create', {});
    expect(await listed(q.id)).toBe(true);
    expect(await t.ok('quotations.leave', { id: q.id })).toEqual({ queued: null });
    expect(store().quotations.findRow(q.id)).toBeNull();
    expect(store().outbox.forTarget(q.id, true)).toEqual([]);
    expect(await listed(q.id)).toBe(false);
    await t.core.sync.engine.pushNow();
    expect(t.core.sandbox!.data.quotations.all()).toHaveLength(onService);
  });

  it('is removed when what was typed was taken out again', async () => {
    const q = await t.ok('quotations.create', {});
    await t.ok('quotations.update', { id: q.id, patch: { reference: { line1: 'Dakgoot' } } });
    await t.ok('quotations.update', { id: q.id, patch: { reference: { line1: '' }, notes: '', showtotals: true } });
    await t.ok('quotations.leave', { id: q.id });
    expect(store().quotations.findRow(q.id)).toBeNull();
  });
});

describe('a new quotation typed into is kept', () => {
  const cases: [string, (id: string) => Promise<unknown>][] = [
    ['a reference', (id) => t.ok('quotations.update', { id, patch: { reference: { line2: 'Dakgoot' } } })],
    ['a note', (id) => t.ok('quotations.update', { id, patch: { notes: 'Bellen na 17:00' } })],
    ['another date', (id) => t.ok('quotations.update', { id, patch: { date: '2031-01-02' } })],
    ['totals hidden', (id) => t.ok('quotations.update', { id, patch: { showtotals: false } })],
    ['an empty line', (id) => t.ok('lines.add', { quotationId: id, line: { amount: 1, description: '' } })],
  ];
  for (const [what, type] of cases) {
    it(`with ${what}`, async () => {
      const q = await t.ok('quotations.create', {});
      await type(q.id);
      await t.ok('quotations.leave', { id: q.id });
      expect(store().quotations.findRow(q.id)).not.toBeNull();
      expect(await listed(q.id)).toBe(true);
    });
  }

  it('with a client, and then saved when left', async () => {
    const [client] = (await t.ok('clients.list', {})).items;
    const q = await t.ok('quotations.create', {});
    await t.ok('quotations.update', { id: q.id, patch: { clientId: client!.id } });
    const left = await t.ok('quotations.leave', { id: q.id });
    expect(left.queued).not.toBeNull();
    expect(store().quotations.findRow(q.id)).not.toBeNull();
  });
});
