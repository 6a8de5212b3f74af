// Writes what a pull read from the service. Local edits are never touched:
// only the `server` column changes, and records that vanished from the
// service are removed unless local work still refers to them (then flagged).
//
// A page is written in one transaction with a handful of statements however
// long it is: what is known of its records is read in one query, and only
// records whose service text differs from the stored one are written (the
// pull keeps which records it saw, for the sweep, so an unchanged record
// costs no write at all, and a page with nothing new commits without
// touching the file or waking the screens). What the insert triggers would
// derive for new rows is written by the inserts themselves (list columns)
// or for all of them in one statement (search index); see bulk-insert.ts.
import type { Client, Country, Product, Quotation } from '../../shared/schemas';
import { BulkInsert } from './bulk-insert';
import { withInputOnly } from '../../shared/input-only';
import type { Connection, Entity } from './connection';
import { newId } from './ids';
import type { Numbering } from './numbering';
import { catchUpList } from './quotation-list';
import type { Quotations } from './quotations';

export interface SweepResult {
  removed: number;
  /** kept because local work refers to them, and flagged as gone */
  flagged: string[];
}

// The same values the insert triggers index (migrations 3, 9, 15 and 18), for the rows whose keys are given.
const clientField = (f: string) => `json_extract(coalesce(local, server), '$.${f}')`;
const CLIENT_INDEX = `INSERT INTO client_search (rowid, company, contact, email, city, clientnr, codes) SELECT rid, ${['company', 'contact', 'email', 'city']
  .map((f) => `coalesce(${clientField(f)}, '')`)
  .join(', ')}, coalesce(CAST(clientnr AS TEXT), ''), client_codes(${['zipcode', 'taxnumber', 'phone', 'mobile'].map(clientField).join(', ')})
  FROM clients WHERE rid IN (SELECT value FROM json_each(?))`;
const PRODUCT_INDEX = `INSERT INTO product_search (rowid, code, name) SELECT rid, ${['code', 'name']
  .map((f) => `coalesce(json_extract(coalesce(local, server), '$.${f}'), '')`)
  .join(', ')} FROM products WHERE rid IN (SELECT value FROM json_each(?))`;

/** Pages of the write-ahead log a pull lets gather before they are copied back (about 40 MB at most on disk). */
const PULL_CHECKPOINT_EVERY = 10_000;

