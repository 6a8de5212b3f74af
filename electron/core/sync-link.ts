// Joins a space's sync engine to the core: reads the service in the
// background at the pace of sync/freshness.ts (the first load, then the
// checks of the newest and the sweeps, a request at a time), checks what is
// new when a person asks (Sync now), pushes at once after an explicit action,
// and reports its state as the contract's SyncStatus fields, among them
// when the outbox goes again after a failure, and why it waits (nextTry), and
// how fresh each list is (freshness).
//
// Background reading spends the person's hourly budget: at most `share` of
// the limit once the first load is done, never the reserve, and what the
// request budget knows of the hour's window is kept between runs.
import type { NextTry, PullProgress, SyncFailure, SyncRun, SyncStatus } from '../../shared/bridge';
import { ApiError } from '../api';
import { SyncEngine, type Timers } from '../sync';
import { failureOf, GaveWay, type EngineFailure } from '../sync/engine';
import { Freshness, PACE, type FreshTask } from '../sync/freshness';
import { isListFault, readByNumber, searchClients, type StepResult } from '../sync/freshness-steps';
import type { PulledList } from '../../shared/sync';
import type { Space } from './space';
import { rememberCredits } from '../sync/credits';
import { watchAnswers } from './answer-watch';

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
    | 'waitingSince'
  >;
  /** the service refused the key: the account needs a new one */
  needsKey(): boolean;
  /** when the next piece of background reading is due (epoch ms), or null while none is planned */
  nextPullAt(): number | null;
  /** the background's plan: what it reads, where each list stands */
  readonly freshness: Freshness;
  /** a person asked to read everything again: every list's sweep starts over, paced by the share */
  refreshAll(): void;
  /**
   * A person opened a record: its copy older than `maxAgeMs` is read by
   * number at once, with a person's priority; false when it was fresh or
   * could not be read now.
   */
  opened(list: PulledList, number: number, maxAgeMs?: number): Promise<boolean>;
  /**
   * A person typed in the client picker while the clients are still
   * loading: the service's search finds what is not here yet (one request,
   * a person's). Not when every client is here, nor for fewer than three
   * characters, nor when an earlier search for the start of the same text
   * found everything it had. Resolves once the clients found are stored.
   */
  searchClients(query: string): Promise<void>;
  /** resolves when nothing runs: no pull, no push */
  idle(): Promise<void>;
}

export interface SyncLinkOptions {
  /** the status changed (online, progress, budget, last sync, a wait for the next try over) */
  onChange: () => void;
  /** the share of the hourly limit background reading may use once loaded (the person's setting); default 0.1 */
  share?: () => number;
  onError?: (what: string, err: unknown) => void;
  /** epoch ms, and the timers of the engine and the pulls; injectable so an hour can pass in a test */
  now?: () => number;
  timers?: Timers;
}

const LAST_SYNC_KEY = 'sync.lastPulledAt';
/** what the request budget knew of the hour's window when last saved (api/rate-budget.ts) */
const BUDGET_KEY = 'sync.budget';
/** what a piece of reading that gave way to a person's work comes to: nothing failed, it is read again */
const GAVE_WAY = Symbol('gave way');
/** how long reading rests after a person stopped it, unless they ask again sooner */
const STOPPED_MS = 60 * 60_000;
/** a record opened whose copy is older than this is read by number */
const OPENED_STALE_MS = 5 * 60_000;
/** the lists the last pull could not read to a certain end */
const INCOMPLETE_KEY = 'sync.incomplete';
const LISTS = ['clients', 'products', 'quotations'] as const;

