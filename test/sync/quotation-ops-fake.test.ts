// The quotation push handlers against a small in-memory store: what they
// decide from the service's answers, without SQLite. The service is the real
// sandbox over HTTP; only the store is a stand-in, implementing the
// interface the handlers ask for (QuotationPushStore in electron/sync/ops/types.ts). The same handlers run
// against the real store in quotations.test.ts, failures.test.ts and the
// other suites here.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi } from '../../electron/api';
import type { OutboxItem } from '../../electron/store';
import type { QuotationRow } from '../../electron/store/quotations';
import type { ClientRow } from '../../electron/store/clients';
import { LINE_FIELDS, pick } from '../../electron/store/fields';
import { QUOTATION_HEADER_FIELDS, type QuotationContent, type QuotationHeader, type LineFields } from '../../shared/local';
import type { Quotation } from '../../shared/schemas';
import type { OpKind } from '../../shared/outbox';
import { QuotationDelete, QuotationSave, QuotationSend } from '../../electron/sync/ops/quotations';
import { scratchStore } from '../store/helpers';
import type { OpDeps, QuotationPushStore } from '../../electron/sync/ops/types';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** What the handlers told the store, in order: the outbox moves and the push's writes. */
type Call = [string, ...unknown[]];

/** An in-memory store: rows in maps, every write logged, the outbox entries kept as objects. */
function fakeStore() {
  const quotations = new Map<string, QuotationRow>();
  const clients = new Map<string, ClientRow>();
  const entries = new Map<number, OutboxItem>();
  const calls: Call[] = [];
  const log = (...c: Call) => calls.push(c);
  const row = (id: string) => {
    const r = quotations.get(id);
    if (!r) throw new Error(`no quotation ${id}`);
    return r;
  };
  const contentFromServer = (id: string, q: Quotation): QuotationContent => ({
    ...pick<QuotationHeader>(q, QUOTATION_HEADER_FIELDS),
    clientId: [...clients.values()].find((c) => c.clientnr === q.clientnr)?.id ?? null,
    lines: (q.lines ?? []).map((l, i) => ({ ...pick<LineFields>(l, LINE_FIELDS), id: `${id}:${i}` })),
  });
  const entry = (id: number) => entries.get(id)!;
  const store: QuotationPushStore = {
    transaction: (fn) => fn(),
    outbox: {
      forTarget: (target) => [...entries.values()].filter((e) => e.target === target && e.state !== 'done'),
      markDone: (id) => {
        log('markDone', id);
        entry(id).state = 'done';
      },
      markInFlight: (id, sent) => {
        log('markInFlight', id);
        Object.assign(entry(id), { state: 'in_flight', sent: JSON.parse(JSON.stringify(sent)) });
      },
      park: (id, error) => {
        log('park', id, error.kind);
        entry(id).state = 'parked';
      },
      absorb: (id, changes) => log('absorb', id, changes),
    },
    quotations: {
      findRow: (id) => quotations.get(id) ?? null,
      row,
      contentOf: (r) =>
        r.draft
          ? (JSON.parse(r.draft) as QuotationContent)
          : r.server
            ? contentFromServer(r.id, JSON.parse(r.server) as Quotation)
            : { clientId: r.client_id, lines: [] },
      contentFromServer,
      takeMerged: (id, content, server) => {
        log('takeMerged', id);
        Object.assign(row(id), { draft: JSON.stringify(content), base: JSON.stringify(server), server: JSON.stringify(server) });
      },
    },
    quotationPushes: {
      adoptServerId: (id, serverId) => {
        log('adoptServerId', id, serverId);
        row(id).server_id = serverId;
      },
      recordSaved: (entryId, id, serverId, provisional) => {
        log('recordSaved', entryId, id, serverId, provisional?.savename);
        Object.assign(row(id), { server_id: serverId, base: null });
        entry(entryId).state = 'done';
      },
      recordSavedVersion: (id, serverId, saved) => {
        log('recordSavedVersion', id, serverId, saved === null ? null : saved.id);
        if (saved) Object.assign(row(id), { server: JSON.stringify(saved), base: JSON.stringify(saved) });
      },
      recordServiceVersion: (id, theirs) => {
        log('recordServiceVersion', id, theirs.id);
        Object.assign(row(id), { server: JSON.stringify(theirs), base: JSON.stringify(theirs) });
      },
      recordSent: (entryId, id, serverId, record) => {
        log('recordSent', entryId, id, serverId, record?.sent);
        Object.assign(row(id), { server_id: serverId, server: record ? JSON.stringify(record) : null, draft: null, base: null });
        entry(entryId).state = 'done';
      },
      recordSentRead: (id, sent) => {
        log('recordSentRead', id, sent.id);
      },
      recordSentChange: (entryId, id, change) => {
        log('recordSentChange', entryId, id, change);
        entry(entryId).state = 'done';
      },
      recordSentChangedThere: (entryId, id, change) => {
        log('recordSentChangedThere', entryId, id, change);
        entry(entryId).state = 'parked';
      },
      markGone: (entryId, id) => {
        log('markGone', entryId, id);
        row(id).gone = 1;
        entry(entryId).state = 'parked';
      },
      recordDraftConflict: (entryId, id, c) => {
        log('recordDraftConflict', entryId, id, c.fields);
        entry(entryId).state = 'parked';
      },
      recordDeleted: (entryId, id) => {
        log('recordDeleted', entryId, id);
        quotations.delete(id);
        entry(entryId).state = 'done';
      },
      recordClient: (client) => log('recordClient', client.clientnr),
    },
    clients: {
      findRow: (id) => clients.get(id) ?? null,
      rowByClientnr: (nr) => [...clients.values()].find((c) => c.clientnr === nr) ?? null,
    },
    // the service numbers the quotations (the scheme a new account starts with)
    numbering: {
      assign: () => null,
      renumber: () => null,
    },
  };

  let nextEntry = 1;
  return {
    store,
    calls,
    /** The writes the handlers made, without the outbox moves. */
    writes: () => calls.filter(([name]) => !['markInFlight', 'markDone', 'park', 'absorb'].includes(name)),
    addClient(clientnr: number): string {
      const id = `c-${clientnr}`;
      clients.set(id, {
        rid: clients.size + 1,
        id,
        clientnr,
        server: JSON.stringify({ clientnr }),
        base: null,
        local: null,
        deleted: 0,
        gone: 0,
        pulled_at: 1,
        created_at: 1,
        updated_at: 1,
      });
      return id;
    },
    addDraft(id: string, fields: { clientId: string; serverId?: number; savename: string; sent?: Quotation }): QuotationRow {
      const content: QuotationContent = {
        clientId: fields.clientId,
        date: '2026-01-15',
        lines: [{ id: 'l1', description: 'Advies', amount: 2, price: 95, tax_rate: 21 }],
      };
      const r: QuotationRow = {
        rid: quotations.size + 1,
        id,
        server_id: fields.serverId ?? null,
        savename: fields.savename,
        quotationreference: null,
        client_id: fields.clientId,
        server: fields.sent ? JSON.stringify(fields.sent) : null,
        base: null,
        draft: fields.sent ? null : JSON.stringify(content),
        deleted: 0,
        gone: 0,
        pulled_at: null,
        created_at: 1,
        updated_at: 1,
      };
      quotations.set(id, r);
      return r;
    },
    addEntry(kind: OpKind, target: string, payload: Record<string, unknown> = {}): OutboxItem {
      const e: OutboxItem = {
        id: nextEntry++,
        kind,
        targetKind: 'quotation',
        target,
        dependsOn: null,
        payload,
        state: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        createdAt: 1,
        updatedAt: 1,
        sent: null,
        holdUntil: 0,
        asked: true,
      };
      entries.set(e.id, e);
      return e;
    },
  };
}

