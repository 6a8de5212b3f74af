// The pages of each list's last complete pull, by a digest of their text,
// with the keys of the records each held (migration 7). A later pull that
// is given a page with one of these digests knows its records are stored
// exactly as they came, and does not read them again.
//
// That is true only while nothing but the pull has written what the service
// holds of the list's records since. Migration 7's triggers count every such
// write in `writes`; prints are kept with the count they were made at, and
// are good only while it has not moved. The pull tells its own writes from
// others' with `writes()`: it reads the count before and after each of its
// own (synchronous) transactions, so a change between two of them is someone
// else's, and the prints it makes are not kept (see sync/pull.ts).
import { type Connection, parseJson } from './connection';

export type PrintedList = 'clients' | 'products' | 'quotations';

export class PullPrints {
  constructor(private readonly conn: Connection) {}

  /** How many writes of what the service holds of the list's records there have been. */
  writes(list: PrintedList): number {
    return this.conn.stmt<[string], { writes: number }>('SELECT writes FROM pull_prints WHERE list = ?').get(list)?.writes ?? 0;
  }

  /** The list's pages from its last complete pull, keys by digest; empty when written to since. */
  of(list: PrintedList): Map<string, readonly number[]> {
    const r = this.conn
      .stmt<[string], { writes: number; printed_at: number | null; prints: string | null }>('SELECT writes, printed_at, prints FROM pull_prints WHERE list = ?')
      .get(list);
    const out = new Map<string, readonly number[]>();
    if (!r || r.printed_at !== r.writes || r.prints === null) return out;
    const saved = parseJson<Record<string, unknown>>(r.prints);
    if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return out;
    for (const [digest, keys] of Object.entries(saved)) {
      // prints that do not read as expected are as good as none: the pull reads every page
      if (!Array.isArray(keys) || !keys.every((k) => Number.isSafeInteger(k))) return new Map();
      out.set(digest, keys as number[]);
    }
    return out;
  }

  /** Keeps `prints` as the list's pages, good while no write other than a pull's follows. */
  save(list: PrintedList, prints: ReadonlyMap<string, readonly number[]>): void {
    this.conn.tx([], () => {
      this.conn.stmt('UPDATE pull_prints SET printed_at = writes, prints = ? WHERE list = ?').run(JSON.stringify(Object.fromEntries(prints)), list);
    });
  }

  /** Forgets the list's pages: the next pull reads every page of it. */
  forget(list: PrintedList): void {
    this.conn.tx([], () => {
      this.conn.stmt('UPDATE pull_prints SET printed_at = NULL, prints = NULL WHERE list = ?').run(list);
    });
  }
}
