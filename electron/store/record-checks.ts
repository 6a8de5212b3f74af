// When each record the service holds was last seen there (checked_at,
// migration 16), and what the paced sweeps ask of the lists they walk: how
// many records come before a key in the service's order by number, which
// records a whole sweep did not see, the newest quotations' clients.
//
// Marking a record checked changes no record: no trigger follows the column,
// so neither the pull prints nor the quotation list's rows move, and no
// screen is woken (the transaction names no entity).
import type { Connection } from './connection';

export type CheckedList = 'clients' | 'products' | 'quotations';

/** Each list's table and the column of the service's number for its records. */
const TABLES: Record<CheckedList, { table: string; key: string }> = {
  clients: { table: 'clients', key: 'clientnr' },
  products: { table: 'products', key: 'product_id' },
  quotations: { table: 'quotations', key: 'server_id' },
};

export class RecordChecks {
  constructor(private readonly conn: Connection) {}

  /** The records with these numbers were seen on the service at `at`. Numbers not held here are passed over. */
  mark(list: CheckedList, keys: readonly number[], at: number): void {
    if (keys.length === 0) return;
    const { table, key } = TABLES[list];
    this.conn.tx([], () => {
      this.conn.stmt(`UPDATE ${table} SET checked_at = ? WHERE ${key} IN (SELECT value FROM json_each(?))`).run(Math.floor(at), JSON.stringify(keys));
    });
  }

  /** When the record with this number was last seen on the service (checked, or written from it); null when never or not held. */
  checkedAt(list: CheckedList, number: number): number | null {
    const { table, key } = TABLES[list];
    const r = this.conn
      .stmt<[number], { at: number | null }>(`SELECT max(coalesce(checked_at, 0), coalesce(pulled_at, 0)) AS at FROM ${table} WHERE ${key} = ?`)
      .get(number);
    return r?.at ? r.at : null;
  }

  /** The service's record with this number as last read (what it holds, local edits aside); null when not held. */
  serviceRecord(list: CheckedList, number: number): Record<string, unknown> | null {
    const { table, key } = TABLES[list];
    const r = this.conn.stmt<[number], { server: string | null }>(`SELECT server FROM ${table} WHERE ${key} = ?`).get(number);
    return r?.server ? (JSON.parse(r.server) as Record<string, unknown>) : null;
  }

  /** How many of the service's records held here have a number below `number`: its place in a list ordered by number, as far as this desk knows. */
  rankBelow(list: CheckedList, number: number): number {
    const { table, key } = TABLES[list];
    return this.conn.stmt<[number], { n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${key} < ? AND server IS NOT NULL`).get(number)!.n;
  }

  /**
   * How many of the service's records are held here: those it gave a number.
   * Counted from the number's own index, not the rows: at 100,000 clients a
   * count that reads every row takes tens of milliseconds.
   */
  held(list: CheckedList): number {
    const { table, key } = TABLES[list];
    return this.conn.stmt<[], { n: number }>(`SELECT count(${key}) AS n FROM ${table}`).get()!.n;
  }

  /** The highest number of the service's records held here; 0 when none. */
  highest(list: CheckedList): number {
    const { table, key } = TABLES[list];
    return this.conn.stmt<[], { n: number | null }>(`SELECT max(${key}) AS n FROM ${table} WHERE server IS NOT NULL`).get()!.n ?? 0;
  }

  /**
   * Numbers of the service's records held here that were not seen since
   * `since` (never, or before): what a whole sweep that began then did not
   * meet. At most `limit`, lowest first.
   */
  unseenSince(list: CheckedList, since: number, limit: number): number[] {
    const { table, key } = TABLES[list];
    return this.conn
      .stmt<[number, number], { k: number }>(
        `SELECT ${key} AS k FROM ${table} WHERE ${key} IS NOT NULL AND coalesce(checked_at, 0) < ? ORDER BY ${key} LIMIT ?`,
      )
      .all(since, limit)
      .map((r) => r.k);
  }

  /** Numbers of the service's records held here from `low` to `high` (either end may be open: null). */
  heldBetween(list: CheckedList, low: number | null, high: number | null): number[] {
    const { table, key } = TABLES[list];
    return this.conn
      .stmt<[number, number], { k: number }>(`SELECT ${key} AS k FROM ${table} WHERE ${key} >= ? AND ${key} <= ? AND server IS NOT NULL`)
      .all(low ?? Number.MIN_SAFE_INTEGER, high ?? Number.MAX_SAFE_INTEGER)
      .map((r) => r.k);
  }

  /** The latest time a record of the list was marked seen; 0 when none was. */
  latestMark(list: CheckedList): number {
    const { table } = TABLES[list];
    return this.conn.stmt<[], { at: number | null }>(`SELECT max(checked_at) AS at FROM ${table}`).get()!.at ?? 0;
  }

  /** How many of the service's records held here were not seen since `since`. */
  countUnseenSince(list: CheckedList, since: number): number {
    const { table, key } = TABLES[list];
    return this.conn.stmt<[number], { n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${key} IS NOT NULL AND coalesce(checked_at, 0) < ?`).get(since)!.n;
  }

  /** The client numbers of the newest `n` quotations the service holds (by its number), most recent first, each once. */
  clientsOfNewestQuotations(n: number): number[] {
    return this.conn
      .stmt<[number], { c: number }>(
        `SELECT DISTINCT c FROM (SELECT server_clientnr AS c FROM quotations WHERE server_id IS NOT NULL AND server_clientnr IS NOT NULL ORDER BY server_id DESC LIMIT ?)`,
      )
      .all(n)
      .map((r) => r.c)
      .filter((c) => Number.isSafeInteger(c) && c > 0);
  }

  /** Which of these client numbers are held here. */
  heldClients(numbers: readonly number[]): Set<number> {
    const rows = this.conn
      .stmt<[string], { n: number }>('SELECT clientnr AS n FROM clients WHERE clientnr IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(numbers));
    return new Set(rows.map((r) => r.n));
  }
}
