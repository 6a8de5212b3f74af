// Joins a space's sync engine to the core: starts it with a first pull, pulls
// again now and then and on request, pushes at once after an explicit action,
// and reports its state as the contract's SyncStatus fields, among them
// when the outbox goes again after a failure, and why it waits (nextTry).
//
// The pulls in the background spend the person's hourly budget, so they come
// at most as often as keeps them to `pullShare` of the limit, and not at all
// while what is left would fall below the reserve (pullInterval).
import type { NextTry, PullProgress, SyncFailure, SyncRun, SyncStatus } from '../../shared/bridge';
import { ApiError } from '../api';
import { SyncEngine, type Timers } from '../sync';
import { failureOf, type EngineFailure } from '../sync/engine';
import type { Space } from './space';
import { pullInterval } from './pull-interval';
import { rememberCredits } from '../sync/credits';

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
  /** a person stopped the pull under way; false when none runs */
  cancelPull(): boolean;
  /** after a new key or back on the network: try everything again now */
  retryNow(): void;
  /**
   * The system says the network is back: what waits out a backoff is due,
   * and is pushed now (one probe first if the service was last seen
   * offline). No pull: the next one comes at its time, so a flapping
   * connection does not spend the request budget on whole pulls.
   */
  networkBack(): void;
  status(): Pick<
    SyncStatus,
    | 'online'
    | 'checking'
    | 'lastReachedAt'
    | 'lastSyncAt'
    | 'incomplete'
    | 'pulling'
    | 'budget'
    | 'nextTry'
    | 'lastPullFailure'
    | 'lastPushFailure'
    | 'lastOkAt'
    | 'lastRun'
  >;
  /** the service refused the key: the account needs a new one */
  needsKey(): boolean;
  /** when the next background pull is due (epoch ms), or null while none is planned */
  nextPullAt(): number | null;
  /** resolves when nothing runs: no pull, no push */
  idle(): Promise<void>;
}

export interface SyncLinkOptions {
  /** the status changed (online, progress, budget, last sync, a wait for the next try over) */
  onChange: () => void;
  /** a pull in the background at most this often; default 10 minutes */
  pullEveryMs?: number;
  /** the share of the hourly limit background pulls may use; default 0.1 */
  pullShare?: number;
  onError?: (what: string, err: unknown) => void;
  /** epoch ms, and the timers of the engine and the pulls; injectable so an hour can pass in a test */
  now?: () => number;
  timers?: Timers;
}

const LAST_SYNC_KEY = 'sync.lastPulledAt';
/** the lists the last pull could not read to a certain end */
const INCOMPLETE_KEY = 'sync.incomplete';
const LISTS = ['clients', 'products', 'quotations'] as const;

