export { AccountService, accountId } from './account-service';
export type { Account, ConnectInput, AccountServiceOptions, ApiOptions } from './account-service';
export { AccountError } from './errors';
export { AccountsFile, ACCOUNTS_FILE } from './accounts-file';
export type { SavedAccounts, StoredAccount } from './accounts-file';
