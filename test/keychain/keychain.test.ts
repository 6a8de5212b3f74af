// The keytar store against the real Secret Service of the test session
// (scripts/with-keyring.sh), and the clear errors when there is none.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import keytar from 'keytar';
import { KEYCHAIN_SERVICE, KeychainError, KeytarKeychain, MemoryKeychain, classifyKeychainError, type Keychain } from '../../electron/keychain';
import { isSerializedError } from '../../shared/api-errors';

const PROBE = fileURLToPath(new URL('./fixtures/probe.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const testService = `quotedesk-test-${process.pid}`;

const stores: [string, () => Keychain][] = [
  ['memory', () => new MemoryKeychain()],
  ['keytar (Secret Service)', () => new KeytarKeychain(testService)],
];

describe.each(stores)('Keychain contract: %s', (_name, make) => {
  const store = make();

  afterAll(async () => {
    for (const account of await store.list()) await store.delete(account);
  });

  it('stores, reads, lists and deletes a key', async () => {
    expect(await store.get('alice@https://a.example/api/v1')).toBeNull();
    await store.set('alice@https://a.example/api/v1', 'key-alice-1');
    await store.set('bob@https://b.example/api/v1', 'key-bob-1');
    expect(await store.get('alice@https://a.example/api/v1')).toBe('key-alice-1');
    expect(await store.list()).toEqual(['alice@https://a.example/api/v1', 'bob@https://b.example/api/v1']);

    expect(await store.delete('alice@https://a.example/api/v1')).toBe(true);
    expect(await store.get('alice@https://a.example/api/v1')).toBeNull();
    expect(await store.delete('alice@https://a.example/api/v1')).toBe(false);
    expect(await store.list()).toEqual(['bob@https://b.example/api/v1']);
  });

  it('replaces a key instead of adding a second entry', async () => {
    await store.set('carol', 'first');
    await store.set('carol', 'sëcond ✓ key');
    expect(await store.get('carol')).toBe('sëcond ✓ key');
    expect((await store.list()).filter((a) => a === 'carol')).toHaveLength(1);
  });
});

describe('KeytarKeychain', () => {
  it('keeps one entry per account under the service name "quotedesk"', async () => {
    const store = new KeytarKeychain();
    const account = `contract-${process.pid}`;
    await store.set(account, 'the-key');
    try {
      const entries = await keytar.findCredentials(KEYCHAIN_SERVICE);
      expect(entries.filter((e) => e.account === account)).toEqual([{ account, password: 'the-key' }]);
      expect(await store.list()).toContain(account);
    } finally {
      await store.delete(account);
    }
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
  });

  it('refuses empty names, reserved names and empty secrets before touching the keychain', async () => {
    const store = new KeytarKeychain(testService);
    await expect(store.set('', 'x')).rejects.toThrow(/non-empty/);
    await expect(store.get('.unlock-probe')).rejects.toThrow(/dot/);
    await expect(store.set('dave', '')).rejects.toThrow(/empty secret/);
    expect(await store.list()).not.toContain('dave');
  });
});

interface ProbeLine {
  op: string;
  ok: boolean;
  value?: unknown;
  error?: { kind: string; messageKey: string; message: string };
}

/** Runs the probe (or a shell script around it) and returns its JSON lines and exit code. */
function runProbe(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; lines: ProbeLine[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as ProbeLine);
      resolve({ code, lines, stderr: err });
    });
  });
}

function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, QUOTEDESK_KEYCHAIN_SERVICE: testService };
  for (const n of names) delete env[n];
  return env;
}

describe('no usable keychain: a clear error, never a plaintext fallback', () => {
  it('says to install a Secret Service when there is no D-Bus session', async () => {
    const r = await runProbe(TSX, [PROBE, 'set:erin:secret-erin', 'get:erin', 'list'], envWithout('DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY'));
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => l.op)).toEqual(['set', 'get', 'list']);
    for (const line of r.lines) {
      expect(line.ok).toBe(false);
      expect(isSerializedError(line.error)).toBe(true);
      expect(line.error).toMatchObject({ kind: 'keychain_unavailable', messageKey: 'keychain.unavailable' });
      expect(line.error!.message).toMatch(/install and start a Secret Service such as gnome-keyring/);
      expect(line.error!.message).toMatch(/never stores the API key in plain text/);
    }
  });

  it('says the same when the session bus cannot be reached', async () => {
    const env = { ...envWithout('DISPLAY'), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/quotedesk-bus' };
    const r = await runProbe(TSX, [PROBE, 'get:erin'], env);
    expect(r.lines).toEqual([{ op: 'get', ok: false, error: expect.objectContaining({ kind: 'keychain_unavailable' }) }]);
  });

  it('says to unlock a locked keyring, and does not crash or report "no key" on it', async () => {
    // A keyring is created unlocked in one D-Bus session, then the daemon of a
    // second session starts without the password: the keyring is locked.
    const home = await mkdtemp(join(tmpdir(), 'quotedesk-locked-'));
    try {
      await mkdir(join(home, 'runtime'), { mode: 0o700 });
      const env = {
        ...envWithout('DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'GNOME_KEYRING_CONTROL'),
        HOME: home,
        XDG_RUNTIME_DIR: join(home, 'runtime'),
        XDG_DATA_HOME: join(home, '.local/share'),
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_CACHE_HOME: join(home, '.cache'),
      };
      const first = `eval "$(printf pass | gnome-keyring-daemon --unlock --components=secrets)"; "$TSX" "$PROBE" set:frank:secret-frank get:frank`;
      const unlocked = await runProbe('dbus-run-session', ['--', 'bash', '-c', first], { ...env, TSX, PROBE });
      expect(unlocked.lines).toEqual([
        { op: 'set', ok: true, value: null },
        { op: 'get', ok: true, value: 'secret-frank' },
      ]);

      const second = `eval "$(gnome-keyring-daemon --start --components=secrets)"; "$TSX" "$PROBE" get:frank list set:frank:other`;
      const locked = await runProbe('dbus-run-session', ['--', 'bash', '-c', second], { ...env, TSX, PROBE });
      expect(locked.code).toBe(0);
      expect(locked.lines.map((l) => [l.op, l.ok, l.error?.kind])).toEqual([
        ['get', false, 'keychain_locked'],
        ['list', false, 'keychain_locked'],
        ['set', false, 'keychain_locked'],
      ]);
      expect(locked.lines[0]!.error!.message).toMatch(/Unlock it/);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('classifyKeychainError', () => {
  it('tells unavailable, locked and other failures apart and keeps no cause', () => {
    const cases: [string, string][] = [
      ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'keychain_unavailable'],
      ['Could not connect: No such file or directory', 'keychain_unavailable'],
      ['The name org.freedesktop.secrets was not provided by any .service files', 'keychain_unavailable'],
      ['Cannot create an item in a locked collection', 'keychain_locked'],
      ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'keychain_locked'],
      ['Something else went wrong', 'keychain_failed'],
    ];
    for (const [message, kind] of cases) {
      const e = classifyKeychainError(new Error(message));
      expect(e).toBeInstanceOf(KeychainError);
      expect(e.kind).toBe(kind);
      expect(e.cause).toBeUndefined();
    }
    expect(classifyKeychainError(new Error('boom')).message).toMatch(/\(boom\)/);
  });
});
