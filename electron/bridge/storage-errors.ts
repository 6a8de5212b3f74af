// A write to this computer's disk that failed: the database (SQLite's codes)
// or one of the app's files (the system's codes). What the person reads is
// the truth in their language: it was not saved, why in plain words, what to
// do. SQLite's own text, its names and the files' absolute paths stay in the
// log; none of them reaches the page.
import type { MessageKey } from '../../shared/messages';

export type StorageProblem = 'full' | 'read_only' | 'busy' | 'failed';

const KEYS: Record<StorageProblem, MessageKey> = {
  full: 'storage.full',
  read_only: 'storage.read_only',
  busy: 'storage.busy',
  failed: 'storage.failed',
};

/** What went wrong writing to the disk, or null when `err` is not a storage failure. */
export function storageProblem(err: unknown): StorageProblem | null {
  if (err === null || typeof err !== 'object') return null;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_')) {
    if (code === 'SQLITE_FULL') return 'full';
    if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return 'read_only';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    // SQLITE_IOERR_*, SQLITE_CANTOPEN, SQLITE_CORRUPT, SQLITE_NOTADB and the rest
    return 'failed';
  }
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return 'full';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'read_only';
    case 'EBUSY':
      return 'busy';
    case 'EIO':
    case 'ENOENT':
    case 'ENOTDIR':
    case 'EISDIR':
    case 'EMFILE':
    case 'ENFILE':
      return 'failed';
    default:
      return null;
  }
}

export function storageKey(problem: StorageProblem): MessageKey {
  return KEYS[problem];
}
