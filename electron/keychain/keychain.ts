// Where API keys live. Only the main process holds one; the implementation is
// passed in so tests use a real keychain in a scratch session.

export interface Keychain {
  /** The secret of an account, or null when there is none. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when an entry was removed. */
  delete(account: string): Promise<boolean>;
  /** The account names that have an entry (never the secrets). */
  list(): Promise<string[]>;
}

/** The keychain service name every quotedesk entry is stored under. */
export const KEYCHAIN_SERVICE = 'quotedesk';
