// The client editor and the quotation list read again on records.changed, and
// no longer on the outbox's counts in the sync status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/bridge';
import { useClientEditorStore } from '../../renderer/stores/clients';
import { useQuotationsStore } from '../../renderer/stores/quotations';
import type { SyncStatus } from '../../shared/bridge';
import { FakeBridge } from './fake-bridge';

let fake: FakeBridge;
const status: SyncStatus = {
  online: true,
  pending: 2,
  parked: 1,
  conflicts: 1,
  lastSyncAt: null,
  incomplete: [],
  pulling: null,
  budget: null,
  nextTry: null,
  account: 'demo',
};
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
});
afterEach(() => setBridge(null));

describe('reading again on change events', () => {
  it('the client editor: on a change naming its client or all, not on the counts or another client', async () => {
    const c = fake.addClient({ company: 'Bakkerij Jansen' });
    const editor = useClientEditorStore();
    await editor.open(c.id);
    const gets = () => fake.callsOf('clients.get').length;
    const before = gets();
    fake.emit('sync.status', status);
    fake.emit('records.changed', { entity: 'client', ids: ['another'] });
    fake.emit('records.changed', { entity: 'quotation', ids: [c.id] });
    await settle();
    expect(gets()).toBe(before);
    fake.emit('records.changed', { entity: 'client', ids: [c.id] });
    await settle();
    expect(gets()).toBe(before + 1);
    fake.emit('records.changed', { entity: 'client', ids: 'all' });
    await settle();
    expect(gets()).toBe(before + 2);
  });

  it('the quotation list: on a change of quotations or clients, not on the counts', async () => {
    const list = useQuotationsStore();
    await list.load();
    const loads = () => fake.callsOf('quotations.list').length;
    const before = loads();
    fake.emit('sync.status', status);
    fake.emit('sync.status', { ...status, pending: 0 });
    fake.emit('records.changed', { entity: 'product', ids: 'all' });
    await settle();
    expect(loads()).toBe(before);
    fake.emit('records.changed', { entity: 'quotation', ids: ['q-1'] });
    await settle();
    expect(loads()).toBe(before + 1);
    fake.emit('records.changed', { entity: 'client', ids: 'all' });
    await settle();
    expect(loads()).toBe(before + 2);
  });
});
