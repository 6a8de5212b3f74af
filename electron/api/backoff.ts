// Waiting between attempts: exponential with full jitter (a random delay
// between 0 and the exponential step, capped), so many clients coming back
// after an outage do not all knock at once. A server's Retry-After wins.

export interface BackoffOptions {
  /** first step, ms */
  baseMs?: number;
  /** no step is longer than this, ms */
  capMs?: number;
  factor?: number;
  /** [0, 1); injectable so tests are exact */
  random?: () => number;
}

const DEFAULTS = { baseMs: 500, capMs: 60_000, factor: 2 };

/** The wait before retry number `attempt` (0 = first retry). */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}): number {
  const base = opts.baseMs ?? DEFAULTS.baseMs;
  const cap = opts.capMs ?? DEFAULTS.capMs;
  const factor = opts.factor ?? DEFAULTS.factor;
  const random = opts.random ?? Math.random;
  const step = Math.min(cap, base * factor ** Math.max(0, attempt));
  return Math.floor(random() * step);
}

/** Retry-After when the server gave one, else the jittered backoff step. */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, opts: BackoffOptions = {}): number {
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return Math.ceil(retryAfterMs);
  return backoffDelay(attempt, opts);
}

/** Retry-After as delay-seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  const t = v.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const at = Date.parse(t);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** A sequence of waits for one job: next() grows, reset() after a success. */
export class Backoff {
  #attempt = 0;
  constructor(private readonly opts: BackoffOptions = {}) {}

  next(retryAfterMs?: number): number {
    const delay = retryDelay(this.#attempt, retryAfterMs, this.opts);
    this.#attempt++;
    return delay;
  }

  get attempts(): number {
    return this.#attempt;
  }

  reset(): void {
    this.#attempt = 0;
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
