// Clients as the user edits them: created offline, edited, deleted. Each
// change and the outbox entry that carries it commit together.
import type { ClientFields, LocalClient } from '../../shared/local';
import type { FieldError } from '../../shared/field-errors';
import { type Connection, toJson } from './connection';
import { LocalRecords, fieldsOfRow, stateOfRow, type RecordRow } from './local-records';
import { StoreError } from './errors';
import { said } from '../../shared/messages';
import { CLIENT_FIELDS, checkClientPatch } from './fields';
import { newId } from './ids';
import type { Outbox } from './outbox';
import { clientToInput } from '../../shared/service-input';
import { NamePages, type NameList } from './name-pages';
import { clientMatchExpression } from './search';

export interface ClientRow extends RecordRow {
  clientnr: number | null;
}

export function clientFieldsOf(row: ClientRow): ClientFields {
  return fieldsOfRow<ClientFields>(row, CLIENT_FIELDS);
}

export function toLocalClient(row: ClientRow): LocalClient {
  return {
    id: row.id,
    clientnr: row.clientnr,
    fields: clientFieldsOf(row),
    state: stateOfRow(row, row.clientnr),
    gone: row.gone === 1,
    updatedAt: row.updated_at,
  };
}

/**
 * By company, or contact where there is no company, folded (case and accents
 * aside): the expression of the index clients_by_name (migration 12).
 */
const NAME_LIST: NameList = {
  table: 'clients',
  index: 'clients_by_name',
  byRid: 'clients_by_rid',
  key: (t) => `fold_key(coalesce(nullif(${t}.company, ''), ${t}.contact, ''))`,
  search: 'client_search',
  match: clientMatchExpression,
};

export interface ClientListOptions {
  limit?: number;
  offset?: number;
  /** default false */
  includeDeleted?: boolean;
  /** default true */
  includeInactive?: boolean;
  /** words a client's company, contact, email, city, number, postcode, VAT number or phone starts with (accents and case aside; shared/client-codes.ts); none: every client */
  query?: string;
}

function listConditions(opts: ClientListOptions): string[] {
  return [...(opts.includeDeleted ? [] : ['clients.deleted = 0']), ...(opts.includeInactive === false ? ['clients.active = 1'] : [])];
}

export class Clients extends LocalRecords<ClientRow, LocalClient> {
  private readonly pages: NamePages;

  constructor(conn: Connection, outbox: Outbox) {
    super(conn, outbox, { table: 'clients', key: 'clientnr', noun: 'Client', toLocal: toLocalClient });
    this.pages = new NamePages(conn, NAME_LIST);
  }

  rowByClientnr(clientnr: number): ClientRow | null {
    return this.rowByNumber(clientnr);
  }

  byClientnr(clientnr: number): LocalClient | null {
    return this.byNumber(clientnr);
  }

  /**
   * Clients by company (or contact) name, a page at a time, and how many the
   * list has; deleted ones are left out unless asked for, inactive ones only
   * when asked to. A page costs about the same however deep it is
   * (name-pages.ts).
   */
  page(opts: ClientListOptions = {}): { items: LocalClient[]; total: number } {
    const { rids, total } = this.pages.page({ offset: opts.offset ?? 0, limit: opts.limit ?? 100, where: listConditions(opts), query: opts.query });
    return { items: this.pages.rows<ClientRow>(rids).map(toLocalClient), total };
  }

  /** The page alone. */
  list(opts: ClientListOptions = {}): LocalClient[] {
    return this.page(opts).items;
  }

  /** How many clients list() goes through with these options (limit and offset aside). */
  count(opts: Omit<ClientListOptions, 'limit' | 'offset'> = {}): number {
    return this.pages.total(listConditions(opts), opts.query);
  }

  /** What the service would refuse in this client's fields, per field. */
  errors(id: string): FieldError[] {
    const r = clientToInput(clientFieldsOf(this.row(id)));
    return r.ok ? [] : r.errors;
  }

