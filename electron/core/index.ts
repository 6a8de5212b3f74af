// The composition root: from a data folder, builds what the bridge handlers
// need (the space shown — the demo or the active account — with its store, API
// client and sync engine; the account service; the app settings) and takes it
// down again in order. Electron's main process and the web host both run
// exactly this.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { BridgeEvents, SyncStatus } from '../../shared/bridge';
import type { Handlers } from '../bridge/dispatcher';
import { EventHub } from '../bridge/events';
import { createHandlers, type AccountsPort, type BridgeContext } from '../bridge/handlers';
import { conflictView, parkedView } from '../bridge/to-views';
import { AccountService } from '../account';
import { KeytarSecretStore, type SecretStore } from '../keychain';
import type { Sandbox } from '../sandbox';
import type { Entity } from '../store/context';
import { AppSettings } from './app-settings';
import { CompanyDetails } from '../document/company-file';
import { openAccountSpace, openDemoSpace, type DemoSeed, type Space } from './space';
import { linkSync, type SyncLink } from './sync-link';
import type { Timers } from '../sync';

export type { DemoSeed } from './space';

export interface CoreOptions {
  /** the app's data folder: settings, accounts.json, demo/ and accounts/<id>/ live under it */
  dataDir: string;
  /** how much demo data a fresh sandbox starts with (the small demo set by default) */
  demoSeed?: DemoSeed;
  /** where API keys are kept; the OS keychain by default */
  secrets?: SecretStore;
  /** start syncing at once (default); false leaves the engine to the caller (tests) */
  autoSync?: boolean;
  /** told of failures that have no caller to answer (background sync) */
  onError?: (what: string, err: unknown) => void;
  /** the system's locale (Electron's app.getLocale()): the UI language until the person picks one; the web host leaves it to the browser */
  systemLocale?: string;
  /** the time of the demo's database, request budget and sync timers; for tests that let hours pass */
  clock?: { now: () => number; timers: Timers };
}

export interface Core {
  readonly dataDir: string;
  readonly events: EventHub;
  /** every operation of the contract; changes they make are not echoed as records.changed */
  readonly handlers: Handlers;
  /** the space the window shows */
  readonly space: Space;
  /** its sync engine */
  readonly sync: SyncLink;
  readonly accounts: AccountService;
  /** the demo sandbox while the demo is shown */
  readonly sandbox: Sandbox | null;
  /** takes the demo service off the network (false) and back (true) */
  setDemoOnline(online: boolean): Promise<void>;
  isDemoOnline(): boolean;
  /** stops sync, closes the database and the demo service */
  close(): Promise<void>;
}

const CHANGED_DELAY_MS = 100;

type RecordEntity = BridgeEvents['records.changed']['entity'];
const RECORD_ENTITIES: Partial<Record<Entity, RecordEntity>> = {
  quotations: 'quotation',
  clients: 'client',
  products: 'product',
  countries: 'country',
  profiles: 'profile',
  categories: 'category',
};

