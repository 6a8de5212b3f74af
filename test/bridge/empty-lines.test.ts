// A line nobody filled in is not sent, does not block the quotation, and a
// problem of a later line still names that line. Against the real core: the
// demo sandbox over HTTP, SQLite on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';
import { isEmptyLine } from '../../shared/empty-line';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

async function draftWith(lines: Record<string, unknown>[]) {
  const [client] = (await t.ok('clients.list', {})).items;
  const q = await t.ok('quotations.create', { clientId: client!.id });
  const ids: string[] = [];
  for (const line of lines) ids.push((await t.ok('lines.add', { quotationId: q.id, line: line as never })).id);
  return { id: q.id, ids };
}

describe('which line is empty', () => {
  it('is one with nothing typed but the 1 a new line starts with', () => {
    expect(isEmptyLine({ amount: 1, description: '' })).toBe(true);
    expect(isEmptyLine({ description: '  ' })).toBe(true);
    expect(isEmptyLine({ amount: 1, description: '', tax_rate: 21, price: 0 })).toBe(true);
    expect(isEmptyLine({ amount: 2, description: '' })).toBe(false);
    expect(isEmptyLine({ amount: 1, description: '', price: 5 })).toBe(false);
    expect(isEmptyLine({ amount: 1, description: 'Voorrijkosten' })).toBe(false);
    expect(isEmptyLine({ amount: 1, description: '', discount_pct: 10 })).toBe(false);
    expect(isEmptyLine({ amount: 1, amount_desc: 'uur' })).toBe(false);
  });
});

describe('empty lines', () => {
  it('are left out of what the service gets, and block nothing', async () => {
    const { id } = await draftWith([
      { amount: 1, description: '' },
      { amount: 2, description: 'Dakgoot vervangen', price: 120, tax_rate: 21 },
      { description: '' },
    ]);
    expect(t.core.space.store.quotations.errors(id)).toEqual([]);
    await t.ok('quotations.saveToService', { id });
    await t.core.sync.engine.pushNow();
    const view = await t.ok('quotations.get', { id });
    expect(view.serverId).not.toBeNull();
    const saved = t.core.sandbox!.data.quotations.get(view.serverId!)!;
    expect(saved.lines).toHaveLength(1);
    expect(saved.lines[0]).toMatchObject({ description: 'Dakgoot vervangen', amount: 2, price: 120 });
    // nothing is lost here: the empty lines are still there to type into
    expect(view.lines).toHaveLength(3);
  });

  it('keep the problem of a later line on that line', async () => {
    const { id } = await draftWith([
      { amount: 1, description: '' },
      { amount: 1, description: 'Goot', price: 1.23456 },
    ]);
    expect(t.core.space.store.quotations.errors(id).map((e) => e.field)).toEqual(['lines.1.price']);
    const r = await t.call('quotations.saveToService', { id });
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: [{ field: 'lines.1.price' }] } });
    // left instead of saved: the push checks the body it would send and parks it, naming the same line
    await t.ok('quotations.leave', { id });
    await t.core.sync.engine.pushNow();
    expect((await t.ok('quotations.get', { id })).fieldErrors.map((e) => e.field)).toEqual(['lines.1.price']);
  });
});
