// The service's profiles and categories, kept so the editor's pickers work
// offline, and whether the service offers each list at all (a service or
// account without one answers 404: the pickers then say so). Written only
// by the pull; read by the bridge.
import type { Category, Profile } from '../../shared/schemas';
import type { Connection } from './connection';

export type DocumentList = 'profiles' | 'categories';
/** never read; read and kept; or the service does not offer it */
export type ListState = 'unknown' | 'available' | 'unavailable';

export interface ListEntry {
  id: number;
  name: string;
  /** the profile the service uses when a quotation names none; never set for categories */
  isDefault: boolean;
}

export interface StoredList {
  state: ListState;
  /** when the service last answered for it (epoch ms), null when never */
  readAt: number | null;
  items: ListEntry[];
}

interface Row {
  id: number;
  name: string;
  is_default?: number;
}

export class DocumentLists {
  constructor(private readonly conn: Connection) {}

  /** Replaces a list with what the service answered; unchanged rows are not written again. */
  put(list: 'profiles', records: readonly Profile[], readAt: number): void;
  put(list: 'categories', records: readonly Category[], readAt: number): void;
  put(list: DocumentList, records: readonly (Profile | Category)[], readAt: number): void {
    // a list naming an id twice: its last word counts, in the place of the first
    const byId = new Map<number, ListEntry>();
    for (const r of records) byId.set(r.id, { id: r.id, name: r.name, isDefault: 'default' in r && r.default === true });
    const next = [...byId.values()];
    this.conn.tx([], () => {
      const stored = this.rows(list);
      const same =
        stored.length === next.length && stored.every((s, i) => s.id === next[i]!.id && s.name === next[i]!.name && s.isDefault === next[i]!.isDefault);
      const before = this.state(list);
      if (!same) {
        this.conn.tx([list], () => {
          this.conn.stmt(`DELETE FROM ${list}`).run();
          const insert =
            list === 'profiles'
              ? this.conn.stmt('INSERT INTO profiles (id, name, is_default, position) VALUES (?, ?, ?, ?)')
              : this.conn.stmt('INSERT INTO categories (id, name, position) VALUES (?, ?, ?)');
          next.forEach((e, i) => (list === 'profiles' ? insert.run(e.id, e.name, e.isDefault ? 1 : 0, i) : insert.run(e.id, e.name, i)));
        });
      }
      this.markRead(list, 'available', readAt, before !== 'available');
    });
  }

  /**
   * The service does not offer the list. What was kept stays (nothing the
   * person chose is lost), but the pickers offer none of it any more.
   */
  markUnavailable(list: DocumentList, at: number): void {
    this.conn.tx([], () => this.markRead(list, 'unavailable', at, this.state(list) !== 'unavailable'));
  }

  get(list: DocumentList): StoredList {
    const read = this.read(list);
    return { state: read?.state ?? 'unknown', readAt: read?.read_at ?? null, items: this.rows(list) };
  }

  /** The name of a kept entry, for showing a choice whatever the list's state. */
  nameOf(list: DocumentList, id: number): string | null {
    return this.conn.stmt<[number], { name: string }>(`SELECT name FROM ${list} WHERE id = ?`).get(id)?.name ?? null;
  }

  private rows(list: DocumentList): ListEntry[] {
    const sql = list === 'profiles' ? 'SELECT id, name, is_default FROM profiles ORDER BY position' : 'SELECT id, name FROM categories ORDER BY position';
    return this.conn
      .stmt<[], Row>(sql)
      .all()
      .map((r) => ({ id: r.id, name: r.name, isDefault: r.is_default === 1 }));
  }

  private state(list: DocumentList): ListState {
    return this.read(list)?.state ?? 'unknown';
  }

  private read(list: DocumentList): { state: 'available' | 'unavailable'; read_at: number } | undefined {
    return this.conn.stmt<[string], { state: 'available' | 'unavailable'; read_at: number }>('SELECT state, read_at FROM list_reads WHERE list = ?').get(list);
  }

  private markRead(list: DocumentList, state: 'available' | 'unavailable', at: number, changed: boolean): void {
    // a change of state is news to the pickers; only the time of a read is not
    this.conn.tx(changed ? [list] : [], () => {
      this.conn
        .stmt(
          'INSERT INTO list_reads (list, state, read_at) VALUES (?, ?, ?) ON CONFLICT(list) DO UPDATE SET state = excluded.state, read_at = excluded.read_at',
        )
        .run(list, state, at);
    });
  }
}