export function linkSync(space: Space, opts: SyncLinkOptions): SyncLink {
  const now = opts.now ?? Date.now;
  const timers: Timers = opts.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms).unref(), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const engine = new SyncEngine({ store: space.store, api: space.api, now, timers });
  const { store } = space;
  const budget = space.api.transport.budget;
  const everyMs = opts.pullEveryMs ?? 10 * 60_000;
  let pulling: PullProgress | null = null;
  let running: Promise<unknown> | null = null;
  let timer: unknown = null;
  let nextPull: number | null = null;
  let started = false;
  /** requests the last pull took: what the next one is expected to cost */
  let pullCost: number | null = null;
  /** tells the status again when the next try shown is due, so the page never keeps a time gone by */
  let waitTimer: unknown = null;
  let waitTimerAt = Infinity;
  let stopped = false;
  // ended because sync stops (the app closes, the space is left): nobody's failure to report
  const report = (what: string) => (err: unknown) => {
    if (!(err instanceof ApiError && err.kind === 'aborted')) opts.onError?.(what, err);
  };

  for (const event of ['online', 'offline', 'reach', 'budget', 'paused', 'resumed', 'failure'] as const) engine.events.on(event, () => opts.onChange());
  engine.events.on('progress', (p) => {
    pulling = p;
    opts.onChange();
  });
  // a 402 on a print center send is all the service says of credits: the send dialog warns with it
  rememberCredits(engine.events, store, now);
  engine.events.on('pulled', (summary) => {
    pullCost = summary.requests;
    store.keyValues.set(LAST_SYNC_KEY, now());
    store.keyValues.set(INCOMPLETE_KEY, summary.incomplete ?? []);
  });

  /**
   * When the outbox goes again after a failure, and why: the latest of the
   * first entry's pause, the engine holding the outbox because the service
   * answered errors, and the service's Retry-After holding every call; a hold
   * counts only while something would go before it ends. Null while nothing
   * waits so, while offline (the bar says so) and while the key is refused.
   */
  function nextTry(): NextTry | null {
    const t = now();
    if (engine.online === false || engine.paused) return null;
    const retry = store.outbox.nextRetry(t);
    const due = store.outbox.nextDueAt();
    const holding = (until: number | null): until is number => until !== null && (retry !== null || (due !== null && due < until));
    const troubleUntil = engine.heldUntil;
    const askedUntil = space.api.transport.heldUntil();
    const trouble = holding(troubleUntil);
    const asked = holding(askedUntil);
    if (retry === null && !trouble && !asked) return null;
    const at = Math.max(retry?.at ?? 0, trouble ? troubleUntil : 0, asked ? askedUntil : 0);
    const why = asked || retry?.kind === 'rate_limited' ? 'service_asked' : trouble || retry?.kind === 'server' ? 'service_trouble' : 'backoff';
    tellWhenDue(at);
    return { at: new Date(at).toISOString(), why };
  }

  /** The last failures of a pull and of a push, and when an exchange last went well, as the status carries them. */
  function failures(): Pick<SyncStatus, 'lastPullFailure' | 'lastPushFailure' | 'lastOkAt'> {
    const f = engine.failures;
    const view = (x: EngineFailure | null): SyncFailure | null => (x === null ? null : failureView(x));
    return { lastPullFailure: view(f.pull), lastPushFailure: view(f.push), lastOkAt: f.okAt === null ? null : new Date(f.okAt).toISOString() };
  }

  /** The wait shown ends at `at`: the status is told again then (the engine's own try follows with its news). */
  function tellWhenDue(at: number): void {
    if (stopped || (waitTimer !== null && waitTimerAt === at)) return;
    if (waitTimer !== null) timers.clearTimeout(waitTimer);
    waitTimerAt = at;
    waitTimer = timers.setTimeout(
      () => {
        waitTimer = null;
        waitTimerAt = Infinity;
        opts.onChange();
      },
      // a moment past it, so the time has surely come when the status is made
      Math.max(0, at - now()) + 50,
    );
  }

  /** Pull and push, one at a time; failures are the engine's to judge (offline, paused). */
  /** what the last sync came to (Sync now's answer, told in the status) */
  let lastRun: SyncRun | null = null;

  function syncNow(priority: boolean): boolean {
    if (running) return false;
    const began = now();
    const ended = (run: Omit<SyncRun, 'at' | 'asked'>) => {
      lastRun = { ...run, at: new Date(now()).toISOString(), asked: priority };
    };
    running = engine
      .sync({ priority })
      .then(
        (r) => {
          const f = engine.failures.pull;
          ended({ outcome: 'done', pushed: r.pushed.done, failure: f !== null && f.at >= began ? failureView(f) : null });
        },
        (e: unknown) => {
          if (e instanceof ApiError && e.kind === 'aborted') ended({ outcome: 'cancelled', pushed: 0, failure: null });
          else {
            const f = e instanceof ApiError ? failureOf(e) : { kind: 'internal', messageKey: 'bridge.internal', params: {} };
            ended({ outcome: 'failed', pushed: 0, failure: { ...f, at: new Date(now()).toISOString() } });
          }
          throw e;
        },
      )
      .catch(report('sync'))
      .finally(() => {
        running = null;
        pulling = null;
        opts.onChange();
        planPull();
      });
    return true;
  }

  function planPull(at?: number): void {
    if (!started) return;
    if (timer !== null) timers.clearTimeout(timer);
    const interval = pullInterval({ cost: pullCost, limit: budget.snapshot.limit, minMs: everyMs, share: opts.pullShare });
    nextPull = at ?? now() + interval;
    timer = timers.setTimeout(backgroundPull, Math.max(0, nextPull - now()));
  }

  /** The periodic pull: only when what it costs leaves the reserve to the person. */
  function backgroundPull(): void {
    timer = null;
    nextPull = null;
    if (!started || running) return planPull();
    const room = budget.room(pullCost ?? 1);
    if (!room.go) {
      // skipped; try again when the window resets, or at the usual interval if that is sooner
      const interval = pullInterval({ cost: pullCost, limit: budget.snapshot.limit, minMs: everyMs, share: opts.pullShare });
      return planPull(now() + Math.min(interval, Math.max(60_000, room.waitMs)));
    }
    syncNow(false);
  }

  return {
    engine,
    start() {
      started = true;
      stopped = false;
      engine.start();
      // the first pull at start is background work too: nobody asked for it
      syncNow(false);
    },
    async stop() {
      started = false;
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      nextPull = null;
      if (waitTimer !== null) timers.clearTimeout(waitTimer);
      waitTimer = null;
      // ends the pull or push under way at once: nothing the service is slow to answer holds up a close
      const stopping = engine.stop();
      await running;
      await stopping;
      await engine.dispose();
    },
    wake() {
      if (started) void engine.pushNow().catch(report('push'));
    },
    pullNow() {
      // a person asked to bring everything up to date: held drafts go too
      store.outbox.wakeAll();
      store.outbox.askAll();
      return syncNow(true);
    },
    cancelPull: () => engine.cancelPull(),
    networkBack() {
      if (!started) return;
      store.outbox.wakeAll();
      void engine.pushNow().catch(report('push'));
    },
    retryNow() {
      engine.resume();
      store.outbox.wakeAll();
      // after a new key or the demo back on the network: a person's doing
      syncNow(true);
    },
    status() {
      const b = budget.snapshot;
      const resets = budget.resetsAt();
      const last = store.keyValues.get<number>(LAST_SYNC_KEY);
      const incomplete = store.keyValues.get<unknown>(INCOMPLETE_KEY);
      return {
        online: engine.online !== false,
        checking: engine.connectivity.doubtful,
        lastReachedAt: engine.connectivity.lastAnswerAt === null ? null : new Date(engine.connectivity.lastAnswerAt).toISOString(),
        lastSyncAt: last ? new Date(last).toISOString() : null,
        incomplete: Array.isArray(incomplete) ? LISTS.filter((l) => incomplete.includes(l)) : [],
        pulling,
        budget:
          b.limit === null || b.remaining === null
            ? null
            : { limit: b.limit, remaining: b.remaining, reserve: budget.reserve, resetsAt: resets ? new Date(resets).toISOString() : null },
        nextTry: nextTry(),
        ...failures(),
        lastRun,
      };
    },
    needsKey: () => engine.paused === 'auth',
    nextPullAt: () => nextPull,
    async idle() {
      for (let seen: Promise<unknown> | null = null; seen !== running;) {
        seen = running;
        await seen;
      }
      await engine.idle();
    },
  };
}

function failureView(f: EngineFailure): SyncFailure {
  return { ...f, at: new Date(f.at).toISOString() };
}
