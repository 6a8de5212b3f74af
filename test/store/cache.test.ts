import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';

describe('cache of service records', () => {
  it('writes pages and rewrites only what changed', () => {
    const { store, clock } = scratchStore();
    store.cache.putClients([{ clientnr: 1, company: 'A' }, { clientnr: 2, company: 'B' }], clock());
    const before = store.clients.byClientnr(1)!;
    clock.advance(1000);
    store.cache.putClients([{ clientnr: 1, company: 'A' }, { clientnr: 2, company: 'B2' }], clock());
    expect(store.clients.byClientnr(1)!.updatedAt).toBe(before.updatedAt);
    expect(store.clients.byClientnr(1)!.id).toBe(before.id);
    expect(store.clients.byClientnr(2)!.fields.company).toBe('B2');
    expect(store.cache.count('clients')).toBe(2);
  });

  it('removes clients gone from the service, but keeps and flags those local work needs', () => {
    const { store, clock } = scratchStore();
    store.cache.putClients([1, 2, 3, 4].map((n) => ({ clientnr: n, company: `C${n}` })), clock());
    const edited = store.clients.byClientnr(2)!;
    store.clients.update(edited.id, { city: 'Here' });
    const usedByDraft = store.clients.byClientnr(3)!;
    store.quotations.create({ clientId: usedByDraft.id });
    const local = store.clients.create({ company: 'Local only' });

    clock.advance(60_000);
    const started = clock();
    store.cache.putClients([{ clientnr: 4, company: 'C4' }], clock());
    const swept = store.cache.sweepClients(started);
    expect(swept.removed).toBe(1);
    expect(swept.flagged.sort()).toEqual([edited.id, usedByDraft.id].sort());
    expect(store.clients.byClientnr(1)).toBeNull();
    expect(store.clients.get(edited.id)).toMatchObject({ gone: true, fields: { city: 'Here' } });
    expect(store.clients.get(usedByDraft.id).gone).toBe(true);
    expect(store.clients.get(local.id).gone).toBe(false);
    // back on the service: the flag goes
    store.cache.putClients([{ clientnr: 2, company: 'C2' }], clock());
    expect(store.clients.get(edited.id).gone).toBe(false);
  });

  it('removes products and quotations gone from the service; flags edited drafts', () => {
    const { store, clock } = scratchStore();
    store.cache.putProducts([{ id: 1, name: 'p1' }, { id: 2, name: 'p2' }], clock());
    store.cache.putQuotations([{ id: 1, clientnr: 1, sent: true, lines: [] }, { id: 2, clientnr: 1, sent: false, lines: [] }], clock());
    const draft = store.quotations.byServerId(2)!;
    store.quotations.updateHeader(draft.id, { notes: 'mine' });
    clock.advance(1000);
    const started = clock();
    store.cache.putProducts([{ id: 2, name: 'p2' }], clock());
    store.cache.putQuotations([], clock());
    expect(store.cache.sweepProducts(started).removed).toBe(1);
    expect(store.cache.sweepQuotations(started)).toEqual({ removed: 1, flagged: [draft.id] });
    expect(store.cache.product(1)).toBeNull();
    expect(store.quotations.byServerId(1)).toBeNull();
    expect(store.quotations.get(draft.id)).toMatchObject({ gone: true, content: { notes: 'mine' } });
  });

  it('adopts a record carrying a local draft’s names instead of duplicating it', () => {
    const { store, clock } = scratchStore();
    const q = store.quotations.create({ notes: 'offline' });
    // its send went out, the answer was lost; a pull now sees the result
    store.cache.putQuotations([{ id: 77, clientnr: 1, sent: true, quotationreference: q.quotationreference!, lines: [] }], clock());
    expect(store.quotations.list({ includeDeleted: true })).toHaveLength(1);
    expect(store.quotations.get(q.id).serverId).toBe(77);
  });

  it('replaces the country list', () => {
    const { store } = scratchStore();
    store.cache.putCountries([{ id: 146, name: 'Nederland' }, { id: 21, name: 'België' }]);
    store.cache.putCountries([{ id: 146, name: 'Netherlands' }]);
    expect(store.cache.countries()).toEqual([{ id: 146, name: 'Netherlands' }]);
  });
});
