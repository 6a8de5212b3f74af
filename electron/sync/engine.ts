// The sync engine: drains the outbox in order, pulls the service's records,
// judges online/offline from request outcomes, and tells the UI what it
// does. Pulls and pushes never run at the same time: a pull gives way to
// work a person asked for between two pages, or by giving up the page it
// waits for when that takes too long, and goes on from there afterwards.
// Stopping ends whatever request is under way (the transport's signal).
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
import type { SerializedError } from '../../shared/api-errors';
import type { SyncFailure } from '../../shared/bridge';
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
  /** failures the service answered after which an entry waits for the person (write-policy.ts) */
  giveUpAfter?: number;
  /**
   * How long work a person asked for waits for the page a pull is reading
   * before the pull gives that page up (and reads it again afterwards);
   * default 3 s. Between two pages it gives way at once.
   */
  giveWayAfterMs?: number;
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
  /** why the flush stopped early, if it did: the line is down, the outbox paused, the service asked to wait, or it is in trouble (answers errors) */
  stopped?: 'offline' | 'paused' | 'rate_limited' | 'trouble';
}

/** What last went wrong with a pull or a push (SyncEngine.failures), until one goes well again: the bridge's SyncFailure, `at` in epoch ms. */
export type EngineFailure = Omit<SyncFailure, 'at'> & {
  /** epoch ms */
  at: number;
};

/** A pull under way, and how it gives way to a person's work. */
interface PullRun {
  /** ends the walk the pull is in (the page it waits for), not the pull */
  segment: AbortController | null;
  /** the give-way timer while one is set */
  timer: unknown;
}

/** What a failed exchange is remembered and shown as. */
export function failureOf(e: Pick<SerializedError, 'kind' | 'messageKey' | 'params'>): Omit<EngineFailure, 'at'> {
  return { kind: e.kind, messageKey: e.messageKey, params: { ...e.params } };
}

/** A piece of reading gave up the answer it waited for, so that a person's work could go first; it is read again afterwards. */
export class GaveWay extends Error {
  constructor() {
    super('gave way to a person’s work');
    this.name = 'GaveWay';
  }
}

