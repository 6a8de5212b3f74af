// The sync engine: drains the outbox in order, pulls the service's records,
// judges online/offline from request outcomes, and tells the UI what it
// does. Pulls and pushes never run at the same time.
//
// Requests are the person's hourly budget. An entry a person asked for
// (see OutboxItem.asked) is pushed with priority: every call its handler
// makes may spend the budget's reserve. Background work (draft saves the
// time rule sends, background pulls, probes) starts only when it leaves the
// reserve untouched, and otherwise waits for the window to reset.
//
//   const engine = new SyncEngine({ store, api });
//   engine.events.on('parked', (entry) => …);
//   engine.start();               // background: pushes what is due (a held draft save when its time comes), retries when due
//   await engine.pull();          // background; engine.pull({ priority: true }) when a person asked; engine.sync() for push + pull + push
//   await engine.pushNow();       // after a user's action: at once, probing first if offline
import { EventEmitter } from 'node:events';
import type { InvoicingApi, BackoffOptions } from '../api';
import { ApiError } from '../api';
import type { Store, OutboxItem } from '../store';
import type { OutboxEntry } from '../../shared/outbox';
import type { PauseReason, PullSummary, SyncEvents } from '../../shared/sync';
import { Connectivity } from './connectivity';
import { Pusher } from './pusher';
import { pull } from './pull';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SyncEngineOptions {
  store: Store;
  api: InvoicingApi;
  /** epoch ms; injectable so backoff and probes are testable without sleeping */
  now?: () => number;
  timers?: Timers;
  /** waits between attempts of one entry; default 1 s doubling to 5 min, jittered */
  backoff?: BackoffOptions;
  /** waits between probes while offline; default 2 s doubling to 5 min, jittered */
  probeBackoff?: BackoffOptions;
  /** after an edit, wait this long for more before pushing (background mode); default 1500 ms */
  pushDelayMs?: number;
  /** rows per list request; default the API client's (1000) */
  pageSize?: number;
}

/** A draft save: a read to check for conflicts, the write, a read back. */
const SAVE_COST = 3;

export interface PullCallOptions {
  /** a person asked (Sync now): the pull may spend the reserve */
  priority?: boolean;
}

export interface FlushResult {
  done: number;
  parked: number;
  failed: number;
  /** why the flush stopped early, if it did */
  stopped?: 'offline' | 'paused' | 'rate_limited';
}

function view(e: OutboxItem): OutboxEntry {
  const { sent: _sent, ...rest } = e;
  return rest;
}

export class SyncEngine {
  readonly events = new EventEmitter<SyncEvents>();
  readonly connectivity: Connectivity;
  private readonly store: Store;
  private readonly api: InvoicingApi;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly pusher: Pusher;
  private readonly pushDelayMs: number;
  private readonly pageSize: number | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private pausedFor: PauseReason | null = null;
  private running = false;
  private timer: unknown = null;
  private timerAt = Infinity;
  private readonly unsubscribe: (() => void)[] = [];
  private lastPending = -1;

  constructor(opts: SyncEngineOptions) {
    this.store = opts.store;
    this.api = opts.api;
    this.now = opts.now ?? Date.now;
    this.timers = opts.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
    this.pushDelayMs = opts.pushDelayMs ?? 1500;
    this.pageSize = opts.pageSize;
    this.connectivity = new Connectivity(
      this.now,
      opts.probeBackoff,
      (online, reason) => {
        if (online) this.events.emit('online');
        else this.events.emit('offline', reason);
      },
      () => {
        this.events.emit('reach');
        // a doubt begun: settle it when its check is due, if nothing answers before
        const check = this.connectivity?.nextCheckAt ?? null;
        if (check !== null && this.running) this.schedule(check);
      },
    );
    this.pusher = new Pusher({ store: this.store, api: this.api }, { now: this.now, backoff: opts.backoff });
    const onChanged = (entities: string[]) => {
      if (entities.includes('outbox')) {
        this.emitPending();
        if (this.running) this.schedule(this.now() + this.pushDelayMs);
      }
    };
    this.store.events.on('changed', onChanged);
    this.unsubscribe.push(() => this.store.events.off('changed', onChanged));
    this.unsubscribe.push(
      this.api.onBudget((b) => this.events.emit('budget', { limit: b.limit, remaining: b.remaining, ...(b.resetsAt ? { resetsAt: b.resetsAt } : {}) })),
    );
  }

