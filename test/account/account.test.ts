// Accounts against the sandbox over real HTTP and the real keychain of the
// test session (scripts/with-keyring.sh).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { AccountError, AccountService, ACCOUNTS_FILE, accountId, type Account } from '../../electron/account';
import { ApiError } from '../../electron/api';
import { KeytarKeychain, KeychainError } from '../../electron/keychain';

const SERVICE = `quotedesk-account-test-${process.pid}`;
const secrets = new KeytarKeychain(SERVICE);
let sb: Sandbox;
let other: Sandbox;
let dir: string;
let service: AccountService;

async function failure(p: Promise<unknown>): Promise<Error & { kind: string; messageKey: string }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { kind: string; messageKey: string };
  }
  throw new Error('it succeeded');
}

async function accountsFileText(): Promise<string | null> {
  return readFile(join(dir, ACCOUNTS_FILE), 'utf8').catch(() => null);
}

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, user: 'bakkerij', key: 'key-bakkerij-5521' });
  other = await startSandbox({ quiet: true, rateLimit: 0, user: 'studio', key: 'key-studio-9034' });
});
afterAll(async () => {
  await sb.close();
  await other.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-accounts-'));
  service = await AccountService.open({ dataDir: dir, secrets, api: { backoff: { baseMs: 5, capMs: 10 } } });
});
afterEach(async () => {
  await service.close();
  for (const a of await secrets.list()) await secrets.delete(a);
  await rm(dir, { recursive: true, force: true });
  sb.setKeyState('active');
  await sb.setNetwork(true);
});

describe('connect', () => {
  it('verifies first, then puts the key in the keychain and only the rest in the settings', async () => {
    const before = sb.requests().length;
    const account = await service.connect({ baseUrl: `${sb.url}/`, username: ' bakkerij ', apiKey: 'key-bakkerij-5521', displayName: 'Bakkerij' });
    expect(account).toEqual({
      id: accountId(sb.url, 'bakkerij'),
      baseUrl: sb.url,
      username: 'bakkerij',
      displayName: 'Bakkerij',
      active: true,
      needsKey: false,
      keyMissing: false,
    });
    expect(sb.requests().slice(before)).toEqual([{ method: 'GET', url: '/api/v1/clients?count=1&start=0', status: 200 }]);
    expect(await secrets.get(account.id)).toBe('key-bakkerij-5521');
    const text = (await accountsFileText())!;
    expect(JSON.parse(text)).toMatchObject({
      version: 1,
      active: account.id,
      accounts: [{ id: account.id, baseUrl: sb.url, username: 'bakkerij', displayName: 'Bakkerij', needsKey: false }],
    });
    expect(text).not.toContain('key-bakkerij-5521');
    expect(JSON.stringify(service.list())).not.toContain('key-bakkerij-5521');
    // written atomically: no temp files left behind
    expect(await readdir(dir)).toEqual([ACCOUNTS_FILE]);
    // and it is all there after a restart
    const again = await AccountService.open({ dataDir: dir, secrets });
    expect(again.list()).toEqual([account]);
    expect(await again.apiFor(account.id).clients.list({ count: 2 })).toHaveLength(2);
    await again.close();
  });

  it('stores nothing when the key is wrong or inactive, the host unreachable, or the address plain http', async () => {
    const wrong = await failure(service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'wrong-key-000' }));
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ kind: 'unauthorized', messageKey: 'api.unauthorized', operation: 'account.connect' });

    sb.setKeyState('inactive');
    const inactive = await failure(service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' }));
    expect(inactive).toMatchObject({ kind: 'unauthorized' });
    expect(inactive.message).toMatch(/made inactive/);
    sb.setKeyState('active');

    await sb.setNetwork(false);
    const unreachable = await failure(service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' }));
    expect(unreachable).toMatchObject({ kind: 'offline', messageKey: 'account.unreachable' });
    expect(unreachable.message).toMatch(/^The service at 127\.0\.0\.1:\d+ cannot be reached, so the API key could not be checked and nothing was stored/);
    await sb.setNetwork(true);

    const requests = sb.requests().length;
    const insecure = await failure(service.connect({ baseUrl: 'http://invoicing.example.com/api/v1', username: 'bakkerij', apiKey: 'key-bakkerij-5521' }));
    expect(insecure).toMatchObject({ kind: 'invalid_url', messageKey: 'api.insecure_url' });
    expect(sb.requests().length).toBe(requests);

    const elsewhere = await failure(service.connect({ baseUrl: `${sb.origin}/api/v2`, username: 'bakkerij', apiKey: 'key-bakkerij-5521' }));
    expect(elsewhere).toMatchObject({ kind: 'not_found', messageKey: 'api.wrong_address' });

    expect(await failure(service.connect({ baseUrl: sb.url, username: '  ', apiKey: 'x' }))).toMatchObject({
      kind: 'account_input',
      message: 'Fill in username.',
    });

    // a message of its own for each problem (a wrong and an inactive key get the same 401 from the service)
    expect(new Set([wrong, unreachable, insecure, elsewhere].map((e) => e.message)).size).toBe(4);
    expect(await secrets.list()).toEqual([]);
    expect(await accountsFileText()).toBeNull();
    expect(service.list()).toEqual([]);
  });

  it('says there is no keychain, and stores nothing, when there is none', async () => {
    const probe = fileURLToPath(new URL('./fixtures/connect.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, QUOTEDESK_KEYCHAIN_SERVICE: SERVICE };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(tsx, [probe, dir, sb.url, 'bakkerij', 'key-bakkerij-5521'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    const line = JSON.parse(out.trim().split('\n').pop()!) as { ok: boolean; error: { kind: string; message: string } };
    expect(line).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
    expect(line.error.message).toMatch(/never stores the API key in plain text/);
    expect(await accountsFileText()).toBeNull();
  });

  it('replaces the key of an account connected again', async () => {
    const first = await service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521', displayName: 'Bakkerij' });
    const again = await service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: ' key-bakkerij-5521 ' });
    expect(again).toEqual(first);
    expect(service.list()).toHaveLength(1);
    expect(await secrets.list()).toEqual([first.id]);
  });
});

