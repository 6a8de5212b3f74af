// The composition root: from a data folder, builds what the bridge handlers
// need (the space shown — the demo or the active account — with its store, API
// client and sync engine; the account service; the app settings) and takes it
// down again in order. Electron's main process and the web host both run
// exactly this. Its parts: shown-space.ts (the space shown and the switch),
// record-relay.ts (store changes to the page's events), handler-scope.ts (a
// handler's own changes are not echoed), bridge-ports.ts (what handlers get),
// sync-status.ts and sync-link.ts. It locks the data folder first and frees
// it last (data-lock.ts): one desk per data folder.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { EventHub } from '../bridge/events';
import type { Handlers } from '../bridge/dispatcher';
import { createHandlers } from '../bridge/handlers';
import { AccountService } from '../account';
import { KeytarKeychain, type Keychain } from '../keychain';
import type { Sandbox } from '../sandbox';
import { AppSettings } from './app-settings';
import { CompanyDetails } from '../document/company-file';
import { openAccountSpace, openDemoSpace, type DemoSeed, type Space } from './space';
import { linkSync, type SyncLink } from './sync-link';
import type { Timers } from '../sync';
import { HandlerScope } from './handler-scope';
import { RecordRelay } from './record-relay';
import { ShownSpace } from './shown-space';
import { syncStatus } from './sync-status';
import { bridgePorts } from './bridge-ports';
import { keepHeapNearLive } from './heap';
import { lockDataFolder, type DataLock } from './data-lock';

export type { DemoSeed } from './space';
export { DataFolderInUse } from './data-lock';

export interface CoreOptions {
  /** the app's data folder: settings, accounts.json, demo/ and accounts/<id>/ live under it */
  dataDir: string;
  /** how much demo data a fresh sandbox starts with (the small demo set by default) */
  demoSeed?: DemoSeed;
  /** where API keys are kept; the OS keychain by default */
  secrets?: Keychain;
  /** start syncing at once (default); false leaves the engine to the caller (tests) */
  autoSync?: boolean;
  /** told of failures that have no caller to answer (background sync) */
  onError?: (what: string, err: unknown) => void;
  /** the app's version (Electron's app.getVersion()): the service sees requests from "quotedesk/<version>" */
  appVersion?: string;
  /** the system's locale (Electron's app.getLocale()): the UI language until the person picks one; the web host leaves it to the browser */
  systemLocale?: string;
  /** the time of the databases, request budgets and sync timers (the demo's service too); for tests that let hours pass */
  clock?: { now: () => number; timers: Timers };
  /**
   * false: do not lock the data folder (docs/data-lock.md). Only for tests that
   * play two desks on one folder; the app and the web host always lock it.
   */
  dataLock?: false;
}

export interface Core {
  readonly dataDir: string;
  readonly events: EventHub;
  /** every operation of the contract; changes they make are not echoed as records.changed, but for those other screens show (TOLD_TO_ALL) */
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

/** Operations whose changes other screens show too: the whole page hears of them (handler-scope.ts). */
const TOLD_TO_ALL = ['outbox.retry', 'outbox.discard', 'conflicts.resolve', 'clients.makeInactive'] as const;

/**
 * Opens the core on its data folder. Rejects with DataFolderInUse when another
 * desk (another process, or another core in this one) holds the folder.
 */
export async function createCore(opts: CoreOptions): Promise<Core> {
  // a pull at 100,000 clients turns over far more memory than it keeps (heap.ts)
  keepHeapNearLive();
  mkdirSync(opts.dataDir, { recursive: true });
  // before anything in the folder is opened, and freed after everything is closed
  const lock = opts.dataLock === false ? null : lockDataFolder(opts.dataDir);
  // what is open so far, closed in reverse if the core cannot be built
  const opened: (() => Promise<void>)[] = [];
  try {
    return await openCore(opts, lock, opened);
  } catch (err) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    lock?.release();
    throw err;
  }
}

async function openCore(opts: CoreOptions, lock: DataLock | null, opened: (() => Promise<void>)[]): Promise<Core> {
  const events = new EventHub();
  const settings = new AppSettings(join(opts.dataDir, 'settings.json'), opts.systemLocale);
  const company = new CompanyDetails(join(opts.dataDir, 'company.json'));
  // the person's longest wait for one answer, asked at each request: a change applies to the next one
  const deadlineMs = () => settings.get().answerWaitSeconds * 1000;
  const accounts = await AccountService.open({
    dataDir: opts.dataDir,
    secrets: opts.secrets ?? new KeytarKeychain(),
    // an account's request budget runs on the core's clock too, so a test or a benchmark can let hours pass
    api: { deadlineMs, userAgent: opts.appVersion ? `quotedesk/${opts.appVersion}` : 'quotedesk', ...(opts.clock ? { now: opts.clock.now } : {}) },
  });
  opened.push(() => accounts.close());
  const scope = new HandlerScope();
  // the engine plans its pushes on these; whoever set one, what it runs is nobody's handler
  const timers = scope.timers(
    opts.clock?.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms).unref(), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
  );

  // only the one desk on the folder settles what was out when the app last stopped: beside another it would take that desk's work
  const recoverInFlight = lock !== null;
  const openSpace = async (accountId: string | null): Promise<Space> => {
    if (accountId === null) return openDemoSpace(opts.dataDir, opts.demoSeed, opts.clock?.now, { recoverInFlight, deadlineMs });
    const opened = await openAccountSpace({ dataDir: opts.dataDir, accountId, api: accounts.apiFor(accountId), recoverInFlight, clock: opts.clock?.now });
    // a key not in this keychain is told at once: the paced reading may have nothing to ask for a while
    void accounts.keyIsHere(accountId).catch((err: unknown) => opts.onError?.('reading the API key from the keychain', err));
    return opened;
  };

  const status = () => syncStatus(space.space, space.sync, accounts);
  const relay = new RecordRelay({ events, isEcho: () => scope.active, status });
  const space: ShownSpace = new ShownSpace({
    open: openSpace,
    link: (s) =>
      linkSync(s, {
        onChange: () => relay.publishStatus(),
        onError: opts.onError,
        now: opts.clock?.now,
        timers,
        // the person's setting, read at each plan: a change applies to the next request
        share: () => settings.get().backgroundSharePercent / 100,
      }),
    relay,
    scope,
    draftSaveEveryMs: () => settings.get().draftSaveEveryMinutes * 60_000,
    autoSync: opts.autoSync !== false,
  });

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
  const shown = first;
  opened.push(() => shown.close());
  space.begin(shown);
  // from here the shown space closes it, after stopping its sync
  opened[opened.length - 1] = () => space.close();

  // every handler runs in the scope, so the store changes it makes are not echoed back
  const handlers = scope.wrap(createHandlers(bridgePorts({ shown: space, accounts, settings, company, scope, status })), TOLD_TO_ALL);
  let closed = false;

  return {
    dataDir: opts.dataDir,
    events,
    handlers,
    accounts,
    get space() {
      return space.space;
    },
    get sync() {
      return space.sync;
    },
    get sandbox() {
      return space.space.sandbox;
    },
    async setDemoOnline(online) {
      const sandbox = space.space.sandbox;
      if (!sandbox) throw new Error('The demo service is not running: an account is shown. Show the demo to switch its network.');
      await sandbox.setNetwork(online);
      // back on the network: do not wait for the next probe to notice
      if (online) scope.outside(() => space.sync.retryNow());
    },
    isDemoOnline: () => space.space.sandbox?.online ?? false,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await space.close();
        await accounts.close();
      } finally {
        lock?.release();
      }
    },
  };
}
