// Pushing clients: create, update with only the changed fields (merged field
// by field with changes made on the service), delete.
import { ApiError } from '../../api';
import type { Client, ClientInput } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import { parseJson } from '../../store/context';
import { clientFieldsOf, type ClientRow } from '../../store/clients';
import { clientToInput } from '../request-bodies';
import { clientFields, mergeClient, same } from '../merge';
import type { OpHandler, PushContext, PushResult, ResolveResult } from './types';
import { isNotFound, listIncomplete, nothingLeft } from './common';

/** A row that only mirrors the service: no local edits, no work waiting, nothing here refers to it. */
function isPlainCacheRow(ctx: PushContext, row: ClientRow): boolean {
  return row.local === null && !row.deleted && ctx.store.outbox.forTarget(row.id).length === 0 && ctx.store.clients.usedBy(row.id) === 0;
}

/**
 * Records the service's number for a client created here. If a pull already
 * brought that client in as a row of its own (the create's answer was lost),
 * that duplicate goes.
 */
function applyCreated(ctx: PushContext, entry: OutboxItem, clientnr: number, sent: ClientInput, found?: Client): void {
  const { store } = ctx;
  store.transaction(() => {
    const row = store.clients.findRow(entry.target);
    if (!row) return store.outbox.markDone(entry.id);
    const twin = store.clients.rowByClientnr(clientnr);
    if (twin && twin.id !== row.id) store.ctx.stmt('DELETE FROM clients WHERE id = ?').run(twin.id);
    const server = found ?? ({ ...sent, clientnr } as Client);
    const local = clientFieldsOf(row);
    const current = clientToInput(local);
    const unchanged = current.ok && same(current.value, sent);
    const json = JSON.stringify(server);
    store.ctx
      .stmt('UPDATE clients SET clientnr = ?, server = ?, base = ?, local = ?, gone = 0, updated_at = ? WHERE id = ?')
      .run(clientnr, json, unchanged ? null : json, unchanged ? null : JSON.stringify(local), store.ctx.now(), row.id);
    store.outbox.markDone(entry.id);
  });
}

/** Whether a record on the service is the one `sent` would have created. */
export function matchesSent(sent: Partial<ClientInput>, found: Client): boolean {
  for (const [k, v] of Object.entries(sent)) {
    if (k === 'country' && typeof v === 'string') continue; // a name the service turned into an id
    const f = (found as Record<string, unknown>)[k];
    if (k === 'reference') {
      const lines = (v ?? {}) as Record<string, unknown>;
      if (!Object.entries(lines).every(([line, text]) => same(text, (f as Record<string, unknown> | undefined)?.[line]))) return false;
      continue;
    }
    if (!same(v, f)) return false;
  }
  return true;
}

export class ClientCreate implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.clients.findRow(entry.target);
    // deleted here before it ever reached the service (a lookup said so): nothing to create
    if (!row || row.clientnr !== null || row.deleted) return nothingLeft(store, entry);
    const input = clientToInput(clientFieldsOf(row));
    if (!input.ok) {
      store.outbox.park(entry.id, { kind: 'validation', message: 'This client cannot be created until these fields are fixed.', fieldErrors: input.errors });
      return 'parked';
    }
    store.outbox.markInFlight(entry.id, input.value);
    const clientnr = await api.clients.create(input.value);
    applyCreated(this.ctx, entry, clientnr, input.value);
    return 'done';
  }

  /**
   * Searches the service for a client matching every field that was sent and
   * not yet known here as another record.
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.ctx;
    const sent = (entry.sent ?? {}) as Partial<ClientInput>;
    const row = store.clients.findRow(entry.target);
    if (!row || row.clientnr !== null) return 'applied';
    const field = (['email', 'company', 'contact'] as const).find((f) => typeof sent[f] === 'string' && (sent[f] as string).trim() !== '');
    if (!field) return 'not_applied';
    const candidates: Client[] = [];
    const query = String(sent[field]);
    const walk = api.searchPages('clients', field, query);
    for await (const page of walk) {
      for (const c of page) {
        if (!matchesSent(sent, c)) continue;
        const known = store.clients.rowByClientnr(c.clientnr);
        if (known && known.id !== row.id && !isPlainCacheRow(this.ctx, known)) continue;
        candidates.push(c);
      }
    }
    // "none found" in a search that could not be read to the end proves nothing
    if (candidates.length === 0 && !walk.complete) throw listIncomplete('clients', 'clients.search');
    if (candidates.length === 0) return 'not_applied';
    const newest = candidates.reduce((a, b) => (b.clientnr > a.clientnr ? b : a));
    applyCreated(this.ctx, entry, newest.clientnr, sent as ClientInput, newest);
    return 'applied';
  }
}

/**
 * An earlier attempt of this update whose answer was lost may have arrived:
 * where the service now holds exactly what that attempt sent, that value is
 * ours, not a change made there.
 */
