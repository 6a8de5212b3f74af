// Keychain failures, told apart so the message says what to install or unlock.
import type { KeychainErrorKind } from '../../shared/api-errors';
import type { MessageKey, MessageParams } from '../../shared/messages';
import { MessageError } from '../errors/message-error';

const KEYS: Record<KeychainErrorKind, MessageKey> = {
  keychain_unavailable: 'keychain.unavailable',
  keychain_locked: 'keychain.locked',
  keychain_failed: 'keychain.failed',
};

export class KeychainError extends MessageError<KeychainErrorKind> {
  override readonly name = 'KeychainError';

  /** messageKey: only for a kind that can be said more precisely than its usual text does */
  constructor(kind: KeychainErrorKind, params: MessageParams = {}, messageKey: MessageKey = KEYS[kind]) {
    // the text of "no keychain" names the attempts; one made by a single call is one attempt
    super(kind, messageKey, messageKey === 'keychain.unavailable' ? { attempts: 1, seconds: '0.0', ...params } : params);
  }
}

// What libsecret and D-Bus say when there is no Secret Service to talk to.
const UNAVAILABLE = [
  /autolaunch D-Bus/i,
  /Could not connect/i,
  /not provided by any \.service files/i,
  /ServiceUnknown/i,
  /Failed to connect to socket/i,
  /No such interface.*Secret/i,
  /Cannot spawn a message bus/i,
];
// The service runs but cannot hand out or take secrets without an unlock.
const LOCKED = [/locked/i, /collection\/login/i, /prompt/i, /dismissed/i, /user canceled|cancelled/i];

/** Turns whatever keytar threw into a KeychainError; the original is not kept (no cause chain). */
export function classifyKeychainError(err: unknown): KeychainError {
  if (err instanceof KeychainError) return err;
  const text = err instanceof Error ? err.message : String(err);
  if (UNAVAILABLE.some((re) => re.test(text))) return new KeychainError('keychain_unavailable', { detail: shorten(text) });
  if (LOCKED.some((re) => re.test(text))) return new KeychainError('keychain_locked', { detail: shorten(text) });
  return new KeychainError('keychain_failed', { detail: shorten(text) });
}

function shorten(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