/** What a task asked for while the engine stops is answered with. */
function stopping(): ApiError {
  return new ApiError({ kind: 'aborted', messageKey: 'api.aborted', outcome: 'not_applied', operation: 'sync' });
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
  private readonly giveWayAfterMs: number;
  /** ends the work under way when the engine stops */
  private halt = new AbortController();
  private pulling: PullRun | null = null;
  /** ends the pull under way, and only it (a person's Stop) */
  private pullCancel: AbortController | null = null;
  /**
   * The outbox holds back until then: the service answered errors to two
   * entries in a row, and asking the rest now would only spend the person's
   * budget on more of them (write-policy.ts).
   */
  private troubleUntil = 0;
  private lastFailures: { pull: EngineFailure | null; push: EngineFailure | null } = { pull: null, push: null };
  /** when an exchange last went well (epoch ms): a push done, a pull whole, a probe answered */
  private okAt: number | null = null;
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
    this.giveWayAfterMs = opts.giveWayAfterMs ?? 3000;
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
    this.pusher = new Pusher({ store: this.store, api: this.api }, { now: this.now, backoff: opts.backoff, giveUpAfter: opts.giveUpAfter });
    const onChanged = (entities: string[]) => {
      if (entities.includes('outbox')) {
        this.emitPending();
        if (this.running) this.schedule(this.now() + this.pushDelayMs);
        this.giveWay();
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

  /** One task at a time: a pull never overlaps a push. Each runs so that stopping ends its requests. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = () => {
      const signal = this.halt.signal;
      return signal.aborted ? Promise.reject(stopping()) : this.api.transport.withSignal(signal, task);
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => {});
    return next;
  }

  /** Pushes every entry that is due, in order, until none is, or the service cannot be used. */
  flush(): Promise<FlushResult> {
    return this.serial(() => this.drain());
  }

  /** Whether a push could go now: not paused, not offline, no hold. */
  private canPush(): boolean {
    return !this.pausedFor && this.connectivity.online !== false && this.troubleUntil <= this.now() && this.api.transport.heldUntil() === null;
  }

  /** When the next entry is due, the holds counted (the engine's, the service's Retry-After; epoch ms); null when none waits on time. */
  nextDueAt(): number | null {
    const due = this.store.outbox.nextDueAt();
    return due === null ? null : Math.max(due, this.troubleUntil, this.api.transport.heldUntil() ?? 0);
  }

  /**
   * What last went wrong with a pull and with a push, each until one goes
   * well again, and when an exchange last went well: the sync bar says
   * "Online" only while no failure is newer (shared/reach.ts).
   */
  get failures(): { pull: EngineFailure | null; push: EngineFailure | null; okAt: number | null } {
    return { ...this.lastFailures, okAt: this.okAt };
  }

  private noteOk(of: 'pull' | 'push' | 'probe'): void {
    this.okAt = this.now();
    if (of !== 'probe' && this.lastFailures[of] !== null) this.lastFailures[of] = null;
    this.events.emit('failure');
  }

  private noteFailed(of: 'pull' | 'push', failure: Omit<EngineFailure, 'at'>): void {
    this.lastFailures[of] = { ...failure, at: this.now() };
    this.events.emit('failure');
  }

  /** When the outbox holds back because the service was in trouble (epoch ms), or null. */
  get heldUntil(): number | null {
    return this.troubleUntil > this.now() ? this.troubleUntil : null;
  }

  /**
   * `askedOnly`: while what a person asked for is due (a pull gives way to
   * it). Entries go in their order, so older ones ahead of it go first.
   */
  private async drain(askedOnly = false): Promise<FlushResult> {
    const result: FlushResult = { done: 0, parked: 0, failed: 0 };
    if (this.pausedFor) return { ...result, stopped: 'paused' };
    if (this.connectivity.online === false && !this.connectivity.probeDue()) return { ...result, stopped: 'offline' };
    if (this.troubleUntil > this.now()) return { ...result, stopped: 'trouble' };
    // the service named a time to come back (Retry-After): everything waits for it, untouched
    if (this.api.transport.heldUntil() !== null) return { ...result, stopped: 'rate_limited' };
    const waited = new Set<number>();
    const budget = this.api.transport.budget;
    /** entries the service answered with trouble in this flush, one after the other, and when the first of them is due again */
    let troubled = 0;
    let troubledDue = Infinity;
    for (;;) {
      if (this.halt.signal.aborted) return result;
      if (askedOnly && !this.store.outbox.askedDue(this.now())) break;
      const entry = this.store.outbox.claimNext(this.now());
      if (!entry) break;
      let outcome;
      try {
        if (!entry.asked) {
          const room = budget.room(SAVE_COST);
          if (!room.go) {
            // not an error: it waits for the window, and a person's save still sends it at once
            this.store.outbox.holdUntil(entry.id, this.now() + Math.max(1000, room.waitMs));
            continue;
          }
        }
        outcome = await this.api.transport.withPriority(() => this.pusher.push(entry), entry.asked);
      } finally {
        this.store.outbox.release(entry.id);
      }
      if (outcome.result === 'claimed') continue;
      if (outcome.result === 'waiting') {
        // it now names what it waits for; seeing it again means that cannot come
        if (waited.has(entry.id)) break;
        waited.add(entry.id);
        continue;
      }
      if (outcome.result !== 'failed') {
        troubled = 0;
        troubledDue = Infinity;
        this.connectivity.answered();
        if (outcome.result === 'done') {
          result.done++;
          this.noteOk('push');
          this.events.emit('pushed', view(entry));
        } else if (outcome.result === 'parked') {
          result.parked++;
          this.announceParked(entry.id);
        }
        continue;
      }
      result.failed++;
      const { decision, error } = outcome;
      if (decision.do === 'leave') return result;
      this.noteFailed('push', failureOf(error));
      if (decision.do === 'retry' && decision.offline) {
        if (error.kind === 'offline') this.connectivity.unreachable(error.message);
        else this.connectivity.troubled(error.message);
        if (this.connectivity.online === false) return { ...result, stopped: 'offline' };
        continue;
      }
      this.connectivity.answered();
      if (decision.do === 'pause') {
        this.pause(decision.reason, error.message);
        return { ...result, stopped: 'paused' };
      }
      if (decision.do === 'park') this.announceParked(entry.id);
      if (error.kind === 'rate_limited') return { ...result, stopped: 'rate_limited' };
      if (decision.do === 'retry' && decision.counts) {
        troubledDue = Math.min(troubledDue, decision.at);
        if (++troubled >= 2) {
          // two in a row: the service is in trouble, not the entry; the rest waits until the first of them goes again
          this.troubleUntil = troubledDue;
          return { ...result, stopped: 'trouble' };
        }
      }
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
      const run: PullRun = { segment: null, timer: null };
      this.pulling = run;
      const cancel = new AbortController();
      this.pullCancel = cancel;
      // a give-way that could send nothing (the work fails or must wait) is not tried again this pull: each costs a page asked again
      let idle = false;
      try {
        const summary = await this.api.transport.withPriority(
          () =>
            pull(this.store, this.api, this.now, {
              pageSize: this.pageSize,
              priority,
              signal: AbortSignal.any([this.halt.signal, cancel.signal]),
              onProgress: (p) => this.events.emit('progress', p),
              giveWay: {
                wanted: () => !idle && this.canPush() && this.store.outbox.askedDue(this.now()),
                segment: () => (run.segment = new AbortController()).signal,
                // what a person asked for goes with their priority, whatever the pull's
                run: async () => {
                  const r = await this.api.transport.withPriority(() => this.drain(true), true);
                  if (r.done + r.parked === 0) idle = true;
                },
              },
            }),
          priority,
        );
        this.connectivity.answered();
        this.notePull(summary);
        this.events.emit('pulled', summary);
        return summary;
      } catch (e) {
        if (e instanceof ApiError) {
          this.noteFailure(e);
          if (e.kind !== 'aborted') this.noteFailed('pull', failureOf(e));
        }
        throw e;
      } finally {
        if (run.timer !== null) this.timers.clearTimeout(run.timer);
        this.pulling = null;
        if (this.pullCancel === cancel) this.pullCancel = null;
      }
    });
  }

  /**
   * One piece of background reading (a page of a sweep, a check of the
   * newest, a look-up by number: docs/freshness.md), in turn with pushes,
   * never beside one. A person's work that comes due meanwhile makes it give
   * up the answer it waits for after `giveWayAfterMs`: it then fails as
   * aborted, and is read again later. `priority`: a person asked for it
   * (Sync now, a record opened), so it may spend the reserve. What it says of
   * the line is judged as any request's; whether it went well is the
   * caller's to note (`noteRead`), since one list's trouble is not another's.
   */
  read<T>(work: (signal: AbortSignal) => Promise<T>, opts: PullCallOptions = {}): Promise<T> {
    const priority = opts.priority ?? false;
    return this.serial(async () => {
      if (this.pausedFor) throw new ApiError({ kind: 'unauthorized', messageKey: 'api.unauthorized', outcome: 'not_applied', operation: 'sync.read' });
      const segment = new AbortController();
      const run: PullRun = { segment, timer: null };
      this.pulling = run;
      const cancel = new AbortController();
      this.pullCancel = cancel;
      try {
        const out = await this.api.transport.withPriority(() => work(AbortSignal.any([this.halt.signal, cancel.signal, segment.signal])), priority);
        this.connectivity.answered();
        return out;
      } catch (e) {
        // the answer waited for was given up for a person's work: nobody's failure, read again afterwards
        if (segment.signal.aborted && !this.halt.signal.aborted && !cancel.signal.aborted) throw new GaveWay();
        if (e instanceof ApiError) this.noteFailure(e);
        throw e;
      } finally {
        if (run.timer !== null) this.timers.clearTimeout(run.timer);
        this.pulling = null;
        if (this.pullCancel === cancel) this.pullCancel = null;
      }
    });
  }

  /** How the last piece of reading went: a failure shown until reading goes well again (`null`). */
  noteRead(failure: Omit<EngineFailure, 'at'> | null): void {
    if (failure === null) this.noteOk('pull');
    else this.noteFailed('pull', failure);
  }

  /**
   * Ends the pull under way at once (a person's Stop during a long pull):
   * what it stored stays, nothing is removed, and it fails as cancelled.
   * False when no pull runs.
   */
  cancelPull(): boolean {
    if (!this.pullCancel) return false;
    this.pullCancel.abort(new Error('the pull was stopped'));
    return true;
  }

  /**
   * Work a person asked for is due while a pull runs: the pull gives way at
   * its next page; if that page does not come within `giveWayAfterMs`, the
   * pull gives it up (and reads it again after the push).
   */
  private giveWay(): void {
    const run = this.pulling;
    if (!run || run.timer !== null || !this.canPush() || !this.store.outbox.askedDue(this.now())) return;
    const segment = run.segment;
    run.timer = this.timers.setTimeout(() => {
      run.timer = null;
      if (this.pulling !== run || run.segment !== segment || segment === null) return;
      if (this.store.outbox.askedDue(this.now())) segment.abort(new Error('a person’s work goes first'));
    }, this.giveWayAfterMs);
  }

  /** A pull that ended: whole, or with a list it could not read, or with records it set aside. */
  private notePull(summary: PullSummary): void {
    const failed = summary.failed?.[0];
    const setAside = summary.setAside?.count ?? 0;
    if (failed) {
      this.noteFailed('pull', { ...failureOf(failed.error), list: failed.list, ...(setAside > 0 ? { setAside } : {}) });
    } else if (setAside > 0) {
      const list = (['clients', 'products', 'quotations'] as const).find((l) => (summary.setAside?.lists[l] ?? 0) > 0);
      this.noteFailed('pull', { kind: 'set_aside', messageKey: 'pull.set_aside', params: { count: setAside }, setAside, ...(list ? { list } : {}) });
    } else this.noteOk('pull');
  }

  private noteFailure(e: ApiError): void {
    // stopped or cancelled here: says nothing of the line
    if (e.kind === 'aborted') return;
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
    this.giveWay();
    // One task, probe and push: the pull or push ahead of it may find the
    // line down only after this call, and its push must not then wait for
    // the next probe.
    const pushed = await this.serial(async () => (this.connectivity.online === false && !(await this.probe(true)) ? null : this.drain()));
    if (pushed === null) {
      this.scheduleNext();
      return { done: 0, parked: 0, failed: 0, stopped: 'offline' };
    }
    return pushed;
  }

  /** One cheap read; `priority` when a person's action is waiting on it. */
  private async probe(priority: boolean): Promise<boolean> {
    try {
      await this.api.transport.withPriority(() => this.api.verify({ priority }), priority);
      this.connectivity.answered();
      this.noteOk('probe');
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

  /**
   * Stops: no more timers, and the pull or push under way is ended at once
   * (a write under way is left of unknown outcome, looked up at the next
   * start). Resolves when nothing runs any more.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const halt = this.halt;
    halt.abort(new Error('quotedesk is stopping'));
    await this.chain;
    // a later start works again
    if (this.halt === halt) this.halt = new AbortController();
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
      const due = this.nextDueAt();
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
