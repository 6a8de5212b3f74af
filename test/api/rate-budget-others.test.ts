// Other programs on the same key, and a restart: the budget measures what
// others spend from the readings, leaves them room until the window ends so
// the reserve stays the person's, and keeps what it knows between runs.
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../electron/api';

const MIN = 60_000;
const HOUR = 60 * MIN;
const reading = (limit: number, remaining: number) => ({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) });

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** One call of ours, answered with `remaining`. */
function call(b: RateBudget, limit: number, remaining: number): void {
  const done = b.begin();
  b.observe(reading(limit, remaining));
  done();
}

describe("others' spending", () => {
  it('is what the readings fell by beyond our own answers, as requests an hour', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    call(b, 1000, 999);
    expect(b.othersPerHour).toBeNull();
    // ten minutes: our 5 calls, and 20 of another program's
    let left = 999;
    for (let i = 0; i < 5; i++) {
      c.advance(2 * MIN);
      left -= 1 + 4;
      call(b, 1000, left);
    }
    expect(b.othersPerHour).toBeCloseTo(120, 5);
    expect(b.snapshot.othersPerHour).toBeCloseTo(120, 5);
  });

  it('is not measured over a few minutes, where answers out of order would pass for it', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    call(b, 1000, 900);
    c.advance(MIN);
    call(b, 1000, 890);
    expect(b.othersPerHour).toBeNull();
  });

  it('leaves room for what others will spend until the window ends, above the reserve', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    call(b, 1000, 999);
    const began = c.now();
    c.advance(30 * MIN);
    // 300 in half an hour: 1 ours, 299 theirs, about 598 an hour
    call(b, 1000, 699);
    expect(b.othersPerHour).toBeCloseTo(598, 0);
    // half an hour left of the window: about 299 theirs, 200 the reserve
    expect(b.backgroundRoom()).toBe(699 - 200 - Math.ceil((b.othersPerHour! * (began + HOUR - c.now())) / HOUR));
    expect(b.backgroundRoom()).toBe(200);
    // nobody else: all above the reserve
    const quiet = new RateBudget({ now: c.now });
    call(quiet, 1000, 999);
    c.advance(10 * MIN);
    call(quiet, 1000, 998);
    expect(quiet.othersPerHour).toBe(0);
    expect(quiet.backgroundRoom()).toBe(798);
  });

  it('is nothing during a cool-down, unbounded before any reading, and one call once the reading is older than a window', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    expect(b.backgroundRoom()).toBe(Infinity);
    call(b, 1000, 500);
    b.throttled(10 * MIN);
    expect(b.backgroundRoom()).toBe(0);
    expect(b.roomReturnsAt()).toBe(c.now() + 10 * MIN);
    c.advance(2 * HOUR);
    expect(b.backgroundRoom()).toBe(1);
  });
});

describe('what the budget knows, across a restart', () => {
  it('a new run takes the last reading, the window and the pace of others, and spends no more than was left', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    call(b, 1000, 999);
    c.advance(20 * MIN);
    call(b, 1000, 260);
    const saved = JSON.parse(JSON.stringify(b.toJSON()));

    c.advance(MIN);
    const again = new RateBudget({ now: c.now });
    expect(again.backgroundRoom()).toBe(Infinity);
    again.restore(saved);
    expect(again.snapshot).toMatchObject({ limit: 1000, remaining: 260 });
    expect(again.resetsAt()).toBe(b.resetsAt());
    expect(again.othersPerHour).toBeCloseTo(b.othersPerHour!, 5);
    // little left above the reserve once others' pace is counted: background waits
    expect(again.backgroundRoom()).toBe(0);
    expect(again.room(1).go).toBe(false);
    // a person's call still goes
    expect(again.check(true)).toEqual({ go: true });
  });

  it('ignores what does not read as a budget, and a reading of this run always wins', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    for (const junk of [
      null,
      'x',
      7,
      [],
      { limit: 'a' },
      { limit: 10, remaining: 20, observedAt: c.now() },
      { limit: 10, remaining: 5, observedAt: c.now() + HOUR },
    ]) {
      b.restore(junk);
      expect(b.snapshot).toMatchObject({ limit: null, remaining: null });
    }
    call(b, 1000, 900);
    b.restore({ limit: 1000, remaining: 10, observedAt: c.now() - 1, windowStartedAt: null, cooldownUntil: 0, othersPerHour: 5 });
    expect(b.snapshot.remaining).toBe(900);
  });

  it('a cool-down the service asked for still holds after a restart', () => {
    const c = clock();
    const b = new RateBudget({ now: c.now });
    call(b, 1000, 0);
    b.throttled(40 * MIN);
    const saved = b.toJSON();
    c.advance(10 * MIN);
    const again = new RateBudget({ now: c.now });
    again.restore(saved);
    expect(again.check(true)).toMatchObject({ go: false, reason: 'cooldown', waitMs: 30 * MIN });
  });
});
