// "Sync now", or the system saying the network is back: entries waiting out a
// backoff after failed attempts go at once, not when their backoff ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 1, products: 0, quotations: 0 } });
  await t.core.sync.engine.pull();
});
afterAll(async () => {
  await t?.close();
});

describe('stopping a pull', () => {
  it('ends a pull that does not end, at once; what was stored stays, and the last sync is not moved', async () => {
    const sandbox = t.core.sandbox!;
    const before = (await t.ok('sync.status', {})).lastSyncAt;
    expect(await t.ok('sync.cancelPull', {})).toEqual({ cancelled: false });
    const remove = sandbox.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'stall', everyMs: 2000 } });
    try {
      expect((await t.ok('sync.pullNow', {})).started).toBe(true);
      await until(() => sandbox.requestLog().some((q) => q.fault === 'stall'), 'the pull to stall');
      const started = Date.now();
      expect(await t.ok('sync.cancelPull', {})).toEqual({ cancelled: true });
      await until(async () => (await t.ok('sync.status', {})).pulling === null, 'the pull to end', 5000);
      await t.core.sync.idle();
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await t.ok('sync.status', {})).lastSyncAt).toBe(before);
      expect(t.core.space.store.pulled.count('clients')).toBe(1);
    } finally {
      remove();
    }
    // the next pull goes as usual
    expect((await t.ok('sync.pullNow', {})).started).toBe(true);
    await t.core.sync.idle();
    expect((await t.ok('sync.status', {})).lastSyncAt).not.toBe(before);
  });
});

describe('sync now', () => {
  it('sends what waits out a backoff after the service failed, at once', async () => {
    const sandbox = t.core.sandbox!;
    const engine = t.core.sync.engine;
    const store = t.core.space.store;
    sandbox.setFaults({ serverErrorRate: 1 });
    let client: { id: string };
    try {
      client = await t.ok('clients.create', { fields: { company: 'Bakkerij Zon' } });
      await engine.flush();
    } finally {
      sandbox.clearFaults();
    }
    const [entry] = store.outbox.list();
    // a 500 proves nothing of a write: looked up before it goes again
    expect(entry).toMatchObject({ kind: 'client.create', state: 'unknown_outcome', attempts: 1 });
    expect(entry!.lastError?.kind).toBe('server');
    // the backoff is jittered and may be short; as after many failures in a row, the next attempt is ten minutes away
    const waitsUntil = Date.now() + 10 * 60_000;
    store.outbox.lookupAt(entry!.id, waitsUntil, entry!.lastError!);
    expect(store.outbox.ready(Date.now())).toEqual([]);

    expect((await t.ok('sync.pullNow', {})).started).toBe(true);
    expect(await until(async () => (await t.ok('clients.get', { id: client.id })).clientnr, 'the client to reach the service')).toBeGreaterThan(0);
    expect(sandbox.data.clients.all().filter((c) => c.company === 'Bakkerij Zon')).toHaveLength(1);
  });

  it('after a spell offline, sends at once instead of at the next probe', async () => {
    const sandbox = t.core.sandbox!;
    const engine = t.core.sync.engine;
    // the sync the test before started may still be pulling: an answer it reads after the line goes down would count as the line being up
    await t.core.sync.idle();
    await sandbox.setNetwork(false);
    const client = await t.ok('clients.create', { fields: { company: 'Fietsen Veld' } });
    for (let i = 0; i < 10; i++) engine.connectivity.unreachable('the line is down');
    await engine.flush();
    expect(engine.online).toBe(false);
    expect(engine.connectivity.nextProbeAt! - Date.now()).toBeGreaterThan(60_000);

    await sandbox.setNetwork(true);
    expect((await t.ok('sync.pullNow', {})).started).toBe(true);
    expect(await until(async () => (await t.ok('clients.get', { id: client.id })).clientnr, 'the client to reach the service')).toBeGreaterThan(0);
    expect(engine.online).toBe(true);
    expect(sandbox.data.clients.all().filter((c) => c.company === 'Fietsen Veld')).toHaveLength(1);
  });
});

describe('the network is back', () => {
  let a: TestCore;
  beforeAll(async () => {
    a = await startTestCore({ secrets: new MemoryKeychain(), autoSync: true, demoSeed: { clients: 1, products: 0, quotations: 0 } });
    await until(async () => (await a.ok('sync.status', {})).lastSyncAt, 'the first pull');
  });
  afterAll(async () => {
    await a?.close();
  });

  it('pushes what waits out a backoff at once, with no whole pull', async () => {
    const sandbox = a.core.sandbox!;
    const store = a.core.space.store;
    sandbox.setFaults({ serverErrorRate: 1 });
    let client: { id: string };
    try {
      client = await a.ok('clients.create', { fields: { company: 'Kapsalon Knip' } });
      await until(() => store.outbox.list().find((o) => o.kind === 'client.create' && o.attempts > 0), 'a failed attempt');
    } finally {
      sandbox.clearFaults();
    }
    const [entry] = store.outbox.list().filter((o) => o.kind === 'client.create');
    store.outbox.retryAt(entry!.id, Date.now() + 10 * 60_000, entry!.lastError!);
    const before = sandbox.requests().length;

    expect(await a.ok('sync.networkBack', {})).toEqual({ woken: true });
    expect(await until(async () => (await a.ok('clients.get', { id: client.id })).clientnr, 'the client to reach the service')).toBeGreaterThan(0);
    const since = sandbox
      .requests()
      .slice(before)
      .map((r) => `${r.method} ${r.url}`);
    expect(since.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    // nothing was pulled: a pull reads the products, quotations and countries too
    expect(since.filter((r) => /\/(products|quotations|countrylist)/.test(r))).toEqual([]);
  });
});
