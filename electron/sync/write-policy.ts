// The policy for writes: what happens to an outbox entry whose request
// failed. It owns the whole of it: whether the entry goes again, when (the
// pause, a Retry-After honoured), whether the service is asked first if the
// earlier attempt arrived (the look-up before a repeat), when the outbox as a
// whole holds back, and when to give up and leave the entry to the person.
// Nothing is ever dropped. The read policy is api/read-policy.ts; both are
// described, with the table of answers, in docs/retries.md.
//
// What an answer proves (api/classify.ts sets `outcome`):
// - a refusal (a 4xx, the 429 or 403 of the rate limit, a call held back
//   before it went): the write was not applied;
// - anything else (a 5xx, a gateway's page, an unreadable answer, a broken
//   connection, a timeout): it may have been applied. The entry keeps an
//   unknown outcome, and its next attempt begins with a look-up (the
//   handler's `resolve`: by savename, by search, or by reading the record).
import type { ApiError } from '../api';
import { retryDelay, type BackoffOptions } from '../api';
import type { OpError, OpErrorKind } from '../../shared/outbox';
import type { PauseReason } from '../../shared/sync';
import { said } from '../../shared/messages';

export interface WritePolicyOptions {
  /** the pause before the next attempt of one entry; default 1 s doubling to 5 min, jittered */
  backoff?: BackoffOptions;
  /**
   * Attempts the service answered with trouble (an unknown outcome, a 5xx)
   * after which the entry waits for the person instead; default 12, about a
   * quarter of an hour of pauses. Attempts that never reached the service
   * (offline) or that it turned away for the rate limit do not count.
   */
  giveUpAfter?: number;
  /**
   * As giveUpAfter, when the last answer could not be read (a 2xx the client
   * cannot read as what it asked for, or larger than it reads); default 5.
   * The service writes its answers the same way each time, so a few tries
   * cover a passing glitch (a proxy, a deploy under way) and more only send
   * the same write again, each time looked up first.
   */
  giveUpUnreadableAfter?: number;
}

/** What the entry's failure leads to. `at`: when it is due again (epoch ms). */
export type WriteDecision =
  /** go again at `at`; `lookupFirst`: the last attempt may have arrived, so it is looked up before anything is resent */
  | { do: 'retry'; at: number; lookupFirst: boolean; error: Omit<OpError, 'at'>; offline: boolean; counts: boolean }
  /** wait for the person (a refusal they must fix, or given up) */
  | { do: 'park'; lookupFirst: boolean; error: Omit<OpError, 'at'> }
  /** stop the whole outbox until the person acts (a key refused, the address blacklisted); the entry waits in line */
  | { do: 'pause'; lookupFirst: boolean; reason: PauseReason; error: Omit<OpError, 'at'> }
  /** the app is stopping: the entry stays as it is (one in flight has an unknown outcome) */
  | { do: 'leave' };

/** What of an entry the policy reads. */
export interface EntryState {
  state: 'pending' | 'in_flight' | 'unknown_outcome' | 'parked' | 'done';
  /** counted attempts so far */
  attempts: number;
}

const DEFAULT_GIVE_UP_AFTER = 12;
const DEFAULT_GIVE_UP_UNREADABLE_AFTER = 5;

/**
 * An answer that came but could not be read: not the form asked for, a
 * record or id that does not parse, a charset or content type the client
 * does not read, more than the size it reads. Not a look-up that could not
 * finish (api.list_incomplete), and not a status the client did not expect.
 */
function isUnreadable(e: ApiError): boolean {
  return e.kind === 'bad_response' && (e.messageKey === 'api.bad_response' || e.messageKey === 'api.too_large');
}

export function opErrorOf(e: ApiError, kind: OpErrorKind): Omit<OpError, 'at'> {
  // the key goes along, so the UI says the reason in its own language
  const out: Omit<OpError, 'at'> = { kind, message: e.message, messageKey: e.messageKey, params: { ...e.params } };
  if (e.status !== undefined) out.status = e.status;
  if (e.fieldErrors && e.fieldErrors.length > 0) out.fieldErrors = e.fieldErrors;
  return out;
}

export class WritePolicy {
  readonly backoff: BackoffOptions;
  readonly giveUpAfter: number;
  readonly giveUpUnreadableAfter: number;

