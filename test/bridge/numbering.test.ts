// The numbering scheme and its notices through the bridge: read, set, a
// pattern refused beside its field, and a draft numbered when the person saves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

describe('numbering through the bridge', () => {
  it('reads the default scheme, with the next free number past those the service holds', async () => {
    const v = await t.ok('numbering.get', {});
    expect(v).toMatchObject({ mode: 'own', pattern: 'OF{YYYY}-{####}', next: 1 });
    // the demo data holds the first numbers of this year: the example skips them
    const year = new Date().getFullYear();
    const held = new Set((await t.ok('quotations.list', {})).items.map((q) => q.quotationreference));
    expect(held.has(v.preview!)).toBe(false);
    expect(v.preview).toMatch(new RegExp(`^OF${year}-\\d{4}$`));
  });

  it('sets a scheme, and a draft takes its number when the person saves it', async () => {
    const v = await t.ok('numbering.set', { mode: 'own', pattern: 'Q-{YY}-{###}', next: 41 });
    const yy = String(new Date().getFullYear() % 100).padStart(2, '0');
    expect(v).toEqual({ mode: 'own', pattern: 'Q-{YY}-{###}', next: 41, preview: `Q-${yy}-041` });
    const client = (await t.ok('clients.search', { query: 'a' }))[0]!;
    const q = await t.ok('quotations.create', { clientId: client.id });
    expect(q.quotationreference).toBe('');
    await t.ok('lines.add', { quotationId: q.id, line: { description: 'Werk', amount: 1, price: 10, tax_rate: 21 } });
    await t.ok('quotations.saveToService', { id: q.id });
    expect((await t.ok('quotations.get', { id: q.id })).quotationreference).toBe(`Q-${yy}-041`);
    expect((await t.ok('numbering.get', {})).next).toBe(42);
  });

  it('refuses a pattern with the field and what to do, and changes nothing', async () => {
    const before = await t.ok('numbering.get', {});
    const r = await t.call('numbering.set', { mode: 'own', pattern: 'OF{YYYY}', next: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(r.error.fieldErrors).toEqual([{ field: 'pattern', message: expect.stringMatching(/no running number; add a run of # in braces/) }]);
    expect(await t.ok('numbering.get', {})).toEqual(before);
  });

  it('leaves numbering to the service and keeps the pattern for switching back', async () => {
    expect(await t.ok('numbering.set', { mode: 'service' })).toEqual({ mode: 'service', pattern: 'Q-{YY}-{###}', next: 41, preview: null });
    expect(await t.ok('numbering.get', {})).toMatchObject({ mode: 'service', preview: null });
  });

  it('gives and dismisses a quotation’s notice', async () => {
    const store = t.core.space.store;
    await t.ok('numbering.set', { mode: 'own', pattern: 'OF{YYYY}-{####}', next: 500 });
    const client = (await t.ok('clients.search', { query: 'a' }))[0]!;
    const q = await t.ok('quotations.create', { clientId: client.id });
    store.quotations.number(q.id);
    store.numbering.renumber(q.id, store.quotations.get(q.id).quotationreference!);
    const [notice] = await t.ok('numbering.notices', { quotationId: q.id });
    expect(notice).toMatchObject({ quotationId: q.id, why: 'service' });
    expect(notice!.to).toBe((await t.ok('quotations.get', { id: q.id })).quotationreference);
    expect(await t.ok('numbering.dismiss', { quotationId: q.id })).toEqual({ dismissed: true });
    expect(await t.ok('numbering.notices', { quotationId: q.id })).toEqual([]);
  });
});
