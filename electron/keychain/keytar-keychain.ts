// The OS keychain through keytar (libsecret on Linux, Keychain on macOS,
// Credential Vault on Windows). There is deliberately no plaintext fallback:
// when the keychain cannot be used, every call fails with a KeychainError that
// says what to install or unlock. A keychain that does not answer is asked
// again a few times first (retry.ts).
import { KEYCHAIN_SERVICE, type Keychain } from './keychain';
import { KeychainError } from './errors';
import { withKeychainRetry, type RetryOptions } from './retry';

/** The part of keytar this store uses. */
export type Keytar = Pick<typeof import('keytar'), 'getPassword' | 'setPassword' | 'deletePassword' | 'findCredentials'>;

export interface KeytarKeychainOptions {
  /** Where keytar comes from; a test hands in one whose calls fail first. */
  load?: () => Promise<Keytar>;
  retry?: RetryOptions;
}

/** Never a real account name: account names are never allowed to start with a dot. */
const UNLOCK_PROBE = '.unlock-probe';

export class KeytarKeychain implements Keychain {
  #keytar: Promise<Keytar> | undefined;
  readonly #options: KeytarKeychainOptions;

  constructor(
    private readonly service: string = KEYCHAIN_SERVICE,
    options: KeytarKeychainOptions = {},
  ) {
    this.#options = options;
  }

  async get(account: string): Promise<string | null> {
    checkAccount(account);
    const keytar = await this.#load();
    const secret = await this.#run(() => keytar.getPassword(this.service, account));
    // libsecret answers a lookup in a locked keyring with "nothing found";
    // that must not read as "this account has no key"
    if (secret === null) await this.#assertUnlocked(keytar);
    return secret;
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    if (secret === '') throw new TypeError('An empty secret cannot be stored');
    const keytar = await this.#load();
    await this.#run(() => keytar.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    const keytar = await this.#load();
    return this.#run(() => keytar.deletePassword(this.service, account));
  }

  async list(): Promise<string[]> {
    const keytar = await this.#load();
    // keytar's search crashes the whole process (SIGSEGV) on Linux when
    // matching entries sit in a locked keyring, so it only runs once the
    // keyring is known to be unlocked
    await this.#assertUnlocked(keytar);
    const found = await this.#run(() => keytar.findCredentials(this.service));
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
    await this.#run(async () => {
      await keytar.setPassword(this.service, UNLOCK_PROBE, 'probe');
      await keytar.deletePassword(this.service, UNLOCK_PROBE);
    });
  }

  #run<T>(call: () => Promise<T>): Promise<T> {
    return withKeychainRetry(call, this.#options.retry);
  }

  /** Loaded on first use, so a missing native module is a clear error, not a crash at start-up. */
  #load(): Promise<Keytar> {
    this.#keytar ??= (this.#options.load ?? loadKeytar)().catch(() => {
      this.#keytar = undefined;
      // not tried again: a module that cannot be loaded stays so
      throw new KeychainError('keychain_unavailable', { detail: 'the keytar module could not be loaded' }, 'keychain.not_loaded');
    });
    return this.#keytar;
  }
}

async function loadKeytar(): Promise<Keytar> {
  const m = await import('keytar');
  return ((m as { default?: Keytar }).default ?? m) as Keytar;
}

function checkAccount(account: string): void {
  if (typeof account !== 'string' || account === '' || account.startsWith('.')) {
    throw new TypeError('A keychain account name must be a non-empty string that does not start with a dot');
  }
}