  constructor(opts: WritePolicyOptions = {}) {
    this.backoff = { baseMs: 1000, capMs: 5 * 60_000, ...opts.backoff };
    this.giveUpAfter = Math.max(1, opts.giveUpAfter ?? DEFAULT_GIVE_UP_AFTER);
    this.giveUpUnreadableAfter = Math.max(1, Math.min(this.giveUpAfter, opts.giveUpUnreadableAfter ?? DEFAULT_GIVE_UP_UNREADABLE_AFTER));
  }

  /** The pause before attempt `attempts + 1`, or the service's Retry-After when it named one. */
  pause(attempts: number, retryAfterMs?: number): number {
    return retryDelay(attempts, retryAfterMs, this.backoff);
  }

  /**
   * The entry's next step after its request failed with `error` at `now`.
   * `entry.state` is what it was when the request went out (in_flight), or
   * unknown_outcome when the look-up itself failed.
   */
  decide(entry: EntryState, error: ApiError, now: number): WriteDecision {
    // Whether the service may hold the write: it was out and no answer proved otherwise,
    // or an earlier attempt was of unknown outcome and nothing has settled it since.
    const lookupFirst = entry.state === 'unknown_outcome' || (entry.state === 'in_flight' && error.outcome === 'unknown');
    if (error.kind === 'aborted') return { do: 'leave' };
    switch (error.kind) {
      case 'unauthorized':
        return { do: 'pause', lookupFirst, reason: 'auth', error: opErrorOf(error, 'auth') };
      case 'forbidden':
        return { do: 'pause', lookupFirst, reason: 'forbidden', error: opErrorOf(error, 'other') };
      case 'rate_limited':
        // the service turned it away for the limit: not an attempt, and never a reason to give up
        return {
          do: 'retry',
          at: now + this.pause(entry.attempts, error.retryAfterMs),
          lookupFirst,
          error: opErrorOf(error, 'rate_limited'),
          offline: false,
          counts: false,
        };
      case 'offline':
      case 'network':
      case 'timeout':
        // The line's trouble, not the service's: not counted. The engine
        // judges the line (connectivity.ts) and probes while it is down.
        return { do: 'retry', at: now + this.pause(entry.attempts), lookupFirst, error: opErrorOf(error, 'network'), offline: true, counts: false };
    }
    // a 4xx is a refusal, whatever its kind (an unexpected 409 or 413 too); only its body cut off (no status kept) is worth asking again
    const refused = error.kind !== 'server' && (error.kind !== 'bad_response' || (error.status !== undefined && error.status >= 400 && error.status < 500));
    if (!lookupFirst && refused) return { do: 'park', lookupFirst, error: opErrorOf(error, refusalKind(error)) };
    // The service answered, but with an error that proves nothing (a 5xx, a
    // gateway's page, an answer that cannot be read), or a look-up could not
    // finish: tried again after a growing pause, and in the end left to the
    // person; sooner when the answers cannot be read.
    const attempts = entry.attempts + 1;
    if (isUnreadable(error) && attempts >= this.giveUpUnreadableAfter) return { do: 'park', lookupFirst, error: this.unreadable(error, attempts) };
    if (attempts >= this.giveUpAfter) return { do: 'park', lookupFirst, error: this.gaveUp(error, attempts) };
    return {
      do: 'retry',
      at: now + this.pause(entry.attempts, error.retryAfterMs),
      lookupFirst,
      error: opErrorOf(error, 'server'),
      offline: false,
      counts: true,
    };
  }

  /** Why an entry whose answers could not be read waits for the person: how often, and what was wrong with the last. */
  private unreadable(error: ApiError, attempts: number): Omit<OpError, 'at'> {
    const detail = String(error.params.detail ?? error.message);
    const out: Omit<OpError, 'at'> = { kind: 'server', ...said('parked.unreadable', { attempts, detail }) };
    if (error.status !== undefined) out.status = error.status;
    return out;
  }

  /** Why an entry the service kept failing waits for the person: how often, and what it said last. */
  private gaveUp(error: ApiError, attempts: number): Omit<OpError, 'at'> {
    const last = error.status !== undefined ? `status ${error.status}` : String(error.params.code ?? error.kind);
    const out: Omit<OpError, 'at'> = { kind: 'server', ...said('parked.gave_up', { attempts, last }) };
    if (error.status !== undefined) out.status = error.status;
    return out;
  }
}

/** The parked reason of a refusal the person must deal with. */
function refusalKind(e: ApiError): OpErrorKind {
  switch (e.kind) {
    case 'validation':
      return 'validation';
    case 'payment_required':
      return 'credits';
    case 'has_documents':
      return 'has_documents';
    case 'not_found':
      return 'not_found';
    default:
      return 'other';
  }
}