describe('several accounts', () => {
  it('keeps one active, switches, and disconnects by removing the key', async () => {
    const a = await service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' });
    const b = await service.connect({ baseUrl: other.url, username: 'studio', apiKey: 'key-studio-9034' });
    const changes: Account[][] = [];
    service.onChange((list) => changes.push(list));
    expect(service.active()?.id).toBe(a.id);
    expect(b.displayName).toBe(`studio @ 127.0.0.1:${other.port}`);

    await service.setActive(b.id);
    expect(service.active()).toMatchObject({ id: b.id, active: true });
    expect(service.list().map((x) => x.active)).toEqual([false, true]);
    expect(await service.apiFor(b.id).clients.list({ count: 1 })).toHaveLength(1);
    expect(await failure(service.setActive('acc-nope'))).toMatchObject({ kind: 'account_unknown' });

    await service.disconnect(b.id);
    expect(await secrets.get(b.id)).toBeNull();
    expect(await secrets.get(a.id)).toBe('key-bakkerij-5521');
    expect(service.list().map((x) => x.id)).toEqual([a.id]);
    expect(service.active()?.id).toBe(a.id);
    expect(changes.map((c) => c.length)).toEqual([2, 1]);
    expect(() => service.apiFor(b.id)).toThrow(AccountError);

    await service.disconnect(a.id);
    expect(service.active()).toBeNull();
    expect(await secrets.list()).toEqual([]);
  });
});

