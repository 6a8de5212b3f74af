// For unit tests that are not about the keychain. Never used by the app: the
// app has no plaintext fallback.
import type { Keychain } from './keychain';

export class MemoryKeychain implements Keychain {
  readonly #entries = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.#entries.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.#entries.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.#entries.delete(account);
  }

  async list(): Promise<string[]> {
    return [...this.#entries.keys()];
  }
}
