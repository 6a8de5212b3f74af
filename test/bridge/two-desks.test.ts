// Two desks on one data folder. The data folder's lock refuses a second one
// (test/bridge/data-lock.test.ts, docs/data-lock.md); here it is bypassed, as
// only a test may, to show that the outbox alone never sends one entry twice:
// each entry is claimed by one desk in one conditional update, and a desk let
// in beside another leaves that desk's requests in flight alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { startTestCore, type TestCore } from '../helpers/core';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** Pushes what the desk has due, over and over, until its outbox is empty or a minute has passed. */
async function pushAll(t: TestCore): Promise<number> {
  let done = 0;
  const until = Date.now() + 60_000;
  while (t.core.space.store.outbox.pendingCount() > 0 && Date.now() < until) {
    done += (await t.core.sync.engine.tick()).done;
    await new Promise((r) => setTimeout(r, 20));
  }
  return done;
}

it('200 clients queued offline reach the service exactly once while two desks push one database', { timeout: 120_000 }, async () => {
  const service: Sandbox = await startSandbox({ user: 'acme', key: 'acme-key', clients: 1, products: 0, quotations: 0, rateLimit: 0, quiet: true });
  open.push(service);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-two-desks-'));
  open.push({ close: async () => rmSync(dataDir, { recursive: true, force: true }) });
  const secrets = new MemoryKeychain();

  const a = await startTestCore({ dataDir, secrets, dataLock: false });
  open.push(a);
  await a.ok('account.connect', { baseUrl: service.url, username: 'acme', apiKey: 'acme-key' });
  await service.setNetwork(false);
  for (let i = 0; i < 200; i++) await a.ok('clients.create', { fields: { company: `Twee bureaus ${i} BV`, email: `twee${i}@example.nl` } });

  // the second desk opens the same folder, account and database
  const b = await startTestCore({ dataDir, secrets, dataLock: false });
  open.push(b);
  expect(b.core.space.kind).toBe('account');
  expect(b.core.space.store.outbox.pendingCount()).toBe(200);

  await service.setNetwork(true);
  // answers come a little late (so the two desks' requests interleave), and now and then not at all after the create was made
  service.setFaults({ latencyMs: 3, dropAfterCommitRate: 0.05, methods: ['POST'], seed: 5 });
  const [byA, byB] = await Promise.all([pushAll(a), pushAll(b)]);

  const ours = service.data.clients.all().filter((c) => c.company.startsWith('Twee bureaus '));
  expect(ours).toHaveLength(200);
  expect(new Set(ours.map((c) => c.company)).size).toBe(200);
  // one POST each: the answers lost were found by a search, not made again
  expect(service.requestLog().filter((q) => q.method === 'POST')).toHaveLength(200);
  expect(service.requestLog().filter((q) => q.fault === 'drop').length).toBeGreaterThan(0);
  // both desks did part of the work, and neither has anything left
  expect(byA).toBeGreaterThan(0);
  expect(byB).toBeGreaterThan(0);
  expect(byA + byB).toBe(200);
  expect(a.core.space.store.outbox.pendingCount()).toBe(0);
  expect(a.core.space.store.outbox.parked()).toEqual([]);
  // each local client carries its own number
  const local = a.core.space.store.clients.list({ limit: 1000 }).filter((c) => String(c.fields.company).startsWith('Twee bureaus '));
  expect(new Set(local.map((c) => c.clientnr)).size).toBe(200);
});
