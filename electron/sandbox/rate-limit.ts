// The hourly request limit (docs/service-api.md, The hourly limit) and per-second throttling (429).

/** Shown in X-RateLimit-* when there is no limit, so clients that read the headers never back off. */
export const UNLIMITED = 2147483647;

export interface LimitState {
  limit: number;
  remaining: number;
  resetAt: Date | null;
}

/**
 * A fixed hourly window that opens with the first counted request, on the
 * sandbox clock, so tests can move past it by moving the clock.
 */
export class HourlyLimit {
  private windowStart: number | null = null;
  private used = 0;

  constructor(
    private perHour: number,
    private readonly now: () => Date,
  ) {}

  setLimit(perHour: number): void {
    this.perHour = perHour;
  }

  reset(): void {
    this.windowStart = null;
    this.used = 0;
  }

  private roll(): void {
    if (this.windowStart !== null && this.now().getTime() - this.windowStart >= 3_600_000) this.reset();
  }

  /** Counts one request; false when the hour's limit is already used up. */
  take(): boolean {
    this.roll();
    if (this.perHour <= 0) return true;
    this.windowStart ??= this.now().getTime();
    if (this.used >= this.perHour) return false;
    this.used++;
    return true;
  }

  state(): LimitState {
    this.roll();
    if (this.perHour <= 0) return { limit: UNLIMITED, remaining: UNLIMITED, resetAt: null };
    return {
      limit: this.perHour,
      remaining: Math.max(0, this.perHour - this.used),
      resetAt: this.windowStart === null ? null : new Date(this.windowStart + 3_600_000),
    };
  }

  exceededMessage(): string {
    const { limit, resetAt } = this.state();
    const at = resetAt ?? new Date(this.now().getTime() + 3_600_000);
    const minutes = Math.max(1, Math.ceil((at.getTime() - this.now().getTime()) / 60_000));
    const until = `${at.toISOString()} (in ${minutes} minute${minutes === 1 ? '' : 's'})`;
    return `The hourly limit of ${limit} requests is used up. It resets at ${until}; wait until then before sending more requests.`;
  }
}

/**
 * At most `perSecond` requests in any second (sliding window, real time:
 * throttling is about bursts, and a frozen test clock must not block it forever).
 */
export class Throttle {
  private stamps: number[] = [];

  constructor(private perSecond = 0) {}

  set(perSecond: number): void {
    this.perSecond = perSecond;
    this.stamps = [];
  }

  /** 0 when the request may pass, otherwise the seconds to wait (Retry-After). */
  take(nowMs = performance.now()): number {
    if (this.perSecond <= 0) return 0;
    while (this.stamps.length > 0 && nowMs - this.stamps[0]! >= 1000) this.stamps.shift();
    if (this.stamps.length >= this.perSecond) return Math.max(1, Math.ceil((1000 - (nowMs - this.stamps[0]!)) / 1000));
    this.stamps.push(nowMs);
    return 0;
  }
}
