// Joins a space's sync engine to the core: starts it with a first pull, pulls
// again now and then and on request, pushes at once after an explicit action,
// and reports its state as the contract's SyncStatus fields.
import type { PullProgress, SyncStatus } from '../../shared/bridge';
import { SyncEngine } from '../sync';
import type { Space } from './space';

export interface SyncLink {
  readonly engine: SyncEngine;
  start(): void;
  stop(): Promise<void>;
  /** an explicit action queued something: push now rather than after the edit pause or the next probe */
  wake(): void;
  /**
   * Someone asked (Sync now) or the system said the network is back: what
   * waits out a backoff is due at once, then pull and push; false when a
   * pull runs already.
   */
  pullNow(): boolean;
  /** after a new key or back on the network: try everything again now */
  retryNow(): void;
  /**
   * The system says the network is back: what waits out a backoff is due,
   * and is pushed now (one probe first if the service was last seen
   * offline). No pull: the next one comes at its time, so a flapping
   * connection does not spend the request budget on whole pulls.
   */
  networkBack(): void;
  status(): Pick<SyncStatus, 'online' | 'lastSyncAt' | 'pulling' | 'budget'>;
  /** the service refused the key: the account needs a new one */
  needsKey(): boolean;
}

export interface SyncLinkOptions {
  /** the status changed (online, progress, budget, last sync) */
  onChange: () => void;
  /** a record changed on its way to the service (pushed: new ids, state; parked) */
  onRecord: (entity: 'client' | 'quotation', id: string) => void;
  /** a pull in the background, this often; default 10 minutes */
  pullEveryMs?: number;
  onError?: (what: string, err: unknown) => void;
}

const LAST_SYNC_KEY = 'sync.lastPulledAt';

export function linkSync(space: Space, opts: SyncLinkOptions): SyncLink {
  const engine = new SyncEngine({ store: space.store, api: space.api });
  const { store } = space;
  let pulling: PullProgress | null = null;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  const report = (what: string) => (err: unknown) => opts.onError?.(what, err);

  for (const event of ['online', 'offline', 'budget', 'paused', 'resumed'] as const) engine.events.on(event, () => opts.onChange());
  engine.events.on('progress', (p) => {
    pulling = { done: p.pagesDone, estimated: p.pagesEstimated };
    opts.onChange();
  });
  // the push writes ids and states the page shows, without an edit of the record itself
  for (const event of ['pushed', 'parked'] as const) engine.events.on(event, (entry) => opts.onRecord(entry.targetKind, entry.target));
  engine.events.on('pulled', () => {
    store.settings.set(LAST_SYNC_KEY, Date.now());
  });

  /** Pull and push, one at a time; failures are the engine's to judge (offline, paused). */
  function syncNow(): boolean {
    if (running) return false;
    running = engine
      .sync()
      .catch(report('sync'))
      .finally(() => {
        running = null;
        pulling = null;
        opts.onChange();
      });
    return true;
  }

  return {
    engine,
    start() {
      started = true;
      engine.start();
      syncNow();
      timer = setInterval(syncNow, opts.pullEveryMs ?? 10 * 60_000);
      timer.unref();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await engine.dispose();
    },
    wake() {
      if (started) void engine.pushNow().catch(report('push'));
    },
    pullNow() {
      store.outbox.wakeAll();
      return syncNow();
    },
    networkBack() {
      if (!started) return;
      store.outbox.wakeAll();
      void engine.pushNow().catch(report('push'));
    },
    retryNow() {
      engine.resume();
      store.outbox.wakeAll();
      syncNow();
    },
    status() {
      const b = space.api.budget;
      const last = store.settings.get<number>(LAST_SYNC_KEY);
      return {
        online: engine.online !== false,
        lastSyncAt: last ? new Date(last).toISOString() : null,
        pulling,
        budget: b.limit === null || b.remaining === null ? null : { limit: b.limit, remaining: b.remaining, resetsAt: b.resetsAt ? new Date(b.resetsAt).toISOString() : null },
      };
    },
    needsKey: () => engine.paused === 'auth',
  };
}
