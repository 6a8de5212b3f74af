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
// - Other programs spend the same budget. What they spent is what the
//   readings fell by beyond the answers we had in between; their pace is
//   kept as requests an hour (`othersPerHour`), and background work leaves
//   room for what they will still spend before the window ends
//   (`backgroundRoom`), so the reserve is the person's and not theirs.
// - What it knows survives a restart (`toJSON`/`restore`): a desk that starts
//   again mid-window does not take a full allowance for granted.
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
  /** what other programs on the same key spend, requests an hour, as last measured; null before it could be */
  othersPerHour?: number | null;
}

/** What a budget knows, as kept between runs (RateBudget.toJSON). */
export interface SavedBudget {
  limit: number | null;
  remaining: number | null;
  observedAt: number | null;
  windowStartedAt: number | null;
  cooldownUntil: number;
  othersPerHour: number | null;
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

const HOUR = 3_600_000;
/** others' spending is measured over at least this long, so that a few answers out of order are not taken for it */
const OTHERS_MIN_SPAN_MS = 5 * 60_000;

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
  /**
   * When the last reading stops telling anything of the window: an hour
   * after it was taken, or sooner, when the service said over the limit and
   * when to come back (then a new window has begun by that time).
   */
  #readingEndsAt = 0;
  #cooldownUntil = 0;
  #inFlight = 0;
  /** the most calls out at once since the last reading: answers of that many may arrive out of order */
  #peakInFlight = 0;
  /** our answers counted so far (each is one request the service counted) */
  #answers = 0;
  /** where the measure of others' spending began, in the current window: a reading and our answers until then */
  #span: { at: number; remaining: number; answers: number } | null = null;
  /** others' requests an hour, as last measured (kept across windows and restarts) */
  #othersPerHour: number | null = null;
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
    if (this.#othersPerHour !== null) b.othersPerHour = this.#othersPerHour;
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
      this.#measureOthers(now, remaining, wentUp || first || !sameLimit);
    }
    if (limit !== undefined) this.#limit = limit;
    if (remaining !== undefined) this.#remaining = remaining;
    this.#observedAt = now;
    this.#peakInFlight = this.#inFlight;
    this.#staleAt = this.#observedAt + this.staleAfterMs;
    this.#readingEndsAt = this.#observedAt + this.windowMs;
    this.#emit();
  }

  /**
   * Others' spending: since the span began (in this window), the readings
   * fell by more than our answers account for. Measured over at least
   * OTHERS_MIN_SPAN_MS, so that answers out of order or a request of ours
   * still under way do not pass for another program's.
   */
  #measureOthers(now: number, remaining: number, newWindow: boolean): void {
    this.#answers++;
    const span = this.#span;
    if (newWindow || span === null || remaining > span.remaining) {
      this.#span = { at: now, remaining, answers: this.#answers };
      return;
    }
    const elapsed = now - span.at;
    if (elapsed < OTHERS_MIN_SPAN_MS) return;
    const others = Math.max(0, span.remaining - remaining - (this.#answers - span.answers));
    this.#othersPerHour = (others * HOUR) / elapsed;
  }

  /** Other programs' requests an hour on this key, as last measured; null before it could be. */
  get othersPerHour(): number | null {
    return this.#othersPerHour;
  }

  /**
   * How many requests background work may spend now: what is left above the
   * reserve, less those in flight, less what other programs will spend at
   * their measured pace until the window ends (at the latest an hour after
   * the reading). Infinity while nothing is known (the first answer tells);
   * 0 during a cool-down the service asked for, or when the reading is low.
   */
  backgroundRoom(): number {
    const now = this.#now();
    if (this.#cooldownUntil > now) return 0;
    if (this.#remaining === null || this.#observedAt === undefined) return Infinity;
    const readingEnds = this.#readingEndsAt;
    // a reading older than a window: a new window has begun since, of unknown size: one call tells
    if (readingEnds <= now) return 1;
    const end = this.#windowEnd();
    const left = (end !== undefined && end > now ? Math.min(end, readingEnds) : readingEnds) - now;
    const theirs = Math.ceil(((this.#othersPerHour ?? 0) * left) / HOUR);
    return Math.max(0, this.#remaining - this.#inFlight - this.reserve - theirs);
  }

  /** When background work that found no room may look again: the window's end as known, or an hour after the reading. */
  roomReturnsAt(): number {
    const now = this.#now();
    if (this.#cooldownUntil > now) return this.#cooldownUntil;
    if (this.#observedAt === undefined) return now;
    const readingEnds = this.#readingEndsAt;
    const end = this.#windowEnd();
    return end !== undefined && end > now ? Math.min(end, readingEnds) : Math.max(now, readingEnds);
  }

  /** What this budget knows, to be kept between runs. */
  toJSON(): SavedBudget {
    return {
      limit: this.#limit,
      remaining: this.#remaining,
      observedAt: this.#observedAt ?? null,
      windowStartedAt: this.#windowStartedAt ?? null,
      cooldownUntil: this.#cooldownUntil,
      othersPerHour: this.#othersPerHour,
    };
  }

  /**
   * Takes in what an earlier run knew, when this one has heard nothing yet
   * (a reading of this run always wins). Anything that does not read as
   * expected is ignored: it only saves requests, it never decides a write.
   * A reading from the future (a clock set back) is not taken.
   */
  restore(saved: unknown): void {
    if (this.#observedAt !== undefined || saved === null || typeof saved !== 'object') return;
    const s = saved as Record<string, unknown>;
    const count = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined);
    const time = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= this.#now() + 1000 ? v : undefined);
    const observedAt = time(s.observedAt);
    const limit = count(s.limit);
    const remaining = count(s.remaining);
    if (observedAt !== undefined && limit !== undefined && remaining !== undefined && remaining <= limit) {
      this.#limit = limit;
      this.#remaining = remaining;
      this.#observedAt = observedAt;
      this.#staleAt = observedAt + this.staleAfterMs;
      this.#readingEndsAt = observedAt + this.windowMs;
      const started = time(s.windowStartedAt);
      if (started !== undefined && started <= observedAt) this.#windowStartedAt = started;
      this.#span = { at: observedAt, remaining, answers: this.#answers };
    }
    const cooldown = typeof s.cooldownUntil === 'number' && Number.isFinite(s.cooldownUntil) ? s.cooldownUntil : 0;
    // a cool-down the service asked for still holds; one further off than a window is not believed
    if (cooldown > this.#now() && cooldown <= this.#now() + this.windowMs) this.#cooldownUntil = cooldown;
    const others = s.othersPerHour;
    if (typeof others === 'number' && Number.isFinite(others) && others >= 0) this.#othersPerHour = others;
    this.#emit();
  }

  /** The service said stop (403 over the limit, or 429) for `waitMs`. */
  throttled(waitMs: number): void {
    this.#cooldownUntil = Math.max(this.#cooldownUntil, this.#now() + waitMs);
    // the next window begins when the service said; its start is no longer a guess
    if (this.#windowStartedAt !== undefined && this.#windowStartedAt + this.windowMs < this.#cooldownUntil) this.#windowStartedAt = undefined;
    // the service named when to come back: the "0 left" reading ends then
    this.#staleAt = Math.min(this.#staleAt, this.#cooldownUntil);
    this.#readingEndsAt = Math.min(this.#readingEndsAt, this.#cooldownUntil);
    this.#emit();
  }

  /**
   * Whether one call may go now. A person's call (`priority`) may spend the
   * reserve down to 0; at 0, after the reading goes stale, one may go to see
   * whether the window renewed. Any other call keeps the reserve whole: at
   * the reserve it waits until the window resets (the one the service named,
   * the end of the window seen to begin, or at the latest an hour after the
   * low reading), never merely until the reading is a minute old.
   */
  check(priority = false): Admission {
    const now = this.#now();
    if (this.#cooldownUntil > now) return { go: false, waitMs: this.#cooldownUntil - now, reason: 'cooldown' };
    if (this.#remaining === null || this.#observedAt === undefined) return { go: true };
    const left = this.#remaining - this.#inFlight;
    if (priority) {
      if (left > 0) return { go: true };
      const freshFor = this.#staleAt - now;
      return freshFor <= 0 ? { go: true } : { go: false, waitMs: freshFor, reason: 'reserve' };
    }
    if (this.#readingEndsAt <= now || left > this.reserve) return { go: true };
    return { go: false, waitMs: Math.max(1, this.roomReturnsAt() - now), reason: 'reserve' };
  }

  /**
   * Whether background work of about `cost` requests may start now without
   * taking what is left below the reserve (what other programs will spend
   * until the window ends counted: backgroundRoom). When not, `waitMs` is until the
   * window resets: the one the service named, the end of the window seen to
   * begin, or at the latest an hour after the low reading (a window is at
   * most that long). A person's call in between brings a fresh reading.
   */
  room(cost: number): Admission {
    const now = this.#now();
    if (this.#cooldownUntil > now) return { go: false, waitMs: this.#cooldownUntil - now, reason: 'cooldown' };
    // a reading older than a window says nothing of the new one: the work's first answer will
    if (this.#observedAt !== undefined && this.#readingEndsAt <= now) return { go: true };
    if (this.backgroundRoom() >= cost) return { go: true };
    return { go: false, waitMs: this.roomReturnsAt() - now, reason: 'reserve' };
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
