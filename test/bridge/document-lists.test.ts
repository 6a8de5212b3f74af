// Profiles and categories through the bridge: the kept lists, the choice on a
// draft, and a client's default category offered for its quotations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(() => t.close());

const clientId = async (name: string) => (await t.ok('clients.search', { query: name }))[0]!.id;

describe('document lists through the bridge', () => {
  it('says a list was never read before the first pull, and gives it after', async () => {
    expect(await t.ok('profiles.list', {})).toEqual({ state: 'unknown', items: [] });
    await pullAll(t.core);
    const profiles = await t.ok('profiles.list', {});
    expect(profiles.state).toBe('available');
    expect(profiles.items.find((p) => p.isDefault)?.name).toBe('Standaard');
    expect((await t.ok('categories.list', {})).items.map((c) => c.name)).toContain('Webdesign');
  });

  it('a list the service stopped offering says so, and keeps its entries to name earlier choices', async () => {
    const store = t.core.space.store;
    store.documentLists.markUnavailable('categories', Date.now());
    try {
      const view = await t.ok('categories.list', {});
      expect(view.state).toBe('unavailable');
      expect(view.items.map((c) => c.name)).toContain('Webdesign');
    } finally {
      store.documentLists.put(
        'categories',
        [
          { id: 1, name: 'Algemeen' },
          { id: 2, name: 'Advies' },
          { id: 3, name: 'Webdesign' },
          { id: 4, name: 'Onderhoud' },
        ],
        Date.now(),
      );
    }
  });

  it('keeps a chosen profile and category on the draft, and null for the default', async () => {
    const q = await t.ok('quotations.create', {});
    expect(q).toMatchObject({ profile: null, category: null });
    expect(await t.ok('quotations.update', { id: q.id, patch: { profile: 2, category: 4 } })).toMatchObject({ profile: 2, category: 4 });
    expect(await t.ok('quotations.get', { id: q.id })).toMatchObject({ profile: 2, category: 4 });
    expect(await t.ok('quotations.update', { id: q.id, patch: { profile: null } })).toMatchObject({ profile: null, category: 4 });
    for (const bad of [0, -1, 1.5, '2']) {
      const r = await t.call('quotations.update', { id: q.id, patch: { profile: bad } });
      expect(r.ok).toBe(false);
    }
    expect((await t.ok('quotations.get', { id: q.id })).profile).toBeNull();
  });

  it('offers the client default category for a new quotation, and follows a change of client until someone chooses', async () => {
    const lindeboom = await clientId('Lindeboom'); // default category 3
    const brightwater = await clientId('Brightwater'); // default category 2
    const plain = await clientId('Gouden Korst'); // none

    expect((await t.ok('quotations.create', { clientId: lindeboom })).category).toBe(3);

    const q = await t.ok('quotations.create', {});
    expect((await t.ok('quotations.update', { id: q.id, patch: { clientId: brightwater } })).category).toBe(2);
    expect((await t.ok('quotations.update', { id: q.id, patch: { clientId: lindeboom } })).category).toBe(3);
    expect((await t.ok('quotations.update', { id: q.id, patch: { clientId: plain } })).category).toBeNull();

    // chosen by the person: another client does not change it
    await t.ok('quotations.update', { id: q.id, patch: { category: 4 } });
    expect((await t.ok('quotations.update', { id: q.id, patch: { clientId: brightwater } })).category).toBe(4);
    // a category sent with the client is the person's
    const r = await t.ok('quotations.create', {});
    expect((await t.ok('quotations.update', { id: r.id, patch: { clientId: lindeboom, category: 1 } })).category).toBe(1);
  });
});
