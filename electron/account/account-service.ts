// Accounts on the Invoicing Service: connect (verify, then store), several
// stored with one active, disconnect, and an InvoicingApi per account wired
// to the key in the keychain.
//
// The key goes to the keychain only after the service accepted it, and never
// anywhere else: the accounts file holds the base URL, username and display
// name. A 401 later marks the account as needing a new key; calls then fail
// at once, without a request, until a new key is connected. Nothing stored
// on this computer is touched by that. A key that is not in the keychain
// when a request needs it (a keyring reset, the data folder on another
// computer) marks the account the same way, as missing rather than refused:
// the service was never asked, and the person is told to enter the key again.
import { createHash } from 'node:crypto';
import type { Keychain } from '../keychain';
import { ApiError, InvoicingApi, parseBaseUrl, silentLogger, type ApiErrorInit, type InvoicingApiOptions, type Logger } from '../api';
import { AccountError } from './errors';
import { AccountsFile, type SavedAccounts, type StoredAccount } from './accounts-file';
import type { AccountView } from '../../shared/bridge';

/** What the UI may see of an account: the bridge's view of it, nothing secret. */
export type Account = AccountView;

export interface ConnectInput {
  baseUrl: string;
  username: string;
  apiKey: string;
  displayName?: string;
}

/** Options for every InvoicingApi the service makes (timeouts, rate reserve, …). */
export type ApiOptions = Omit<InvoicingApiOptions, 'baseUrl' | 'credentials' | 'onUnauthorized' | 'logger'>;

export interface AccountServiceOptions {
  /** the app's data folder; the accounts file lives here */
  dataDir: string;
  secrets: Keychain;
  logger?: Logger;
  api?: ApiOptions;
  now?: () => Date;
}

/** The same username on the same service is the same account, whatever key it uses. */
export function accountId(baseUrl: string, username: string): string {
  const href = parseBaseUrl(baseUrl).href;
  return `acc-${createHash('sha256').update(`${href}\n${username}`).digest('hex').slice(0, 16)}`;
}

export class AccountService {
  readonly #file: AccountsFile;
  readonly #secrets: Keychain;
  readonly #logger: Logger;
  readonly #apiOptions: ApiOptions;
  readonly #now: () => Date;
  #saved: SavedAccounts;
  readonly #apis = new Map<string, { api: InvoicingApi; forget: () => void }>();
  readonly #listeners = new Set<(accounts: Account[]) => void>();
  /** writes of the accounts file, one after the other */
  #writing: Promise<unknown> = Promise.resolve();
  /** set when the accounts file was damaged at start-up and moved aside */
  readonly accountsFileProblem: AccountError | null;

  private constructor(opts: AccountServiceOptions, saved: SavedAccounts, problem: AccountError | null) {
    this.#file = new AccountsFile(opts.dataDir);
    this.#secrets = opts.secrets;
    this.#logger = opts.logger ?? silentLogger;
    this.#apiOptions = opts.api ?? {};
    this.#now = opts.now ?? (() => new Date());
    this.#saved = saved;
    this.accountsFileProblem = problem;
  }

  /**
   * Reads the accounts file. A damaged one does not stop the app: it is
   * moved aside, the service starts without accounts, and `accountsFileProblem`
   * says where the file was kept.
   */
  static async open(opts: AccountServiceOptions): Promise<AccountService> {
    const file = new AccountsFile(opts.dataDir);
    try {
      return new AccountService(opts, await file.load(opts.now?.()), null);
    } catch (err) {
      if (!(err instanceof AccountError) || err.kind !== 'settings_corrupt') throw err;
      (opts.logger ?? silentLogger).error('accounts file damaged', { keptAt: String(err.params.path) });
      return new AccountService(opts, { version: 1, active: null, accounts: [] }, err);
    }
  }

  list(): Account[] {
    return this.#saved.accounts.map((a) => this.#view(a));
  }

  active(): Account | null {
    const a = this.#saved.accounts.find((x) => x.id === this.#saved.active);
    return a ? this.#view(a) : null;
  }

  get(id: string): Account {
    return this.#view(this.#stored(id));
  }

  async setActive(id: string | null): Promise<void> {
    if (id !== null) this.#stored(id);
    await this.#update((s) => ({ ...s, active: id }));
  }

