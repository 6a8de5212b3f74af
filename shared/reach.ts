// What the status bar may say of the line to the service. "Online" is a
// claim, made only while the service's last answer is recent; after a failed
// request it says it is checking. Between its reads the desk asks nothing, so
// an answer older than a minute but within the pull interval is calm: the
// desk is up to date as far as its pace goes. Only once the last answer is
// older than the pull interval does it say when that was instead of guessing. While an answer is slow to come it says
// the desk waits for it, and since when. The main process judges online and
// offline from requests (electron/sync/connectivity.ts) and which answer is
// late (electron/core/answer-watch.ts); this only words it.
import type { SyncStatus } from './bridge';

/** An answer this recent backs "Online" (the main process tells a run of answers every 10 s at most). */
export const RECENT_MS = 60_000;

/**
 * The longest the desk goes without reading the service while all is well
 * (docs/freshness.md): a small account is read whole every 10 minutes, a
 * large one has its newest quotations checked every 5. Kept equal to the
 * pace's own numbers by test/sync/reach.test.ts.
 */
export const PULL_INTERVAL_MS = 10 * 60_000;

/** Silence this long is more than the pace explains: the interval, and the minute a read may take to be answered. */
export const STALE_AFTER_MS = PULL_INTERVAL_MS + RECENT_MS;

export type Reach =
  | { kind: 'online' }
  /** no answer for over a minute, none overdue at the desk's pace, nothing failed since: all is well */
  | { kind: 'quiet'; at: string }
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
  const silent = now - Date.parse(at);
  if (silent > STALE_AFTER_MS) return { kind: 'stale', at };
  if (silent > RECENT_MS) return { kind: 'quiet', at };
  return { kind: 'online' };
}
