// The demo sandbox runs on the core's clock: a core on simulated time (a test,
// a benchmark) sees the service's hourly window turn over when its own hour
// does, not an hour of real time later.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';
import { SimClock, settled } from '../helpers/sim-clock';

const HOUR = 3_600_000;

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('the demo sandbox on the core clock', () => {
  it('opens a new hourly window when the SimClock moves an hour on', async () => {
    const clock = new SimClock();
    t = await startTestCore({ secrets: new MemoryKeychain(), clock, demoSeed: { clients: 3, products: 1, quotations: 0, rateLimit: 5 } });
    const core = t.core;
    const sb = core.sandbox!;
    const auth = `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}`;
    const get = () => fetch(`${sb.url}/clients?count=1`, { headers: { authorization: auth } });

    // the core made no request of its own (autoSync is off), so the hour's five are the test's
    expect(sb.requests()).toHaveLength(0);
    for (let i = 4; i >= 0; i--) {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(i));
    }
    const refused = await get();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/hourly limit of 5 requests is used up/);

    // real time has hardly moved; only the core's clock says the hour is over
    await clock.advance(HOUR, () => settled(() => core.sync.idle()));
    const again = await get();
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-limit')).toBe('5');
    expect(again.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('an hour less a second is still the same window', async () => {
    const clock = new SimClock();
    t = await startTestCore({ secrets: new MemoryKeychain(), clock, demoSeed: { clients: 1, products: 1, quotations: 0, rateLimit: 1 } });
    const core = t.core;
    const sb = core.sandbox!;
    const auth = `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}`;
    const get = () => fetch(`${sb.url}/clients?count=1`, { headers: { authorization: auth } });

    expect((await get()).status).toBe(200);
    await clock.advance(HOUR - 1000, () => settled(() => core.sync.idle()));
    expect((await get()).status).toBe(403);
    await clock.advance(1000, () => settled(() => core.sync.idle()));
    expect((await get()).status).toBe(200);
  });
});
