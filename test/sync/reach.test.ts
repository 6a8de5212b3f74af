// What the status bar may claim of the line to the service: the main
// process's record of answers and failures (Connectivity) and the words the
// renderer makes of it (reachOf), and the whole way through the core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connectivity } from '../../electron/sync/connectivity';
import { reachOf, RECENT_MS } from '../../shared/reach';
import { startTestCore, type TestCore } from '../helpers/core';

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
});

describe('reachOf', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('claims online only while the last answer is recent', () => {
    expect(reachOf({ online: true, checking: false, lastReachedAt: ago(5_000) }, now)).toEqual({ kind: 'online' });
    expect(reachOf({ online: true, checking: false, lastReachedAt: ago(RECENT_MS + 1) }, now)).toEqual({ kind: 'stale', at: ago(RECENT_MS + 1) });
    expect(reachOf({ online: true, checking: true, lastReachedAt: ago(1_000) }, now)).toEqual({ kind: 'checking' });
    expect(reachOf({ online: true, checking: false, lastReachedAt: null }, now)).toEqual({ kind: 'checking' });
    expect(reachOf({ online: false, checking: false, lastReachedAt: ago(90_000) }, now)).toEqual({ kind: 'offline', at: ago(90_000) });
    expect(reachOf(null, now)).toEqual({ kind: 'offline', at: null });
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
