// The hourly request budget the service reports in X-RateLimit-Limit and
// X-RateLimit-Remaining on every response.
//
// Policy (the sync engine relies on it):
// - Below `reserve` remaining requests, only calls marked `priority` go out;
//   others are held back, so what the user does right now still works.
// - At 0 remaining, or after a 403-over-limit / 429, nothing goes out until
//   the Retry-After (or backoff) has passed.
// - The headers are the only truth and the service's window is not stated,
//   so a low reading is trusted for `staleAfterMs`; after that one call may
//   go out again and bring a fresh reading.
// The transport asks `check()` before each call; it waits when the wait is
// short and otherwise fails with kind `rate_limited` and `retryAfterMs`.

export interface Budget {
  /** requests per window, as the service last said; null before the first answer */
  limit: number | null;
  remaining: number | null;
  /** epoch ms until which the service asked us to stop (Retry-After), if any */
  resetsAt?: number;
  /** epoch ms of the last reading */
  observedAt?: number;
}

export interface RateBudgetOptions {
  /** remaining requests kept for priority calls; default 20 */
  reserve?: number;
  /** how long a reading is trusted, ms; default 60 000 */
  staleAfterMs?: number;
  now?: () => number;
}

export type Admission = { go: true } | { go: false; waitMs: number; reason: 'cooldown' | 'reserve' };

type Headers = Record<string, string | string[] | undefined>;

export class RateBudget {
  readonly reserve: number;
  readonly staleAfterMs: number;
  readonly #now: () => number;
  #limit: number | null = null;
  #remaining: number | null = null;
  #observedAt: number | undefined;
  /** when the last reading stops being trusted */
  #staleAt = 0;
  #cooldownUntil = 0;
  #inFlight = 0;
  readonly #listeners = new Set<(b: Budget) => void>();

  constructor(opts: RateBudgetOptions = {}) {
    this.reserve = opts.reserve ?? 20;
    this.staleAfterMs = opts.staleAfterMs ?? 60_000;
    this.#now = opts.now ?? Date.now;
  }

  get snapshot(): Budget {
    const b: Budget = { limit: this.#limit, remaining: this.#remaining };
    if (this.#cooldownUntil > this.#now()) b.resetsAt = this.#cooldownUntil;
    if (this.#observedAt !== undefined) b.observedAt = this.#observedAt;
    return b;
  }

  /** Called with every response's headers, errors included. */
  observe(headers: Headers): void {
    const limit = headerInt(headers['x-ratelimit-limit']);
    const remaining = headerInt(headers['x-ratelimit-remaining']);
    if (limit === undefined && remaining === undefined) return;
    if (limit !== undefined) this.#limit = limit;
    if (remaining !== undefined) this.#remaining = remaining;
    this.#observedAt = this.#now();
    this.#staleAt = this.#observedAt + this.staleAfterMs;
    this.#emit();
  }

  /** The service said stop (403 over the limit, or 429) for `waitMs`. */
  throttled(waitMs: number): void {
    this.#cooldownUntil = Math.max(this.#cooldownUntil, this.#now() + waitMs);
    // the service named when to come back: the "0 left" reading ends then
    this.#staleAt = Math.min(this.#staleAt, this.#cooldownUntil);
    this.#emit();
  }

  check(priority = false): Admission {
    const now = this.#now();
    if (this.#cooldownUntil > now) return { go: false, waitMs: this.#cooldownUntil - now, reason: 'cooldown' };
    if (this.#remaining === null || this.#observedAt === undefined) return { go: true };
    const freshFor = this.#staleAt - now;
    if (freshFor <= 0) return { go: true };
    const left = this.#remaining - this.#inFlight;
    if (left <= 0 || (!priority && left <= this.reserve)) return { go: false, waitMs: freshFor, reason: 'reserve' };
    return { go: true };
  }

  /** Counts a call in flight until the returned function is called, so a burst cannot overrun the reading. */
  begin(): () => void {
    this.#inFlight++;
    let done = false;
    return () => {
      if (!done) this.#inFlight--;
      done = true;
    };
  }

  onChange(listener: (b: Budget) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    const b = this.snapshot;
    for (const l of this.#listeners) l(b);
  }
}

function headerInt(v: string | string[] | undefined): number | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || !/^\s*\d+\s*$/.test(s)) return undefined;
  return Number(s);
}
