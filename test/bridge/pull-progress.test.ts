// The first load's progress in the sync status: while a new account's lists
// are read for the first time, the status carries the phase, the pages read
// and those expected (never one ahead of what is known), and each list's
// share loaded; once every list was read whole, the progress is gone and
// each list says when it was last checked whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import type { SyncStatus } from '../../shared/bridge';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

let t: TestCore;
const told: SyncStatus[] = [];
beforeAll(async () => {
  // slow answers and pages of 40, so the first load is still running when the status is read
  t = await startTestCore({
    secrets: new MemoryKeychain(),
    autoSync: true,
    demoSeed: { clients: 200, products: 30, quotations: 120, maxCount: 40, latencyMs: 40 },
  });
  t.core.events.subscribe((e) => {
    if (e.event === 'sync.status') told.push(e.payload as SyncStatus);
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the first load in the sync status', () => {
  it('reports the phase, the pages read and expected, and each list loading, and nothing once it ended', async () => {
    const pulling = await until(async () => ((await t.ok('sync.status', {})) as SyncStatus).pulling, 'the first load in progress');
    expect(['countries', 'clients', 'products', 'quotations']).toContain(pulling.phase);
    expect(Object.keys(pulling).sort()).toEqual(['pagesDone', 'pagesEstimated', 'phase']);
    expect(pulling.pagesEstimated).toBeGreaterThanOrEqual(pulling.pagesDone);
    const loading = (await t.ok('sync.status', {})).freshness!.filter((f) => f.loading !== null);
    expect(loading.length).toBeGreaterThan(0);

    const done = await until(
      async () => {
        const s = (await t.ok('sync.status', {})) as SyncStatus;
        return s.pulling === null && s.freshness!.every((f) => f.loading === null) ? s : null;
      },
      'the first load to end',
      60_000,
    );
    for (const f of done.freshness!) {
      expect(f.allCheckedSince).not.toBeNull();
      expect(f.order).toBe('id');
    }
    expect(t.core.space.store.pulled.count('clients')).toBe(200);
    expect(t.core.space.store.pulled.count('quotations')).toBe(120);
    // every status told while it ran had its estimate at or above the pages done
    for (const s of told) if (s.pulling) expect(s.pulling.pagesEstimated).toBeGreaterThanOrEqual(s.pulling.pagesDone);
  });
});