describe('a key the service stops accepting', () => {
  it('marks the account as needing a new key after a 401, keeps everything else, and fails fast until a new key', async () => {
    const a = await service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' });
    const api = service.apiFor(a.id);
    expect(await api.clients.list({ count: 1 })).toHaveLength(1);

    sb.setKeyState('deleted');
    expect(await failure(api.clients.list())).toMatchObject({ kind: 'unauthorized', status: 401 });
    await new Promise((r) => setTimeout(r, 50));
    expect(service.get(a.id).needsKey).toBe(true);
    const requests = sb.requests().length;
    const fast = await failure(api.clients.list());
    expect(fast).toMatchObject({ kind: 'unauthorized', messageKey: 'account.needs_key', outcome: 'not_applied' });
    expect(fast.message).toContain(a.displayName);
    expect(sb.requests().length).toBe(requests);

    // survives a restart; the key and the account are still there
    const reopened = await AccountService.open({ dataDir: dir, secrets });
    expect(reopened.get(a.id)).toMatchObject({ needsKey: true, active: true });
    await reopened.close();
    expect(await secrets.get(a.id)).toBe('key-bakkerij-5521');

    sb.setKeyState('active');
    expect(await service.replaceKey(a.id, 'key-bakkerij-5521')).toMatchObject({ needsKey: false });
    expect(await api.clients.list({ count: 1 })).toHaveLength(1);
  });

  it('treats a key missing from the keychain as needing the key again, told apart from a refused one, without asking the service', async () => {
    const a = await service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' });
    await secrets.delete(a.id);
    const requests = sb.requests().length;
    expect(await failure(service.apiFor(a.id).clients.list())).toMatchObject({ kind: 'unauthorized', messageKey: 'account.key_missing' });
    expect(sb.requests().length).toBe(requests);
    expect(service.get(a.id)).toMatchObject({ needsKey: true, keyMissing: true });
    // kept across a restart, and cleared by the key entered again
    const reopened = await AccountService.open({ dataDir: dir, secrets });
    expect(reopened.get(a.id)).toMatchObject({ needsKey: true, keyMissing: true });
    await reopened.close();
    expect(await service.replaceKey(a.id, 'key-bakkerij-5521')).toMatchObject({ needsKey: false, keyMissing: false });
  });

  it('reads an accounts file written before keys were told apart as refused', async () => {
    await service.close();
    const id = accountId(sb.url, 'bakkerij');
    const old = { id, baseUrl: sb.url, username: 'bakkerij', displayName: 'Bakkerij', needsKey: true, connectedAt: '2026-01-10T10:00:00.000Z' };
    await writeFile(join(dir, ACCOUNTS_FILE), JSON.stringify({ version: 1, active: id, accounts: [old] }));
    service = await AccountService.open({ dataDir: dir, secrets });
    expect(service.get(id)).toMatchObject({ needsKey: true, keyMissing: false });
  });
});

describe('accounts file', () => {
  it('keeps a damaged file aside, says where, and starts without accounts', async () => {
    await service.close();
    await writeFile(join(dir, ACCOUNTS_FILE), '{"version":1,"active":"acc-x","accounts":[{"id":');
    service = await AccountService.open({ dataDir: dir, secrets, now: () => new Date('2026-03-02T10:00:00Z') });
    const problem = service.accountsFileProblem!;
    expect(problem).toBeInstanceOf(AccountError);
    expect(problem.kind).toBe('settings_corrupt');
    const kept = join(dir, `${ACCOUNTS_FILE}.corrupt-2026-03-02T10-00-00-000Z`);
    expect(problem.message).toContain(kept);
    expect(problem.message).toMatch(/still in the keychain/);
    expect(await readFile(kept, 'utf8')).toBe('{"version":1,"active":"acc-x","accounts":[{"id":');
    expect(service.list()).toEqual([]);

    await service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' });
    expect(await readFile(kept, 'utf8')).toBe('{"version":1,"active":"acc-x","accounts":[{"id":');
    expect((await readdir(dir)).sort()).toEqual([ACCOUNTS_FILE, `${ACCOUNTS_FILE}.corrupt-2026-03-02T10-00-00-000Z`]);
  });

  it('treats well-formed JSON of the wrong shape as damaged too', async () => {
    await service.close();
    await writeFile(join(dir, ACCOUNTS_FILE), JSON.stringify({ version: 1, active: 'acc-missing', accounts: [] }));
    service = await AccountService.open({ dataDir: dir, secrets });
    expect(service.accountsFileProblem?.kind).toBe('settings_corrupt');
  });

  it('leaves the keychain as it was when the settings cannot be written', async () => {
    await service.close();
    const data = join(dir, 'data');
    service = await AccountService.open({ dataDir: data, secrets });
    // the data folder cannot be made: a file is in its place
    await writeFile(data, 'a file where the data folder should be');
    const e = await failure(service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-5521' }));
    expect(e).toMatchObject({ kind: 'settings_io' });
    expect(e.message).toMatch(/could not be saved/);
    expect(await secrets.list()).toEqual([]);
  });
});

describe('errors the renderer gets', () => {
  it('are plain data with a key the UI can translate', async () => {
    const e = (await failure(service.connect({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'wrong-key-000' }))) as ApiError;
    const plain = JSON.parse(JSON.stringify(e)) as Record<string, unknown>;
    expect(plain).toMatchObject({ name: 'ApiError', kind: 'unauthorized', messageKey: 'api.unauthorized', outcome: 'not_applied', status: 401 });
    expect(Object.keys(plain).sort()).toEqual(['kind', 'message', 'messageKey', 'name', 'operation', 'outcome', 'params', 'serverMessage', 'status']);
    expect(JSON.stringify(new KeychainError('keychain_locked'))).toContain('keychain.locked');
  });
});
