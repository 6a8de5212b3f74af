// The store's key-value table: small values an account's data keeps between
// runs (sync cursors, the last sync, credits, the numbering scheme), as JSON.
// The SQL table keeps its first name, settings: renaming it needs a migration.
import { type Connection, parseJson } from './connection';

export class KeyValues {
  constructor(private readonly conn: Connection) {}

  get<T>(key: string): T | null {
    const r = this.conn.stmt<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key);
    return r ? parseJson<T>(r.value) : null;
  }

  set(key: string, value: unknown): void {
    if (value === undefined) throw new TypeError(`setting ${key}: undefined cannot be stored; use delete()`);
    this.conn.tx(['settings'], () => {
      this.conn.stmt('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
    });
  }

  delete(key: string): void {
    this.conn.tx(['settings'], () => {
      this.conn.stmt('DELETE FROM settings WHERE key = ?').run(key);
    });
  }
}
