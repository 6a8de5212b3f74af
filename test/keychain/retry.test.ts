// A keychain busy with its first use is asked again, briefly; only one that
// stays unreachable is reported as missing, saying what was tried. The real
// KeytarKeychain runs against a keytar whose calls fail first; the clock and
// the waits are the test's own, so a slow machine changes nothing.
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_WAITS, KeychainError, KeytarKeychain, type Keytar, type RetryOptions } from '../../electron/keychain';

// What a session bus says while nothing owns the Secret Service name yet: read as "no keychain".
const NOT_THERE = 'The name org.freedesktop.secrets was not provided by any .service files';

/** keytar over a Map; `failures` decides, call by call, what each call throws instead of answering. */
function fakeKeytar(failures: (call: number, method: keyof Keytar) => string | null) {
  const entries = new Map<string, string>();
  let calls = 0;
  const gate = (method: keyof Keytar) => {
    const text = failures(++calls, method);
    if (text !== null) throw new Error(text);
  };
  const keytar: Keytar = {
    getPassword: async (service, account) => (gate('getPassword'), entries.get(`${service}/${account}`) ?? null),
    setPassword: async (service, account, password) => void (gate('setPassword'), entries.set(`${service}/${account}`, password)),
    deletePassword: async (service, account) => (gate('deletePassword'), entries.delete(`${service}/${account}`)),
    findCredentials: async (service) => (
      gate('findCredentials'),
      [...entries].filter(([k]) => k.startsWith(`${service}/`)).map(([k, password]) => ({ account: k.slice(service.length + 1), password }))
    ),
  };
  return { keytar, calls: () => calls };
}

/** A clock that moves only when the store waits, and a record of the waits. */
function fakeTime(): RetryOptions & { waited: number[] } {
  let t = 0;
  const waited: number[] = [];
  return {
    waited,
    now: () => t,
    sleep: async (ms) => {
      waited.push(ms);
      t += ms;
    },
    random: () => 0.5,
  };
}

function store(keytar: Keytar, retry: RetryOptions) {
  return new KeytarKeychain('quotedesk-retry-test', { load: async () => keytar, retry });
}

async function caught(p: Promise<unknown>): Promise<KeychainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KeychainError);
  return err as KeychainError;
}

describe('a keychain that does not answer at first', () => {
  it('is asked again with growing waits, and the key is kept once it answers', async () => {
    const fake = fakeKeytar((n) => (n <= 2 ? NOT_THERE : null));
    const time = fakeTime();
    const s = store(fake.keytar, time);

    await s.set('alice', 'key-alice');
    expect(fake.calls()).toBe(3);
    expect(time.waited).toEqual([100, 300]);
    expect(await s.get('alice')).toBe('key-alice');
  });

  it('is reported as missing when it stays unreachable, with the attempts and the time they took', async () => {
    const fake = fakeKeytar(() => NOT_THERE);
    const time = fakeTime();

    const e = await caught(store(fake.keytar, time).set('alice', 'key-alice'));
    expect(fake.calls()).toBe(KEYCHAIN_WAITS.length + 1);
    expect(time.waited).toEqual([100, 300, 700]);
    expect(e.kind).toBe('keychain_unavailable');
    expect(e.messageKey).toBe('keychain.unavailable');
    expect(e.params).toMatchObject({ attempts: 4, seconds: '1.1', detail: NOT_THERE });
    expect(e.message).toMatch(/^No OS keychain is available \(tried 4× over 1\.1 s\), and quotedesk never stores the API key in plain text\./);
  });

  it('keeps every try short: a few attempts, well under two seconds in all, spread so two desks do not come back in step', () => {
    expect(KEYCHAIN_WAITS.length + 1).toBeGreaterThanOrEqual(3);
    expect(KEYCHAIN_WAITS.length + 1).toBeLessThanOrEqual(5);
    // the longest the waits can be, with their spread of +25 %
    expect(KEYCHAIN_WAITS.reduce((a, b) => a + b, 0) * 1.25).toBeLessThan(1500);
    for (const random of [0, 0.999]) {
      const waits = KEYCHAIN_WAITS.map((w) => Math.round(w * (0.75 + random / 2)));
      for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]! * 1.25);
    }
  });

  it('waits for real when no clock is handed in', async () => {
    const fake = fakeKeytar((n) => (n === 1 ? 'Could not connect: No such file or directory' : null));
    const s = new KeytarKeychain('quotedesk-retry-test', { load: async () => fake.keytar, retry: { waits: [5, 10] } });
    await s.set('bob', 'key-bob');
    expect(fake.calls()).toBe(2);
  });

  it('goes through the whole read, list and delete path of a store once it answers', async () => {
    // each of keytar's calls is refused the first time it is made: the lookup,
    // the unlock probe's write and removal (tried again as one), the search
    const refused = new Set<string>();
    const fake = fakeKeytar((_n, method) => (refused.has(method) ? null : (refused.add(method), NOT_THERE)));
    const time = fakeTime();
    const s = store(fake.keytar, time);
    expect(await s.get('carol')).toBeNull();
    await s.set('carol', 'key-carol');
    expect(await s.list()).toEqual(['carol']);
    expect(await s.delete('carol')).toBe(true);
    expect(refused).toEqual(new Set(['getPassword', 'setPassword', 'deletePassword', 'findCredentials']));
    expect(time.waited.length).toBeGreaterThanOrEqual(4);
  });
});

