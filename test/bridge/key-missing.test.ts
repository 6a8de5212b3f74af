// A key that is not in this computer's keychain is not a key the service
// refused. A core restarted on the data folder of a connected account, with
// a keychain that lacks the key (a keyring reset, the folder moved to another
// computer), says the key is missing and asks the service nothing, whether the
// service is up or down; the account's data stays shown, and the key entered
// again brings sync back. A 401 still says the service refused the key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { formatMessage } from '../../shared/messages';
import { startTestCore, type TestCore } from '../helpers/core';
import { until } from '../helpers/until';

let sb: Sandbox;
const dirs: string[] = [];
const cores: TestCore[] = [];

beforeAll(async () => {
  sb = await startSandbox({ user: 'acme', key: 'acme-key', clients: 3, products: 2, quotations: 1, quiet: true, rateLimit: 0 });
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  sb.setKeyState('active');
  await sb.setNetwork(true);
});
afterAll(async () => {
  await sb.close();
});

async function core(dataDir: string, secrets: MemoryKeychain): Promise<TestCore> {
  const t = await startTestCore({ dataDir, secrets });
  cores.push(t);
  return t;
}

/** A data folder with the account connected and pulled, its core closed again. */
async function connectedFolder(): Promise<{ dataDir: string; accountId: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-key-missing-'));
  dirs.push(dataDir);
  const t = await core(dataDir, new MemoryKeychain());
  const account = await t.ok('account.connect', { baseUrl: sb.url, username: 'acme', apiKey: 'acme-key', displayName: 'Acme' });
  await t.core.sync.engine.pull();
  expect((await t.ok('clients.list', {})).total).toBe(3);
  await t.close();
  cores.splice(cores.indexOf(t), 1);
  return { dataDir, accountId: account.id };
}

it('says the key is missing from the keychain, not refused, and asks the service nothing', async () => {
  const { dataDir, accountId } = await connectedFolder();
  const asked = sb.requests().length;
  // restarted with a keychain that does not hold the key
  const t = await core(dataDir, new MemoryKeychain());
  expect(t.core.space.accountId).toBe(accountId);
  await t.core.sync.engine.pull().catch(() => undefined);
  const status = await t.ok('sync.status', {});
  expect(status.account).toBe('key_missing');
  expect(sb.requests().length).toBe(asked);
  expect(await t.ok('account.list', {})).toEqual([expect.objectContaining({ id: accountId, needsKey: true, keyMissing: true })]);
  // what a request fails with says so too, still without reaching the service
  await expect(t.core.accounts.apiFor(accountId).clients.list()).rejects.toMatchObject({ kind: 'unauthorized', messageKey: 'account.key_missing' });
  expect(sb.requests().length).toBe(asked);
  // the account's data is still shown
  expect((await t.ok('clients.list', {})).total).toBe(3);

  // the key entered again: connected, and the service reached again
  await t.ok('account.connect', { baseUrl: sb.url, username: 'acme', apiKey: 'acme-key' });
  expect(await t.ok('account.list', {})).toEqual([expect.objectContaining({ needsKey: false, keyMissing: false })]);
  await t.core.sync.engine.pull();
  expect((await t.ok('sync.status', {})).account).toBe('connected');
  expect(sb.requests().length).toBeGreaterThan(asked);
});

it('says the key is missing while the service is down, and stays so after another restart', async () => {
  const { dataDir } = await connectedFolder();
  await sb.setNetwork(false);
  let t = await core(dataDir, new MemoryKeychain());
  await t.core.sync.engine.pull().catch(() => undefined);
  expect((await t.ok('sync.status', {})).account).toBe('key_missing');
  await t.close();
  cores.splice(cores.indexOf(t), 1);
  t = await core(dataDir, new MemoryKeychain());
  expect((await t.ok('sync.status', {})).account).toBe('key_missing');
  expect((await t.ok('clients.list', {})).total).toBe(3);
});

it('with the key in the keychain and the service down, stays connected (offline), not asking for a key', async () => {
  const { dataDir, accountId } = await connectedFolder();
  const secrets = new MemoryKeychain();
  await secrets.set(accountId, 'acme-key');
  await sb.setNetwork(false);
  const t = await core(dataDir, secrets);
  await t.core.sync.engine.pull().catch(() => undefined);
  const status = await t.ok('sync.status', {});
  expect(status).toMatchObject({ account: 'connected', online: false });
  expect((await t.ok('clients.list', {})).total).toBe(3);
});

it('still says the service refused the key after a 401', async () => {
  const { dataDir, accountId } = await connectedFolder();
  const secrets = new MemoryKeychain();
  await secrets.set(accountId, 'acme-key');
  sb.setKeyState('deleted');
  const t = await core(dataDir, secrets);
  await t.core.sync.engine.pull().catch(() => undefined);
  await until(async () => (await t.ok('account.list', {}))[0]!.needsKey, 'the refusal to be kept');
  expect((await t.ok('sync.status', {})).account).toBe('needs_key');
  expect(await t.ok('account.list', {})).toEqual([expect.objectContaining({ needsKey: true, keyMissing: false })]);
});

it('words the two apart in English and Dutch', () => {
  expect(formatMessage('account.key_missing', { account: 'Acme' }, 'en')).toMatch(/Acme is not in this computer's keychain, so nothing was sent/);
  expect(formatMessage('account.key_missing', { account: 'Acme' }, 'nl')).toMatch(/van Acme staat niet in de sleutelhanger/);
  expect(formatMessage('account.needs_key', { account: 'Acme' }, 'en')).toMatch(/no longer works/);
});
