// What the status bar may claim of the line to the service: the main
// process's record of answers and failures (Connectivity) and the words the
// renderer makes of it (reachOf), and the whole way through the core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connectivity } from '../../electron/sync/connectivity';
import { PULL_INTERVAL_MS, reachOf, RECENT_MS, STALE_AFTER_MS } from '../../shared/reach';
import { PACE } from '../../electron/sync/freshness';
import { startTestCore, type TestCore } from '../helpers/core';
import { SimClock } from '../helpers/sim-clock';
import { rig } from './helpers';

describe('Connectivity', () => {
  it('keeps the time of the last answer and doubts after one failed request', () => {
    let now = 1_000_000;
    const told: string[] = [];
    const c = new Connectivity(
      () => now,
      {},
      (online) => told.push(online ? 'online' : 'offline'),
      () => told.push('reach'),
    );
    expect(c.lastAnswerAt).toBeNull();
    c.answered();
    expect(c.lastAnswerAt).toBe(1_000_000);
    expect(told).toEqual(['online']);
    now += 2_000;
    c.troubled('reset');
    // one broken request does not make it offline, but "online" is no longer a claim to make
    expect(c.online).toBe(true);
    expect(c.doubtful).toBe(true);
    expect(told).toEqual(['online', 'reach']);
    now += 1_000;
    c.answered();
    expect(c.doubtful).toBe(false);
    expect(c.lastAnswerAt).toBe(1_003_000);
    expect(told).toEqual(['online', 'reach', 'reach']);
    // a run of answers is told now and then, not every time
    now += 1_000;
    c.answered();
    expect(told).toHaveLength(3);
    now += 10_000;
    c.answered();
    expect(told).toHaveLength(4);
    c.troubled('reset');
    c.troubled('reset');
    c.troubled('reset');
    expect(c.online).toBe(false);
    expect(c.doubtful).toBe(false);
  });

  it('settles a doubt by a check a few seconds on, unless an answer comes first', () => {
    let now = 1_000_000;
    const c = new Connectivity(() => now, { baseMs: 2000, random: () => 0.5 });
    c.answered();
    expect(c.nextCheckAt).toBeNull();
    c.troubled('reset');
    expect(c.nextCheckAt).toBe(1_000_000 + 2000 + 1000);
    expect(c.checkDue()).toBe(false);
    now += 3000;
    expect(c.checkDue()).toBe(true);
    // the budget cannot afford it yet
    c.postpone(now + 10_000);
    expect(c.checkDue()).toBe(false);
    c.answered();
    expect(c.nextCheckAt).toBeNull();
    c.troubled('reset');
    c.troubled('reset');
    expect(c.nextCheckAt).toBe(now + 2000 + 2000);
    // the third trouble judges the line down: then the offline probes take over
    c.troubled('reset');
    expect(c.nextCheckAt).toBeNull();
    expect(c.online).toBe(false);
  });
});

describe('a doubt nothing else will settle', () => {
  /** A started engine on simulated time whose pull broke off, with nothing waiting to be pushed. */
  async function afterBrokenPull() {
    const sim = new SimClock();
    const r = await rig({ engine: { now: sim.now, timers: sim.timers, probeBackoff: { baseMs: 2000, random: () => 0.5 } } });
    r.engine.start();
    await r.engine.pull();
    expect(r.engine.connectivity.doubtful).toBe(false);
    r.sb.setFaults({ resetRate: 1 });
    await r.engine.pull().catch(() => undefined);
    return { sim, r, settle: () => r.engine.idle() };
  }

  it('is checked by one cheap request a few seconds later, not left until the next pull', async () => {
    const { sim, r, settle } = await afterBrokenPull();
    expect(r.engine.connectivity.doubtful).toBe(true);
    expect(r.engine.online).toBe(true);
    r.sb.setFaults({ resetRate: 0 });
    const before = r.sb.requests().length;
    await sim.advance(2000, settle);
    expect(r.sb.requests().length).toBe(before);
    await sim.advance(2000, settle);
    // one request, and the bar may say Online again
    expect(r.sb.requests().length).toBe(before + 1);
    expect(r.engine.connectivity.doubtful).toBe(false);
    expect(r.engine.online).toBe(true);
    await sim.advance(60_000, settle);
    expect(r.sb.requests().length).toBe(before + 1);
  });

  it('that the checks confirm makes the line down after two of them', async () => {
    const { sim, r, settle } = await afterBrokenPull();
    const before = r.sb.requests().length;
    // checks at 3 s and at 7 s (2 s, then 4 s, with half the jitter), and no more: the line is down
    for (let t = 0; t < 7_500; t += 500) await sim.advance(500, settle);
    expect(r.sb.requests().length).toBe(before + 2);
    expect(r.engine.online).toBe(false);
    expect(r.engine.connectivity.doubtful).toBe(false);
    // from here the offline probes, with their growing pauses, take over
    expect(r.engine.connectivity.nextProbeAt).not.toBeNull();
  });
});

