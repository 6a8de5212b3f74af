// What clients and products share: a record kept here over the one the
// service holds. A row has the service's version (server), the version the
// local edits started from (base), the edited version (local, null when
// nothing differs from the service), the service's number once it has one,
// and two marks: deleted (a delete waits to go) and gone (the service no
// longer has it). Clients and products differ in their table, the column of
// the service's number and the rules of their edits; the rows are written
// the same way, so that is done here once.
//
// The push handlers (electron/sync/ops) decide; what they found out is
// written by the methods under "what a push found out", each in one
// transaction with the outbox entry it settles, so the `changed` signal
// names the tables it touched and the records in them (an open editor of
// that record reads it again).
import type { Connection, RecordRef } from './connection';
import { notFound } from './errors';
import { pick } from './fields';
import type { LocalState } from '../../shared/local';
import type { Outbox } from './outbox';

export interface RecordRow {
  rid: number;
  id: string;
  server: string | null;
  base: string | null;
  local: string | null;
  deleted: number;
  gone: number;
  pulled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The record's fields as they are here: the local version, else the service's, picked to `fields`. */
export function fieldsOfRow<F extends object>(row: Pick<RecordRow, 'local' | 'server'>, fields: readonly string[]): F {
  if (row.local !== null) return JSON.parse(row.local) as F;
  return row.server !== null ? pick<F>(JSON.parse(row.server) as object, fields) : ({} as F);
}

/** The state a list shows; `number` is the record's number on the service, null while it has none. */
export function stateOfRow(row: Pick<RecordRow, 'deleted' | 'local'>, number: number | null): LocalState {
  if (row.deleted) return 'deleting';
  if (number === null) return 'new';
  return row.local !== null ? 'edited' : 'synced';
}

export interface RecordTable<R, L> {
  table: 'clients' | 'products';
  /** the column holding the service's number of the record */
  key: 'clientnr' | 'product_id';
  /** how an error names a record of this table */
  noun: 'Client' | 'Product';
  /** the row as the rest of the app sees it */
  toLocal(row: R): L;
}

export class LocalRecords<R extends RecordRow, L> {
  constructor(
    protected readonly conn: Connection,
    protected readonly outbox: Outbox,
    private readonly t: RecordTable<R, L>,
  ) {}

  get(id: string): L {
    return this.t.toLocal(this.row(id));
  }

  find(id: string): L | null {
    const r = this.findRow(id);
    return r ? this.t.toLocal(r) : null;
  }

  row(id: string): R {
    const r = this.findRow(id);
    if (!r) throw notFound(this.t.noun, id);
    return r;
  }

  findRow(id: string): R | null {
    return this.conn.stmt<[string], R>(`SELECT * FROM ${this.t.table} WHERE id = ?`).get(id) ?? null;
  }

  protected rowByNumber(key: number): R | null {
    return this.conn.stmt<[number], R>(`SELECT * FROM ${this.t.table} WHERE ${this.t.key} = ?`).get(key) ?? null;
  }

  protected byNumber(key: number): L | null {
    const r = this.rowByNumber(key);
    return r ? this.t.toLocal(r) : null;
  }

  /** Puts a record whose delete was refused or given up back in the lists. */
  undelete(id: string): void {
    this.conn.tx([this.ref(id)], () => {
      this.conn.stmt(`UPDATE ${this.t.table} SET deleted = 0, updated_at = ? WHERE id = ?`).run(this.conn.now(), id);
    });
  }

  /** Forgets local edits: the record shows the service's version again; one the service never had goes. */
  revert(id: string): void {
    this.conn.tx([this.ref(id)], () => {
      const row = this.row(id);
      if (this.keyOfRow(row) === null) {
        this.conn.stmt(`DELETE FROM ${this.t.table} WHERE id = ?`).run(id);
        return;
      }
      this.conn.stmt(`UPDATE ${this.t.table} SET local = NULL, base = NULL, deleted = 0, updated_at = ? WHERE id = ?`).run(this.conn.now(), id);
    });
  }

  /**
   * Marks the record to be deleted on the service, or removes it at once when
   * the service never heard of it. `drop` are the kinds of waiting entries a
   * delete makes pointless.
   */
  protected markDeleted(id: string, drop: readonly string[], deleteKind: 'client.delete' | 'product.delete'): void {
    const row = this.row(id);
    if (row.deleted) return;
    const open = this.outbox.forTarget(id).filter((e) => e.state === 'pending' || e.state === 'parked');
    if (this.keyOfRow(row) === null && !this.outbox.hasGoneOut(id)) {
      // Never reached the service: nothing to tell it.
      this.outbox.cancel(open.map((e) => e.id));
      this.conn.stmt(`DELETE FROM ${this.t.table} WHERE id = ?`).run(id);
      return;
    }
    this.outbox.cancel(open.filter((e) => drop.includes(e.kind)).map((e) => e.id));
    this.conn.stmt(`UPDATE ${this.t.table} SET deleted = 1, updated_at = ? WHERE id = ?`).run(this.conn.now(), id);
    this.outbox.enqueue(deleteKind, id);
  }