/** A scalar of a record as the list columns hold it (migration 4). */
function scalar(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

const DAY_MS = 86_400_000;

/**
 * The time a quotation read here for the first time counts as changed, for
 * the list's order of "most recently changed first": nobody changed it here,
 * so its own date, and within the day the order the service numbered it.
 * Not the moment it was written: a first load reads the newest quotations
 * first, and they would sink below ten years of older ones read after them.
 * Never later than now; now when it has no date that can be read.
 */
function firstSeenOrder(q: Quotation, now: number): number {
  const day = typeof q.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(q.date) ? Date.parse(`${q.date}T00:00:00Z`) : NaN;
  if (!Number.isFinite(day)) return now;
  return Math.min(now, day + (Math.abs(q.id) % DAY_MS));
}

/** Inactive only when it says so, as migration 5 reads it. */
/** whether a stored service copy (JSON) is of a sent quotation */
function sentCopy(server: string | null): boolean {
  if (server === null) return false;
  return (JSON.parse(server) as { sent?: unknown }).sent === true;
}

function activeFlag(v: unknown): number {
  return v === false || v === 'false' ? 0 : 1;
}

/** The last record for each key: a page that names one twice is taken as the service's latest word. */
function lastByKey<T, K>(records: readonly T[], key: (r: T) => K): Map<K, T> {
  const out = new Map<K, T>();
  for (const r of records) {
    const k = key(r);
    // re-inserted, so the order is that of the last occurrence
    out.delete(k);
    out.set(k, r);
  }
  return out;
}

/** What a page's writer needs to know of a stored quotation. */
interface KnownQuotation {
  id: string;
  server: string | null;
  gone: number;
}

export class PulledRecords {
  constructor(
    private readonly conn: Connection,
    private readonly numbering: Numbering,
    private readonly quotations: Quotations,
  ) {}

  /**
   * Runs `fn` in one transaction; `entity` is signalled as changed only if
   * `fn` calls `wrote` (before its first write, so that a write left behind
   * by a throw inside a caller's transaction is signalled too).
   *
   * A page of quotations or clients (and a sweep of either) also works out,
   * in the same transaction, the quotation list's rows of what it changed
   * (docs/quotation-list.md): a pull's backlog would otherwise wait for the
   * first list call, 10,000 rows of it after a first pull. When the page
   * changed nothing, that is one count of an empty table.
   */
  private write<T>(entity: Entity, fn: (wrote: () => void) => T): T {
    // a nested tx joins this one and only adds its entity to what is signalled at the commit
    return this.conn.tx([], () => {
      const out = fn(() => this.conn.tx([entity], () => undefined));
      if (entity === 'quotations' || entity === 'clients') catchUpList(this.conn, this.quotations, { skipUnreadable: true });
      return out;
    });
  }

  /** One page of clients, in one transaction. */
  putClients(records: readonly Client[], pulledAt: number): void {
    const now = this.conn.now();
    const page = lastByKey(records, (c) => c.clientnr);
    this.write('clients', (wrote) => {
      const known = new Map<number, { rid: number; server: string | null; gone: number }>();
      const rows = this.conn
        .stmt<[string], { rid: number; clientnr: number; server: string | null; gone: number }>(
          'SELECT c.rid, c.clientnr, c.server, c.gone FROM json_each(?) j JOIN clients c ON c.clientnr = j.value',
        )
        .all(JSON.stringify([...page.keys()]));
      for (const r of rows) known.set(r.clientnr, r);
      const update = this.conn.stmt('UPDATE clients SET server = ?, pulled_at = ?, gone = 0, updated_at = ? WHERE rid = ?');
      const insert = this.conn.stmt(
        'INSERT INTO clients (id, clientnr, server, pulled_at, created_at, updated_at, company, contact, currency, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const back: number[] = [];
      const bulk = new BulkInsert(this.conn, CLIENT_INDEX);
      try {
        for (const c of page.values()) {
          const json = JSON.stringify(c);
          const row = known.get(c.clientnr);
          if (row === undefined) {
            wrote();
            bulk.hold();
            bulk.added.push(
              Number(
                insert.run(newId(), c.clientnr, json, pulledAt, now, now, scalar(c.company), scalar(c.contact), scalar(c.currency), activeFlag(c.active))
                  .lastInsertRowid,
              ),
            );
          } else if (row.server !== json) {
            wrote();
            update.run(json, pulledAt, now, row.rid);
          } else if (row.gone) back.push(row.rid);
        }
      } finally {
        bulk.end();
      }
      // back on the service unchanged: no longer gone
      if (back.length > 0) {
        wrote();
        this.conn.stmt('UPDATE clients SET gone = 0 WHERE rid IN (SELECT value FROM json_each(?))').run(JSON.stringify(back));
      }
    });
  }

  /**
   * One page of products. Local edits are never touched: only the service's
   * version changes (products.ts keeps what was typed over it).
   */
  putProducts(records: readonly Product[], pulledAt: number): void {
    const now = this.conn.now();
    const page = lastByKey(records, (p) => p.id);
    this.write('products', (wrote) => {
      const known = new Map<number, { rid: number; server: string | null; gone: number }>();
      const rows = this.conn
        .stmt<[string], { rid: number; product_id: number; server: string | null; gone: number }>(
          'SELECT p.rid, p.product_id, p.server, p.gone FROM json_each(?) j JOIN products p ON p.product_id = j.value',
        )
        .all(JSON.stringify([...page.keys()]));
      for (const r of rows) known.set(r.product_id, r);
      const update = this.conn.stmt('UPDATE products SET server = ?, pulled_at = ?, gone = 0, updated_at = ? WHERE rid = ?');
      const insert = this.conn.stmt('INSERT INTO products (id, product_id, server, pulled_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
      const back: number[] = [];
      const bulk = new BulkInsert(this.conn, PRODUCT_INDEX);
      try {
        for (const p of page.values()) {
          const json = JSON.stringify(p);
          const row = known.get(p.id);
          if (row === undefined) {
            wrote();
            bulk.hold();
            bulk.added.push(Number(insert.run(newId(), p.id, json, pulledAt, now, now).lastInsertRowid));
          } else if (row.server !== json) {
            wrote();
            update.run(json, pulledAt, now, row.rid);
          } else if (row.gone) back.push(row.rid);
        }
      } finally {
        bulk.end();
      }
      if (back.length > 0) {
        wrote();
        this.conn.stmt('UPDATE products SET gone = 0 WHERE rid IN (SELECT value FROM json_each(?))').run(JSON.stringify(back));
      }
    });
  }

  /**
   * One page of quotations. A record not known by id but carrying the
   * savename of a local quotation is that quotation, saved or sent by a
   * request whose answer was lost: it is adopted, not duplicated. The row
   * has no service id yet (a lost save), or it holds a draft and the record
   * is sent (a lost send: the sent quotation has a new id, the draft's is
   * gone). Only the savename says so: it is this
   * computer's own, where a quotationreference may have been handed out by
   * another desk as well (docs/numbering.md). A local draft whose number a
   * record of the service holds gives the number up and is numbered again
   * when it next goes out.
   */
  putQuotations(records: readonly Quotation[], pulledAt: number): void {
    const byId = this.conn.stmt<[number], KnownQuotation>('SELECT id, server, gone FROM quotations WHERE server_id = ?');
    const byName = this.conn.stmt<[string, number], KnownQuotation>(
      `SELECT id, server, gone FROM quotations WHERE savename = ?
         AND (server_id IS NULL OR (? = 1 AND json_extract(server, '$.sent') IS NOT 1)) LIMIT 1`,
    );
    const unsentHolder = this.conn.stmt<[string, string], { id: string }>(
      `SELECT id FROM quotations WHERE quotationreference = ? AND id != ? AND (server IS NULL OR json_extract(server, '$.sent') IS NOT 1)`,
    );
    const clearNames = this.conn.stmt(
      `UPDATE quotations SET savename = CASE WHEN savename = ? THEN NULL ELSE savename END,
         quotationreference = CASE WHEN quotationreference = ? THEN NULL ELSE quotationreference END
       WHERE id != ? AND (savename = ? OR quotationreference = ?)`,
    );
    const update = this.conn.stmt(
      'UPDATE quotations SET server_id = ?, server = ?, savename = ?, quotationreference = ?, pulled_at = ?, gone = 0, updated_at = ? WHERE id = ?',
    );
    const dropDraft = this.conn.stmt('UPDATE quotations SET draft = NULL, base = NULL WHERE id = ? AND draft IS NOT NULL');
    const insert = this.conn.stmt(
      `INSERT INTO quotations (id, server_id, server, savename, quotationreference, pulled_at, created_at, updated_at,
         server_clientnr, server_date, server_total, server_sent, server_approved, server_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const now = this.conn.now();
    this.write('quotations', (wrote) => {
      const known = this.knownQuotations(records);
      const back: string[] = [];
      const bulk = new BulkInsert(this.conn, null);
      try {
        for (const q of records) {
          const savename = q.savename || null;
          const reference = q.quotationreference || null;
          const named = savename !== null || reference !== null;
          const row = known
            ? (known.byId.get(q.id) ?? known.nameless.get(q) ?? undefined)
            : (byId.get(q.id) ?? (savename !== null ? byName.get(savename, q.sent === true ? 1 : 0) : undefined));
          // a line's foreign tax is never returned: the one known of the same line stays (shared/input-only.ts)
          const json = JSON.stringify(withInputOnly(q, row?.server));
          if (row && row.server === json) {
            if (row.gone) back.push(row.id);
            continue;
          }
          wrote();
          // Names are unique on the service; an older holder here (a record
          // deleted or renamed there) gives them up.
          const id = row?.id ?? newId();
          if (named && (!known || known.heldElsewhere(q, id))) {
            const loser = reference === null ? undefined : unsentHolder.get(reference, id);
            if (loser) this.numbering.noteTaken(loser.id, reference!);
            clearNames.run(savename, reference, id, savename, reference);
          }
          if (row) {
            update.run(q.id, json, savename, reference, pulledAt, now, id);
            // a local copy with nothing waiting to be saved gives way to the service's newer version
            if (!this.hasOps(id)) dropDraft.run(id);
          } else {
            const approved = q.approved !== null && typeof q.approved === 'object' && !Array.isArray(q.approved) ? 1 : 0;
            bulk.hold();
            insert.run(
              id,
              q.id,
              json,
              savename,
              reference,
              pulledAt,
              now,
              firstSeenOrder(q, now),
              scalar(q.clientnr),
              scalar(q.date),
              scalar(q.totalintax),
              q.sent === true ? 1 : 0,
              approved,
              scalar(q.customstatus),
            );
          }
        }
      } finally {
        bulk.end();
      }
      // back on the service unchanged: no longer gone
      if (back.length > 0) {
        wrote();
        this.conn.stmt('UPDATE quotations SET gone = 0 WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(back));
      }
    });
  }

  /**
   * What the per-record lookups of putQuotations would find, read for the
   * whole page in two queries. Only when the page's records share no id, no
   * name and no draft they could adopt: then what one record writes cannot
   * change what another one looks up, and the answers read before the first
   * write stay true. Otherwise null, and each record looks up for itself.
   */
  private knownQuotations(records: readonly Quotation[]): {
    byId: Map<number, KnownQuotation>;
    /** the local quotation a record not known by id carries the savename of (never saved, or a draft this sent record replaced) */
    nameless: Map<Quotation, KnownQuotation>;
    /** whether a row other than `id` holds a name of `q` */
    heldElsewhere(q: Quotation, id: string): boolean;
  } | null {
    const ids = new Set<number>();
    const names = new Set<string>();
    for (const q of records) {
      if (ids.has(q.id)) return null;
      ids.add(q.id);
      for (const n of [q.savename, q.quotationreference]) {
        if (!n) continue;
        if (names.has(n)) return null;
        names.add(n);
      }
    }
    const byId = new Map<number, KnownQuotation>();
    const rows = this.conn
      .stmt<[string], KnownQuotation & { server_id: number }>(
        'SELECT q.id, q.server_id, q.server, q.gone FROM json_each(?) j JOIN quotations q ON q.server_id = j.value',
      )
      .all(JSON.stringify([...ids]));
    for (const r of rows) byId.set(r.server_id, r);
    const holders = this.conn
      .stmt<[string, string], KnownQuotation & { server_id: number | null; savename: string | null; quotationreference: string | null }>(
        'SELECT id, server_id, savename, quotationreference, server, gone FROM quotations WHERE savename IN (SELECT value FROM json_each(?)) OR quotationreference IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify([...names]), JSON.stringify([...names]));
    const holdersOf = (q: Quotation) =>
      holders.filter((h) => (!!q.savename && h.savename === q.savename) || (!!q.quotationreference && h.quotationreference === q.quotationreference));
    const nameless = new Map<Quotation, KnownQuotation>();
    const adoptedBy = new Set<string>();
    for (const q of records) {
      if (byId.has(q.id)) continue;
      const drafts = holders.filter((h) => !!q.savename && h.savename === q.savename && (h.server_id === null || (q.sent === true && !sentCopy(h.server))));
      const draft = drafts[0];
      if (!draft) continue;
      // the row holding our name is another record of this page by its own id: what one writes changes what the other finds
      if (draft.server_id !== null && ids.has(draft.server_id)) return null;
      if (adoptedBy.has(draft.id)) return null;
      adoptedBy.add(draft.id);
      nameless.set(q, draft);
    }
    return { byId, nameless, heldElsewhere: (q, id) => holdersOf(q).some((h) => h.id !== id) };
  }

  /**
   * For the length of a pull, the write-ahead log is copied back into the
   * database file less often (every PULL_CHECKPOINT_EVERY pages written instead of SQLite's
   * 1000): a page of records rewrites leaves all over the name and id
   * indexes, and copying those back after every page rewrote the same
   * leaves again and again. `end` restores the usual interval and copies
   * back what it may at once, without waiting for readers.
   */
  beginPull(): { end(): void } {
    const usual = this.conn.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    this.conn.db.pragma(`wal_autocheckpoint = ${PULL_CHECKPOINT_EVERY}`);
    return {
      end: () => {
        if (!this.conn.db.open) return;
        this.conn.db.pragma(`wal_autocheckpoint = ${usual}`);
        this.conn.db.pragma('wal_checkpoint(PASSIVE)');
      },
    };
  }

  putCountries(records: readonly Country[]): void {
    const list = lastByKey(records, (c) => c.id);
    const upsert = this.conn.stmt('INSERT INTO countries (id, name) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name');
    this.write('countries', (wrote) => {
      const stored = this.conn.stmt<[], Country>('SELECT id, name FROM countries').all();
      // the same list as last time (as it nearly always is) is not written again
      if (stored.length === list.size && stored.every((c) => list.get(c.id)?.name === c.name)) return;
      wrote();
      this.conn.stmt('DELETE FROM countries').run();
      for (const c of list.values()) upsert.run(c.id, c.name);
    });
  }

  countries(): Country[] {
    return this.conn.stmt<[], Country>('SELECT id, name FROM countries ORDER BY name').all();
  }

  /** The service's record of a product, as last read (local edits aside: see products.ts). */
  product(id: number): Product | null {
    const r = this.conn.stmt<[number], { server: string | null }>('SELECT server FROM products WHERE product_id = ?').get(id);
    return r?.server ? (JSON.parse(r.server) as Product) : null;
  }

  count(kind: 'clients' | 'products' | 'quotations' | 'countries'): number {
    const where = kind === 'countries' ? '' : 'WHERE server IS NOT NULL';
    return (this.conn.stmt(`SELECT count(*) AS n FROM ${kind} ${where}`).get() as { n: number }).n;
  }

  /**
   * After a complete pull, which saw the clients numbered `seen`: the other
   * service records here are gone from the service.
   */
  sweepClients(seen: Iterable<number>): SweepResult {
    return this.goneClients(() => this.unseen('SELECT json_group_array(clientnr) AS keys FROM clients WHERE clientnr IS NOT NULL', seen), true);
  }

  /**
   * The records with these numbers are gone from the service (a look-up by
   * number answered that it has none): removed here, or kept and flagged
   * where local work still needs them, by the same rules as a sweep.
   */
  settleGone(list: 'clients' | 'products' | 'quotations', numbers: readonly number[]): SweepResult {
    if (list === 'clients') return this.goneClients(() => [...numbers], false);
    if (list === 'products') return this.goneRecords('products', 'product_id', 'local', () => [...numbers]);
    return this.goneRecords('quotations', 'server_id', 'draft', () => [...numbers]);
  }

  /** `withoutNumber`: also the service records here that have no number (a sweep's rule: they cannot have been seen). */
  private goneClients(gone: () => number[], withoutNumber: boolean): SweepResult {
    return this.write('clients', (wrote) => {
      const unseen = gone();
      const stale = this.conn
        .stmt<[string], { id: string; local: string | null; deleted: number }>(
          `SELECT id, local, deleted FROM clients WHERE server IS NOT NULL AND (${withoutNumber ? 'clientnr IS NULL OR ' : ''}clientnr IN (SELECT value FROM json_each(?)))`,
        )
        .all(JSON.stringify(unseen));
      const result: SweepResult = { removed: 0, flagged: [] };
      const remove = this.conn.stmt('DELETE FROM clients WHERE id = ?');
      for (const c of stale) {
        const used =
          c.local !== null ||
          this.hasOps(c.id) ||
          !!this.conn.stmt(`SELECT 1 FROM quotations WHERE client_id = ? AND deleted = 0 AND (draft IS NOT NULL OR server_id IS NULL) LIMIT 1`).get(c.id);
        wrote();
        if (c.deleted && !this.hasOps(c.id)) {
          remove.run(c.id);
          result.removed++;
        } else if (used) {
          this.conn.stmt('UPDATE clients SET gone = 1 WHERE id = ? AND gone = 0').run(c.id);
          result.flagged.push(c.id);
        } else {
          // Cached quotations of that client keep their service record; only the link goes.
          remove.run(c.id);
          result.removed++;
        }
      }
      return result;
    });
  }

  /**
   * After a complete pull, which saw the products with ids `seen`. A product
   * edited here, or with work waiting, is kept and flagged as gone.
   */
  sweepProducts(seen: Iterable<number>): SweepResult {
    return this.sweepRecords('products', 'product_id', 'local', seen);
  }

  /** After a complete pull, which saw the quotations with service ids `seen`; the same rule as products. */
  sweepQuotations(seen: Iterable<number>): SweepResult {
    return this.sweepRecords('quotations', 'server_id', 'draft', seen);
  }

  /**
   * Rows of `table` the service no longer has: one changed here (`edits` set)
   * or with work waiting, not being deleted, is kept and flagged as gone; one
   * with nothing waiting is removed.
   */
  private sweepRecords(table: 'products' | 'quotations', key: 'product_id' | 'server_id', edits: 'local' | 'draft', seen: Iterable<number>): SweepResult {
    return this.goneRecords(table, key, edits, () => this.unseen(`SELECT json_group_array(${key}) AS keys FROM ${table} WHERE ${key} IS NOT NULL`, seen));
  }

  private goneRecords(table: 'products' | 'quotations', key: 'product_id' | 'server_id', edits: 'local' | 'draft', gone: () => number[]): SweepResult {
    return this.write(table, (wrote) => {
      const unseen = gone();
      const stale = this.conn
        .stmt<[string], { id: string; edited: number; deleted: number }>(
          `SELECT id, ${edits} IS NOT NULL AS edited, deleted FROM ${table} WHERE server IS NOT NULL AND ${key} IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(unseen));
      const result: SweepResult = { removed: 0, flagged: [] };
      for (const r of stale) {
        wrote();
        const ops = this.hasOps(r.id);
        if (!r.deleted && (r.edited || ops)) {
          this.conn.stmt(`UPDATE ${table} SET gone = 1 WHERE id = ? AND gone = 0`).run(r.id);
          result.flagged.push(r.id);
        } else if (!ops) {
          this.conn.stmt(`DELETE FROM ${table} WHERE id = ?`).run(r.id);
          result.removed++;
        }
      }
      return result;
    });
  }

  /**
   * The keys `keysSql` lists (as one JSON array) that are not in `seen`.
   * Asking the database for the keys not seen would first build an index of
   * every key seen; the keys, read from an index of their own, and a Set
   * here cost a fraction of that when, as after most pulls, all were seen.
   */
  private unseen(keysSql: string, seen: Iterable<number>): number[] {
    const all = JSON.parse(this.conn.stmt<[], { keys: string }>(keysSql).get()!.keys) as number[];
    const known = seen instanceof Set ? (seen as Set<number>) : new Set(seen);
    return all.filter((k) => !known.has(k));
  }

  private hasOps(target: string): boolean {
    return !!this.conn.stmt(`SELECT 1 FROM outbox WHERE target = ? AND state != 'done' LIMIT 1`).get(target);
  }
}
