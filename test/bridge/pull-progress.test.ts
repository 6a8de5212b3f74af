// The sync status carries a running pull's progress as the sync engine reports
// it (shared/sync.ts PullProgress): the phase, the pages read and the pages
// expected, the fields the status bar draws its progress bar from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import type { SyncStatus } from '../../shared/bridge';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 3, products: 2, quotations: 2 } });
});
afterAll(async () => {
  await t?.close();
});

describe('pull progress in the sync status', () => {
  it('reports the phase and the pages read and expected while a pull runs, and nothing once it ended', async () => {
    const sandbox = t.core.sandbox!;
    // slow answers, so the pull is still running when the status is read
    sandbox.setFaults({ latencyMs: 150 });
    try {
      expect((await t.ok('sync.pullNow', {})).started).toBe(true);
      const pulling = await until(async () => ((await t.ok('sync.status', {})) as SyncStatus).pulling, 'a pull in progress');
      expect(['countries', 'clients', 'products', 'quotations']).toContain(pulling.phase);
      expect(pulling.pagesDone).toBeGreaterThanOrEqual(0);
      expect(pulling.pagesEstimated).toBeGreaterThanOrEqual(0);
      expect(Object.keys(pulling).sort()).toEqual(['pagesDone', 'pagesEstimated', 'phase']);
    } finally {
      sandbox.clearFaults();
    }
    await until(async () => ((await t.ok('sync.status', {})) as SyncStatus).pulling === null, 'the pull to end');
  });
});
