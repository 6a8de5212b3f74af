// The OS keychain through keytar (libsecret on Linux, Keychain on macOS,
// Credential Vault on Windows). There is deliberately no plaintext fallback:
// when the keychain cannot be used, every call fails with a KeychainError that
// says what to install or unlock.
import { KEYCHAIN_SERVICE, type Keychain } from './keychain';
import { KeychainError, classifyKeychainError } from './errors';

type Keytar = typeof import('keytar');

/** Never a real account name: account names are never allowed to start with a dot. */
const UNLOCK_PROBE = '.unlock-probe';

export class KeytarKeychain implements Keychain {
  #keytar: Promise<Keytar> | undefined;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async get(account: string): Promise<string | null> {
    checkAccount(account);
    const keytar = await this.#load();
    const secret = await run(() => keytar.getPassword(this.service, account));
    // libsecret answers a lookup in a locked keyring with "nothing found";
    // that must not read as "this account has no key"
    if (secret === null) await this.#assertUnlocked(keytar);
    return secret;
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    if (secret === '') throw new TypeError('An empty secret cannot be stored');
    const keytar = await this.#load();
    await run(() => keytar.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    const keytar = await this.#load();
    return run(() => keytar.deletePassword(this.service, account));
  }

  async list(): Promise<string[]> {
    const keytar = await this.#load();
    // keytar's search crashes the whole process (SIGSEGV) on Linux when
    // matching entries sit in a locked keyring, so it only runs once the
    // keyring is known to be unlocked
    await this.#assertUnlocked(keytar);
    const found = await run(() => keytar.findCredentials(this.service));
    // findCredentials hands back the secrets too; only the names leave here
    return found
      .map((c) => c.account)
      .filter((a) => a !== UNLOCK_PROBE)
      .sort();
  }

  /**
   * Storing fails on a locked Secret Service collection while reading does
   * not, so a throwaway write tells whether the keyring is usable. Only on
   * Linux: elsewhere a locked keychain asks the user to unlock it.
   */
  async #assertUnlocked(keytar: Keytar): Promise<void> {
    if (process.platform !== 'linux') return;
    await run(async () => {
      await keytar.setPassword(this.service, UNLOCK_PROBE, 'probe');
      await keytar.deletePassword(this.service, UNLOCK_PROBE);
    });
  }

  /** Loaded on first use, so a missing native module is a clear error, not a crash at start-up. */
  #load(): Promise<Keytar> {
    this.#keytar ??= import('keytar').then(
      (m) => ((m as { default?: Keytar }).default ?? m) as Keytar,
      () => {
        this.#keytar = undefined;
        throw new KeychainError('keychain_unavailable', { detail: 'the keytar module could not be loaded' });
      },
    );
    return this.#keytar;
  }
}

async function run<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw classifyKeychainError(err);
  }
}

function checkAccount(account: string): void {
  if (typeof account !== 'string' || account === '' || account.startsWith('.')) {
    throw new TypeError('A keychain account name must be a non-empty string that does not start with a dot');
  }
}
