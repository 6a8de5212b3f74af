// Every operation of the contract through the dispatcher, against the real
// core: the demo sandbox over HTTP, the SQLite store on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, type ClientSummary, type QuotationView } from '../../shared/bridge';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const store = () => t.core.space.store;

describe('catalogue and clients', () => {
  it('lists active clients by name, with paging and a total', async () => {
    const all = await t.ok('clients.list', {});
    expect(all.total).toBe(11); // the demo has 12 clients, one inactive
    expect(all.items.every((c) => c.active && c.state === 'synced' && c.clientnr !== null)).toBe(true);
    const names = all.items.map((c) => c.company.toLowerCase());
    expect(names).toEqual([...names].sort());
    const withInactive = await t.ok('clients.list', { includeInactive: true });
    expect(withInactive.total).toBe(12);
    expect(withInactive.items.find((c) => !c.active)?.company).toBe('Fysiotherapie Zuid');
    const page = await t.ok('clients.list', { offset: 2, limit: 3 });
    expect(page.items.map((c) => c.id)).toEqual(all.items.slice(2, 5).map((c) => c.id));
    expect(page.total).toBe(11);
  });

  it('finds clients by a prefix of any word, accents and case aside', async () => {
    const hits = await t.ok('clients.search', { query: 'bakk' });
    expect(hits.map((c) => c.company)).toEqual(['Bakkerij De Gouden Korst']);
    const listed = await t.ok('clients.list', { query: 'CAFE' });
    expect(listed.items.map((c) => c.company)).toEqual(["Café 't Hoekje"]);
    expect(await t.ok('clients.search', { query: '   ' })).toEqual([]);
  });

  it('creates, gets, updates and deletes a client, queueing each for the service', async () => {
    const created = await t.ok('clients.create', { fields: { company: 'Nieuw B.V.', email: 'info@nieuw.nl', country: 'Nederland' } });
    expect(created).toMatchObject({ company: 'Nieuw B.V.', clientnr: null, state: 'pending', fields: { company: 'Nieuw B.V.', country: 'Nederland' } });
    expect(
      store()
        .outbox.forTarget(created.id)
        .map((o) => o.kind),
    ).toEqual(['client.create']);
    const updated = await t.ok('clients.update', { id: created.id, patch: { city: 'Leiden' } });
    expect(updated.city).toBe('Leiden');
    expect(store().outbox.forTarget(created.id)).toHaveLength(1); // the edit joins the queued create
    const got = await t.ok('clients.get', { id: created.id });
    expect(got).toMatchObject({ id: created.id, city: 'Leiden', fieldErrors: [], conflictId: null, hasDocuments: false });
    // never on the service: deleting it here is the end of it
    expect(await t.ok('clients.delete', { id: created.id })).toEqual({ deleted: true, queued: null });
    expect(store().clients.find(created.id)).toBeNull();
  });

  it('queues the delete of a client the service has', async () => {
    const [victim] = (await t.ok('clients.search', { query: 'Dekker' })) as ClientSummary[];
    const r = await t.ok('clients.delete', { id: victim!.id });
    expect(r.deleted).toBe(true);
    expect(r.queued).toMatchObject({ when: 'now', operationId: expect.stringMatching(/^\d+$/) });
    expect(store().outbox.get(Number(r.queued!.operationId)).kind).toBe('client.delete');
  });

  it('answers not_found for a client that does not exist', async () => {
    const r = await t.call('clients.get', { id: 'no-such-client' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'not_found', messageKey: 'store.not_found.client' } });
  });

  it('lists and searches products, and the countries', async () => {
    const products = await t.ok('products.list', {});
    expect(products.total).toBe(12);
    expect(products.items[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), price: expect.any(Number), taxes: expect.any(Number) });
    const page = await t.ok('products.list', { offset: 10, limit: 5 });
    expect(page.items).toHaveLength(2);
    expect((await t.ok('products.search', { query: 'koffie' })).map((p) => p.code)).toEqual(['KOFFIE-1KG']);
    expect((await t.ok('products.list', { query: 'logo' })).items.map((p) => p.code)).toEqual(['LOGO']);
    const countries = await t.ok('countries.list', {});
    expect(countries.find((c) => c.id === 146)?.name).toBe('Nederland');
    const english = await t.ok('countries.list', { lang: 'en' });
    expect(english.find((c) => c.id === 146)?.name).toBe('Netherlands');
  });
});

