// The core with its sync engine running: the demo syncs on its own, goes
// offline and comes back, keeps its data apart from an account's, and an
// account can be connected, shown, left and disconnected.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../electron/bridge/events';
import { MemoryKeychain } from '../../electron/keychain';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-core-'));
const secrets = new MemoryKeychain();
let t: TestCore;
let service: Sandbox;
const events: AnyEvent[] = [];

beforeAll(async () => {
  service = await startSandbox({ user: 'acme', key: 'acme-key', clients: 3, products: 2, quotations: 1, quiet: true });
  t = await startTestCore({ dataDir, secrets, autoSync: true });
  t.core.events.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t.close();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo mode', () => {
  it('keeps the demo in its own folder and pulls it by itself', async () => {
    expect(existsSync(join(dataDir, 'demo', 'sandbox.json'))).toBe(true);
    expect(existsSync(join(dataDir, 'demo', 'quotedesk.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'accounts'))).toBe(false);
    const clients = await until(async () => {
      const r = await t.ok('clients.list', { includeInactive: true });
      return r.total === 12 ? r : null;
    }, 'the first pull');
    expect(clients.items.every((c) => c.state === 'synced')).toBe(true);
    // background writes are told once per burst, a moment later
    await until(() => events.some((e) => e.event === 'records.changed' && e.payload.entity === 'client'), 'records.changed for the pulled clients', 2000);
    const status = await until(async () => {
      const s = await t.ok('sync.status', {});
      return s.lastSyncAt ? s : null;
    }, 'the end of the first pull');
    expect(status).toMatchObject({ account: 'demo', online: true, pulling: null });
    expect(Date.parse(status.lastSyncAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('does not echo the page its own changes, but tells it the outbox moved', async () => {
    events.length = 0;
    const c = await t.ok('clients.create', { fields: { company: 'Echo B.V.' } });
    expect(events.filter((e) => e.event === 'records.changed')).toEqual([]);
    expect(events.some((e) => e.event === 'sync.status' && e.payload.pending >= 1)).toBe(true);
    // the engine pushes it shortly after
    const pushed = await until(async () => {
      const v = await t.ok('clients.get', { id: c.id });
      return v.clientnr !== null ? v : null;
    }, 'the push of the new client');
    expect(pushed.state).toBe('synced');
    // the push gave it a client number: the page hears of it
    expect(events).toContainEqual({ event: 'records.changed', payload: { entity: 'client', ids: [c.id] } });
    expect(t.core.sandbox!.data.clients.all().some((r) => r.company === 'Echo B.V.')).toBe(true);
  });

  it('goes offline with the demo service, keeps the work, and sends it when back', async () => {
    await t.core.setDemoOnline(false);
    expect(t.core.isDemoOnline()).toBe(false);
    const c = await t.ok('clients.create', { fields: { company: 'Offline B.V.' } });
    const q = await t.ok('quotations.create', { clientId: c.id });
    await t.ok('lines.add', { quotationId: q.id, line: { description: 'Werk', amount: 1, price: 10, tax_rate: 21 } });
    await t.ok('quotations.saveToService', { id: q.id });
    const offline = await until(async () => {
      const s = await t.ok('sync.status', {});
      return s.online ? null : s;
    }, 'the engine to notice it is offline');
    expect(offline.pending).toBeGreaterThanOrEqual(2);
    expect(events.some((e) => e.event === 'sync.status' && !e.payload.online)).toBe(true);

    await t.core.setDemoOnline(true);
    const back = await until(async () => {
      const s = await t.ok('sync.status', {});
      return s.online && s.pending === 0 ? s : null;
    }, 'the outbox to drain');
    expect(back.parked).toBe(0);
    const saved = await t.ok('quotations.get', { id: q.id });
    expect(saved.state).toBe('saved');
    expect(saved.serverId).not.toBeNull();
    expect(t.core.sandbox!.data.quotations.all().filter((r) => r.id === saved.serverId)).toHaveLength(1);
  });
});

describe('accounts', () => {
  let accountId: string;

  it('refuses a wrong key and stays on the demo', async () => {
    const r = await t.call('account.connect', { baseUrl: service.url, username: 'acme', apiKey: 'wrong' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect((await t.ok('sync.status', {})).account).toBe('demo');
    expect(await t.ok('account.list', {})).toEqual([]);
  });

  it('connects an account, switches to it, and keeps its data apart', async () => {
    const demoQuotations = (await t.ok('quotations.list', {})).items.length;
    const account = await t.ok('account.connect', { baseUrl: service.url, username: 'acme', apiKey: 'acme-key', displayName: 'Acme' });
    accountId = account.id;
    expect(account).toMatchObject({ displayName: 'Acme', username: 'acme', active: true, needsKey: false });
    expect(await secrets.get(account.id)).toBe('acme-key');
    expect(t.core.sandbox).toBeNull();
    expect(existsSync(join(dataDir, 'accounts', account.id, 'quotedesk.sqlite'))).toBe(true);
    const clients = await until(async () => {
      const r = await t.ok('clients.list', { includeInactive: true });
      return r.total === 3 ? r : null;
    }, 'the pull of the account');
    expect(clients.items.map((c) => c.company)).not.toContain('Echo B.V.');
    expect((await t.ok('sync.status', {})).account).toBe('connected');
    // quotations come last in a pull
    await until(async () => (await t.ok('quotations.list', {})).items.length === 1, 'the account quotation');
    expect(demoQuotations).toBeGreaterThan(1);
    await expect(t.core.setDemoOnline(false)).rejects.toThrow(/account is shown/);
  });

  it('goes back to the demo with its data intact, and to the account again', async () => {
    expect(await t.ok('account.setActive', { id: null })).toEqual({ active: null });
    expect((await t.ok('sync.status', {})).account).toBe('demo');
    expect((await t.ok('clients.search', { query: 'Echo' })).map((c) => c.company)).toEqual(['Echo B.V.']);
    await t.ok('account.setActive', { id: accountId });
    expect((await t.ok('sync.status', {})).account).toBe('connected');
    expect((await t.ok('account.list', {}))[0]).toMatchObject({ id: accountId, active: true });
  });

  it('remembers the shown account across a restart', async () => {
    await t.close();
    t = await startTestCore({ dataDir, secrets, autoSync: true });
    expect(t.core.space.accountId).toBe(accountId);
    expect((await t.ok('clients.list', { includeInactive: true })).total).toBe(3);
  });

  it('disconnects the shown account and falls back to the demo', async () => {
    expect(await t.ok('account.disconnect', { id: accountId })).toEqual({ disconnected: true });
    expect(await secrets.get(accountId)).toBeNull();
    expect(await t.ok('account.list', {})).toEqual([]);
    expect((await t.ok('sync.status', {})).account).toBe('demo');
    expect(t.core.sandbox?.online).toBe(true);
  });

  it('closes the database when it closes', async () => {
    const db = t.core.space.store.db;
    await t.close();
    expect(db.open).toBe(false);
    t = await startTestCore({ dataDir, secrets, autoSync: false });
  });
});
