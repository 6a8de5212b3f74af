// Resolving a conflict through the bridge pushes the result at once, also
// when the engine last saw the service offline and would otherwise wait
// minutes for its next probe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ secrets: new MemoryKeychain(), autoSync: true, demoSeed: { clients: 2, products: 0, quotations: 0 } });
});
afterAll(async () => {
  await t?.close();
});

describe('a resolution queues work', () => {
  it('is pushed at once after a spell offline, not at the next probe', async () => {
    const sandbox = t.core.sandbox!;
    const clients = await until(
      async () => ((await t.ok('clients.list', {})).items.length === 2 ? (await t.ok('clients.list', {})).items : null),
      'the first pull',
      15_000,
    );
    const q = await t.ok('quotations.create', { clientId: clients[0]!.id });
    await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, price: 10, description: 'Werk' } });
    await t.ok('quotations.saveToService', { id: q.id });
    const serverId = (await until(async () => (await t.ok('quotations.get', { id: q.id })).serverId, 'the first save'))!;
    await until(async () => (await t.ok('sync.status', {})).pending === 0, 'the save');
    // the save is done before its draft is read back, in the same push: the base is read once the engine is idle
    await t.core.sync.engine.idle();

    // both sides change while the line is down, so no pull can bring theirs in before the local edit
    await sandbox.setNetwork(false);
    await t.ok('quotations.update', { id: q.id, patch: { notes: 'Mijn notitie' } });
    sandbox.data.quotations.patch(serverId, { notes: 'Hun notitie' });
    await sandbox.setNetwork(true);
    await t.ok('quotations.saveToService', { id: q.id });
    const [conflict] = await until(async () => {
      const open = await t.ok('conflicts.list', {});
      return open.length > 0 ? open : null;
    }, 'the conflict');

    // the network goes and comes back while the app is idle: it last saw it offline, its next probe minutes away
    const engine = t.core.sync.engine;
    await sandbox.setNetwork(false);
    for (let i = 0; i < 10; i++) engine.connectivity.unreachable('test: the line is down');
    expect(engine.online).toBe(false);
    expect(engine.connectivity.nextProbeAt! - Date.now()).toBeGreaterThan(60_000);
    await sandbox.setNetwork(true);

    await t.ok('conflicts.resolve', { id: conflict!.id, resolution: 'mine' });
    await until(() => sandbox.data.quotations.get(serverId)?.notes === 'Mijn notitie', 'the resolution to reach the service');
    const status = await until(async () => {
      const s = await t.ok('sync.status', {});
      return s.pending === 0 && s.conflicts === 0 ? s : null;
    }, 'an empty outbox');
    expect(status.online).toBe(true);
  }, 90_000);
});