describe('a keychain that refuses for a reason of its own', () => {
  it('is not asked again when locked: only a person can unlock it', async () => {
    const fake = fakeKeytar(() => 'Cannot create an item in a locked collection');
    const time = fakeTime();
    const e = await caught(store(fake.keytar, time).set('alice', 'key-alice'));
    expect(e.kind).toBe('keychain_locked');
    expect(fake.calls()).toBe(1);
    expect(time.waited).toEqual([]);
  });

  it('is not asked again on any other failure', async () => {
    const fake = fakeKeytar(() => 'Something else went wrong');
    const time = fakeTime();
    const e = await caught(store(fake.keytar, time).get('alice'));
    expect(e.kind).toBe('keychain_failed');
    expect(fake.calls()).toBe(1);
    expect(time.waited).toEqual([]);
  });

  it('stops asking when a later answer is a refusal, and reports that one', async () => {
    const fake = fakeKeytar((n) => (n === 1 ? NOT_THERE : 'Cannot create an item in a locked collection'));
    const time = fakeTime();
    const e = await caught(store(fake.keytar, time).set('alice', 'key-alice'));
    expect(e.kind).toBe('keychain_locked');
    expect(fake.calls()).toBe(2);
    expect(time.waited).toEqual([100]);
  });

  it('says the keychain part could not be loaded, without waiting, and loads it again next time', async () => {
    let loads = 0;
    const time = fakeTime();
    const s = new KeytarKeychain('quotedesk-retry-test', {
      load: async () => {
        loads++;
        throw new Error('libsecret-1.so.0: cannot open shared object file');
      },
      retry: time,
    });
    const e = await caught(s.get('alice'));
    expect(e).toMatchObject({ kind: 'keychain_unavailable', messageKey: 'keychain.not_loaded' });
    expect(e.message).not.toMatch(/\{\w+\}/);
    await caught(s.get('alice'));
    expect(loads).toBe(2);
    expect(time.waited).toEqual([]);
  });
});

describe('KeychainError', () => {
  it('says "no keychain" made by one call as one attempt, never with a bare placeholder', () => {
    const e = new KeychainError('keychain_unavailable', { detail: 'no dbus' });
    expect(e.message).toMatch(/\(tried 1× over 0\.0 s\)/);
    expect(e.message).not.toMatch(/\{\w+\}/);
  });
});
