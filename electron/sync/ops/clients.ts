// Pushing clients: create, update with only the changed fields (merged field
// by field with changes made on the service), delete.
import { ApiError } from '../../api';
import type { Client, ClientInput } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import { parseJson } from '../../store/connection';
import { clientFieldsOf, type ClientRow } from '../../store/clients';
import { clientToInput } from '../request-bodies';
import { clientFields, mergeClient, same } from '../merge';
import type { ClientPushStore, OpDeps, OpHandler, PushResult, ResolveResult } from './types';
import { createdBase, findLostCreate, isNotFound, nothingLeft } from './common';
import { CLIENT_FIELDS } from '../../store/fields';
import { planMergedUpdate } from './merged-update';
import { said } from '../../../shared/messages';

/** A row that only mirrors the service: no local edits, no work waiting, nothing here refers to it. */
function isPlainCacheRow(store: ClientPushStore, row: ClientRow): boolean {
  return row.local === null && !row.deleted && store.outbox.forTarget(row.id).length === 0 && store.clients.usedBy(row.id) === 0;
}

/**
 * Records the service's number for a client created here (the store drops a
 * copy a pull brought in meanwhile). The local version stays only where it
 * differs from what was sent: typed on while the create was out.
 */
function applyCreated(store: ClientPushStore, entry: OutboxItem, clientnr: number, sent: ClientInput, found?: Client): void {
  store.transaction(() => {
    const row = store.clients.findRow(entry.target);
    if (!row) return store.outbox.markDone(entry.id);
    const local = clientFieldsOf(row);
    const current = clientToInput(local);
    const unchanged = current.ok && same(current.value, sent);
    // The country sent by name is the service's id there: the same value, kept as the service holds it.
    const base = { ...createdBase(CLIENT_FIELDS, sent, { clientnr }), ...(found && 'country' in sent ? { country: found.country } : {}) };
    store.clients.recordCreated(entry.id, row.id, clientnr, found ?? ({ ...sent, clientnr } as Client), unchanged ? null : local, base);
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
  constructor(private readonly deps: OpDeps<ClientPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.clients.findRow(entry.target);
    // deleted here before it ever reached the service (a lookup said so): nothing to create
    if (!row || row.clientnr !== null || row.deleted) return nothingLeft(store, entry);
    const input = clientToInput(clientFieldsOf(row));
    if (!input.ok) {
      store.outbox.park(entry.id, { kind: 'validation', ...said('parked.client.create_invalid'), fieldErrors: input.errors });
      return 'parked';
    }
    store.outbox.markInFlight(entry.id, input.value);
    const clientnr = await api.clients.create(input.value);
    applyCreated(store, entry, clientnr, input.value);
    return 'done';
  }

  /**
   * Searches the service for a client matching every field that was sent and
   * not yet known here as another record.
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.deps;
    const sent = (entry.sent ?? {}) as Partial<ClientInput>;
    const row = store.clients.findRow(entry.target);
    if (!row || row.clientnr !== null) return 'applied';
    const field = (['email', 'company', 'contact'] as const).find((f) => typeof sent[f] === 'string' && (sent[f] as string).trim() !== '');
    if (!field) return 'not_applied';
    const ours = (c: Client) => {
      if (!matchesSent(sent, c)) return false;
      const known = store.clients.rowByClientnr(c.clientnr);
      return !known || known.id === row.id || isPlainCacheRow(store, known);
    };
    const newest = await findLostCreate(api, 'clients', { field, query: String(sent[field]) }, ours, (c) => c.clientnr);
    if (!newest) return 'not_applied';
    applyCreated(store, entry, newest.clientnr, sent as ClientInput, newest);
    return 'applied';
  }
}

export class ClientUpdate implements OpHandler {
  constructor(private readonly deps: OpDeps<ClientPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const first = store.clients.findRow(entry.target);
    if (!first || first.deleted) return nothingLeft(store, entry);
    if (first.clientnr === null) {
      store.outbox.park(entry.id, { kind: 'other', ...said('parked.client.not_created') });
      return 'parked';
    }
    const clientnr = first.clientnr;
    let theirs: Client;
    try {
      theirs = await api.clients.get(clientnr);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      store.transaction(() => {
        store.clients.markGone(first.id);
        store.conflicts.record({
          kind: 'deleted',
          targetKind: 'client',
          target: first.id,
          opId: entry.id,
          mine: clientFieldsOf(first),
          theirs: null,
          base: parseJson(first.base),
        });
      });
      return 'parked';
    }
    // Merged against the record as it is now: the user may have typed on meanwhile.
    const plan = planMergedUpdate(store, entry, theirs, {
      targetKind: 'client',
      rows: store.clients,
      fieldsOf: clientFieldsOf,
      toInput: clientToInput,
      merge: mergeClient,
      serviceFields: clientFields,
      invalid: 'parked.client.update_invalid',
    });
    if (typeof plan === 'string') return plan;
    store.outbox.markInFlight(entry.id, { clientnr, changes: plan.send });
    await api.clients.update(clientnr, plan.send as ClientInput);
    store.transaction(() => {
      const row = store.clients.findRow(entry.target);
      if (!row) return store.outbox.markDone(entry.id);
      const server = { ...theirs, ...plan.send } as Client;
      const local = clientFieldsOf(row);
      store.clients.recordSaved(entry.id, row.id, server, same(local, clientFields(server)) ? null : local);
    });
    return 'done';
  }

  /** Sending the same fields again is harmless, and the merge sees what already arrived. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

export class ClientDelete implements OpHandler {
  constructor(private readonly deps: OpDeps<ClientPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.clients.findRow(entry.target);
    // never on the service: only the row here is left to remove
    if (!row || row.clientnr === null) {
      store.clients.recordDeleted(entry.id, entry.target);
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
            ...said('parked.client.has_documents'),
          });
        });
        return 'parked';
      }
      if (!isNotFound(e)) throw e;
    }
    store.clients.recordDeleted(entry.id, row.id);
    return 'done';
  }

  /** Deleting again is harmless: a client already gone answers 404. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}