export async function createCore(opts: CoreOptions): Promise<Core> {
  mkdirSync(opts.dataDir, { recursive: true });
  const events = new EventHub();
  const settings = new AppSettings(join(opts.dataDir, 'settings.json'), opts.systemLocale);
  const company = new CompanyDetails(join(opts.dataDir, 'company.json'));
  const accounts = await AccountService.open({ dataDir: opts.dataDir, secrets: opts.secrets ?? new KeytarSecretStore() });

  const openSpace = (accountId: string | null): Promise<Space> =>
    accountId === null ? openDemoSpace(opts.dataDir, opts.demoSeed, opts.clock?.now) : openAccountSpace({ dataDir: opts.dataDir, accountId, api: accounts.apiFor(accountId) });

  let space: Space;
  let sync!: SyncLink;
  let unlinkStore: () => void = () => undefined;
  /** >0 while a handler runs: its own changes are not news to the page */
  let handling = 0;
  let closed = false;
  /** records changed behind the page's back, told in one go */
  const changedSoon = new Set<RecordEntity>();
  let changedTimer: NodeJS.Timeout | null = null;
  const flushChanged = () => {
    changedTimer = null;
    const entities = [...changedSoon];
    changedSoon.clear();
    if (!closed) for (const entity of entities) events.emit('records.changed', { entity, ids: 'all' });
  };
  /** space switches, one at a time */
  let switching: Promise<void> = Promise.resolve();

  function status(): SyncStatus {
    const store = space.store;
    const counts = store.outbox.counts();
    const needsKey = space.kind === 'account' && (sync.needsKey() || accounts.get(space.accountId!).needsKey);
    return {
      ...sync.status(),
      pending: counts.pending + counts.in_flight + counts.unknown_outcome,
      parked: counts.parked,
      conflicts: store.conflicts.open().length,
      account: space.kind === 'demo' ? 'demo' : needsKey ? 'needs_key' : 'connected',
    };
  }

  const publishStatus = () => {
    if (!closed) events.emit('sync.status', status());
  };
  const publishOutbox = () => {
    if (closed) return;
    const store = space.store;
    events.emit('outbox.parked', store.outbox.parked().map((op) => parkedView(store, op)));
    events.emit('conflicts.changed', store.conflicts.open().map((c) => conflictView(store, c)));
  };

  /** Wires a space's store and sync engine to the page's events, and starts syncing. */
  function attach(s: Space): void {
    space = s;
    s.store.outbox.setDraftSaveEvery(settings.get().draftSaveEveryMinutes * 60_000);
    sync = linkSync(s, {
      onChange: publishStatus,
      onRecord: (entity, id) => events.emit('records.changed', { entity, ids: [id] }),
      onError: opts.onError,
      now: opts.clock?.now,
      timers: opts.clock?.timers,
    });
    const onChanged = (entities: Entity[]) => {
      if (entities.includes('outbox') || entities.includes('conflicts')) {
        publishOutbox();
        publishStatus();
      }
      if (handling > 0) return;
      for (const e of entities) {
        const entity = RECORD_ENTITIES[e];
        if (entity) changedSoon.add(entity);
      }
      // a pull commits page after page: the page hears of it once per burst, not per page
      if (changedSoon.size > 0) changedTimer ??= setTimeout(flushChanged, CHANGED_DELAY_MS);
    };
    s.store.events.on('changed', onChanged);
    unlinkStore = () => s.store.events.off('changed', onChanged);
    publishOutbox();
    publishStatus();
    if (opts.autoSync !== false) sync.start();
  }

  async function detach(): Promise<void> {
    await sync.stop();
    unlinkStore();
    await space.close();
  }

  /** Shows another space (an account, or the demo for null); everything the page holds is stale afterwards. */
  function show(accountId: string | null): Promise<void> {
    const run = switching.then(async () => {
      if (closed || (space.accountId === accountId && space.kind === (accountId === null ? 'demo' : 'account'))) return;
      // the next space opens first: if it cannot, the current one stays
      const next = await openSpace(accountId);
      await detach();
      attach(next);
      for (const entity of ['quotation', 'client', 'product', 'country'] as const) events.emit('records.changed', { entity, ids: 'all' });
    });
    switching = run.catch(() => undefined);
    return run;
  }

  const accountsPort: AccountsPort = {
    list: () => accounts.list(),
    async connect(input) {
      const account = await accounts.connect(input);
      // connecting switches to the account; a new key for the shown one lets its outbox go again
      await accounts.setActive(account.id);
      if (space.accountId === account.id) sync.retryNow();
      else await show(account.id);
      return accounts.get(account.id);
    },
    async disconnect(id) {
      if (space.accountId === id) {
        const next = accounts.list().find((a) => a.id !== id)?.id ?? null;
        await show(next);
      }
      await accounts.disconnect(id);
    },
    async setActive(id) {
      await accounts.setActive(id);
      await show(id);
    },
  };

  const ctx: BridgeContext = {
    store: () => space.store,
    api: () => space.api,
    online: () => sync.status().online,
    wake: () => sync.wake(),
    pullNow: () => sync.pullNow(),
    networkBack: () => sync.networkBack(),
    syncStatus: status,
    accounts: accountsPort,
    company,
    settings: {
      get: () => settings.get(),
      set(patch) {
        const next = settings.set(patch);
        if (patch.draftSaveEveryMinutes !== undefined) space.store.outbox.setDraftSaveEvery(next.draftSaveEveryMinutes * 60_000);
        return next;
      },
    },
  };

  // every handler runs marked, so the store changes it makes are not echoed back
  const raw = createHandlers(ctx);
  const handlers = Object.fromEntries(
    Object.entries(raw).map(([op, handler]) => [
      op,
      (input: never) => {
        handling++;
        try {
          return (handler as (i: never) => unknown)(input);
        } finally {
          handling--;
        }
      },
    ]),
  ) as unknown as Handlers;

  const active = accounts.active();
  let first: Space;
  try {
    first = await openSpace(active?.id ?? null);
  } catch (err) {
    // an account whose database cannot be opened must not keep the app from starting: show the demo, say why
    if (active === null) throw err;
    opts.onError?.(`opening the data of ${active.displayName}`, err);
    first = await openSpace(null);
  }
  attach(first);

  return {
    dataDir: opts.dataDir,
    events,
    handlers,
    accounts,
    get space() {
      return space;
    },
    get sync() {
      return sync;
    },
    get sandbox() {
      return space.sandbox;
    },
    async setDemoOnline(online) {
      const sandbox = space.sandbox;
      if (!sandbox) throw new Error('The demo service is not running: an account is shown. Show the demo to switch its network.');
      await sandbox.setNetwork(online);
      // back on the network: do not wait for the next probe to notice
      if (online) sync.retryNow();
    },
    isDemoOnline: () => space.sandbox?.online ?? false,
    async close() {
      if (closed) return;
      await switching;
      closed = true;
      if (changedTimer) clearTimeout(changedTimer);
      await detach();
      await accounts.close();
    },
  };
}
