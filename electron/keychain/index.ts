export type { Keychain } from './keychain';
export { KEYCHAIN_SERVICE } from './keychain';
export { KeytarKeychain, type Keytar, type KeytarKeychainOptions } from './keytar-keychain';
export { MemoryKeychain } from './memory-keychain';
export { KeychainError, classifyKeychainError } from './errors';
export { KEYCHAIN_WAITS, type RetryOptions } from './retry';
