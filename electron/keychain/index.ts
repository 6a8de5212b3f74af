export type { Keychain } from './keychain';
export { KEYCHAIN_SERVICE } from './keychain';
export { KeytarKeychain } from './keytar-keychain';
export { MemoryKeychain } from './memory-keychain';
export { KeychainError, classifyKeychainError } from './errors';
