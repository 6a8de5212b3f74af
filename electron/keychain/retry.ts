// A keychain that does not answer may only be busy. Two desks started at the
// same moment in a new gnome-keyring session have seen one of them refused as
// "no keychain" while the keyring was busy with its first use. So a call that
// finds no keychain is tried a few more times, briefly; only a keychain that
// stays unreachable is reported as missing, and the report says what was tried.
//
// Only "unavailable" is tried again:
// - locked: a keyring stays locked until a person unlocks it, and on macOS or
//   Windows a "locked" answer can be a prompt the user just dismissed; asking
//   again within a second would only show that prompt again.
// - any other failure: not known to pass by itself, and some (a D-Bus call
//   that timed out) already took far longer than this whole window.
import { setTimeout as delay } from 'node:timers/promises';
import { KeychainError, classifyKeychainError } from './errors';

export interface RetryOptions {
  /** The waits before the second, third, … attempt, in ms: one more attempt than waits. */
  waits?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** In [0, 1); spreads the waits so two desks that collided do not come back in step. */
  random?: () => number;
}

/** 4 attempts over about 1.1 s: a keyring busy with its first use answers well within it, and a desk without one is told soon. */
export const KEYCHAIN_WAITS: readonly number[] = [100, 300, 700];

/** Runs a keychain call; what it throws comes out as a KeychainError. */
export async function withKeychainRetry<T>(call: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const { waits = KEYCHAIN_WAITS, sleep = (ms) => delay(ms), now = Date.now, random = Math.random } = opts;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const e = classifyKeychainError(err);
      if (e.kind !== 'keychain_unavailable') throw e;
      const wait = waits[attempt - 1];
      if (wait === undefined) {
        const seconds = ((now() - started) / 1000).toFixed(1);
        throw new KeychainError('keychain_unavailable', { ...e.params, attempts: attempt, seconds });
      }
      // ±25 %: the default waits still grow, each being over 1.67 times the one before
      await sleep(Math.round(wait * (0.75 + random() / 2)));
    }
  }
}
