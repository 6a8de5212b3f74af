// What the handlers need from the core. The core builds it from the active
// space (the demo or a connected account); handlers never hold on to a store
// or client, because connecting or switching an account replaces them.
import type { AccountView, OperationInput, Settings, SyncStatus } from '../../../shared/bridge';
import type { InvoicingApi } from '../../api';
import type { Store } from '../../store';
import type { CompanyDetails } from '../../document/company-file';

export interface AccountsPort {
  list(): Promise<AccountView[]> | AccountView[];
  connect(input: OperationInput<'account.connect'>): Promise<AccountView>;
  disconnect(id: string): Promise<void>;
  /** null: back to the demo */
  setActive(id: string | null): Promise<void>;
}

export interface SettingsPort {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

export interface BridgeContext {
  /** the database of the space the window shows */
  store(): Store;
  /** the service client of that space */
  api(): InvoicingApi;
  /** whether the service answered lately */
  online(): boolean;
  /** something was queued or may go again: let the sync engine look now */
  wake(): void;
  /** starts a pull unless one runs; false when one was running already */
  pullNow(): boolean;
  /** stops the pull under way; false when none runs */
  cancelPull(): boolean;
  /** the network is back: what waits out a backoff is due, and goes now */
  networkBack(): void;
  /** read everything again, at the background's pace (Full refresh) */
  refreshAll(): void;
  /** a person opened a record: read it by number when its copy is stale; whether a request went */
  opened(list: 'clients' | 'products' | 'quotations', number: number): Promise<boolean>;
  /** a person typed in the client picker while the clients are still loading: ask the service too */
  searchClients(query: string): Promise<void>;
  syncStatus(): SyncStatus;
  accounts: AccountsPort;
  settings: SettingsPort;
  /** the company printed on documents (the app's, not an account's: docs/document.md) */
  company: Pick<CompanyDetails, 'get' | 'setFields' | 'setLogo' | 'removeLogo'>;
}