  get online(): boolean | null {
    return this.connectivity.online;
  }

  get paused(): PauseReason | null {
    return this.pausedFor;
  }

  pendingCount(): number {
    return this.store.outbox.pendingCount();
  }

  /** One task at a time: a pull never overlaps a push. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => {});
    return run;
  }

  /** Pushes every entry that is due, in order, until none is, or the service cannot be used. */
  flush(): Promise<FlushResult> {
    return this.serial(() => this.drain());
  }

  private async drain(): Promise<FlushResult> {
    const result: FlushResult = { done: 0, parked: 0, failed: 0 };
    if (this.pausedFor) return { ...result, stopped: 'paused' };
    if (this.connectivity.online === false && !this.connectivity.probeDue()) return { ...result, stopped: 'offline' };
    const waited = new Set<number>();
    const budget = this.api.transport.budget;
    for (;;) {
      const [entry] = this.store.outbox.ready(this.now(), 1);
      if (!entry) break;
      if (!entry.asked) {
        const room = budget.room(SAVE_COST);
        if (!room.go) {
          // not an error: it waits for the window, and a person's save still sends it at once
          this.store.outbox.holdUntil(entry.id, this.now() + Math.max(1000, room.waitMs));
          continue;
        }
      }
      const outcome = await this.api.transport.withPriority(() => this.pusher.push(entry), entry.asked);
      if (outcome.result === 'waiting') {
        // it now names what it waits for; seeing it again means that cannot come
        if (waited.has(entry.id)) break;
        waited.add(entry.id);
        continue;
      }
      if (outcome.result !== 'failed') {
        this.connectivity.answered();
        if (outcome.result === 'done') {
          result.done++;
          this.events.emit('pushed', view(entry));
        } else if (outcome.result === 'parked') {
          result.parked++;
          this.announceParked(entry.id);
        }
        continue;
      }
      result.failed++;
      const { action, error } = outcome;
      if (action.do === 'abort') return result;
      if ((action.do === 'retry' || action.do === 'lookup') && action.offline) {
        if (error.kind === 'offline') this.connectivity.unreachable(error.message);
        else this.connectivity.troubled(error.message);
        if (this.connectivity.online === false) return { ...result, stopped: 'offline' };
        continue;
      }
      this.connectivity.answered();
      if (action.do === 'pause') {
        this.pause(action.reason, error.message);
        return { ...result, stopped: 'paused' };
      }
      if (action.do === 'park') this.announceParked(entry.id);
      if (error.kind === 'rate_limited') return { ...result, stopped: 'rate_limited' };
    }
    return result;
  }

  private announceParked(id: number): void {
    const e = this.store.outbox.find(id);
    if (!e || e.state !== 'parked') return;
    this.events.emit('parked', view(e));
    if (e.lastError?.kind === 'conflict') {
      const c = this.store.conflicts.open().find((x) => x.opId === id);
      if (c) this.events.emit('conflict', c);
    }
  }

  private pause(reason: PauseReason, message: string): void {
    if (this.pausedFor === reason) return;
    this.pausedFor = reason;
    this.events.emit('paused', reason, message);
  }

  /** After the user fixed what paused the outbox (a new API key): everything is due again. */
  resume(): void {
    if (this.pausedFor === null) return;
    this.pausedFor = null;
    this.store.outbox.wakeAll();
    this.events.emit('resumed');
    if (this.running) this.schedule(this.now());
  }

  /** Reads everything from the service into the store; in the background unless `priority`. */
  pull(opts: PullCallOptions = {}): Promise<PullSummary> {
    const priority = opts.priority ?? false;
    return this.serial(async () => {
      if (this.pausedFor) throw new ApiError({ kind: 'unauthorized', messageKey: 'api.unauthorized', outcome: 'not_applied', operation: 'sync.pull' });
      try {
        const summary = await this.api.transport.withPriority(
          () => pull(this.store, this.api, this.now, { pageSize: this.pageSize, priority, onProgress: (p) => this.events.emit('progress', p) }),
          priority,
        );
        this.connectivity.answered();
        this.events.emit('pulled', summary);
        return summary;
      } catch (e) {
        if (e instanceof ApiError) this.noteFailure(e);
        throw e;
      }
    });
  }

