import { describe, expect, it } from 'vitest';
import { Backoff, backoffDelay, parseRetryAfter, retryDelay, sleep } from '../../electron/api';

describe('backoff', () => {
  it('grows exponentially with full jitter and a cap', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, { baseMs: 100, capMs: 1000, random: top }))).toEqual([99, 199, 399, 799, 999]);
    expect(backoffDelay(30, { baseMs: 100, capMs: 1000, random: top })).toBe(999);
    expect(backoffDelay(3, { baseMs: 100, random: () => 0 })).toBe(0);
    expect(backoffDelay(2, { baseMs: 100, random: () => 0.5 })).toBe(200);
  });

  it('lets a server Retry-After win over the backoff', () => {
    expect(retryDelay(5, 1500, { random: () => 0.9 })).toBe(1500);
    expect(retryDelay(1, undefined, { baseMs: 100, random: () => 0.5 })).toBe(100);
    expect(retryDelay(1, Number.NaN, { baseMs: 100, random: () => 0.5 })).toBe(100);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(['2'], now)).toBe(2000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('keeps count for one job and starts over after reset', () => {
    const b = new Backoff({ baseMs: 10, random: () => 0.999 });
    expect([b.next(), b.next(), b.next()]).toEqual([9, 19, 39]);
    expect(b.attempts).toBe(3);
    expect(b.next(5000)).toBe(5000);
    b.reset();
    expect(b.next()).toBe(9);
  });

  it('sleeps, and stops sleeping when aborted', async () => {
    const t0 = Date.now();
    await sleep(20);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(15);
    const ac = new AbortController();
    const p = sleep(10_000, ac.signal);
    ac.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
  });
});
