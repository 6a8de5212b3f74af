// Profiles and categories in the pull: read with the rest, kept offline, read
// again only now and then, and never the reason a pull fails; and a quotation
// naming both reaches the service with both.
import { describe, expect, it } from 'vitest';
import { LIST_REFRESH_MS } from '../../electron/sync/document-lists';
import { rig, type Rig } from './helpers';

const listReads = (r: Rig) => r.sb.requests().filter((q) => /\/(profiles|categories)/.test(q.url)).length;

describe('profiles and categories in the pull', () => {
  it('the first pull stores both lists, in the service order, with the default profile', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 2, quotations: 2 } });
    const summary = await r.engine.pull();
    expect(summary.lists).toEqual({ profiles: 'read', categories: 'read' });
    const profiles = r.store.documentLists.get('profiles');
    expect(profiles.state).toBe('available');
    expect(profiles.items).toEqual([
      { id: 1, name: 'Standaard', isDefault: true },
      { id: 2, name: 'English', isDefault: false },
      { id: 3, name: 'Zonder logo', isDefault: false },
    ]);
    expect(r.store.documentLists.get('categories').items.map((c) => c.name)).toEqual(['Algemeen', 'Advies', 'Webdesign', 'Onderhoud']);
  });

  it('keeps them offline and across a restart', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    await r.sb.setNetwork(false);
    const again = r.reopen();
    expect(again.store.documentLists.get('profiles')).toMatchObject({
      state: 'available',
      items: expect.arrayContaining([expect.objectContaining({ name: 'English' })]),
    });
    expect(again.store.documentLists.get('categories').items).toHaveLength(4);
  });

  it('a later pull does not ask again within a day; after a day, or when a person asks, it does and takes the changes', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    expect(listReads(r)).toBe(2);
    r.sb.data.account.categories.push({ id: 8, name: 'Fotografie' });
    expect((await r.engine.pull()).lists).toEqual({ profiles: 'kept', categories: 'kept' });
    expect(listReads(r)).toBe(2);
    expect(r.store.documentLists.get('categories').items).toHaveLength(4);

    await r.engine.pull({ priority: true });
    expect(listReads(r)).toBe(4);
    expect(r.store.documentLists.get('categories').items.at(-1)).toEqual({ id: 8, name: 'Fotografie', isDefault: false });

    r.sb.data.account.categories.pop();
    r.clock.advance(LIST_REFRESH_MS);
    expect((await r.engine.pull()).lists).toEqual({ profiles: 'read', categories: 'read' });
    expect(r.store.documentLists.get('categories').items).toHaveLength(4);
  });

  it('a service without them (404): the pull completes, the lists are marked not available', async () => {
    const r = await rig({ sandbox: { clients: 12, products: 5, quotations: 4, withoutLists: ['profiles', 'categories'] } });
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 12, products: 5, quotations: 4, lists: { profiles: 'unavailable', categories: 'unavailable' } });
    expect(summary.incomplete).toBeUndefined();
    expect(r.store.pulled.count('clients')).toBe(12);
    expect(r.store.documentLists.get('profiles')).toMatchObject({ state: 'unavailable', items: [] });
    expect(r.store.documentLists.get('categories').state).toBe('unavailable');

    // once the service offers them, the next read finds them
    r.sb.data.hiddenLists.clear();
    await r.engine.pull({ priority: true });
    expect(r.store.documentLists.get('profiles').state).toBe('available');
  });

  it('a garbled answer keeps the stored list, does not fail the pull, and is read again at the next pull', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    const good = r.sb.data.account.profiles;
    // a record without a usable id cannot be read
    r.sb.data.account.profiles = [{ id: 0, name: 'Kapot', default: true }];
    r.sb.data.clients.patch(1, { city: 'Nieuwegein' });
    const summary = await r.engine.pull({ priority: true });
    expect(summary.lists).toEqual({ profiles: 'failed', categories: 'read' });
    expect(r.store.clients.byClientnr(1)!.fields.city).toBe('Nieuwegein');
    expect(r.store.documentLists.get('profiles').items.map((p) => p.name)).toEqual(['Standaard', 'English', 'Zonder logo']);

    // not due by time, but the failed one is asked again
    r.sb.data.account.profiles = good.slice(0, 2);
    const before = listReads(r);
    expect((await r.engine.pull()).lists).toEqual({ profiles: 'read', categories: 'kept' });
    expect(listReads(r) - before).toBe(1);
    expect(r.store.documentLists.get('profiles').items).toHaveLength(2);
  });
});

describe('a quotation with a profile and a category', () => {
  it('reaches the service with both, saved and sent', async () => {
    const r = await rig();
    await r.engine.pull();
    const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 100, tax_rate: 21 });
    r.store.quotations.updateHeader(q.id, { profile: 2, category: 3 });
    await r.engine.flush();
    const saved = r.sb.data.quotations.get(r.store.quotations.get(q.id).serverId!)!;
    expect(saved).toMatchObject({ profile: 2, profile_name: 'English', category: 3, category_name: 'Webdesign', sent: false });

    r.store.quotations.updateHeader(q.id, { profile: 3 });
    r.store.quotations.send(q.id, 'email');
    await r.engine.flush();
    const sent = r.sb.data.quotations.get(r.store.quotations.get(q.id).serverId!)!;
    expect(sent).toMatchObject({ profile: 3, profile_name: 'Zonder logo', category: 3, sent: true });
    expect(r.sb.deliveries().filter((d) => d.quotationId === sent.id)).toHaveLength(1);
  });

  it('the default profile (none chosen) is not sent: the service picks its own', async () => {
    const r = await rig();
    await r.engine.pull();
    const client = r.store.clients.list()[0]!;
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.updateHeader(q.id, { profile: 2 });
    r.store.quotations.updateHeader(q.id, { profile: null, category: null });
    await r.engine.flush();
    const posts = r.sb.requestLog().filter((x) => x.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    const saved = r.sb.data.quotations.get(r.store.quotations.get(q.id).serverId!)!;
    expect(saved).toMatchObject({ profile: 1, category: 0 });
  });
});