function ownEarlierChanges(base: Client | null, entry: OutboxItem, theirs: Client): Client | null {
  const sent = (entry.sent as { changes?: Record<string, unknown> } | null)?.changes;
  if (!base || !sent) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [f, v] of Object.entries(sent)) if (same(v, (theirs as Record<string, unknown>)[f])) out[f] = v;
  return out as Client;
}

export class ClientUpdate implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const first = store.clients.findRow(entry.target);
    if (!first || first.deleted) return nothingLeft(store, entry);
    if (first.clientnr === null) {
      store.outbox.park(entry.id, { kind: 'other', message: 'This client does not exist on the service yet; its create was discarded. Discard this change too, or create the client again.' });
      return 'parked';
    }
    const clientnr = first.clientnr;
    let theirs: Client;
    try {
      theirs = await api.clients.get(clientnr);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      store.transaction(() => {
        store.ctx.stmt('UPDATE clients SET gone = 1 WHERE id = ?').run(first.id);
        store.conflicts.record({ kind: 'deleted', targetKind: 'client', target: first.id, opId: entry.id, mine: clientFieldsOf(first), theirs: null, base: parseJson(first.base) });
      });
      return 'parked';
    }
    // Merged against the record as it is now: the user may have typed on meanwhile.
    const plan = store.transaction((): { send: Partial<ClientInput> } | PushResult => {
      const row = store.clients.row(entry.target);
      const mine = clientFieldsOf(row);
      const input = clientToInput(mine);
      if (!input.ok) {
        store.outbox.park(entry.id, { kind: 'validation', message: 'This client cannot be updated until these fields are fixed.', fieldErrors: input.errors });
        return 'parked';
      }
      const m = mergeClient(ownEarlierChanges(parseJson<Client>(row.base), entry, theirs), mine, input.value, theirs);
      const unchanged = Object.keys(m.send).length === 0 && m.conflicts.length === 0 && same(m.merged, clientFields(theirs));
      const json = JSON.stringify(theirs);
      store.ctx
        .stmt('UPDATE clients SET server = ?, base = ?, local = ?, gone = 0, updated_at = ? WHERE id = ?')
        .run(json, unchanged ? null : json, unchanged ? null : JSON.stringify(m.merged), store.ctx.now(), row.id);
      if (m.conflicts.length > 0) {
        store.conflicts.record({
          kind: 'fields',
          targetKind: 'client',
          target: row.id,
          opId: entry.id,
          mine,
          theirs,
          base: parseJson(row.base),
          fields: m.conflicts,
        });
        return 'parked';
      }
      if (Object.keys(m.send).length === 0) return nothingLeft(store, entry);
      return { send: m.send };
    });
    if (typeof plan === 'string') return plan;
    store.outbox.markInFlight(entry.id, { clientnr, changes: plan.send });
    await api.clients.update(clientnr, plan.send as ClientInput);
    store.transaction(() => {
      const row = store.clients.findRow(entry.target);
      if (row) {
        const server = { ...theirs, ...plan.send } as Client;
        const local = clientFieldsOf(row);
        const synced = same(local, clientFields(server));
        const json = JSON.stringify(server);
        store.ctx
          .stmt('UPDATE clients SET server = ?, base = ?, local = ?, updated_at = ? WHERE id = ?')
          .run(json, synced ? null : json, synced ? null : JSON.stringify(local), store.ctx.now(), row.id);
      }
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  /** Sending the same fields again is harmless, and the merge sees what already arrived. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

export class ClientDelete implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.clients.findRow(entry.target);
    if (!row || row.clientnr === null) {
      store.transaction(() => {
        if (row) store.ctx.stmt('DELETE FROM clients WHERE id = ?').run(row.id);
        store.outbox.markDone(entry.id);
      });
      return 'done';
    }
    store.outbox.markInFlight(entry.id, { clientnr: row.clientnr });
    try {
      await api.clients.delete(row.clientnr);
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'has_documents') {
        store.transaction(() => {
          store.clients.undelete(row.id);
          store.outbox.park(entry.id, {
            kind: 'has_documents',
            status: e.status,
            message: 'This client has documents (quotations or invoices) on the service and cannot be deleted, so it has been kept. Make it inactive instead: that drops this delete and queues the change in one step.',
          });
        });
        return 'parked';
      }
      if (!isNotFound(e)) throw e;
    }
    store.transaction(() => {
      store.ctx.stmt('UPDATE quotations SET client_id = NULL WHERE client_id = ?').run(row.id);
      store.ctx.stmt('DELETE FROM clients WHERE id = ?').run(row.id);
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  /** Deleting again is harmless: a client already gone answers 404. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}
