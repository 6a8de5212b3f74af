import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/bridge';
import { useSyncStore } from '../../renderer/stores/sync';
import type { ConflictView, ParkedOperation } from '../../shared/bridge';
import { FakeBridge } from './fake-bridge';

let fake: FakeBridge;
beforeEach(() => {
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
});
afterEach(() => {
  setBridge(null);
});

function parked(id: string, entityId: string, kind: string): ParkedOperation {
  return {
    id,
    kind: 'quotation.save',
    label: 'Save quotation',
    entity: 'quotation',
    entityId,
    reference: 'QD-1',
    clientName: 'Acme BV',
    reason: { kind, messageKey: 'bridge.parked', message: 'x', params: { detail: 'x' } },
    attempts: 1,
    createdAt: '2026-11-22T10:00:00Z',
  };
}

const conflict: ConflictView = {
  id: '1',
  entity: 'quotation',
  entityId: 'q1',
  label: 'x',
  reference: 'QD-1',
  clientName: 'Acme BV',
  mine: {},
  theirs: {},
  fields: ['notes'],
  rows: [],
  changedHereOnly: [],
  changedThereOnly: [],
  deletedOnService: false,
};

describe('sync store', () => {
  it('keeps the status made last, whichever of a call and an event arrives last', async () => {
    const sync = useSyncStore();
    await sync.start();
    const base = await fake.invoke('sync.status', {});
    // the call reads the status while a push is still pending; the push ends and is told before the call's answer arrives
    fake.handle('sync.status', () => ({ ...base, pending: 1, seq: 10 }));
    let release!: () => void;
    fake.holds.push(new Promise<void>((r) => (release = r)));
    const refreshing = sync.refresh();
    fake.emit('sync.status', { ...base, pending: 0, seq: 11 });
    expect(sync.status?.pending).toBe(0);
    release();
    await refreshing;
    expect(sync.status?.pending).toBe(0);
    // a list told by an event while a call reads it is not undone by the call's answer
    let releaseLists!: () => void;
    fake.holds.push(Promise.resolve(), new Promise<void>((r) => (releaseLists = r)));
    const again = sync.refresh();
    fake.emit('outbox.parked', [parked('3', 'q3', 'validation')]);
    releaseLists();
    await again;
    expect(sync.parked.map((p) => p.id)).toEqual(['3']);
    sync.stop();
  });

  it('leaves an operation parked by an open conflict to the conflict dialog', async () => {
    const sync = useSyncStore();
    await sync.start();
    fake.emit('outbox.parked', [parked('1', 'q1', 'conflict'), parked('2', 'q2', 'validation')]);
    fake.emit('conflicts.changed', [conflict]);
    expect(sync.attention.map((op) => op.id)).toEqual(['2']);
    // the conflict gone, whatever still waits is the panel's again
    fake.emit('conflicts.changed', []);
    expect(sync.attention.map((op) => op.id)).toEqual(['1', '2']);
    sync.stop();
  });
});

describe('back on the network', () => {
  it('syncs at once when the system says the network is back, at most once a minute, and no more once stopped', async () => {
    const target = new EventTarget();
    const saved = (globalThis as { window?: unknown }).window;
    (globalThis as { window?: unknown }).window = target;
    try {
      const sync = useSyncStore();
      await sync.start();
      expect(fake.callsOf('sync.networkBack')).toHaveLength(0);
      target.dispatchEvent(new Event('online'));
      await Promise.resolve();
      expect(fake.callsOf('sync.networkBack')).toHaveLength(1);
      // a person's action in progress keeps its busy state
      expect(sync.busy).toBeNull();
      // a flapping connection: not again within the minute
      target.dispatchEvent(new Event('online'));
      await Promise.resolve();
      expect(fake.callsOf('sync.networkBack')).toHaveLength(1);
      sync.stop();
      target.dispatchEvent(new Event('online'));
      await Promise.resolve();
      expect(fake.callsOf('sync.networkBack')).toHaveLength(1);
    } finally {
      (globalThis as { window?: unknown }).window = saved;
    }
  });
});

describe('how fresh the lists are', () => {
  it('keeps each list’s freshness and why reading waits, as the status tells them', async () => {
    const sync = useSyncStore();
    await sync.start();
    expect(sync.freshness).toEqual([]);
    expect(sync.readingWaits).toBeNull();
    const base = await fake.invoke('sync.status', {});
    const clients = {
      list: 'clients' as const,
      loading: { share: 0.45, read: 450, endsAt: null },
      newestCheckedAt: null,
      allCheckedSince: null,
      sweep: null,
      order: 'id' as const,
      refreshing: false,
    };
    fake.emit('sync.status', { ...base, freshness: [clients], readingWaits: { why: 'own_budget', until: '2026-11-30T10:42:00Z' } });
    expect(sync.freshness).toEqual([clients]);
    expect(sync.readingWaits).toEqual({ why: 'own_budget', until: '2026-11-30T10:42:00Z' });
    sync.stop();
  });

  it('asks for a Full refresh through the bridge, and reads the status after it', async () => {
    const sync = useSyncStore();
    await sync.start();
    const before = fake.callsOf('sync.status').length;
    expect(await sync.refreshAll()).toBe(true);
    expect(fake.callsOf('sync.refreshAll')).toHaveLength(1);
    expect(fake.callsOf('sync.status').length).toBe(before + 1);
    expect(sync.busy).toBeNull();
    sync.stop();
  });
});
