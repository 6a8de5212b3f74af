// The reserve as a share of the limit, when the hour's window resets, and the
// room background work has.
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../electron/api';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const HOUR = 3_600_000;
const reading = (limit: number, remaining: number) => ({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) });

describe('RateBudget reserve and window', () => {
  it('keeps 20% of the limit the service reports, and nothing before it has said one', () => {
    const b = new RateBudget({ now: clock().now });
    expect(b.reserve).toBe(0);
    b.observe(reading(1000, 900));
    expect(b.reserve).toBe(200);
    b.observe(reading(33, 30));
    expect(b.reserve).toBe(7);
    expect(new RateBudget({ reserve: 5, now: clock().now }).reserve).toBe(5);
  });

  it('knows the reset only once a window was seen to begin: remaining went up, or read limit - 1', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    b.observe(reading(1000, 700));
    expect(b.resetsAt()).toBeUndefined();
    c.advance(10 * 60_000);
    b.observe(reading(1000, 650));
    expect(b.resetsAt()).toBeUndefined();
    c.advance(5 * 60_000);
    const began = c.now();
    b.observe(reading(1000, 990));
    expect(b.resetsAt()).toBe(began + HOUR);
    expect(b.snapshot.windowResetsAt).toBe(began + HOUR);
    // past that moment a new window has begun that nobody saw
    c.advance(HOUR);
    expect(b.resetsAt()).toBeUndefined();

    const first = new RateBudget({ now: c.now });
    first.observe(reading(1000, 999));
    expect(first.resetsAt()).toBe(c.now() + HOUR);
  });

  it('answers of calls out together arriving out of order are no new window', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    b.observe(reading(1000, 600));
    const calls = [b.begin(), b.begin(), b.begin()];
    // the third call's answer comes first, then the first's
    b.observe(reading(1000, 597));
    calls[2]!();
    b.observe(reading(1000, 599));
    calls[0]!();
    b.observe(reading(1000, 598));
    calls[1]!();
    expect(b.resetsAt()).toBeUndefined();
    // one at a time, a rise is a new window
    const d = b.begin();
    b.observe(reading(1000, 950));
    d();
    expect(b.resetsAt()).toBe(c.now() + HOUR);
  });

  it('the time the service names in a 403 or 429 is the reset', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    b.observe(reading(1000, 999));
    b.throttled(2 * HOUR);
    expect(b.resetsAt()).toBe(c.now() + 2 * HOUR);
  });

  it('lets background work start only when all of it leaves the reserve, and then waits for the window', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    expect(b.room(17)).toEqual({ go: true });
    b.observe(reading(100, 40));
    expect(b.room(20)).toEqual({ go: true });
    expect(b.room(21)).toEqual({ go: false, waitMs: HOUR, reason: 'reserve' });
    // a stale reading is no licence: only a new window is
    c.advance(10 * 60_000);
    expect(b.room(21)).toEqual({ go: false, waitMs: HOUR - 10 * 60_000, reason: 'reserve' });
    // a window seen to begin ends sooner than an hour after the low reading
    b.observe(reading(100, 41));
    const began = c.now();
    b.observe(reading(100, 30));
    c.advance(60_000);
    expect(b.room(21)).toEqual({ go: false, waitMs: began + HOUR - c.now(), reason: 'reserve' });
    // a person's call still goes all the way down
    expect(b.check(true)).toEqual({ go: true });
    c.advance(HOUR);
    expect(b.room(21)).toEqual({ go: true });
  });
});