describe('reachOf', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('claims online only while the last answer is recent', () => {
    expect(reachOf({ online: true, checking: false, lastReachedAt: ago(5_000) }, now)).toEqual({ kind: 'online' });
    expect(reachOf({ online: true, checking: false, lastReachedAt: ago(STALE_AFTER_MS + 1) }, now)).toEqual({ kind: 'stale', at: ago(STALE_AFTER_MS + 1) });
    expect(reachOf({ online: true, checking: true, lastReachedAt: ago(1_000) }, now)).toEqual({ kind: 'checking' });
    expect(reachOf({ online: true, checking: false, lastReachedAt: null }, now)).toEqual({ kind: 'checking' });
    expect(reachOf({ online: false, checking: false, lastReachedAt: ago(90_000) }, now)).toEqual({ kind: 'offline', at: ago(90_000) });
    expect(reachOf(null, now)).toEqual({ kind: 'offline', at: null });
  });

  it('is calm between the reads the pace makes: the last answer is named only once it is older than the pull interval', () => {
    const idle = (ms: number) => reachOf({ online: true, checking: false, lastReachedAt: ago(ms) }, now);
    expect(idle(RECENT_MS + 1)).toEqual({ kind: 'quiet', at: ago(RECENT_MS + 1) });
    expect(idle(PULL_INTERVAL_MS)).toEqual({ kind: 'quiet', at: ago(PULL_INTERVAL_MS) });
    expect(idle(STALE_AFTER_MS)).toEqual({ kind: 'quiet', at: ago(STALE_AFTER_MS) });
    expect(idle(STALE_AFTER_MS + 1)).toEqual({ kind: 'stale', at: ago(STALE_AFTER_MS + 1) });
    // a failure since the answer is still said at once
    expect(reachOf({ online: true, checking: true, lastReachedAt: ago(RECENT_MS + 1) }, now)).toEqual({ kind: 'checking' });
  });

  it('takes the pull interval from the pace: the longest the desk reads nothing while all is well', () => {
    expect(PULL_INTERVAL_MS).toBe(Math.max(PACE.smallCycleMs, PACE.newestEvery.quotations));
  });

  it('neither checks nor claims while the account waits for a key: nothing goes to the service', () => {
    expect(reachOf({ online: true, checking: false, lastReachedAt: null, account: 'key_missing' }, now)).toEqual({ kind: 'no_key', at: null });
    expect(reachOf({ online: true, checking: true, lastReachedAt: ago(5_000), account: 'needs_key' }, now)).toEqual({ kind: 'no_key', at: ago(5_000) });
    expect(reachOf({ online: true, checking: false, lastReachedAt: ago(5_000), account: 'connected' }, now)).toEqual({ kind: 'online' });
  });
});

describe('the status through the core', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ demoSeed: { clients: 2, products: 0, quotations: 0 } });
  });
  afterAll(() => t?.close());

  it('says when the service last answered, and stops claiming once a request fails', async () => {
    const before = await t.ok('sync.status', {});
    expect(before.lastReachedAt).toBeNull();
    const start = Date.now();
    await t.core.sync.engine.pull();
    const after = await t.ok('sync.status', {});
    expect(after).toMatchObject({ online: true, checking: false });
    expect(Date.parse(after.lastReachedAt!)).toBeGreaterThanOrEqual(start - 1);
    expect(reachOf(after, Date.now()).kind).toBe('online');

    await t.core.sandbox!.setNetwork(false);
    await t.core.sync.engine.pull().catch(() => undefined);
    const down = await t.ok('sync.status', {});
    expect(reachOf(down, Date.now())).toEqual({ kind: 'offline', at: after.lastReachedAt });
    await t.core.sandbox!.setNetwork(true);
  });
});
