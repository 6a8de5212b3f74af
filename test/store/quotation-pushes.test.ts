// What a push of a quotation writes (store.quotationPushes): each method's
// rows, the outbox entry it finishes in the same transaction, and the
// `changed` event that names the tables it touched.
import { describe, expect, it } from 'vitest';
import type { Quotation } from '../../shared/schemas';
import type { Store } from '../../electron/store';
import { scratchStore } from './helpers';

/** The tables each committed change named, in order. */
function changes(store: Store): string[][] {
  const seen: string[][] = [];
  store.events.on('changed', (entities) => seen.push([...entities].sort()));
  return seen;
}

/** A draft of a known client, its first save waiting in the outbox. */
function draft(store: Store, clock: () => number) {
  store.pulled.putClients([{ clientnr: 3, company: 'Bakkerij Jansen' }], clock());
  const client = store.clients.byClientnr(3)!;
  const q = store.quotations.create({ clientId: client.id });
  store.quotations.addLine(q.id, { description: 'Brood', amount: 2, price: 3.5, tax_rate: 9 });
  const entry = store.outbox.forTarget(q.id)[0]!;
  return { q, entry };
}

function record(fields: Partial<Quotation> & { id: number }): Quotation {
  return { clientnr: 3, sent: false, lines: [], ...fields } as Quotation;
}

