// The policy for reads (GET): what the transport tries again by itself, how
// often, and the pause before the next attempt. A read changes nothing on
// the service, so trying it again is always safe; what limits it is the
// person's hourly budget and their patience. Writes are never tried again
// here: the outbox does that, looking up first (sync/write-policy.ts).
// docs/retries.md describes both policies.
import type { ApiError } from './errors';
import { retryDelay, type BackoffOptions } from './backoff';
import { isTransient } from './parse';

export interface ReadPolicyOptions {
  /** attempts of one read, the first included; default 3 */
  attempts?: number;
  /** the pause between attempts; default 300 ms doubling to 10 s, jittered */
  backoff?: BackoffOptions;
  /**
   * The longest the transport waits by itself (for a Retry-After, the rate
   * limit, or between attempts) before handing the error to the caller, so a
   * person is never left waiting on a frozen screen; default 30 s.
   */
  maxWaitMs?: number;
}

export class ReadPolicy {
  readonly attempts: number;
  readonly maxWaitMs: number;
  readonly backoff: BackoffOptions;

  constructor(opts: ReadPolicyOptions = {}) {
    this.attempts = Math.max(1, opts.attempts ?? 3);
    this.maxWaitMs = opts.maxWaitMs ?? 30_000;
    this.backoff = { baseMs: 300, capMs: 10_000, ...opts.backoff };
  }

  /**
   * The pause before the next attempt of a read that failed with `error` on
   * attempt `attempt` (0 = the first), or null when the error goes to the
   * caller now. `heldForMs` is how long the transport holds every call back
   * already (a Retry-After, the rate limit's cool-down): the next attempt
   * waits for that anyway, so no pause of its own is added.
   */
  pauseAfter(error: ApiError, attempt: number, heldForMs: number): number | null {
    if (attempt + 1 >= this.attempts || !retryable(error)) return null;
    if (heldForMs > 0) return heldForMs > this.maxWaitMs ? null : 0;
    const wait = retryDelay(attempt, error.retryAfterMs, this.backoff);
    return wait > this.maxWaitMs ? null : wait;
  }
}

function retryable(e: ApiError): boolean {
  switch (e.kind) {
    case 'network':
    case 'server':
    case 'rate_limited':
      return true;
    case 'timeout':
      // An answer that ran past the whole deadline is not asked for again at
      // once: the same page would most likely stall the same way, and the
      // caller (the next pull) is the better judge of when to try.
      return e.params.code !== 'deadline';
    case 'bad_response':
      return isTransient(e);
    default:
      return false;
  }
}
