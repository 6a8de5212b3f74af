// The sync status says when the outbox goes again after a failure, and why
// it waits: the service asked (Retry-After), the service answers with
// errors, or only the pause after a failed attempt. It is told to the page
// when the wait starts and again when it is over, and says nothing while
// nothing waits or while offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../electron/bridge/events';
import { MemoryKeychain } from '../../electron/keychain';
import type { SyncStatus } from '../../shared/bridge';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

let t: TestCore;
const told: SyncStatus[] = [];
beforeAll(async () => {
  t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 1, products: 0, quotations: 0 } });
  t.core.events.subscribe((e: AnyEvent) => {
    if (e.event === 'sync.status') told.push(e.payload);
  });
  await t.core.sync.engine.pull();
});
afterAll(async () => {
  await t?.close();
});

const lastTold = () => told[told.length - 1]!;

/** Sends what waits until the outbox is empty (after the faults were cleared). */
async function drain(): Promise<void> {
  t.core.space.store.outbox.wakeAll();
  await t.core.sync.engine.flush();
  await until(async () => (await t.ok('sync.status', {})).pending === 0, 'the outbox to empty');
}

describe('the next try', () => {
  it('is null while nothing waits', async () => {
    const s = await t.ok('sync.status', {});
    expect(s.pending).toBe(0);
    expect(s.nextTry).toBeNull();
  });

  it('says the service answers with errors after a 500, and is told again, as null, once the pause is over', async () => {
    const sandbox = t.core.sandbox!;
    sandbox.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 500, applied: false } });
    await t.ok('clients.create', { fields: { company: 'Bakkerij Zon' } });
    const before = Date.now();
    await t.core.sync.engine.flush();
    const s = await t.ok('sync.status', {});
    expect(s.pending).toBe(1);
    expect(s.nextTry?.why).toBe('service_trouble');
    const at = Date.parse(s.nextTry!.at);
    // the first pause: a second or so, jittered
    expect(at).toBeGreaterThan(before);
    expect(at).toBeLessThan(Date.now() + 10_000);
    // told when the wait began (the entry's failure was written)
    expect(lastTold().nextTry).toEqual(s.nextTry);
    // nothing pushes here (no background sync): the status is told again when the time has come
    const count = told.length;
    await until(() => told.length > count && lastTold().nextTry === null, 'the status told after the pause');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    await drain();
  });

  it('is the pause alone after a broken connection, and null once the line is judged down', async () => {
    const sandbox = t.core.sandbox!;
    sandbox.setFaults({ resetRate: 1, methods: ['POST'] });
    try {
      await t.ok('clients.create', { fields: { company: 'Fietsen Veld' } });
      await t.core.sync.engine.flush();
      const s = await t.ok('sync.status', {});
      expect(s.online).toBe(true);
      expect(s.nextTry?.why).toBe('backoff');
    } finally {
      sandbox.clearFaults();
    }
    // off the network: the bar says offline, and no time
    await sandbox.setNetwork(false);
    for (let i = 0; i < 3; i++) t.core.sync.engine.connectivity.unreachable('the line is down');
    const offline = await t.ok('sync.status', {});
    expect(offline.online).toBe(false);
    expect(offline.pending).toBe(1);
    expect(offline.nextTry).toBeNull();
    await t.core.setDemoOnline(true);
    await until(async () => (await t.ok('sync.status', {})).online, 'the line back');
    await drain();
  });

  it('says the service asked to wait after a 503 with Retry-After: 120, until then', async () => {
    const sandbox = t.core.sandbox!;
    sandbox.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 503, applied: false, retryAfter: '120' } });
    await t.ok('clients.create', { fields: { company: 'Kapsalon Knip' } });
    await t.core.sync.engine.flush();
    const s = await t.ok('sync.status', {});
    expect(s.pending).toBe(1);
    expect(s.nextTry?.why).toBe('service_asked');
    expect(Math.abs(Date.parse(s.nextTry!.at) - (Date.now() + 120_000))).toBeLessThan(5_000);
    expect(lastTold().nextTry).toEqual(s.nextTry);
  });
});