  private noteFailure(e: ApiError): void {
    if (e.kind === 'offline') this.connectivity.unreachable(e.message);
    else if (e.kind === 'network' || e.kind === 'timeout') this.connectivity.troubled(e.message);
    else if (e.kind === 'unauthorized') this.pause('auth', e.message);
    else if (e.kind === 'forbidden') this.pause('forbidden', e.message);
    else this.connectivity.answered();
  }

  /** Push, pull, then push what the pull let go. */
  async sync(opts: PullCallOptions = {}): Promise<{ pulled: PullSummary; pushed: FlushResult }> {
    const pushedFirst = await this.flush();
    const pulled = await this.pull(opts);
    const pushed = await this.flush();
    return {
      pulled,
      pushed: {
        done: pushedFirst.done + pushed.done,
        parked: pushedFirst.parked + pushed.parked,
        failed: pushedFirst.failed + pushed.failed,
        stopped: pushed.stopped,
      },
    };
  }

  /**
   * Does what is due now: a probe while offline (success: every entry is due
   * again) or to settle a doubt nothing else will, then the due entries. The background timer calls this; tests
   * call it after moving their clock.
   */
  async tick(): Promise<FlushResult> {
    // in doubt with a push due, the push is the check
    const due = this.store.outbox.nextDueAt();
    const checking = this.connectivity.checkDue() && (due === null || due > this.now());
    if ((this.connectivity.probeDue() || checking) && !this.pausedFor) {
      const room = this.api.transport.budget.room(1);
      if (!room.go) {
        this.connectivity.postpone(this.now() + room.waitMs);
        if (!checking) return { done: 0, parked: 0, failed: 0, stopped: 'offline' };
      } else {
        const back = await this.serial(() => this.probe(false));
        if (!back) return { done: 0, parked: 0, failed: 0, stopped: 'offline' };
      }
    }
    return this.flush();
  }

  /**
   * The user queued work (resolved a conflict, retried a parked entry,
   * saved or sent): push it now. After a spell offline the next probe may
   * be minutes away; a user's action is worth one probe at once instead.
   */
  async pushNow(): Promise<FlushResult> {
    if (this.pausedFor) return { done: 0, parked: 0, failed: 0, stopped: 'paused' };
    if (this.connectivity.online === false) {
      const back = await this.serial(() => (this.connectivity.online === false ? this.probe(true) : Promise.resolve(true)));
      if (!back) {
        this.scheduleNext();
        return { done: 0, parked: 0, failed: 0, stopped: 'offline' };
      }
    }
    return this.flush();
  }

  /** One cheap read; `priority` when a person's action is waiting on it. */
  private async probe(priority: boolean): Promise<boolean> {
    try {
      await this.api.transport.withPriority(() => this.api.verify({ priority }), priority);
      this.connectivity.answered();
      this.store.outbox.wakeAll();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      this.noteFailure(e);
      return this.connectivity.online !== false;
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.emitPending();
    this.schedule(this.now());
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    await this.chain;
  }

  /** Resolves when no pull or push runs (what was started before the call). */
  async idle(): Promise<void> {
    for (let seen: Promise<unknown> | null = null; seen !== this.chain;) {
      seen = this.chain;
      await seen;
    }
  }

  dispose(): Promise<void> {
    for (const u of this.unsubscribe.splice(0)) u();
    return this.stop();
  }

  private schedule(at: number): void {
    if (!this.running || at >= this.timerAt) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        void this.tick()
          .catch(() => {})
          .then(() => this.scheduleNext());
      },
      Math.max(0, at - this.now()),
    );
  }

  private scheduleNext(): void {
    if (!this.running) return;
    const times: number[] = [];
    if (this.connectivity.online === false) {
      const p = this.connectivity.nextProbeAt;
      if (p !== null) times.push(p);
    } else if (!this.pausedFor) {
      const due = this.store.outbox.nextDueAt();
      if (due !== null) times.push(due);
      const check = this.connectivity.nextCheckAt;
      if (check !== null) times.push(check);
    }
    if (times.length > 0) this.schedule(Math.max(this.now(), Math.min(...times)));
  }

  private emitPending(): void {
    const n = this.store.outbox.pendingCount();
    if (n !== this.lastPending) {
      this.lastPending = n;
      this.events.emit('pending', n);
    }
  }
}
