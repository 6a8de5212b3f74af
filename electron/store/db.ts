// Opens the database file: WAL, pragmas, integrity, migrations. A damaged or
// foreign file is reported and left exactly where it is, never replaced.
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from './errors';
import { LATEST_VERSION, migrate, readVersion } from './migrations';
import { said } from '../../shared/messages';

export type Db = Database.Database;

export interface OpenDbOptions {
  /** how long to wait for another connection's write lock, ms */
  busyTimeoutMs?: number;
  /** migrate to this version instead of the latest (fixture builders and migration tests) */
  targetVersion?: number;
}

function corrupt(path: string, cause: unknown): StoreError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new StoreError('corrupt', said('store.db.corrupt', { path, detail }), { cause });
}

export function openDatabase(path: string, opts: OpenDbOptions = {}): Db {
  if (!existsSync(dirname(path))) {
    throw new StoreError('invalid', said('store.db.no_folder', { folder: dirname(path) }));
  }
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new StoreError('invalid', said('store.db.is_folder', { path }));
  }
  let db: Db;
  try {
    db = new Database(path, { timeout: opts.busyTimeoutMs ?? 5000 });
  } catch (e) {
    throw corrupt(path, e);
  }
  try {
    // Reading the header first: a foreign or damaged file fails here, before
    // journal_mode could touch it.
    const version = readVersion(db);
    if (version > LATEST_VERSION) {
      throw new StoreError('too_new', said('store.db.too_new', { path, version, latest: LATEST_VERSION }));
    }
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`journal mode stayed ${String(mode)}`);
    // FULL: a committed autosave survives power loss too, not only a crash.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check: ${String(check)}`);
    migrate(db, opts.targetVersion ?? LATEST_VERSION);
    return db;
  } catch (e) {
    db.close();
    if (e instanceof StoreError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new StoreError('locked', said('store.db.locked', { path }), { cause: e });
    }
    throw corrupt(path, e);
  }
}