  create(fields: ClientFields = {}): LocalClient {
    const local = checkClientPatch(fields);
    const id = newId();
    const now = this.conn.now();
    this.conn.tx(['clients'], () => {
      this.conn.stmt(`INSERT INTO clients (id, local, created_at, updated_at) VALUES (?, ?, ?, ?)`).run(id, JSON.stringify(local), now, now);
      this.outbox.enqueue('client.create', id);
    });
    return this.get(id);
  }

  /** Changes some fields; the rest stay as they are. */
  update(id: string, patch: ClientFields): LocalClient {
    const changes = checkClientPatch(patch);
    this.conn.tx(['clients'], () => {
      const row = this.row(id);
      if (row.deleted) throw new StoreError('not_allowed', said('store.client.deleting'));
      this.writeLocal(row, { ...clientFieldsOf(row), ...changes });
      this.queueChange(row);
    });
    return this.get(id);
  }

  private queueChange(row: ClientRow): void {
    if (row.clientnr === null) {
      const create = this.outbox.openEntry(row.id, ['client.create']);
      if (create) return this.outbox.absorb(create.id);
    }
    const update = this.outbox.openEntry(row.id, ['client.update']);
    if (update) this.outbox.absorb(update.id);
    else this.outbox.enqueue('client.update', row.id);
  }

  /** Quotations here that still need this client. */
  usedBy(id: string): number {
    return (this.conn.stmt(`SELECT count(*) AS n FROM quotations WHERE client_id = ? AND deleted = 0`).get(id) as { n: number }).n;
  }

  /**
   * Quotations here that show this client, each once: those whose draft is
   * for it and those kept as the service has them (no local draft) whose
   * client number is its own. usedBy counts the first only (the local
   * references that keep a client row), which undercounts what a person sees.
   */
  shownOn(id: string): number {
    const row = this.row(id);
    return (
      this.conn
        .stmt(`SELECT count(*) AS n FROM quotations WHERE deleted = 0 AND (client_id = ? OR (draft IS NULL AND server_clientnr = ?))`)
        .get(id, row.clientnr) as { n: number }
    ).n;
  }

  delete(id: string): void {
    this.conn.tx(['clients'], () => {
      const row = this.row(id);
      if (row.deleted) return;
      if (this.usedBy(id) > 0) {
        const n = this.shownOn(id);
        throw new StoreError('not_allowed', said(n === 1 ? 'bridge.client_in_use.one' : 'bridge.client_in_use.other', { count: n }));
      }
      this.markDeleted(id, ['client.update'], 'client.delete');
    });
  }

  /**
   * Makes the client inactive in place of a delete the service refused (it
   * has documents there), in one step: the refused delete is dropped and the
   * change to inactive queued in the same transaction, so nothing waits
   * behind the delete. Without a refused delete it is a plain change.
   */
  makeInactiveInstead(id: string): LocalClient {
    this.conn.tx(['clients', 'outbox'], () => {
      this.row(id);
      const deletes = this.outbox.forTarget(id).filter((e) => e.kind === 'client.delete' && e.state === 'parked');
      this.outbox.cancel(deletes.map((e) => e.id));
      this.undelete(id);
      this.update(id, { active: false });
    });
    return this.get(id);
  }

  /** As for every record, and the quotations that named this client here no longer do. */
  override recordDeleted(entryId: number, id: string): void {
    // read before the transaction so that the signal names them; nothing else writes between (one connection, synchronous)
    const users = this.conn.stmt<[string], { id: string }>('SELECT id FROM quotations WHERE client_id = ?').all(id);
    this.conn.tx([this.ref(id), ...users.map((q) => ({ entity: 'quotations' as const, id: q.id })), 'outbox'], () => {
      this.conn.stmt('UPDATE quotations SET client_id = NULL WHERE client_id = ?').run(id);
      super.recordDeleted(entryId, id);
    });
  }
}

export { toJson };