describe('the writes of a quotation push', () => {
  it('recordSaved: the row takes the server id, and the body as its service version and base until it is read back; the entry is done with it', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    const seen = changes(store);
    store.quotationPushes.recordSaved(entry.id, q.id, 41, record({ id: 41, notes: 'as sent' }));
    const row = store.quotations.row(q.id);
    expect(row).toMatchObject({ server_id: 41 });
    expect(JSON.parse(row.server!)).toMatchObject({ id: 41, notes: 'as sent' });
    // the next save tells a change made on the service from this one by it
    expect(JSON.parse(row.base!)).toMatchObject({ id: 41, notes: 'as sent' });
    expect(store.outbox.get(entry.id).state).toBe('done');
    expect(seen).toEqual([['outbox', 'quotations']]);
  });

  it('recordSaved: a row the pull made of the same quotation meanwhile goes, and what waited for it', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    store.pulled.putQuotations([record({ id: 41, savename: 'other' })], clock());
    const twin = store.quotations.byServerId(41)!;
    store.quotations.updateHeader(twin.id, { notes: 'typed into the twin' });
    const twinEntry = store.outbox.forTarget(twin.id)[0]!;
    store.quotationPushes.recordSaved(entry.id, q.id, 41, null);
    expect(store.quotations.findRow(twin.id)).toBeNull();
    expect(store.outbox.find(twinEntry.id)).toBeNull();
    expect(store.quotations.byServerId(41)!.id).toBe(q.id);
  });

  it('adoptServerId: the row mirrors the quotation an earlier attempt created', () => {
    const { store, clock } = scratchStore();
    const { q } = draft(store, clock);
    const seen = changes(store);
    store.quotationPushes.adoptServerId(q.id, 52);
    expect(store.quotations.row(q.id).server_id).toBe(52);
    expect(seen).toEqual([['outbox', 'quotations']]);
  });

  it('recordSavedVersion: the saved version read back is the base of later edits; unread, what was sent stays the base', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    store.quotationPushes.recordSaved(entry.id, q.id, 41, record({ id: 41, notes: 'as sent' }));
    const seen = changes(store);
    // the read failed: nothing changes
    store.quotationPushes.recordSavedVersion(q.id, 41, null);
    expect(JSON.parse(store.quotations.row(q.id).base!)).toMatchObject({ notes: 'as sent' });
    store.quotationPushes.recordSavedVersion(q.id, 41, record({ id: 41, notes: 'read back' }));
    const row = store.quotations.row(q.id);
    expect(JSON.parse(row.base!)).toMatchObject({ notes: 'read back' });
    expect(row.server).toBe(row.base);
    // the draft stays: its line ids are what the editor holds
    expect(store.quotations.get(q.id).content.lines[0]).toMatchObject({ description: 'Brood' });
    // a version of another quotation is not taken
    store.quotationPushes.recordSavedVersion(q.id, 99, record({ id: 99, notes: 'not ours' }));
    expect(JSON.parse(store.quotations.row(q.id).base!)).toMatchObject({ notes: 'read back' });
    // only the version read back wrote anything, and said so
    expect(seen).toEqual([['quotations']]);
  });

  it('names the row it wrote, so what shows that quotation reads it again', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    const named: (readonly string[] | undefined)[] = [];
    store.events.on('changed', (_entities, records) => named.push(records.unnamed.has('quotations') ? undefined : records.named.get('quotations')));
    store.quotationPushes.recordSaved(entry.id, q.id, 41, null);
    store.quotationPushes.recordServiceVersion(q.id, record({ id: 41, notes: 'theirs' }));
    expect(named).toEqual([[q.id], [q.id]]);
  });

  it('recordServiceVersion: what the service holds before the save replaces it is the next base', () => {
    const { store, clock } = scratchStore();
    const { q } = draft(store, clock);
    const seen = changes(store);
    store.quotationPushes.recordServiceVersion(q.id, record({ id: 41, notes: 'theirs' }));
    const row = store.quotations.row(q.id);
    expect(JSON.parse(row.base!)).toMatchObject({ notes: 'theirs' });
    expect(row.server).toBe(row.base);
    expect(seen).toEqual([['quotations']]);
  });

  it('recordSent: the sent id replaces the draft, the number it went out under is kept, the entry is done', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    const seen = changes(store);
    store.quotationPushes.recordSent(entry.id, q.id, 77, record({ id: 77, sent: true, quotationreference: 'OF-2026-0012' }));
    const row = store.quotations.row(q.id);
    expect(row).toMatchObject({ server_id: 77, draft: null, base: null, gone: 0, quotationreference: 'OF-2026-0012' });
    expect(store.quotations.get(q.id).sent).toBe(true);
    expect(store.outbox.get(entry.id).state).toBe('done');
    expect(seen.at(-1)).toEqual(expect.arrayContaining(['outbox', 'quotations']));
  });

  it('recordSentRead: the record read after the send is kept as a pull keeps it, only while the row mirrors it', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    store.quotationPushes.recordSent(entry.id, q.id, 77, record({ id: 77, sent: true }));
    const seen = changes(store);
    store.quotationPushes.recordSentRead(q.id, record({ id: 77, sent: true, notes: 'with the link' }));
    expect(JSON.parse(store.quotations.row(q.id).server!)).toMatchObject({ notes: 'with the link' });
    store.quotationPushes.recordSentRead(q.id, record({ id: 78, sent: true, notes: 'another one' }));
    expect(store.quotations.byServerId(78)).toBeNull();
    expect(seen).toEqual([['quotations']]);
  });

  it('recordSentChange: approval and status show on the sent record; the entry is done', () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations([record({ id: 9, sent: true, customstatus: '' })], clock());
    const q = store.quotations.byServerId(9)!;
    store.quotations.setCustomStatus(q.id, 'billable');
    const entry = store.outbox.forTarget(q.id)[0]!;
    const seen = changes(store);
    store.quotationPushes.recordSentChange(entry.id, q.id, { customstatus: 'billable' });
    expect(JSON.parse(store.quotations.row(q.id).server!)).toMatchObject({ id: 9, customstatus: 'billable' });
    expect(store.outbox.get(entry.id).state).toBe('done');
    expect(seen).toEqual([['outbox', 'quotations']]);
  });

  it('markGone: the row is flagged and the entry parked as a conflict holding the local draft', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    const seen = changes(store);
    store.quotationPushes.markGone(entry.id, q.id);
    expect(store.quotations.get(q.id).gone).toBe(true);
    expect(store.outbox.get(entry.id)).toMatchObject({ state: 'parked', lastError: { kind: 'conflict' } });
    const [c] = store.conflicts.open();
    expect(c).toMatchObject({ kind: 'deleted', target: q.id, opId: entry.id, theirs: null });
    expect((c!.mine as { lines: unknown[] }).lines).toHaveLength(1);
    expect(seen).toEqual([['conflicts', 'outbox', 'quotations']]);
  });

  it('recordDraftConflict: the save is parked with both versions', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    const theirs = record({ id: 41, notes: 'theirs' });
    store.quotationPushes.recordDraftConflict(entry.id, q.id, {
      mine: store.quotations.get(q.id).content,
      theirs,
      base: record({ id: 41 }),
      fields: ['notes'],
    });
    expect(store.outbox.get(entry.id).state).toBe('parked');
    expect(store.conflicts.open()[0]).toMatchObject({ kind: 'draft', target: q.id, theirs: { notes: 'theirs' }, fields: ['notes'] });
  });

  it('recordDeleted: the row goes with its entry done', () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations([record({ id: 9, sent: true })], clock());
    const q = store.quotations.byServerId(9)!;
    store.quotations.delete(q.id);
    const entry = store.outbox.forTarget(q.id)[0]!;
    const seen = changes(store);
    store.quotationPushes.recordDeleted(entry.id, q.id);
    expect(store.quotations.findRow(q.id)).toBeNull();
    expect(store.outbox.get(entry.id).state).toBe('done');
    expect(seen).toEqual([['outbox', 'quotations']]);
  });

  it('recordClient: a client a draft on the service names is known here', () => {
    const { store } = scratchStore();
    const seen = changes(store);
    store.quotationPushes.recordClient({ clientnr: 12, company: 'Nieuw op de dienst' } as never);
    expect(store.clients.byClientnr(12)!.fields.company).toBe('Nieuw op de dienst');
    expect(seen).toEqual([['clients']]);
  });

  it('a write that fails leaves neither the row nor the entry changed', () => {
    const { store, clock } = scratchStore();
    const { q, entry } = draft(store, clock);
    const seen = changes(store);
    // an entry that does not exist: marking it done throws inside the transaction
    expect(() => store.quotationPushes.recordSent(entry.id + 1000, q.id, 77, null)).toThrow();
    expect(store.quotations.row(q.id).server_id).toBeNull();
    expect(store.outbox.get(entry.id).state).toBe('pending');
    expect(seen).toEqual([]);
  });
});
