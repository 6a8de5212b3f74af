// A list of clients or products by name, a page at a time, read from the
// index that orders it (migration 12): the index holds the filter columns,
// the folded name and the row key, so a page and a count read no record.
//
// What a page costs: SQLite's OFFSET steps over the rows before the page,
// one index entry each (about 35 ns). A page in the second half of the list
// is read from the end backwards instead, so no page steps over more than
// half the list: at 100,000 clients the deepest step is 50,000 entries,
// about 2 ms, and the first and last pages cost nothing.
//
// What a count costs: the list's count steps over every entry that matches
// (3 ms at 100,000). It is kept until anything is written (SQLite's
// total_changes of this connection, and data_version for other connections
// on the file), so scrolling a list, or reading it again when nothing
// changed, counts once.
//
// A search is the type-ahead's full-text index (every word a prefix, accents
// aside) as a filter: the rows come in name order, and the total is how many
// match. Two ways to read it, chosen by how many rows the words match:
// - many (a tenth of the list or more, "b"): the name index is walked as
//   above, each entry tested against the matches, so a page is found within
//   a few entries per row;
// - few ("öztürk bouw"): the matches are read from the full-text index, each
//   joined to an index keyed by rid that holds the filter columns and the
//   name, and sorted; that costs in proportion to the matches, which are few,
//   where a walk would cross the whole list to find them.
import type { Connection } from './connection';
import { matchExpression } from './search';

export interface NameList {
  table: 'clients' | 'products';
  /** the index that orders the list; its columns are (deleted, key, rid, …) */
  index: string;
  /** an index keyed by rid with the filter columns and the key (rid, deleted, …, key), for searches with few matches; none: always walk */
  byRid?: string;
  /** the indexed expression of the folded name, as the index writes it, its columns qualified by `t` */
  key: (t: string) => string;
  /** the full-text table whose rowid is the row's rid */
  search: 'client_search' | 'product_search';
  /** what the typed words ask of the full-text table; by default each word a prefix, all required */
  match?: (query: string) => string | null;
}

export interface NamePageQuery {
  offset: number;
  limit: number;
  /** conditions on the index's columns, ANDed (deleted and active), qualified by the table's name */
  where: readonly string[];
  /** words of a search, or null for the whole list */
  query?: string | null;
}

/** A search matching at most this share of the list is read from its matches (see above). */
const FEW = 0.1;

export class NamePages {
  private counted = new Map<string, number>();
  private countedAt = '';

  constructor(
    private readonly conn: Connection,
    private readonly list: NameList,
  ) {}

  /** The rids of the page, in name order, and how many rows the list has with these conditions. */
  page(q: NamePageQuery): { rids: number[]; total: number } {
    const match = q.query ? this.match(q.query) : null;
    if (q.query && match === null) return { rids: [], total: 0 };
    const few = match !== null && this.few(q.where, match);
    const total = this.total(q.where, q.query);
    const offset = Math.max(0, q.offset);
    const limit = Math.max(0, Math.min(q.limit, total - offset));
    if (limit === 0) return { rids: [], total };
    // from whichever end is nearer to the page
    const fromEnd = total - offset - limit;
    const backwards = fromEnd < offset;
    const dir = backwards ? 'DESC' : 'ASC';
    const { table, index, key, search } = this.list;
    const sql = few
      ? `SELECT ${table}.rid AS rid FROM ${search} JOIN ${table} INDEXED BY ${this.list.byRid} ON ${table}.rid = ${search}.rowid
         WHERE ${search} MATCH ? ${q.where.map((c) => `AND ${c}`).join(' ')} ORDER BY ${key(table)} ${dir}, ${table}.rid ${dir} LIMIT ? OFFSET ?`
      : `SELECT rid FROM ${table} INDEXED BY ${index} ${this.where(q.where, match)} ORDER BY ${key(table)} ${dir}, rid ${dir} LIMIT ? OFFSET ?`;
    const rows = this.conn.stmt<unknown[], { rid: number }>(sql).all(...(match === null ? [] : [match]), limit, backwards ? fromEnd : offset);
    const rids = rows.map((r) => r.rid);
    if (backwards) rids.reverse();
    return { rids, total };
  }

  /** The rows of `rids`, in that order. */
  rows<R extends { rid: number }>(rids: readonly number[]): R[] {
    if (rids.length === 0) return [];
    const found = this.conn.stmt<[string], R>(`SELECT * FROM ${this.list.table} WHERE rid IN (SELECT value FROM json_each(?))`).all(JSON.stringify(rids));
    const byRid = new Map(found.map((r) => [r.rid, r]));
    return rids.map((rid) => byRid.get(rid)).filter((r): r is R => r !== undefined);
  }

  /** How many rows the list has with these conditions (and search), limit and offset aside. */
  total(conditions: readonly string[], query?: string | null): number {
    const match = query ? this.match(query) : null;
    if (query && match === null) return 0;
    const { table, index, search } = this.list;
    if (match !== null && this.few(conditions, match)) {
      return this.count(
        `SELECT count(*) AS n FROM ${search} JOIN ${table} INDEXED BY ${this.list.byRid} ON ${table}.rid = ${search}.rowid WHERE ${search} MATCH ? ${conditions.map((c) => `AND ${c}`).join(' ')}`,
        [match],
      );
    }
    return this.count(`SELECT count(*) AS n FROM ${table} INDEXED BY ${index} ${this.where(conditions, match)}`, match === null ? [] : [match]);
  }

  private match(query: string): string | null {
    return (this.list.match ?? matchExpression)(query);
  }

  /** Whether the words match few enough rows to read the matches first. */
  private few(conditions: readonly string[], match: string): boolean {
    if (this.list.byRid === undefined) return false;
    const matches = this.count(`SELECT count(*) AS n FROM ${this.list.search} WHERE ${this.list.search} MATCH ?`, [match]);
    return matches <= FEW * this.total(conditions);
  }

  private where(conditions: readonly string[], match: string | null): string {
    const all = [...conditions, ...(match === null ? [] : [`rid IN (SELECT rowid FROM ${this.list.search} WHERE ${this.list.search} MATCH ?)`])];
    return all.length > 0 ? `WHERE ${all.join(' AND ')}` : '';
  }

  /** The count `sql` answers, kept until the next write. */
  private count(sql: string, params: string[]): number {
    const now = this.writeMark();
    if (now !== this.countedAt) {
      this.counted.clear();
      this.countedAt = now;
    }
    const cacheKey = `${sql}\u0000${params.join('\u0000')}`;
    const known = this.counted.get(cacheKey);
    if (known !== undefined) return known;
    const n = this.conn.stmt<unknown[], { n: number }>(sql).get(...params)!.n;
    // a few lists and searches at a time; a new search does not keep every old one
    if (this.counted.size >= 32) this.counted.clear();
    this.counted.set(cacheKey, n);
    return n;
  }

  /** Changes whenever anything is written to the file, by this connection or another. */
  private writeMark(): string {
    const r = this.conn.stmt<[], { w: number; v: number }>('SELECT total_changes() AS w, (SELECT data_version FROM pragma_data_version) AS v').get()!;
    return `${r.w}:${r.v}`;
  }
}
