// The hourly request budget the service reports in X-RateLimit-Limit and
// X-RateLimit-Remaining on every response.
//
// Policy (the sync engine relies on it):
// - Below `reserve` remaining requests (a share of the limit, 20% by
//   default), only calls marked `priority` (a person's actions) go out;
//   others are held back, so what the person does right now still works.
// - Background work asks `room(cost)` before it starts: it goes only when
//   the whole of it leaves the reserve untouched, and otherwise waits for the
//   window to reset (see below), not for the reading to go stale.
// - At 0 remaining, or after a 403-over-limit / 429, nothing goes out until
//   the Retry-After (or backoff) has passed.
// - The headers are the only truth and the service's window is not stated,
//   so a low reading is trusted for `staleAfterMs`; after that one call may
//   go out again and bring a fresh reading.
// - The service never says when its window resets (only a 403 over the
//   limit does). We take the window to be an hour: when `remaining` goes up
//   between two readings, or reads limit - 1 (our call was the window's
//   first), a window began, and the next one begins `windowMs` later.
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
  /** epoch ms by which the current window ends, when a window's start was seen */
  windowResetsAt?: number;
}

export interface RateBudgetOptions {
  /** remaining requests kept for priority calls; default `reserveShare` of the limit */
  reserve?: number;
  /** the share of the reported limit kept for priority calls when `reserve` is not given; default 0.2 */
  reserveShare?: number;
  /** the length of the service's window, assumed; default an hour */
  windowMs?: number;
  /** how long a reading is trusted, ms; default 60 000 */
  staleAfterMs?: number;
  now?: () => number;
}

export type Admission = { go: true } | { go: false; waitMs: number; reason: 'cooldown' | 'reserve' };

type Headers = Record<string, string | string[] | undefined>;

export class RateBudget {
  readonly staleAfterMs: number;
  readonly windowMs: number;
  readonly #fixedReserve: number | undefined;
  readonly #reserveShare: number;
  readonly #now: () => number;
  /** when the current window was seen to begin (the later bound) */
  #windowStartedAt: number | undefined;
  #limit: number | null = null;
  #remaining: number | null = null;
  #observedAt: number | undefined;
  /** when the last reading stops being trusted */
  #staleAt = 0;
  #cooldownUntil = 0;
  #inFlight = 0;
  /** the most calls out at once since the last reading: answers of that many may arrive out of order */
  #peakInFlight = 0;
  readonly #listeners = new Set<(b: Budget) => void>();

  constructor(opts: RateBudgetOptions = {}) {
    this.#fixedReserve = opts.reserve;
    this.#reserveShare = opts.reserveShare ?? 0.2;
    this.staleAfterMs = opts.staleAfterMs ?? 60_000;
    this.windowMs = opts.windowMs ?? 3_600_000;
    this.#now = opts.now ?? Date.now;
  }

  /** Requests only a person's actions may spend; 0 until the service has told its limit. */
  get reserve(): number {
    if (this.#fixedReserve !== undefined) return this.#fixedReserve;
    return this.#limit === null ? 0 : Math.ceil(this.#limit * this.#reserveShare);
  }

  get snapshot(): Budget {
    const now = this.#now();
    const b: Budget = { limit: this.#limit, remaining: this.#remaining };
    if (this.#cooldownUntil > now) b.resetsAt = this.#cooldownUntil;
    if (this.#observedAt !== undefined) b.observedAt = this.#observedAt;
    const windowEnd = this.#windowEnd();
    if (windowEnd !== undefined && windowEnd > now) b.windowResetsAt = windowEnd;
    return b;
  }

  /** When the service said it resets, or when the window seen to begin ends; undefined when neither is known. */
  resetsAt(): number | undefined {
    const now = this.#now();
    if (this.#cooldownUntil > now) return this.#cooldownUntil;
    const end = this.#windowEnd();
    return end !== undefined && end > now ? end : undefined;
  }

  #windowEnd(): number | undefined {
    return this.#windowStartedAt === undefined ? undefined : this.#windowStartedAt + this.windowMs;
  }

  /** Called with every response's headers, errors included. */
  observe(headers: Headers): void {
    const limit = headerInt(headers['x-ratelimit-limit']);
    const remaining = headerInt(headers['x-ratelimit-remaining']);
    if (limit === undefined && remaining === undefined) return;
    const now = this.#now();
    const sameLimit = limit === undefined || limit === this.#limit;
    if (remaining !== undefined) {
      // more left than before under the same limit: the window reset in between.
      // Answers of calls out together may arrive out of order, each off by one
      // per call, so a rise smaller than that says nothing.
      const wentUp = sameLimit && this.#remaining !== null && remaining - this.#remaining >= Math.max(1, this.#peakInFlight);
      const first = (limit ?? this.#limit) !== null && remaining === (limit ?? this.#limit)! - 1;
      if (wentUp || first) this.#windowStartedAt = now;
    }
    if (limit !== undefined) this.#limit = limit;
    if (remaining !== undefined) this.#remaining = remaining;
    this.#observedAt = now;
    this.#peakInFlight = this.#inFlight;
    this.#staleAt = this.#observedAt + this.staleAfterMs;
    this.#emit();
  }

  /** The service said stop (403 over the limit, or 429) for `waitMs`. */
  throttled(waitMs: number): void {
    this.#cooldownUntil = Math.max(this.#cooldownUntil, this.#now() + waitMs);
    // the next window begins when the service said; its start is no longer a guess
    if (this.#windowStartedAt !== undefined && this.#windowStartedAt + this.windowMs < this.#cooldownUntil) this.#windowStartedAt = undefined;
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

  /**
   * Whether background work of about `cost` requests may start now without
   * taking what is left below the reserve. When not, `waitMs` is until the
   * window resets: the one the service named, the end of the window seen to
   * begin, or at the latest an hour after the low reading (a window is at
   * most that long). A person's call in between brings a fresh reading.
   */
  room(cost: number): Admission {
    const now = this.#now();
    if (this.#cooldownUntil > now) return { go: false, waitMs: this.#cooldownUntil - now, reason: 'cooldown' };
    if (this.#remaining === null || this.#observedAt === undefined) return { go: true };
    const readingEnds = this.#observedAt + this.windowMs;
    if (readingEnds <= now) return { go: true };
    const left = this.#remaining - this.#inFlight - cost;
    if (left >= this.reserve) return { go: true };
    const end = this.#windowEnd();
    const until = end !== undefined && end > now ? Math.min(end, readingEnds) : readingEnds;
    return { go: false, waitMs: until - now, reason: 'reserve' };
  }

  /** Counts a call in flight until the returned function is called, so a burst cannot overrun the reading. */
  begin(): () => void {
    this.#inFlight++;
    this.#peakInFlight = Math.max(this.#peakInFlight, this.#inFlight);
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
