// The sync status tells the truth: the last failure of a pull and of a push,
// with its kind, key, time and list, until one goes well; and Sync now
// answers with what it came to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';
import type { SyncRun } from '../../shared/bridge';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 4, products: 0, quotations: 0 } });
  await t.core.sync.engine.pull();
});
afterAll(() => t?.close());

/** Sync now, as the page asks for it, and what it came to once it ended (the status's lastRun). */
async function syncNow(): Promise<SyncRun> {
  expect((await t.ok('sync.pullNow', {})).started).toBe(true);
  await t.core.sync.idle();
  const run = (await t.ok('sync.status', {})).lastRun!;
  expect(run.asked).toBe(true);
  return run;
}

describe('the last failure', () => {
  it('names a service answering 500 to everything, for the push and the pull, until one goes well', async () => {
    const sandbox = t.core.sandbox!;
    const okBefore = (await t.ok('sync.status', {})).lastOkAt;
    expect(okBefore).not.toBeNull();
    sandbox.setFaults({ serverErrorRate: 1 });
    try {
      await t.ok('clients.create', { fields: { company: 'Foutloos B.V.', email: 'f@example.nl' } });
      await t.core.sync.engine.flush();
      const pushed = await t.ok('sync.status', {});
      expect(pushed.lastPushFailure).toMatchObject({ kind: 'server', messageKey: 'api.server', params: { status: 500 } });
      expect(Date.parse(pushed.lastPushFailure!.at)).toBeGreaterThan(Date.parse(okBefore!));
      // what waits for the client says why it has not gone, and when it goes again
      const c = (await t.ok('clients.list', {})).items.find((x) => x.company === 'Foutloos B.V.')!;
      expect(c.state).toBe('pending');

      const result = await syncNow();
      expect(result).toMatchObject({ outcome: 'failed', failure: { kind: 'server', messageKey: 'api.server' } });
      const pulled = await t.ok('sync.status', {});
      expect(pulled.lastPullFailure).toMatchObject({ kind: 'server' });
      expect(pulled.lastOkAt).toBe(okBefore);
    } finally {
      sandbox.clearFaults();
    }
    const back = await syncNow();
    expect(back).toMatchObject({ outcome: 'done', failure: null });
    expect(back.pushed).toBeGreaterThanOrEqual(1);
    const fine = await t.ok('sync.status', {});
    expect(fine).toMatchObject({ lastPullFailure: null, lastPushFailure: null });
    expect(Date.parse(fine.lastOkAt!)).toBeGreaterThan(Date.parse(okBefore!));
  });

  it('names a login page in place of data', async () => {
    const sandbox = t.core.sandbox!;
    const remove = sandbox.addFault({ method: 'GET', times: Infinity, effect: { kind: 'login_page' } });
    try {
      const result = await syncNow();
      expect(result.outcome).toBe('failed');
      expect(result.failure).toMatchObject({ messageKey: 'api.login_page' });
      expect((await t.ok('sync.status', {})).lastPullFailure).toMatchObject({ messageKey: 'api.login_page' });
    } finally {
      remove();
    }
    expect((await syncNow()).outcome).toBe('done');
  });

  it('names records a pull set aside, with their list and count, though the pull was done', async () => {
    const sandbox = t.core.sandbox!;
    const odd = sandbox.data.clients.ids()[1]!;
    sandbox.data.clients.setRaw(odd, { clientnr: 'abc' });
    const result = await syncNow();
    expect(result).toMatchObject({ outcome: 'done', failure: { kind: 'set_aside', messageKey: 'pull.set_aside', list: 'clients', setAside: 1 } });
    const s = await t.ok('sync.status', {});
    expect(s.lastPullFailure).toMatchObject({ kind: 'set_aside', setAside: 1, params: { count: 1 } });
  });
});