export function linkSync(space: Space, opts: SyncLinkOptions): SyncLink {
  const now = opts.now ?? Date.now;
  const timers: Timers = opts.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms).unref(), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const engine = new SyncEngine({ store: space.store, api: space.api, now, timers });
  const { store } = space;
  const budget = space.api.transport.budget;
  // what the budget knows is kept with every piece of reading, in its transaction
  const freshness = new Freshness({
    store,
    api: space.api,
    now,
    share: opts.share,
    keep: (read) => {
      store.keyValues.set(BUDGET_KEY, budget.toJSON());
      if (read) store.keyValues.set(LAST_SYNC_KEY, now());
    },
  });
  // what an earlier run knew of the hour's window: a restart does not take a full allowance for granted
  budget.restore(store.keyValues.get<unknown>(BUDGET_KEY));
  let pulling: PullProgress | null = null;
  let running: Promise<unknown> | null = null;
  /** a piece of background reading under way */
  let reading: Promise<unknown> | null = null;
  let timer: unknown = null;
  let nextPull: number | null = null;
  let started = false;
  /** tells the status again when the next try shown is due, so the page never keeps a time gone by */
  let waitTimer: unknown = null;
  let waitTimerAt = Infinity;
  let stopped = false;
  /** a person stopped the reading (Stop during the first load): it goes on by itself then, or when they ask */
  let stoppedUntil = 0;
  /** the last failure that stopped reading, and how many in a row, so a failing line is not asked again at once */
  let failedAt = 0;
  let failStreak = 0;
  /** records a person opened and that are being read, so one is read once */
  const opening = new Set<string>();
  /** the searches of the client picker made at the service, and whether each found fewer than a page (then it found all) */
  const searched = new Map<string, boolean>();
  /** records set aside in the read of each list under way, told when it ends */
  const aside: Record<PulledList, number> = { clients: 0, products: 0, quotations: 0 };
  // ended because sync stops (the app closes, the space is left): nobody's failure to report
  const report = (what: string) => (err: unknown) => {
    if (!(err instanceof ApiError && err.kind === 'aborted') && !(err instanceof GaveWay)) opts.onError?.(what, err);
  };

  for (const event of ['online', 'offline', 'reach', 'budget', 'paused', 'resumed', 'failure'] as const) engine.events.on(event, () => opts.onChange());
  engine.events.on('progress', (p) => {
    pulling = p;
    opts.onChange();
  });
  // an answer slow to come is told when it has waited long enough, and again when it ends
  const answers = watchAnswers(space.api.transport, { onChange: () => opts.onChange(), now, timers });
  // a 402 on a print center send is all the service says of credits: the send dialog warns with it
  rememberCredits(engine.events, store, now);
  // a whole pull (engine.pull: tools and tests) reads every list in one go: the background's cursors take it as swept
  engine.events.on('pulled', (summary) => {
    store.keyValues.set(LAST_SYNC_KEY, now());
    store.keyValues.set(INCOMPLETE_KEY, summary.incomplete ?? []);
    freshness.notePull(summary, store.keyValues.get<number>('pull.lastStartedAt') ?? now());
    progressChanged();
  });
  // a person's request may show a new window: the background looks again at once
  engine.events.on('budget', () => {
    if (started && !reading && nextPull !== null && nextPull > now() + 1000) {
      const p = freshness.plan();
      if (p !== null && p.at < nextPull) plan();
    }
  });
  for (const event of ['online', 'resumed'] as const) engine.events.on(event, () => plan());

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

  /**
   * Pushes what waits, checks what is new on the service (the newest end of
   * each list, the small lists), and pushes what that let go: a handful of
   * requests, never a whole walk (docs/freshness.md). `priority`: a person
   * asked (Sync now, a new key), so it may spend the reserve.
   */
  function syncNow(priority: boolean): boolean {
    if (running) return false;
    // a person asking goes on with what they stopped
    if (priority) stoppedUntil = 0;
    const began = now();
    const ended = (run: Omit<SyncRun, 'at' | 'asked'>) => {
      lastRun = { ...run, at: new Date(now()).toISOString(), asked: priority };
    };
    running = (async () => {
      const first = await engine.flush();
      await reads();
      await checkNew(priority);
      const second = await engine.flush();
      return first.done + second.done;
    })()
      .then(
        (pushed) => {
          const f = engine.failures.pull;
          ended({ outcome: 'done', pushed, failure: f !== null && f.at >= began ? failureView(f) : null });
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
        opts.onChange();
        plan();
      });
    return true;
  }

  /** The checks of what is new, each to its end (a few pages at most), then the small lists. */
  async function checkNew(priority: boolean): Promise<void> {
    for (const task of freshness.checksOfNew()) {
      // a list that grew by more than a few pages goes on in the background; a page given up for a person's work is read again
      for (let page = 0, gaveWay = 0; page < 3 && gaveWay < 3; page++) {
        const result = await runTask(task, priority);
        if (result === GAVE_WAY) {
          gaveWay++;
          page--;
          continue;
        }
        if (task.kind !== 'newest' || freshness.cursors[task.list].newest === null) break;
      }
    }
    if (priority) await runTask({ kind: 'lists' }, priority);
  }

  /** Waits for the piece of reading under way. */
  async function reads(): Promise<void> {
    while (reading) await reading.catch(() => undefined);
  }

  /**
   * Runs one piece of reading through the engine (in turn with pushes), and
   * takes what came of it: the list's failure or its recovery, records set
   * aside, when the desk last read well. Throws what the engine judged about
   * the whole line (offline, the key, the limit); a list's own fault is
   * that list's to wait out.
   */
  async function runTask(task: FreshTask, priority: boolean): Promise<StepResult | null | typeof GAVE_WAY> {
    const list = 'list' in task ? task.list : null;
    try {
      const result = await engine.read((signal) => freshness.run(task, signal, priority), { priority });
      if (list) freshness.listWentWell(list);
      noteResult(task, result);
      return result;
    } catch (e) {
      if (e instanceof GaveWay) return GAVE_WAY;
      // a list's own fault, or one of this desk's (a record it cannot store): that list waits, longer each time, and the rest goes on
      if (list && (isListFault(e) || !(e instanceof ApiError))) {
        freshness.listFailed(list);
        engine.noteRead(e instanceof ApiError ? { ...failureOf(e), list } : { kind: 'internal', messageKey: 'bridge.internal', params: {}, list });
        if (!(e instanceof ApiError)) report('read')(e);
        return null;
      }
      if (e instanceof ApiError && e.kind !== 'aborted') engine.noteRead(failureOf(e));
      throw e;
    } finally {
      progressChanged();
    }
  }

  /**
   * Records set aside, a list that cannot be read whole, or a read that went
   * well, as the status tells them. Records set aside are told once the read
   * they came in ends (a sweep, a check of the newest), and stay told until
   * a read of that list ends without any.
   */
  function noteResult(task: FreshTask, result: StepResult): void {
    const list = 'list' in task ? task.list : null;
    const incomplete = new Set(store.keyValues.get<PulledList[]>(INCOMPLETE_KEY) ?? []);
    const sizeBefore = incomplete.size;
    if (list && result.incomplete) incomplete.add(list);
    else if (list && result.complete) incomplete.delete(list);
    if (incomplete.size !== sizeBefore || result.incomplete) store.keyValues.set(INCOMPLETE_KEY, [...incomplete]);
    const last = engine.failures.pull;
    if (list === null) {
      if (last !== null && last.list === undefined) engine.noteRead(null);
      return;
    }
    aside[list] += result.setAside.length;
    const c = freshness.cursors[list];
    const ended = (task.kind === 'sweep' && c.sweep === null) || (task.kind === 'newest' && c.newest === null);
    if (!ended && result.setAside.length === 0) {
      // a list's own fault is over once it reads again; records set aside wait for the read's end
      if (last !== null && last.list === list && last.kind !== 'set_aside') engine.noteRead(null);
      return;
    }
    const count = aside[list];
    if (ended) aside[list] = 0;
    if (count > 0) engine.noteRead({ kind: 'set_aside', messageKey: 'pull.set_aside', params: { count }, setAside: count, list });
    else if (last !== null && (last.list === undefined || last.list === list)) engine.noteRead(null);
  }

  /** The first load's progress, as the bar's progress shows it: pages read of those estimated, never "one ahead". */
  function progressChanged(): void {
    const before = pulling;
    pulling = null;
    if (freshness.loading && stoppedUntil <= now()) {
      const lists = freshness.status();
      let done = 0;
      let estimated = 0;
      let phase: PullProgress['phase'] = 'countries';
      // the list the first load reads now: the first in its order not yet loaded
      for (const f of [...lists].sort((a, b) => PACE.loadOrder.indexOf(a.list) - PACE.loadOrder.indexOf(b.list))) {
        const c = freshness.cursors[f.list];
        const pages = freshness.pagesOf(f.list);
        const read = c.loaded ? pages : (c.sweep?.pages ?? 0);
        done += read;
        estimated += c.loaded || c.length !== null ? Math.max(pages, read) : read + 1;
        if (!c.loaded && phase === 'countries') phase = f.list;
      }
      pulling = { phase, pagesDone: done, pagesEstimated: Math.max(done, estimated) };
    }
    if (before !== null || pulling !== null) opts.onChange();
  }

  /** Plans the next piece of background reading, at the time the pace and the budget allow. */
  function plan(): void {
    if (!started || stopped) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    nextPull = null;
    if (reading || running || engine.paused || engine.online === false) return;
    const p = freshness.plan();
    if (p === null) return;
    // after failures of the line, not again at once: a second, doubling to half an hour; and not while a person stopped it
    const at = Math.ceil(Math.max(p.at, stoppedUntil, failStreak === 0 ? 0 : failedAt + Math.min(30 * 60_000, 1000 * 2 ** Math.min(11, failStreak - 1))));
    // due now: at once (a first load's pages go back to back), not on the next turn of a timer
    if (at <= now()) return readNext();
    nextPull = at;
    timer = timers.setTimeout(readNext, at - now());
  }

  function readNext(): void {
    timer = null;
    nextPull = null;
    if (!started || reading || running) return;
    const p = freshness.plan();
    if (p === null) return;
    if (p.at > now() || stoppedUntil > now()) return plan();
    reading = runTask(p.task, false)
      .then(() => {
        failStreak = 0;
      })
      .catch((e: unknown) => {
        if (!(e instanceof ApiError) || e.kind !== 'aborted') {
          failedAt = now();
          failStreak++;
        }
        report('read')(e);
      })
      .finally(() => {
        reading = null;
        opts.onChange();
        plan();
      });
  }

  return {
    engine,
    freshness,
    start() {
      started = true;
      stopped = false;
      engine.start();
      // the first load, or the reading where the last run left it: background work, nobody asked for it
      plan();
      progressChanged();
    },
    async stop() {
      started = false;
      stopped = true;
      answers.stop();
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      nextPull = null;
      if (waitTimer !== null) timers.clearTimeout(waitTimer);
      waitTimer = null;
      // ends the reading or push under way at once: nothing the service is slow to answer holds up a close
      const stopping = engine.stop();
      await running;
      await reading;
      await stopping;
      if (store.db.open) store.keyValues.set(BUDGET_KEY, budget.toJSON());
      freshness.dispose();
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
    cancelPull() {
      // Stop during the first load: the piece under way ends at once, and the
      // reading rests until the person asks again (Sync now, Full refresh) or an hour has passed
      const ended = engine.cancelPull();
      if (!ended && !freshness.loading) return false;
      stoppedUntil = now() + STOPPED_MS;
      progressChanged();
      opts.onChange();
      plan();
      return true;
    },
    refreshAll() {
      stoppedUntil = 0;
      freshness.refreshAll();
      opts.onChange();
      plan();
    },
    async searchClients(query) {
      const text = query.trim().toLowerCase();
      if (!started || text.length < 3 || freshness.cursors.clients.loaded || engine.online === false || engine.paused) return;
      // an earlier search for the start of this text that found all it had found these too
      for (const [earlier, all] of searched) if (all && text.startsWith(earlier)) return;
      if (searched.has(text)) return;
      searched.set(text, false);
      try {
        const result = await engine.read(
          (signal) => searchClients({ store, api: space.api, now, pageSize: space.api.pageSize, signal, priority: true }, text),
          { priority: true },
        );
        searched.set(text, result.found < space.api.paging.sizeFor(space.api.pageSize));
      } catch (e) {
        searched.delete(text);
        report('search')(e);
      } finally {
        store.keyValues.set(BUDGET_KEY, budget.toJSON());
      }
    },
    async opened(list, number, maxAgeMs = OPENED_STALE_MS) {
      const key = `${list}:${number}`;
      if (!started || opening.has(key) || engine.online === false || engine.paused || !freshness.stale(list, number, maxAgeMs)) return false;
      opening.add(key);
      try {
        const result = await engine.read(
          (signal) => readByNumber({ store, api: space.api, now, pageSize: space.api.pageSize, signal, priority: true }, list, number),
          {
            priority: true,
          },
        );
        return result.requests > 0;
      } catch (e) {
        report('read')(e);
        return false;
      } finally {
        opening.delete(key);
        store.keyValues.set(BUDGET_KEY, budget.toJSON());
      }
    },
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
      const answerSince = answers.waitingSince();
      return {
        freshness: freshness.status(),
        readingWaits: stoppedUntil > now() ? { why: 'stopped', until: new Date(stoppedUntil).toISOString() } : freshness.waits(),
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
        waitingSince: answerSince === null ? null : new Date(answerSince).toISOString(),
      };
    },
    needsKey: () => engine.paused === 'auth',
    nextPullAt: () => nextPull,
    async idle() {
      for (let seen: [unknown, unknown] | null = null; seen === null || seen[0] !== running || seen[1] !== reading;) {
        seen = [running, reading];
        await running;
        await reading;
      }
      await engine.idle();
    },
  };
}

function failureView(f: EngineFailure): SyncFailure {
  return { ...f, at: new Date(f.at).toISOString() };
}
