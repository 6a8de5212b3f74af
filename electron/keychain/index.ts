export type { SecretStore } from './secret-store';
export { KEYCHAIN_SERVICE } from './secret-store';
export { KeytarSecretStore } from './keytar-store';
export { MemorySecretStore } from './memory-store';
export { KeychainError, classifyKeychainError } from './errors';