  /**
   * Verifies the address, username and key with one cheap authenticated
   * call, then stores the key in the keychain and the rest in the accounts file.
   * Connecting an account that is already stored replaces its key (and
   * clears `needsKey`). On any failure nothing is stored.
   */
  async connect(input: ConnectInput): Promise<Account> {
    const username = typeof input.username === 'string' ? input.username.trim() : '';
    const apiKey = typeof input.apiKey === 'string' ? input.apiKey.trim() : '';
    if (username === '') throw new AccountError('account_input', { field: 'username' });
    if (apiKey === '') throw new AccountError('account_input', { field: 'apiKey' });
    const base = parseBaseUrl(input.baseUrl);
    const id = accountId(base.href, username);

    await this.#verify(base.href, username, apiKey);

    let account!: StoredAccount;
    await this.#keepKey(id, apiKey, () => {
      const existing = this.#saved.accounts.find((a) => a.id === id);
      account = {
        id,
        baseUrl: base.href,
        username,
        displayName: input.displayName?.trim() || existing?.displayName || `${username} @ ${base.host}`,
        needsKey: false,
        keyMissing: false,
        connectedAt: this.#now().toISOString(),
      };
      return (s) => ({
        ...s,
        active: s.active ?? id,
        accounts: existing ? s.accounts.map((a) => (a.id === id ? account : a)) : [...s.accounts, account],
      });
    });
    this.#logger.info('account connected', { account: id });
    return this.#view(account);
  }

  /**
   * Keeps `apiKey` for an account already connected here, without asking the
   * service: only for when the service cannot be reached to check it (the web
   * host started with an account while the service is down; README.md, Running it). The account's
   * address and username were checked when it was connected; the key is
   * checked by the first request that reaches the service, and a refusal then
   * marks the account as needing a new key, as a refusal always does.
   */
  async keepUncheckedKey(id: string, apiKey: string): Promise<Account> {
    const key = typeof apiKey === 'string' ? apiKey.trim() : '';
    if (key === '') throw new AccountError('account_input', { field: 'apiKey' });
    this.#stored(id);
    await this.#keepKey(id, key, () => (s) => ({
      ...s,
      accounts: s.accounts.map((a) => (a.id === id ? { ...a, needsKey: false, keyMissing: false } : a)),
    }));
    this.#logger.info('account key kept unchecked: the service could not be reached', { account: id });
    return this.get(id);
  }

  /** Connects an account that needs a new key, keeping its address, username and name. */
  async replaceKey(id: string, apiKey: string): Promise<Account> {
    const a = this.#stored(id);
    return this.connect({ baseUrl: a.baseUrl, username: a.username, apiKey, displayName: a.displayName });
  }

  /** Removes the key from the keychain and the account from the accounts file. */
  async disconnect(id: string): Promise<void> {
    this.#stored(id);
    await this.#secrets.delete(id);
    const cached = this.#apis.get(id);
    this.#apis.delete(id);
    await this.#update((s) => {
      const accounts = s.accounts.filter((a) => a.id !== id);
      return { ...s, accounts, active: s.active === id ? (accounts[0]?.id ?? null) : s.active };
    });
    await cached?.api.close();
    this.#logger.info('account disconnected', { account: id });
  }

  /** The client for an account; the key is read from the keychain on first use. */
  /**
   * Whether the account's key is in this computer's keychain. When it is not
   * (a keyring reset, the data folder on another computer), the account is
   * marked as missing it, as its first request would: the desk may have
   * nothing to ask the service for a while, and the person must hear of it
   * now. Nothing is asked of the service.
   */
  async keyIsHere(id: string): Promise<boolean> {
    const a = this.#stored(id);
    if (a.needsKey) return false;
    if ((await this.#secrets.get(id)) !== null) return true;
    await this.#markNeedsKey(id, 'missing');
    return false;
  }

  apiFor(id: string): InvoicingApi {
    this.#stored(id);
    const cached = this.#apis.get(id);
    if (cached) return cached.api;
    let key: string | null = null;
    const api = new InvoicingApi({
      ...this.#apiOptions,
      baseUrl: this.#stored(id).baseUrl,
      logger: this.#logger,
      credentials: async () => {
        const a = this.#stored(id);
        if (a.needsKey) throw needsKeyError(a);
        key ??= await this.#secrets.get(id);
        if (key === null) {
          // not in this computer's keychain: nothing was asked of the service
          await this.#markNeedsKey(id, 'missing');
          throw needsKeyError(this.#stored(id));
        }
        return { username: a.username, apiKey: key };
      },
      onUnauthorized: () => {
        key = null;
        void this.#markNeedsKey(id, 'refused').catch((err: unknown) =>
          this.#logger.error('could not mark the account as needing a key', { account: id, kind: (err as AccountError).kind }),
        );
      },
    });
    this.#apis.set(id, { api, forget: () => (key = null) });
    return api;
  }

  onChange(listener: (accounts: Account[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Waits for pending writes of the accounts file and closes every client. */
  async close(): Promise<void> {
    await this.#writing.catch(() => {});
    const apis = [...this.#apis.values()];
    this.#apis.clear();
    await Promise.all(apis.map((a) => a.api.close()));
  }

  async #verify(baseUrl: string, username: string, apiKey: string): Promise<void> {
    const probe = new InvoicingApi({ ...this.#apiOptions, baseUrl, logger: this.#logger, readAttempts: 1, credentials: () => ({ username, apiKey }) });
    try {
      await probe.verify();
    } catch (err) {
      if (err instanceof ApiError) {
        const elsewhere = ['not_found', 'method_not_allowed', 'not_acceptable', 'bad_response'].includes(err.kind);
        // nothing to send later here: say that the key could not be checked, and that nothing was kept
        const unreached = ['offline', 'network', 'timeout'].includes(err.kind);
        const said: Partial<ApiErrorInit> = elsewhere
          ? { messageKey: 'api.wrong_address', params: {} }
          : unreached
            ? { messageKey: 'account.unreachable', params: { host: new URL(baseUrl).host } }
            : {};
        throw err.with({ operation: 'account.connect', ...said });
      }
      throw err;
    } finally {
      await probe.close();
    }
  }

  /**
   * Puts `key` in the keychain for account `id`, then writes to the accounts
   * file the change `changeOnceKept` gives (asked once the key is in); the
   * account's client reads the key again afterwards. When the file cannot be
   * written, the keychain is left as it was and the error thrown.
   */
  async #keepKey(id: string, key: string, changeOnceKept: () => (s: SavedAccounts) => SavedAccounts): Promise<void> {
    const previousKey = await this.#secrets.get(id);
    await this.#secrets.set(id, key);
    const change = changeOnceKept();
    try {
      await this.#update(change);
    } catch (err) {
      // the accounts file could not be written: leave the keychain as it was
      if (previousKey === null) await this.#secrets.delete(id).catch(() => {});
      else await this.#secrets.set(id, previousKey).catch(() => {});
      throw err;
    }
    this.#apis.get(id)?.forget();
  }

  /** refused: the service answered 401 to the key; missing: the keychain had no key for the account. */
  async #markNeedsKey(id: string, why: 'refused' | 'missing'): Promise<void> {
    if (!this.#saved.accounts.some((a) => a.id === id && !a.needsKey)) return;
    const keyMissing = why === 'missing';
    await this.#update((s) => ({ ...s, accounts: s.accounts.map((a) => (a.id === id ? { ...a, needsKey: true, keyMissing } : a)) }));
    this.#logger.warn(keyMissing ? 'the key of the account is not in the keychain' : 'account needs a new key', { account: id });
  }

  #stored(id: string): StoredAccount {
    const a = this.#saved.accounts.find((x) => x.id === id);
    if (!a) throw new AccountError('account_unknown', { account: String(id) });
    return a;
  }

  #view(a: StoredAccount): Account {
    return {
      id: a.id,
      baseUrl: a.baseUrl,
      username: a.username,
      displayName: a.displayName,
      active: a.id === this.#saved.active,
      needsKey: a.needsKey,
      keyMissing: a.needsKey && a.keyMissing,
    };
  }

  /** Applies a change to the saved accounts: written first, then in memory, one write at a time. */
  #update(change: (s: SavedAccounts) => SavedAccounts): Promise<void> {
    const run = this.#writing
      .catch(() => {})
      .then(async () => {
        const next = change(this.#saved);
        await this.#file.save(next);
        this.#saved = next;
        const accounts = this.list();
        for (const l of this.#listeners) l(accounts);
      });
    this.#writing = run;
    return run;
  }
}

function needsKeyError(a: StoredAccount): ApiError {
  return new ApiError({
    kind: 'unauthorized',
    messageKey: a.keyMissing ? 'account.key_missing' : 'account.needs_key',
    params: { account: a.displayName },
    outcome: 'not_applied',
    operation: 'account.credentials',
  });
}