async function service(): Promise<{ sb: Sandbox; api: InvoicingApi; clientnr: number }> {
  const sb = await startSandbox({ quiet: true, rateLimit: 0 });
  cleanups.push(() => sb.close());
  const api = new InvoicingApi({
    baseUrl: sb.url,
    credentials: () => ({ username: sb.user, apiKey: sb.key }),
    backoff: { baseMs: 5, capMs: 20 },
    readAttempts: 1,
  });
  cleanups.push(() => api.close());
  // a client the service can send to: it has an e-mail address
  const client = sb.data.clients.all().find((c) => String(c.email ?? '') !== '')!;
  return { sb, api, clientnr: Number(client.clientnr) };
}

const withSavename = (sb: Sandbox, savename: string) => sb.data.quotations.all().filter((q) => q.savename === savename);

describe('quotation pushes against an in-memory store', () => {
  it('a new draft is saved: the service id is recorded with the entry, then the saved version read back', async () => {
    const { sb, api, clientnr } = await service();
    const f = fakeStore();
    const row = f.addDraft('q1', { clientId: f.addClient(clientnr), savename: 'qd-fake-save' });
    const e = f.addEntry('quotation.save', row.id);
    const deps: OpDeps<QuotationPushStore> = { store: f.store, api };

    expect(await new QuotationSave(deps).push(e)).toBe('done');
    const [made] = withSavename(sb, 'qd-fake-save');
    expect(made).toBeDefined();
    expect(f.writes()).toEqual([
      ['recordSaved', e.id, 'q1', Number(made!.id), 'qd-fake-save'],
      ['recordSavedVersion', 'q1', Number(made!.id), Number(made!.id)],
    ]);
  });

  it('a 404 on the save of a draft the service had marks it gone and parks it; nothing is created', async () => {
    const { sb, api, clientnr } = await service();
    const f = fakeStore();
    const row = f.addDraft('q1', { clientId: f.addClient(clientnr), serverId: 987_654, savename: 'qd-fake-gone' });
    const e = f.addEntry('quotation.save', row.id);
    const before = sb.data.quotations.all().length;

    expect(await new QuotationSave({ store: f.store, api }).push(e)).toBe('parked');
    expect(f.writes()).toEqual([['markGone', e.id, 'q1']]);
    expect(sb.data.quotations.all().length).toBe(before);
  });

  it('a send whose answer was lost, looked up and found, is recorded as sent and not sent again', async () => {
    const { sb, api, clientnr } = await service();
    const f = fakeStore();
    const row = f.addDraft('q1', { clientId: f.addClient(clientnr), savename: 'qd-fake-send' });
    const e = f.addEntry('quotation.send', row.id, { sendmethod: 'email' });
    const send = new QuotationSend({ store: f.store, api });

    // the service takes the send, and the answer never comes back
    sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    await expect(send.push(e)).rejects.toThrow();
    sb.clearFaults();
    expect(e.state).toBe('in_flight');
    expect(f.writes()).toEqual([]);
    const [sent] = withSavename(sb, 'qd-fake-send');
    expect(sent).toMatchObject({ sent: true });

    expect(await send.resolve(e)).toBe('applied');
    expect(f.writes()).toEqual([['recordSent', e.id, 'q1', Number(sent!.id), true]]);
    expect(withSavename(sb, 'qd-fake-send')).toHaveLength(1);
  });

  it('a send that never arrived is looked up, not found, and left to be sent again', async () => {
    const { sb, api, clientnr } = await service();
    const f = fakeStore();
    const row = f.addDraft('q1', { clientId: f.addClient(clientnr), savename: 'qd-fake-lost' });
    const e = f.addEntry('quotation.send', row.id, { sendmethod: 'email' });
    // what an attempt that never reached the service left behind
    e.sent = { mode: 'post', savename: 'qd-fake-lost', quotationreference: null };

    expect(await new QuotationSend({ store: f.store, api }).resolve(e)).toBe('not_applied');
    expect(f.writes()).toEqual([]);
    expect(withSavename(sb, 'qd-fake-lost')).toHaveLength(0);
  });

  it('a delete the service answers with 404 is recorded as done: the quotation is gone either way', async () => {
    const { api, clientnr } = await service();
    const f = fakeStore();
    const row = f.addDraft('q1', { clientId: f.addClient(clientnr), serverId: 987_654, savename: 'qd-fake-delete' });
    const e = f.addEntry('quotation.delete', row.id);

    expect(await new QuotationDelete({ store: f.store, api }).push(e)).toBe('done');
    expect(f.writes()).toEqual([['recordDeleted', e.id, 'q1']]);
  });
});

