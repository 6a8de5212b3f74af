// The composition root: from a data folder, builds what the bridge handlers
// need (the demo space or an account's space with its store, API client and
// sync engine, the account service, the app settings) and takes it down again
// in order. Electron's main process and the web host both run exactly this.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { AccountView, SyncStatus } from '../../shared/bridge';
import type { Handlers } from '../bridge/dispatcher';
import { EventHub } from '../bridge/events';
import { createHandlers, type AccountsPort, type BridgeContext } from '../bridge/handlers';
import { conflictView, parkedView } from '../bridge/views';
import type { Sandbox } from '../sandbox';
import type { Entity } from '../store/context';
import { AppSettings } from './app-settings';
import { openDemoSpace, type DemoSeed, type Space } from './space';
import { linkSync, type SyncLink } from './sync-link';

export type { DemoSeed } from './space';

export interface CoreOptions {
  /** the app's data folder: settings.json, demo/ and accounts/<id>/ live under it */
  dataDir: string;
  /** how much demo data a fresh sandbox starts with (the small demo set by default) */
  demoSeed?: DemoSeed;
}

export interface Core {
  readonly dataDir: string;
  readonly events: EventHub;
  /** every operation of the contract; changes they make are not echoed as records.changed */
  readonly handlers: Handlers;
  /** the space the window shows */
  readonly space: Space;
  /** the demo sandbox while the demo is shown */
  readonly sandbox: Sandbox | null;
  /** takes the demo service off the network (false) and back (true) */
  setDemoOnline(online: boolean): Promise<void>;
  isDemoOnline(): boolean;
  /** stops sync, closes the database and the demo service */
  close(): Promise<void>;
}

const RECORD_ENTITIES: Partial<Record<Entity, 'quotation' | 'client' | 'product' | 'country'>> = {
  quotations: 'quotation',
  clients: 'client',
  products: 'product',
  countries: 'country',
};

export async function createCore(opts: CoreOptions): Promise<Core> {
  mkdirSync(opts.dataDir, { recursive: true });
  const events = new EventHub();
  const settings = new AppSettings(join(opts.dataDir, 'settings.json'));

  let space: Space = await openDemoSpace(opts.dataDir, opts.demoSeed);
  let sync!: SyncLink;
  let unlinkStore: () => void = () => undefined;
  /** >0 while a handler runs: its own changes are not news to the page */
  let handling = 0;
  let closed = false;

  function status(): SyncStatus {
    const store = space.store;
    const counts = store.outbox.counts();
    return {
      ...sync.status(),
      pending: counts.pending + counts.in_flight + counts.unknown_outcome,
      parked: counts.parked,
      conflicts: store.conflicts.open().length,
      account: space.kind === 'demo' ? 'demo' : sync.needsKey() ? 'needs_key' : 'connected',
    };
  }

  const publishStatus = () => events.emit('sync.status', status());
  const publishOutbox = () => {
    const store = space.store;
    events.emit('outbox.parked', store.outbox.parked().map((op) => parkedView(store, op)));
    events.emit('conflicts.changed', store.conflicts.open().map((c) => conflictView(store, c)));
  };

  /** Wires a space's store and sync engine to the page's events. */
  function attach(s: Space): void {
    sync = linkSync(s, { onChange: publishStatus });
    const onChanged = (entities: Entity[]) => {
      if (entities.includes('outbox') || entities.includes('conflicts')) {
        publishOutbox();
        publishStatus();
      }
      if (handling > 0) return;
      for (const e of entities) {
        const entity = RECORD_ENTITIES[e];
        if (entity) events.emit('records.changed', { entity, ids: 'all' });
      }
    };
    s.store.events.on('changed', onChanged);
    unlinkStore = () => s.store.events.off('changed', onChanged);
  }

  /** Shows another space: everything the page holds is stale afterwards. */
  async function switchTo(open: () => Promise<Space>): Promise<void> {
    const next = await open();
    const previous = space;
    await sync.stop();
    unlinkStore();
    space = next;
    attach(next);
    await previous.close();
    for (const entity of ['quotation', 'client', 'product', 'country'] as const) events.emit('records.changed', { entity, ids: 'all' });
    publishOutbox();
    publishStatus();
    sync.start();
  }
  void switchTo;

  const accounts: AccountsPort = {
    list: (): AccountView[] => [],
    connect: () => Promise.reject(new Error('Connecting an account is not available in this build yet.')),
    disconnect: () => Promise.reject(new Error('There is no account to disconnect.')),
    setActive: async (id) => {
      if (id !== null) throw new Error('There is no such account.');
    },
  };

  const ctx: BridgeContext = {
    store: () => space.store,
    api: () => space.api,
    online: () => sync.status().online,
    wake: () => sync.wake(),
    pullNow: () => sync.pullNow(),
    syncStatus: status,
    accounts,
    settings: { get: () => settings.get(), set: (patch) => settings.set(patch) },
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

  attach(space);
  sync.start();
  publishOutbox();
  publishStatus();

  return {
    dataDir: opts.dataDir,
    events,
    handlers,
    get space() {
      return space;
    },
    get sandbox() {
      return space.sandbox;
    },
    async setDemoOnline(online) {
      const sandbox = space.sandbox;
      if (!sandbox) throw new Error('The demo service is not running: an account is shown.');
      await sandbox.setNetwork(online);
      // back online: do not wait for the next back-off to notice
      if (online) sync.wake();
    },
    isDemoOnline: () => space.sandbox?.online ?? false,
    async close() {
      if (closed) return;
      closed = true;
      await sync.stop();
      unlinkStore();
      await space.close();
    },
  };
}
