// What the status bar may say of the line to the service. "Online" is a
// claim, made only while the service's last answer is recent; after a failed
// request it says it is checking, and once the last answer is old it says
// when that was instead of guessing. While an answer is slow to come it says
// the desk waits for it, and since when. The main process judges online and
// offline from requests (electron/sync/connectivity.ts) and which answer is
// late (electron/core/answer-watch.ts); this only words it.
import type { SyncStatus } from './bridge';

/** An answer this recent backs "Online" (the main process tells a run of answers every 10 s at most). */
export const RECENT_MS = 60_000;

export type Reach =
  | { kind: 'online' }
  | { kind: 'checking' }
  /** a request sent at `since` has had no whole answer for a while (SyncStatus.waitingSince) */
  | { kind: 'waiting'; since: string }
  | { kind: 'stale'; at: string }
  | { kind: 'offline'; at: string | null }
  /** nothing goes to the service until a key is entered: the line is neither checked nor known */
  | { kind: 'no_key'; at: string | null };

export function reachOf(
  s: (Pick<SyncStatus, 'online' | 'checking' | 'lastReachedAt'> & Partial<Pick<SyncStatus, 'account' | 'waitingSince'>>) | null,
  now: number,
): Reach {
  const at = s?.lastReachedAt ?? null;
  if (s?.account === 'needs_key' || s?.account === 'key_missing') return { kind: 'no_key', at };
  if (!s || !s.online) return { kind: 'offline', at };
  // what the desk does now, rather than a check under way or the time of the last answer
  if (s.waitingSince) return { kind: 'waiting', since: s.waitingSince };
  if (s.checking) return { kind: 'checking' };
  // a main process that does not tell when it last reached the service: its word, as before
  if (s.lastReachedAt === undefined) return { kind: 'online' };
  // no answer seen yet (the first pull is under way): nothing to claim either way
  if (at === null) return { kind: 'checking' };
  if (now - Date.parse(at) > RECENT_MS) return { kind: 'stale', at };
  return { kind: 'online' };
}
