// One desk per data folder (docs/data-lock.md). Two desks on one folder would
// push the same outbox, and the service would get every change twice. The
// folder is locked by the operating system, not by a pid file: the lock file
// <dataDir>/quotedesk.lock is a tiny SQLite database whose connection holds an
// exclusive lock (fcntl on unix, LockFileEx on Windows) until it is closed or
// the process ends, however it ends. SQLite also sees a second connection of
// the same process, so two cores in one process are refused too.
//
// Nothing else in the process may open quotedesk.lock: on unix, closing any
// descriptor of a file drops every lock the process holds on it.
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { isProcessAlive } from './process-alive';
import { writeJsonFile } from '../files/json-file';

/** the file whose SQLite lock is the folder's */
export const LOCK_FILE = 'quotedesk.lock';
/** who holds the lock, for the message of a desk refused (best-effort: never read to decide) */
export const HOLDER_FILE = 'quotedesk.lock.json';

/** What the holder writes in HOLDER_FILE. */
export interface DataLockHolder {
  pid: number;
  /** when the holding process started, ISO 8601 */
  started: string;
}

export interface DataLock {
  /** the folder locked, absolute */
  readonly folder: string;
  /** frees the folder; safe to call twice */
  release(): void;
}

/** Another desk (this process or another) holds the data folder. */
export class DataFolderInUse extends Error {
  override readonly name = 'DataFolderInUse';
  /** the data folder, absolute */
  readonly folder: string;
  /** the process holding it, when it said so */
  readonly pid: number | null;
  /** when that process started (ISO 8601), when it said so */
  readonly started: string | null;

  constructor(folder: string, holder: DataLockHolder | null) {
    const who =
      holder === null
        ? 'Another quotedesk'
        : holder.pid === process.pid
          ? `This same quotedesk (process ${holder.pid})`
          : `Another quotedesk (process ${holder.pid}, started ${localTime(holder.started)})`;
    super(
      `${who} is using the data folder ${folder}. Only one quotedesk at a time may use a data folder, or both would send the same changes. ` +
        'Close the other quotedesk, or start this one with another data folder: --data DIR for the web host (npm run web), ' +
        'QUOTEDESK_DATA_DIR for the app.',
    );
    this.folder = folder;
    this.pid = holder?.pid ?? null;
    this.started = holder?.started ?? null;
  }
}

/**
 * The connections holding a lock. A connection nothing refers to is closed
 * when it is collected, and its lock goes with it: a lock is kept here until
 * released, whether or not its holder keeps the handle.
 */
const held = new Set<Database.Database>();

/**
 * Locks the data folder (which must exist) for as long as the returned lock is
 * not released and the process lives. Throws DataFolderInUse when it is held.
 */
export function lockDataFolder(dataDir: string): DataLock {
  const folder = resolve(dataDir);
  const file = join(folder, LOCK_FILE);
  let db: Database.Database | null = null;
  try {
    // timeout 0: a held lock answers SQLITE_BUSY at once instead of waiting for it
    db = new Database(file, { timeout: 0 });
    // EXCLUSIVE: the locks taken are kept until the connection closes; a rollback
    // journal kept in memory (never WAL, whose shared memory lets readers in)
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    // the first write takes the exclusive lock, and the mode keeps it
    db.exec(
      'BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY, taken_at INTEGER NOT NULL); ' +
        `INSERT OR REPLACE INTO lock (id, taken_at) VALUES (1, ${Date.now()}); COMMIT`,
    );
  } catch (err) {
    db?.close();
    if (isBusy(err)) throw new DataFolderInUse(folder, readHolder(folder));
    throw new Error(`The data folder ${folder} could not be locked (${file}: ${err instanceof Error ? err.message : String(err)}).`, { cause: err });
  }
  const connection = db;
  held.add(connection);
  writeHolder(folder);
  let released = false;
  return {
    folder,
    release() {
      if (released) return;
      released = true;
      // the holder's note goes first: once the lock is free, the note may be the next holder's
      rmSync(join(folder, HOLDER_FILE), { force: true });
      held.delete(connection);
      connection.close();
    },
  };
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

function writeHolder(folder: string): void {
  const holder: DataLockHolder = { pid: process.pid, started: new Date(Date.now() - process.uptime() * 1000).toISOString() };
  try {
    writeJsonFile(join(folder, HOLDER_FILE), holder);
  } catch {
    // only the refusal message reads it
  }
}

/** The holder's note, when it names a process that is alive (a note left by a killed holder is not the holder). */
function readHolder(folder: string): DataLockHolder | null {
  try {
    const note = JSON.parse(readFileSync(join(folder, HOLDER_FILE), 'utf8')) as Partial<DataLockHolder>;
    if (!Number.isInteger(note.pid) || (note.pid as number) <= 0 || typeof note.started !== 'string') return null;
    if (Number.isNaN(Date.parse(note.started)) || !isProcessAlive(note.pid as number)) return null;
    return { pid: note.pid as number, started: note.started };
  } catch {
    return null;
  }
}

/** 2025-03-14 09:26, in this computer's time zone */
function localTime(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
