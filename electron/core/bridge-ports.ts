// What the bridge handlers are given of the core: the shown space's store,
// API client and sync engine, the accounts, the settings and the company
// details. Whatever a handler sets going in the sync engine starts outside
// its scope, so the engine's writes are told to the page (handler-scope.ts).
import type { SyncStatus } from '../../shared/bridge';
import type { AccountsPort, BridgeContext } from '../bridge/handlers';
import type { AccountService } from '../account';
import type { CompanyDetails } from '../document/company-file';
import type { AppSettings } from './app-settings';
import type { HandlerScope } from './handler-scope';
import type { ShownSpace } from './shown-space';

export interface BridgePortsDeps {
  shown: ShownSpace;
  accounts: AccountService;
  settings: AppSettings;
  company: CompanyDetails;
  scope: HandlerScope;
  status: () => SyncStatus;
}

export function bridgePorts({ shown, accounts, settings, company, scope, status }: BridgePortsDeps): BridgeContext {
  const accountsPort: AccountsPort = {
    list: () => accounts.list(),
    async connect(input) {
      const account = await accounts.connect(input);
      // connecting switches to the account; a new key for the shown one lets its outbox go again
      await accounts.setActive(account.id);
      if (shown.space.accountId === account.id) scope.outside(() => shown.sync.retryNow());
      else await shown.show(account.id);
      return accounts.get(account.id);
    },
    async disconnect(id) {
      if (shown.space.accountId === id) {
        const next = accounts.list().find((a) => a.id !== id)?.id ?? null;
        await shown.show(next);
      }
      await accounts.disconnect(id);
    },
    async setActive(id) {
      await accounts.setActive(id);
      await shown.show(id);
    },
  };

  return {
    store: () => shown.space.store,
    api: () => shown.space.api,
    online: () => shown.sync.status().online,
    wake: () => scope.outside(() => shown.sync.wake()),
    pullNow: () => scope.outside(() => shown.sync.pullNow()),
    cancelPull: () => shown.sync.cancelPull(),
    networkBack: () => scope.outside(() => shown.sync.networkBack()),
    refreshAll: () => scope.outside(() => shown.sync.refreshAll()),
    // what the read brings is the sync engine's write, told to every screen
    opened: (list, number) => scope.outside(() => shown.sync.opened(list, number)),
    searchClients: (query) => scope.outside(() => shown.sync.searchClients(query)),
    syncStatus: status,
    accounts: accountsPort,
    company,
    settings: {
      get: () => settings.get(),
      set(patch) {
        const next = settings.set(patch);
        if (patch.draftSaveEveryMinutes !== undefined) shown.space.store.outbox.setDraftSaveEvery(next.draftSaveEveryMinutes * 60_000);
        return next;
      },
    },
  };
}