describe('quotations and lines', () => {
  let draft: QuotationView;
  let clientId: string;

  beforeAll(async () => {
    clientId = (await t.ok('clients.search', { query: 'Lindeboom' }))[0]!.id;
  });

  it('lists the pulled quotations with their states', async () => {
    const list = (await t.ok('quotations.list', {})).items;
    expect(list.length).toBe(8);
    const states = new Set(list.map((q) => q.state));
    expect(states.has('saved')).toBe(true);
    expect(states.has('sent')).toBe(true);
    expect(states.has('approved')).toBe(true);
    const sentOnly = (await t.ok('quotations.list', { states: ['sent'] })).items;
    expect(sentOnly.length).toBeGreaterThan(0);
    expect(sentOnly.every((q) => q.state === 'sent')).toBe(true);
    const byClient = (await t.ok('quotations.list', { query: list[0]!.client!.name.slice(0, 6) })).items;
    expect(byClient.map((q) => q.id)).toContain(list[0]!.id);
    const sent = list.find((q) => q.state === 'sent')!;
    const view = await t.ok('quotations.get', { id: sent.id });
    expect(view).toMatchObject({ sent: true, readOnly: true, serverId: expect.any(Number) });
    expect(view.serviceTotal).toBe(view.totalintax);
    expect(view.sign_url).toMatch(/^http/);
  });

  it('creates a draft for a client, edits its header, and keeps one save queued', async () => {
    draft = await t.ok('quotations.create', { clientId });
    expect(draft).toMatchObject({
      client: { id: clientId, name: 'Studio Lindeboom' },
      state: 'pending',
      sent: false,
      readOnly: false,
      lines: [],
      totalintax: '0.00',
    });
    expect(draft.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const edited = await t.ok('quotations.update', {
      id: draft.id,
      patch: { reference: { line1: 'Project X' }, quotationperiod: 14, date: '2026-03-01', notes: 'n' },
    });
    expect(edited).toMatchObject({ reference: { line1: 'Project X', line2: '', line3: '' }, quotationperiod: 14, datedue: '2026-03-15', notes: 'n' });
    const again = await t.ok('quotations.update', { id: draft.id, patch: { reference: { line2: 'Fase 2' } } });
    expect(again.reference).toEqual({ line1: 'Project X', line2: 'Fase 2', line3: '' });
    expect(
      store()
        .outbox.forTarget(draft.id)
        .map((o) => o.kind),
    ).toEqual(['quotation.save']);
  });

  it('adds, changes, moves, duplicates and removes lines; totals follow', async () => {
    const a = await t.ok('lines.add', { quotationId: draft.id, line: { description: 'Advies', amount: 2, price: 95, tax_rate: 21 } });
    expect(a).toMatchObject({ description: 'Advies', amount: 2, price: 95, tax_rate: 21 });
    const logo = (await t.ok('products.search', { query: 'logo' }))[0]!;
    const b = await t.ok('lines.add', { quotationId: draft.id, line: { amount: 3 }, fromProductId: logo.id });
    expect(b).toMatchObject({ description: 'Logo ontwerp', amount: 3, price: 450, tax_rate: 21 });
    const text = await t.ok('lines.add', { quotationId: draft.id, index: 0, line: { description: 'Zie bijlage' } });
    expect(text).toEqual({ id: text.id, description: 'Zie bijlage', index: 0 });
    const changed = await t.ok('lines.update', { quotationId: draft.id, lineId: a.id, patch: { amount: 4, discount_pct: 10 } });
    expect(changed).toMatchObject({ id: a.id, amount: 4, discount_pct: 10, price: 95 });
    expect(await t.ok('lines.move', { quotationId: draft.id, lineId: text.id, toIndex: 2 })).toEqual({ order: [a.id, b.id, text.id] });
    const copy = await t.ok('lines.duplicate', { quotationId: draft.id, lineId: b.id });
    expect(copy).toMatchObject({ description: 'Logo ontwerp', amount: 3 });
    expect(copy.id).not.toBe(b.id);
    expect(await t.ok('lines.remove', { quotationId: draft.id, lineId: copy.id })).toEqual({ order: [a.id, b.id, text.id] });
    const view = await t.ok('quotations.get', { id: draft.id });
    // 4 × 95 less 10 % = 342.00; 3 × 450 = 1350.00; 21 % tax on 1692.00 = 355.32
    expect(view.totalintax).toBe('2047.32');
    expect(view.serviceTotal).toBeNull();
  });

  it('answers not_found for a line that is not on the quotation', async () => {
    const r = await t.call('lines.update', { quotationId: draft.id, lineId: 'nope', patch: { amount: 1 } });
    expect(r).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('duplicates a quotation as a new draft with the same client and lines', async () => {
    const copy = await t.ok('quotations.duplicate', { id: draft.id });
    expect(copy.id).not.toBe(draft.id);
    expect(copy.client?.id).toBe(clientId);
    expect(copy.lines.map((l) => l.description)).toEqual(['Advies', 'Logo ontwerp', 'Zie bijlage']);
    expect(copy.reference.line1).toBe('Project X');
    expect(copy.savename).not.toBe(draft.savename);
    expect(await t.ok('quotations.delete', { id: copy.id })).toEqual({ deleted: true, queued: null });
  });

  it('refuses to save or send a draft the service would refuse, naming the fields', async () => {
    const bad = await t.ok('quotations.create', {});
    await t.ok('lines.add', { quotationId: bad.id, line: { amount: 1, price: 1.2345 } });
    const r = await t.call('quotations.send', { id: bad.id, sendmethod: 'email' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(r.error.fieldErrors?.map((f) => f.field)).toEqual(expect.arrayContaining(['clientId', 'lines.0.price']));
    expect(store().quotations.get(bad.id).sent).toBe(false);
    const s = await t.call('quotations.saveToService', { id: bad.id });
    expect(s).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });

  it('saves a draft to the service and sends it; a sent quotation is read-only', async () => {
    const saved = await t.ok('quotations.saveToService', { id: draft.id });
    expect(saved).toMatchObject({ when: 'now', operationId: expect.stringMatching(/^\d+$/) });
    const sent = await t.ok('quotations.send', { id: draft.id, sendmethod: 'email' });
    expect(store().outbox.get(Number(sent.operationId)).kind).toBe('quotation.send');
    const view = await t.ok('quotations.get', { id: draft.id });
    expect(view).toMatchObject({ sent: true, readOnly: true, state: 'pending' });
    const edit = await t.call('quotations.update', { id: draft.id, patch: { notes: 'too late' } });
    expect(edit).toMatchObject({ ok: false, error: { kind: 'conflict_state' } });
    const again = await t.call('quotations.send', { id: draft.id, sendmethod: 'email' });
    expect(again).toMatchObject({ ok: false, error: { kind: 'conflict_state' } });
  });

  it('approves, removes the approval and sets a custom status on a sent quotation only', async () => {
    const sent = (await t.ok('quotations.list', { states: ['sent'] })).items[0]!;
    const approved = await t.ok('quotations.approve', { id: sent.id, name: 'J. de Vries', date: '2026-03-02', comments: 'akkoord' });
    expect(store().outbox.get(Number(approved.operationId)).payload).toEqual({ approved: { name: 'J. de Vries', date: '2026-03-02', comments: 'akkoord' } });
    expect((await t.ok('quotations.get', { id: sent.id })).approved).toMatchObject({ name: 'J. de Vries' });
    const removed = await t.ok('quotations.removeApproval', { id: sent.id });
    expect(removed.operationId).toBe(approved.operationId); // the two collapse into one queued change
    expect((await t.ok('quotations.get', { id: sent.id })).approved).toBeNull();
    await t.ok('quotations.setCustomStatus', { id: sent.id, status: 'billable' });
    expect((await t.ok('quotations.get', { id: sent.id })).customstatus).toBe('billable');
    const fresh = await t.ok('quotations.create', {});
    const r = await t.call('quotations.approve', { id: fresh.id, name: 'X', date: '2026-03-02' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'conflict_state' } });
  });

  it('deletes a quotation the service has by queueing the delete', async () => {
    const saved = (await t.ok('quotations.list', { states: ['saved'] })).items[0]!;
    const r = await t.ok('quotations.delete', { id: saved.id });
    expect(r.queued).not.toBeNull();
    expect(store().outbox.get(Number(r.queued!.operationId)).kind).toBe('quotation.delete');
    expect((await t.ok('quotations.list', {})).items.map((q) => q.id)).not.toContain(saved.id);
  });
});

describe('outbox, conflicts, sync, settings', () => {
  it('lists a parked operation with its reason, retries it and discards another', async () => {
    const c = await t.ok('clients.create', { fields: { company: 'Geparkeerd' } });
    const op = store().outbox.forTarget(c.id)[0]!;
    store().outbox.park(op.id, {
      kind: 'validation',
      message: 'email: must be an e-mail address',
      fieldErrors: [{ field: 'email', message: 'must be an e-mail address' }],
      status: 422,
    });
    const parked = await t.ok('outbox.parked', {});
    const mine = parked.find((p) => p.id === String(op.id))!;
    expect(mine).toMatchObject({
      kind: 'client.create',
      entity: 'client',
      entityId: c.id,
      label: 'Create client Geparkeerd',
      reason: { kind: 'validation', messageKey: 'bridge.parked', fieldErrors: [{ field: 'email' }] },
    });
    expect((await t.ok('clients.get', { id: c.id })).state).toBe('attention');
    expect((await t.ok('clients.get', { id: c.id })).fieldErrors).toEqual([{ field: 'email', message: 'must be an e-mail address' }]);
    const retried = await t.ok('outbox.retry', { id: String(op.id) });
    expect(retried.operationId).toBe(String(op.id));
    expect(store().outbox.get(op.id).state).toBe('pending');
    store().outbox.park(op.id, { kind: 'validation', message: 'still wrong' });
    expect(await t.ok('outbox.discard', { id: String(op.id) })).toEqual({ discarded: true });
    expect(store().clients.find(c.id)).toBeNull();
    const missing = await t.call('outbox.retry', { id: 'abc' });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('lists a conflict with both versions and resolves it', async () => {
    const client = (await t.ok('clients.search', { query: 'Hendriks' }))[0]!;
    const updated = await t.ok('clients.update', { id: client.id, patch: { phone: '040-1111111' } });
    const op = store().outbox.forTarget(updated.id)[0]!;
    const theirs = { ...(JSON.parse(store().clients.row(client.id).server!) as object), phone: '040-9999999' };
    store().conflicts.record({
      kind: 'fields',
      targetKind: 'client',
      target: client.id,
      opId: op.id,
      mine: store().clients.get(client.id).fields,
      theirs,
      base: null,
      fields: ['phone'],
    });
    const conflicts = await t.ok('conflicts.list', {});
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      entity: 'client',
      entityId: client.id,
      fields: ['phone'],
      deletedOnService: false,
      mine: { phone: '040-1111111' },
      theirs: { phone: '040-9999999' },
    });
    expect((await t.ok('clients.get', { id: client.id })).state).toBe('conflict');
    expect(await t.ok('conflicts.resolve', { id: conflicts[0]!.id, resolution: 'theirs' })).toEqual({ resolved: true });
    expect(await t.ok('conflicts.list', {})).toEqual([]);
    expect((await t.ok('clients.get', { id: client.id })).fields.phone).toBe('040-9999999');
    const twice = await t.call('conflicts.resolve', { id: conflicts[0]!.id, resolution: 'theirs' });
    expect(twice).toMatchObject({ ok: false, error: { kind: 'conflict_state' } });
  });

  it('reports the sync status of the demo', async () => {
    const s = await t.ok('sync.status', {});
    expect(s).toMatchObject({ account: 'demo', online: true, parked: 0, conflicts: 0 });
    expect(s.pending).toBe(store().outbox.pendingCount());
    expect(typeof (await t.ok('sync.pullNow', {})).started).toBe('boolean');
  });

  it('keeps the settings in the data folder', async () => {
    // no language picked yet, and no system locale given: the page follows its browser
    expect(await t.ok('settings.get', {})).toEqual({
      language: null,
      languagePicked: false,
      defaultSendmethod: 'email',
      draftSaveEveryMinutes: 10,
      answerWaitSeconds: 120,
      backgroundSharePercent: 10,
    });
    expect(await t.ok('settings.set', { language: 'en' })).toEqual({
      language: 'en',
      languagePicked: true,
      defaultSendmethod: 'email',
      draftSaveEveryMinutes: 10,
      answerWaitSeconds: 120,
      backgroundSharePercent: 10,
    });
    expect(await t.ok('settings.set', { defaultSendmethod: 'mail' })).toEqual({
      language: 'en',
      languagePicked: true,
      defaultSendmethod: 'mail',
      draftSaveEveryMinutes: 10,
      answerWaitSeconds: 120,
      backgroundSharePercent: 10,
    });
    expect(await t.ok('settings.set', { draftSaveEveryMinutes: 25 })).toEqual({
      language: 'en',
      languagePicked: true,
      defaultSendmethod: 'mail',
      draftSaveEveryMinutes: 25,
      answerWaitSeconds: 120,
      backgroundSharePercent: 10,
    });
    expect(await t.ok('settings.get', {})).toEqual({
      language: 'en',
      languagePicked: true,
      defaultSendmethod: 'mail',
      draftSaveEveryMinutes: 25,
      answerWaitSeconds: 120,
      backgroundSharePercent: 10,
    });
    // the store follows the setting at once
    expect(t.core.space.store.outbox.draftSaveEveryMs).toBe(25 * 60_000);
    expect((await t.call('settings.set', { draftSaveEveryMinutes: 0 })).ok).toBe(false);
    expect((await t.ok('settings.set', { backgroundSharePercent: 5 })).backgroundSharePercent).toBe(5);
    expect((await t.call('settings.set', { backgroundSharePercent: 60 })).ok).toBe(false);
  });

  it('lists no accounts while only the demo is set up', async () => {
    expect(await t.ok('account.list', {})).toEqual([]);
    expect(await t.ok('account.setActive', { id: null })).toEqual({ active: null });
  });

  it('has a handler for every operation of the contract', () => {
    expect(Object.keys(t.core.handlers).sort()).toEqual([...OPERATION_NAMES].sort());
  });
});