  /** A person's edit: the first one records the service version it started from. */
  protected writeLocal(row: R, local: object): void {
    const base = row.local === null ? row.server : row.base;
    this.conn.stmt(`UPDATE ${this.t.table} SET local = ?, base = ?, updated_at = ? WHERE id = ?`).run(JSON.stringify(local), base, this.conn.now(), row.id);
  }

  /** The record `id` of this table, as a change signal names it. */
  protected ref(id: string): RecordRef {
    return { entity: this.t.table, id };
  }

  private keyOfRow(row: R): number | null {
    return (row as unknown as Record<string, number | null>)[this.t.key] ?? null;
  }

  // ---- what a push found out --------------------------------------------

  /**
   * The service created the record under `key`, and holds `server`. `local`
   * is what still differs here (typed on meanwhile), or null. A row a pull
   * brought in for the same key before this answer (the create's answer was
   * lost) is the same record twice, and goes. The entry is done, also when
   * the row was removed here meanwhile. `base` is what the edit typed on
   * meanwhile started from: what the create sent, when the record was found
   * later by a look-up and may hold another desk's changes since.
   */
  recordCreated(entryId: number, id: string, key: number, server: object, local: object | null, base: object = server): void {
    this.conn.tx([this.ref(id), 'outbox'], () => {
      if (this.findRow(id) === null) return this.outbox.markDone(entryId);
      const twin = this.rowByNumber(key);
      if (twin && twin.id !== id) {
        this.conn.stmt(`DELETE FROM ${this.t.table} WHERE id = ?`).run(twin.id);
        this.conn.touch(this.t.table, twin.id);
      }
      this.conn.stmt(`UPDATE ${this.t.table} SET ${this.t.key} = ? WHERE id = ?`).run(key, id);
      this.writeServer(id, server, local, base);
      this.outbox.markDone(entryId);
    });
  }

  /**
   * Read from the service before an update: it holds `server`, and `local`
   * is the local version merged with it (null when they agree). The entry
   * stays; its request has not gone yet.
   */
  recordMerged(id: string, server: object, local: object | null): void {
    this.conn.tx([this.ref(id)], () => this.writeServer(id, server, local));
  }

  /**
   * The service took a change and now holds `server`; `local` is what still
   * differs here, or null. The entry is done. A record removed here
   * meanwhile stays removed.
   */
  recordSaved(entryId: number, id: string, server: object, local: object | null): void {
    this.conn.tx([this.ref(id), 'outbox'], () => {
      this.writeServer(id, server, local);
      this.outbox.markDone(entryId);
    });
  }

  /** The service no longer has the record (it answered 404). */
  markGone(id: string): void {
    this.conn.tx([this.ref(id)], () => {
      this.conn.stmt(`UPDATE ${this.t.table} SET gone = 1 WHERE id = ?`).run(id);
    });
  }

  /** The record is deleted on the service, or never reached it: the row goes, and the entry is done. */
  recordDeleted(entryId: number, id: string): void {
    this.conn.tx([this.ref(id), 'outbox'], () => {
      this.conn.stmt(`DELETE FROM ${this.t.table} WHERE id = ?`).run(id);
      this.outbox.markDone(entryId);
    });
  }

  // ---- what a person's answer to a conflict decided (conflicts.ts) -------

  /** The service's version is taken whole: nothing of the record differs here any more. */
  takeServiceVersion(id: string, server: object): void {
    this.conn.tx([this.ref(id)], () => {
      this.conn
        .stmt(`UPDATE ${this.t.table} SET local = NULL, base = NULL, server = ?, updated_at = ? WHERE id = ?`)
        .run(JSON.stringify(server), this.conn.now(), id);
    });
  }

  /** The local version becomes `local`; what the service holds and the base stay. */
  setLocalVersion(id: string, local: object): void {
    this.conn.tx([this.ref(id)], () => {
      this.conn.stmt(`UPDATE ${this.t.table} SET local = ?, updated_at = ? WHERE id = ?`).run(JSON.stringify(local), this.conn.now(), id);
    });
  }

  /** Deleted on the service, kept here: the record is new again, `local` to be created anew. */
  makeNewAgain(id: string, local: object): void {
    this.conn.tx([this.ref(id)], () => {
      this.conn
        .stmt(`UPDATE ${this.t.table} SET ${this.t.key} = NULL, server = NULL, base = NULL, local = ?, gone = 0, deleted = 0, updated_at = ? WHERE id = ?`)
        .run(JSON.stringify(local), this.conn.now(), id);
    });
  }

  /** The row goes; the caller has settled what referred to it. */
  remove(id: string): void {
    this.conn.tx([this.ref(id)], () => {
      this.conn.stmt(`DELETE FROM ${this.t.table} WHERE id = ?`).run(id);
    });
  }

  /** What the service holds now; a service that answers has the record, so it is no longer gone. */
  /** `base`: the version a local edit still waiting started from; the service's own unless said otherwise. */
  private writeServer(id: string, server: object, local: object | null, base: object = server): void {
    const json = JSON.stringify(server);
    this.conn
      .stmt(`UPDATE ${this.t.table} SET server = ?, base = ?, local = ?, gone = 0, updated_at = ? WHERE id = ?`)
      .run(json, local === null ? null : JSON.stringify(base), local === null ? null : JSON.stringify(local), this.conn.now(), id);
  }
}
