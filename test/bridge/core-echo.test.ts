// The page is not told of its own changes, however long the handler that made
// them takes, and is told of a push that commits while a handler waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../electron/bridge/events';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
const events: AnyEvent[] = [];
const records = () => events.filter((e) => e.event === 'records.changed').map((e) => e.payload);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // no pull: the first countries.list reads the service and writes the list
  t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 1, products: 0, quotations: 0 } });
  t.core.events.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
});

describe('the echo guard', () => {
  it('does not echo what countries.list writes after reading the service', async () => {
    const store = t.core.space.store;
    expect(store.pulled.count('countries')).toBe(0);
    t.core.sandbox!.setFaults({ latencyMs: 200, methods: ['GET'] });
    events.length = 0;
    const list = await t.ok('countries.list', {});
    expect(list.length).toBeGreaterThan(0);
    expect(store.pulled.count('countries')).toBe(list.length);
    // past the relay's gathering of unnamed changes
    await wait(300);
    expect(records()).toEqual([]);
  });

  it("tells a push's write that commits while a slow handler waits", async () => {
    const sandbox = t.core.sandbox!;
    const c = await t.ok('clients.create', { fields: { company: 'Tussendoor B.V.' } });
    events.length = 0;
    // the handler waits for a slow GET; the push's POST is answered at once
    sandbox.setFaults({ latencyMs: 1500, methods: ['GET'] });
    let settled = false;
    const slow = t.ok('countries.list', { lang: 'de' }).finally(() => (settled = true));
    await wait(50);
    await t.core.sync.engine.flush();
    expect(settled).toBe(false);
    expect((await t.ok('clients.get', { id: c.id })).clientnr).not.toBeNull();
    expect(records()).toContainEqual({ entity: 'client', ids: [c.id] });
    await slow;
    sandbox.clearFaults();
  });

  it('tells the whole page what Needs attention changes: the record may be open in an editor', async () => {
    const c = await t.ok('clients.create', { fields: { company: 'Vastgelopen B.V.' } });
    const store = t.core.space.store;
    const op = store.outbox.forTarget(c.id)[0]!;
    store.outbox.park(op.id, { kind: 'server', message: 'refused' });
    events.length = 0;
    await t.ok('outbox.retry', { id: String(op.id) });
    expect(records()).toContainEqual({ entity: 'client', ids: [c.id] });
    // an edit by the page itself is still not echoed
    events.length = 0;
    await t.ok('clients.update', { id: c.id, patch: { city: 'Zwolle' } });
    await wait(300);
    expect(records()).toEqual([]);
  });
});
