import { describe, expect, it } from 'vitest';
import { RateBudget, type Budget } from '../../electron/api';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RateBudget', () => {
  it('reads the headers of every answer and reports changes', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    const seen: Budget[] = [];
    b.onChange((x) => seen.push(x));
    expect(b.snapshot).toEqual({ limit: null, remaining: null });
    b.observe({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '998' });
    b.observe({ 'content-type': 'application/json' }); // no reading: no change
    b.observe({ 'x-ratelimit-remaining': 'lots' }); // unreadable: ignored
    expect(b.snapshot).toEqual({ limit: 1000, remaining: 998, observedAt: c.now() });
    expect(seen).toHaveLength(1);
  });

  it('keeps the reserve for priority calls, and holds everything at zero', () => {
    const c = clock();
    const b = new RateBudget({ reserve: 5, staleAfterMs: 60_000, now: c.now });
    b.observe({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '6' });
    expect(b.check(false)).toEqual({ go: true });
    b.observe({ 'x-ratelimit-remaining': '5' });
    // background waits for the window to renew (at the latest an hour after the reading), not for a stale reading
    expect(b.check(false)).toEqual({ go: false, waitMs: 3_600_000, reason: 'reserve' });
    expect(b.check(true)).toEqual({ go: true });
    b.observe({ 'x-ratelimit-remaining': '0' });
    c.advance(10_000);
    expect(b.check(true)).toEqual({ go: false, waitMs: 50_000, reason: 'reserve' });
    // the reading goes stale: one call of a person's may go out and bring a fresh one; background still waits
    c.advance(50_000);
    expect(b.check(true)).toEqual({ go: true });
    expect(b.check(false)).toEqual({ go: false, waitMs: 3_600_000 - 60_000, reason: 'reserve' });
    // the service said over the limit and when to come back: by then a new window has begun
    b.throttled(30_000);
    c.advance(30_000);
    expect(b.check(false)).toEqual({ go: true });
  });

  it('counts calls in flight against the reading', () => {
    const b = new RateBudget({ reserve: 1, now: clock().now });
    b.observe({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '3' });
    const done1 = b.begin();
    expect(b.check(false).go).toBe(true);
    const done2 = b.begin();
    expect(b.check(false).go).toBe(false);
    expect(b.check(true).go).toBe(true);
    done2();
    done2(); // twice is once
    expect(b.check(false).go).toBe(true);
    done1();
  });

  it('stops everything during a cool-down and reports when it ends', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    b.throttled(3000);
    expect(b.check(true)).toEqual({ go: false, waitMs: 3000, reason: 'cooldown' });
    expect(b.snapshot.resetsAt).toBe(c.now() + 3000);
    b.throttled(1000); // a shorter one does not shorten it
    c.advance(2000);
    expect(b.check(false)).toEqual({ go: false, waitMs: 1000, reason: 'cooldown' });
    c.advance(1000);
    expect(b.check(false)).toEqual({ go: true });
    expect(b.snapshot.resetsAt).toBeUndefined();
  });
});
