export { AccountService, accountId } from './account-service';
export type { Account, ConnectInput, AccountServiceOptions, ApiSettings } from './account-service';
export { AccountError } from './errors';
export { SettingsFile, SETTINGS_FILE } from './settings-file';
export type { AccountSettings, StoredAccount } from './settings-file';