describe('the same pushes against the real store', () => {
  /** A real store in a scratch file that knows the service's client `clientnr`, and a draft for it with one line. */
  function realDraft(sb: Sandbox, clientnr: number) {
    const { store, clock } = scratchStore();
    // the service numbers the quotations, as in the in-memory store above
    store.numbering.setScheme({ mode: 'service' });
    store.pulled.putClients(sb.data.clients.all().filter((c) => Number(c.clientnr) === clientnr) as never, clock());
    const q = store.quotations.create({ clientId: store.clients.byClientnr(clientnr)!.id });
    store.quotations.addLine(q.id, { description: 'Advies', amount: 2, price: 95, tax_rate: 21 });
    return { store, clock, q };
  }

  it("a new draft is saved: the row mirrors the service's quotation and its saved version is the base", async () => {
    const { sb, api, clientnr } = await service();
    const { store, q } = realDraft(sb, clientnr);
    const e = store.outbox.forTarget(q.id)[0]!;
    expect(await new QuotationSave({ store, api }).push(e)).toBe('done');
    const row = store.quotations.row(q.id);
    const [made] = withSavename(sb, row.savename!);
    expect(row.server_id).toBe(Number(made!.id));
    expect(JSON.parse(row.base!)).toMatchObject({ id: Number(made!.id) });
    expect(store.outbox.get(e.id).state).toBe('done');
  });

  it('a 404 on the save of a draft the service had marks it gone and parks it as a conflict', async () => {
    const { sb, api, clientnr } = await service();
    const { store, clock } = realDraft(sb, clientnr);
    store.pulled.putQuotations([{ id: 987_654, clientnr, sent: false, savename: 'qd-real-gone', lines: [] } as never], clock());
    const q = store.quotations.byServerId(987_654)!;
    store.quotations.updateHeader(q.id, { notes: 'mine' });
    const e = store.outbox.forTarget(q.id)[0]!;
    const before = sb.data.quotations.all().length;
    expect(await new QuotationSave({ store, api }).push(e)).toBe('parked');
    expect(store.quotations.get(q.id).gone).toBe(true);
    expect(store.conflicts.open()).toMatchObject([{ kind: 'deleted', target: q.id, opId: e.id }]);
    expect(sb.data.quotations.all().length).toBe(before);
  });

  it('a send whose answer was lost, looked up and found, is recorded as sent and not sent again', async () => {
    const { sb, api, clientnr } = await service();
    const { store, q } = realDraft(sb, clientnr);
    store.quotations.send(q.id, 'email');
    const e = store.outbox.forTarget(q.id)[0]!;
    const send = new QuotationSend({ store, api });
    sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    await expect(send.push(e)).rejects.toThrow();
    sb.clearFaults();
    const savename = store.quotations.row(q.id).savename!;
    const [sent] = withSavename(sb, savename);

    expect(await send.resolve(store.outbox.get(e.id))).toBe('applied');
    expect(store.quotations.row(q.id).server_id).toBe(Number(sent!.id));
    expect(store.quotations.get(q.id).sent).toBe(true);
    expect(store.outbox.get(e.id).state).toBe('done');
    expect(withSavename(sb, savename)).toHaveLength(1);
  });

  it('a send that never arrived is looked up, not found, and left to be sent again', async () => {
    const { sb, api, clientnr } = await service();
    const { store, q } = realDraft(sb, clientnr);
    store.quotations.send(q.id, 'email');
    const e = store.outbox.forTarget(q.id)[0]!;
    const savename = store.quotations.row(q.id).savename!;
    store.outbox.markInFlight(e.id, { mode: 'post', savename, quotationreference: null });

    expect(await new QuotationSend({ store, api }).resolve(store.outbox.get(e.id))).toBe('not_applied');
    expect(store.quotations.row(q.id).server_id).toBeNull();
    expect(withSavename(sb, savename)).toHaveLength(0);
  });

  it('a delete the service answers with 404 removes the row: the quotation is gone either way', async () => {
    const { api, clientnr } = await service();
    const { store, clock } = scratchStore();
    store.pulled.putQuotations([{ id: 987_654, clientnr, sent: true, lines: [] } as never], clock());
    const q = store.quotations.byServerId(987_654)!;
    store.quotations.delete(q.id);
    const e = store.outbox.forTarget(q.id)[0]!;
    expect(await new QuotationDelete({ store, api }).push(e)).toBe('done');
    expect(store.quotations.findRow(q.id)).toBeNull();
    expect(store.outbox.get(e.id).state).toBe('done');
  });
});
