import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';
import { StoreError } from '../../electron/store';
import { serializeError } from '../../electron/bridge/errors';
import { formatMessage } from '../../shared/messages';

describe('local clients', () => {
  it('creates a client offline with one create entry in the outbox', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'Bakkerij Jansen', email: 'info@jansen.nl' });
    expect(c).toMatchObject({ clientnr: null, state: 'new', fields: { company: 'Bakkerij Jansen' } });
    const ops = store.outbox.list();
    expect(ops.map((o) => [o.kind, o.target, o.state])).toEqual([['client.create', c.id, 'pending']]);
  });

  it('collapses edits of a client not yet created into its create', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    store.clients.update(c.id, { city: 'Utrecht' });
    store.clients.update(c.id, { city: 'Zwolle', phone: '0612345678' });
    expect(store.outbox.list()).toHaveLength(1);
    expect(store.clients.get(c.id).fields).toEqual({ company: 'A', city: 'Zwolle', phone: '0612345678' });
  });

  it('queues an update after a create that already went out, and keeps their order', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    const create = store.outbox.list()[0]!;
    store.outbox.markInFlight(create.id, { company: 'A' });
    store.clients.update(c.id, { city: 'Delft' });
    store.clients.update(c.id, { city: 'Breda' });
    const ops = store.outbox.list();
    expect(ops.map((o) => o.kind)).toEqual(['client.create', 'client.update']);
    // the update waits for the create
    expect(store.outbox.ready(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    store.outbox.markDone(create.id);
    expect(store.outbox.ready(Number.MAX_SAFE_INTEGER, 10).map((o) => o.kind)).toEqual(['client.update']);
  });

  it('edits a cached client with its base version kept, one update however many edits', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 7, company: 'Old', city: 'Ede', active: true }], clock());
    const c = store.clients.byClientnr(7)!;
    expect(c.state).toBe('synced');
    store.clients.update(c.id, { city: 'Epe' });
    store.clients.update(c.id, { company: 'New' });
    const row = store.clients.row(c.id);
    expect(JSON.parse(row.base!)).toEqual({ clientnr: 7, company: 'Old', city: 'Ede', active: true });
    expect(store.clients.get(c.id)).toMatchObject({ state: 'edited', fields: { company: 'New', city: 'Epe', active: true } });
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['client.update']);
    // a pull meanwhile changes the service version only
    store.pulled.putClients([{ clientnr: 7, company: 'Theirs', city: 'Ede', active: true }], clock());
    expect(store.clients.get(c.id).fields.company).toBe('New');
    expect(JSON.parse(store.clients.row(c.id).base!).company).toBe('Old');
  });

  it('keeps what is typed even when the service would refuse it, and names the field', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A', email: 'jan@' });
    expect(store.clients.get(c.id).fields.email).toBe('jan@');
    expect(store.clients.errors(c.id).map((e) => e.field)).toEqual(['email']);
    store.clients.update(c.id, { email: 'jan@example.com', top: '' });
    expect(store.clients.errors(c.id)).toEqual([]);
  });

  it('refuses unknown fields and non-scalar values with a clear error, changing nothing', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    expect(() => store.clients.update(c.id, { bogus: 1 } as never)).toThrow(/"bogus" is not a client field/);
    expect(() => store.clients.update(c.id, { city: { x: 1 } } as never)).toThrow(StoreError);
    expect(() => store.clients.update(c.id, { clientnr: 5 } as never)).toThrow(/clientnr/);
    expect(store.clients.get(c.id).fields).toEqual({ company: 'A' });
  });

  it('deletes a never-sent client without telling the service', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'Gone' });
    store.clients.delete(c.id);
    expect(store.clients.find(c.id)).toBeNull();
    expect(store.outbox.list()).toEqual([]);
  });

  it('deletes a service client: pending update dropped, delete queued, hidden from lists', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 3, company: 'Three' }], clock());
    const c = store.clients.byClientnr(3)!;
    store.clients.update(c.id, { city: 'X' });
    store.clients.delete(c.id);
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['client.delete']);
    expect(store.clients.get(c.id).state).toBe('deleting');
    expect(store.clients.list().map((x) => x.id)).not.toContain(c.id);
    expect(() => store.clients.update(c.id, { city: 'Y' })).toThrow(/being deleted/);
  });

  it('refuses to delete a client a quotation here still uses', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'Used' });
    store.quotations.create({ clientId: c.id });
    expect(() => store.clients.delete(c.id)).toThrow(/used by 1 quotation on this computer; delete it/);
  });

  it("counts every quotation here that shows the client when it refuses to delete it, drafts and the service's alike", () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 7, company: 'Twice' }], clock());
    store.pulled.putQuotations(
      [
        { id: 70, clientnr: 7, sent: true, lines: [] },
        { id: 71, clientnr: 8, sent: true, lines: [] },
      ],
      clock(),
    );
    const c = store.clients.byClientnr(7)!;
    store.quotations.create({ clientId: c.id });
    expect(store.clients.shownOn(c.id)).toBe(2);
    let refused: unknown;
    try {
      store.clients.delete(c.id);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(StoreError);
    expect(refused).toMatchObject({ code: 'not_allowed', key: 'bridge.client_in_use.other', params: { count: 2 } });
    expect((refused as Error).message).toMatch(/used by 2 quotations on this computer/);
    expect(serializeError(refused)).toMatchObject({ messageKey: 'bridge.client_in_use.other', params: { count: 2 } });
    expect(formatMessage('bridge.client_in_use.other', { count: 2 }, 'nl')).toBe(
      'Deze klant wordt gebruikt door 2 offertes op deze computer. Verwijder die offertes of geef ze eerst een andere klant; er is niets gewijzigd.',
    );
    expect(store.clients.get(c.id).state).not.toBe('deleting');
  });

  it('lists clients by company name', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(
      [
        { clientnr: 1, company: 'zeta' },
        { clientnr: 2, company: 'Alpha' },
        { clientnr: 3, company: '', contact: 'Mia' },
      ],
      clock(),
    );
    store.clients.create({ company: 'Beta' });
    expect(store.clients.list().map((c) => c.fields.company || c.fields.contact)).toEqual(['Alpha', 'Beta', 'Mia', 'zeta']);
    expect(store.clients.count()).toBe(4);
  });

  it('lists a page of the active clients, in name order after local edits, with the count of all of them', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(
      Array.from({ length: 30 }, (_, i) => ({ clientnr: i + 1, company: `Client ${String(i + 1).padStart(2, '0')}`, active: i % 10 !== 9 })),
      clock(),
    );
    const names = (cs: { fields: { company?: unknown } }[]) => cs.map((c) => c.fields.company);
    expect(store.clients.count({ includeInactive: false })).toBe(27);
    expect(store.clients.count()).toBe(30);
    expect(names(store.clients.list({ includeInactive: false, offset: 8, limit: 3 }))).toEqual(['Client 09', 'Client 11', 'Client 12']);
    // renamed here: the order and the active flag follow the local version
    const c5 = store.clients.byClientnr(5)!;
    store.clients.update(c5.id, { company: 'Aardappel', active: false });
    const c10 = store.clients.byClientnr(10)!;
    store.clients.update(c10.id, { active: 'true' });
    expect(names(store.clients.list({ limit: 2 }))).toEqual(['Aardappel', 'Client 01']);
    expect(names(store.clients.list({ includeInactive: false, limit: 2 }))).toEqual(['Client 01', 'Client 02']);
    expect(names(store.clients.list({ includeInactive: false, offset: 8, limit: 2 }))).toEqual(['Client 10', 'Client 11']);
    expect(store.clients.count({ includeInactive: false })).toBe(27);
    store.clients.delete(store.clients.byClientnr(1)!.id);
    expect(store.clients.count({ includeInactive: false })).toBe(26);
    expect(store.clients.count({ includeInactive: false, includeDeleted: true })).toBe(27);
  });
});
