// The background's plan: what to read next, and when (docs/freshness.md).
//
// The service tells nothing of what changed, so the only way to see a change
// is to read the page that holds it, and every page is a request of the
// person's hourly allowance. So the background is a meter, not a pull:
//
// - It spends at most `share` of the limit the service reports (10% by
//   default), spread evenly: a request goes only when the pace has earned it
//   (a small bucket of `BUCKET` requests fills at the share's rate), and only
//   when what it leaves is above the reserve and what other programs on the
//   key will still spend this window (RateBudget.backgroundRoom).
// - A list ordered by number has its newest records last: its newest end is
//   checked often (quotations every 5 minutes, clients and products every
//   15), and the rest is read on a sweep that goes round in 6 hours, or as
//   fast as the share allows at a large account. An account small enough to
//   be read whole within a quarter of an hour's share is read whole every 10
//   minutes, as the whole pull did.
// - A new account's first load goes first and may use everything above the
//   reserve, since the person is waiting for it: the small lists, the
//   quotations (their newest first), the products, the clients of the newest
//   quotations, then the clients.
// - Each piece is one request and moves the list's cursor, saved at once.
import type { InvoicingApi } from '../api';
import type { Store } from '../store';
import type { ListFreshness, PullSummary, PulledList, ReadingWait } from '../../shared/sync';
import { loadCursor, saveCursor, type ListCursor } from './list-cursor';
import { confirmStep, newestStep, operationOf, probeStep, readByNumber, sweepStep, type StepContext, type StepResult } from './freshness-steps';
import { readDocumentLists, LIST_REFRESH_MS } from './document-lists';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The rules of the pace, in one place; docs/freshness.md explains each. */
export const PACE = {
  /** how often the newest end of a list ordered by number is checked */
  newestEvery: { quotations: 5 * MIN, clients: 15 * MIN, products: 15 * MIN } as Record<PulledList, number>,
  /** a small account: a whole pass this often */
  smallCycleMs: 10 * MIN,
  /** small: a whole pass costs at most this share of an hour's share of the limit */
  smallShare: 1 / 4,
  /** a large account: the sweep goes round in this long (within the 6 hours promised, whatever the pace puts off), or as fast as the share allows */
  largeCycleMs: 5 * HOUR,
  /** requests the pace may save up */
  bucket: 4,
  /** the quotations whose clients the first load reads by number before the rest of the clients */
  recentClients: 20,
  /** the quotations whose client numbers tell how far the clients' numbers go, for the estimate of what reading them all costs */
  loadQuotationsForClients: 200,
  /** the first load's order */
  loadOrder: ['quotations', 'products', 'clients'] as readonly PulledList[],
  /**
   * How closely the first load looks for each list's end: the quotations'
   * exactly (their newest page is read first), the others' within a share,
   * for the time the progress shows (the clients' is the long one).
   */
  probeWithin: { quotations: 0, clients: 0.1, products: 0.25 } as Record<PulledList, number>,
};

/** The share of the hourly limit the background spends once loaded, unless the person set another. */
export const DEFAULT_SHARE = 0.1;

const LISTS: readonly PulledList[] = ['clients', 'products', 'quotations'];
const LISTS_KEY = 'freshness.listsReadAt';
const RECENT_KEY = 'freshness.recentClients';
const USABLE_KEY = 'freshness.usable';

export type FreshTask = { kind: 'lists' } | { kind: 'recentClients' } | { kind: 'sweep' | 'newest' | 'probe' | 'confirm'; list: PulledList };

export interface PlannedTask {
  task: FreshTask;
  /** when it may go (epoch ms) */
  at: number;
  /** why not now, when not: the pace, the list's own backoff, or the hour's allowance */
  why: 'due' | 'pace' | 'backoff' | 'own_budget' | 'service_asked';
}

export interface FreshnessOptions {
  store: Store;
  api: InvoicingApi;
  now: () => number;
  /** the share of the limit the background may spend once loaded (the person's setting) */
  share?: () => number;
  /** rows to ask for a page; default the API client's */
  pageSize?: number;
  /** what to keep in the same transaction as each piece's records (what the request budget knows); `read`: the piece read what it asked for */
  keep?: (read: boolean) => void;
}

export class Freshness {
  readonly cursors: Record<PulledList, ListCursor>;
  private readonly store: Store;
  private readonly api: InvoicingApi;
  private readonly now: () => number;
  private readonly share: () => number;
  private readonly pageSize: number;
  private readonly keep: ((read: boolean) => void) | undefined;
  /** requests the pace has earned and not spent, as of `tokensAt` */
  private tokens: number = PACE.bucket;
  private tokensAt: number;
  /** the background's requests, for the benchmark and the status: [epoch ms, requests] */
  private readonly spent: [number, number][] = [];
  /** how long a request took of late, for the first load's estimate */
  private msPerRequest = 500;
  /** requests background reading made since this plan was made (not a person's) */
  backgroundRequests = 0;
  /** the least the hour's allowance was seen to hold after a request of background reading; null before one */
  lowestRemaining: number | null = null;
  /** the service's records held per list, counted once after each change of the list (a count reads every row) */
  private readonly heldCount: Partial<Record<PulledList, number>> = {};
  private readonly unsubscribe: () => void;

  constructor(opts: FreshnessOptions) {
    this.store = opts.store;
    this.api = opts.api;
    this.now = opts.now;
    this.share = opts.share ?? (() => DEFAULT_SHARE);
    this.pageSize = opts.pageSize ?? opts.api.pageSize;
    this.keep = opts.keep;
    this.tokensAt = this.now();
    this.cursors = {
      clients: loadCursor(this.store, 'clients'),
      products: loadCursor(this.store, 'products'),
      quotations: loadCursor(this.store, 'quotations'),
    };
    const onChanged = (entities: readonly string[]) => {
      for (const list of LISTS) if (entities.includes(list)) delete this.heldCount[list];
    };
    this.store.events.on('changed', onChanged);
    this.unsubscribe = () => this.store.events.off('changed', onChanged);
  }

  /** Stops following the store's changes, and gives the database its usual log back. */
  dispose(): void {
    this.unsubscribe();
    this.loadWrites?.end();
    this.loadWrites = null;
  }

  /** The service's records of the list held here. */
  held(list: PulledList): number {
    return (this.heldCount[list] ??= this.store.checks.held(list));
  }

  /** The first load runs: a list not yet read whole once, or the small lists not yet read. */
  get loading(): boolean {
    return LISTS.some((l) => !this.cursors[l].loaded) || this.listsReadAt() === null;
  }

  /** The limit the service reports, or the documented 1000 before it has said. */
  private limit(): number {
    return this.api.transport.budget.snapshot.limit ?? 1000;
  }

  /** Requests an hour the background may spend once loaded. */
  perHour(): number {
    return Math.max(1, this.share() * this.limit());
  }

  /** Pages a whole pass over the list takes, as far as its length is known (one row of overlap a page). */
  pagesOf(list: PulledList): number {
    if (this.api.paging.whole.has(operationOf(list))) return 1;
    const length = Math.max(this.cursors[list].length ?? 0, this.held(list));
    const count = this.api.paging.sizeFor(this.pageSize);
    return Math.max(1, Math.ceil(length / Math.max(1, count - 1)));
  }

  /** The cost of a whole pass over every list, and whether the account is small: that pass fits a quarter of an hour's share. */
  private pass(): { pages: Record<PulledList, number>; total: number; small: boolean } {
    const pages = { clients: this.pagesOf('clients'), products: this.pagesOf('products'), quotations: this.pagesOf('quotations') };
    const total = pages.clients + pages.products + pages.quotations;
    return { pages, total, small: total <= this.perHour() * PACE.smallShare };
  }

  /** Requests an hour the checks of the newest ends take (a large account, lists ordered by number). */
  private newestPerHour(): number {
    return LISTS.filter((l) => this.cursors[l].order === 'id').reduce((n, l) => n + HOUR / PACE.newestEvery[l], 0);
  }

  /** How long a sweep takes to go round: 10 minutes or the share's pace when small, 6 hours or the share's pace when large. */
  cycleMs(): number {
    const pass = this.pass();
    const perHour = this.perHour();
    if (pass.small) return Math.max(PACE.smallCycleMs, (pass.total / perHour) * HOUR);
    const forSweeps = Math.max(perHour * 0.2, perHour - this.newestPerHour());
    return Math.max(PACE.largeCycleMs, (pass.total / forSweeps) * HOUR);
  }

  /** A Full refresh goes round as fast as the share allows. */
  private refreshCycleMs(): number {
    return Math.max(PACE.smallCycleMs, (this.pass().total / this.perHour()) * HOUR);
  }

  private listsReadAt(): number | null {
    const v = this.store.keyValues.get<number>(LISTS_KEY);
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }

  /** The tasks of the first load that are left, in its order; empty once loaded. */
  private loadTasks(): FreshTask[] {
    if (this.listsReadAt() === null) return [{ kind: 'lists' }];
    const now = this.now();
    // a list that keeps failing waits out its backoff without holding up the lists after it
    const waiting = PACE.loadOrder.filter((l) => !this.cursors[l].loaded && this.cursors[l].backoffUntil > now);
    const order = [...PACE.loadOrder.filter((l) => !waiting.includes(l)), ...waiting];
    for (const list of order) {
      const c = this.cursors[list];
      if (list === 'clients') {
        // the first page of the clients tells whether reading the clients of the newest quotations by number is worth it
        if (!c.loaded && c.sweep === null) return [{ kind: 'sweep', list }];
        // the quotations and products first (unless one of them waits out a failure)
        const before = this.cursors.quotations.loaded && this.cursors.products.loaded;
        if (before && !this.recentClientsDone()) {
          if (this.recentClientsWorthReading()) return [{ kind: 'recentClients' }];
          this.store.keyValues.set(RECENT_KEY, true);
        }
        if (before) this.noteUsable();
      }
      if (c.loaded) continue;
      if (this.wantsProbe(list)) return [{ kind: 'probe', list }];
      return [{ kind: 'sweep', list }];
    }
    return [];
  }

  /**
   * Whether the clients of the newest quotations that the clients' first
   * page did not bring are fewer than the pages left to read them all: at a
   * small account the list itself comes sooner than a request each. The
   * pages left are reckoned from the highest client number the quotations
   * name (numbers are mostly given in order; a wrong guess costs a few
   * requests, nothing else).
   */
  private recentClientsWorthReading(): boolean {
    const missing = this.recentClientsMissing();
    if (missing.length === 0) return false;
    const highest = Math.max(...this.store.checks.clientsOfNewestQuotations(PACE.loadQuotationsForClients));
    const read = this.cursors.clients.sweep?.start ?? 0;
    const pagesLeft = Math.ceil(Math.max(0, highest - this.store.checks.highest('clients')) / Math.max(1, this.api.paging.sizeFor(this.pageSize) - 1));
    return read > 0 && missing.length < pagesLeft;
  }

  /** The first load made the desk usable: every quotation and product, the clients of the newest quotations. Kept once, when and after how many requests. */
  private noteUsable(): void {
    if (this.store.keyValues.get<unknown>(USABLE_KEY) !== null) return;
    this.store.keyValues.set(USABLE_KEY, { at: this.now(), requests: this.backgroundRequests });
  }

  /** When the first load made the desk usable, and after how many of the background's requests (of this run); null before. */
  usable(): { at: number; requests: number } | null {
    const v = this.store.keyValues.get<{ at?: unknown; requests?: unknown }>(USABLE_KEY);
    return v && typeof v.at === 'number' && typeof v.requests === 'number' ? { at: v.at, requests: v.requests } : null;
  }

  /**
   * The first load looks for the end of each list (the quotations' newest
   * come first; for the others, how long they will take), once the sweep's
   * first pages showed the list is ordered by number and the service's page
   * size is known, and the list is longer than a page.
   */
  private wantsProbe(list: PulledList): boolean {
    const c = this.cursors[list];
    if (c.probeDone || c.loaded || c.order !== 'id') return false;
    const s = c.sweep;
    return s !== null && s.pages > 0 && s.unsure === 0 && !this.api.paging.whole.has(operationOf(list));
  }

  private recentClientsDone(): boolean {
    return this.store.keyValues.get<boolean>(RECENT_KEY) === true;
  }

  /** The clients of the newest quotations that are not held yet (the first load reads them before the rest). */
  private recentClientsMissing(): number[] {
    const wanted = this.store.checks.clientsOfNewestQuotations(PACE.recentClients);
    const held = this.store.checks.heldClients(wanted);
    return wanted.filter((n) => !held.has(n));
  }

  /** When each task is due, without the pace: the earliest first. */
  private dueTasks(): { task: FreshTask; at: number; backoff: number }[] {
    const now = this.now();
    const out: { task: FreshTask; at: number; backoff: number }[] = [];
    const loading = this.loadTasks();
    for (const task of loading) out.push({ task, at: now, backoff: 'list' in task ? this.cursors[task.list].backoffUntil : 0 });
    const listsAt = this.listsReadAt();
    if (listsAt !== null) out.push({ task: { kind: 'lists' }, at: listsAt + LIST_REFRESH_MS, backoff: 0 });
    if (loading.length > 0) return out;
    const pass = this.pass();
    const cycle = this.cycleMs();
    for (const list of LISTS) {
      const c = this.cursors[list];
      const backoff = c.backoffUntil;
      if (c.confirm.length > 0) out.push({ task: { kind: 'confirm', list }, at: now, backoff });
      if (!pass.small && c.order === 'id')
        out.push({ task: { kind: 'newest', list }, at: c.newest ? now : (c.newestCheckedAt ?? 0) + PACE.newestEvery[list], backoff });
      let at: number;
      if (pass.small && !c.refreshing) {
        // a whole pass back to back, every cycle
        at = c.sweep ? now : Math.max(c.lastSweepStartedAt ?? 0, c.lastSweepEndedAt ?? 0) + cycle;
      } else {
        const spacing = (c.refreshing ? this.refreshCycleMs() : cycle) / pass.pages[list];
        at = (c.lastPageAt ?? 0) + spacing;
      }
      out.push({ task: { kind: 'sweep', list }, at, backoff });
    }
    return out;
  }

  /**
   * The next task and when it may go: the earliest due, then no sooner than
   * the pace has earned a request (once loaded), the list's own backoff has
   * passed, and the hour's allowance leaves room above the reserve.
   */
  plan(): PlannedTask | null {
    const now = this.now();
    const tasks = this.dueTasks();
    if (tasks.length === 0) return null;
    const loading = this.loading;
    // the first load's tasks come in their order; after it, the earliest due (the newest checks first when tied)
    const rank = (t: FreshTask) => ['lists', 'recentClients', 'probe', 'confirm', 'newest', 'sweep'].indexOf(t.kind);
    const best = loading
      ? tasks[0]!
      : tasks.reduce((a, b) =>
          Math.max(b.at, b.backoff) < Math.max(a.at, a.backoff) || (Math.max(b.at, b.backoff) === Math.max(a.at, a.backoff) && rank(b.task) < rank(a.task))
            ? b
            : a,
        );
    let at = Math.max(best.at, now);
    let why: PlannedTask['why'] = 'due';
    if (best.backoff > at) {
      at = best.backoff;
      why = 'backoff';
    }
    if (!loading) {
      const earned = this.tokenTime(1);
      if (earned > at) {
        at = earned;
        why = 'pace';
      }
    }
    const budget = this.api.transport.budget;
    if (budget.backgroundRoom() < 1) {
      const back = Math.max(budget.roomReturnsAt(), now + 1000);
      if (back > at) {
        at = back;
        why = budget.snapshot.resetsAt !== undefined && budget.snapshot.resetsAt > now ? 'service_asked' : 'own_budget';
      }
    }
    return { task: best.task, at, why };
  }

  /** When the pace will have earned `n` requests (epoch ms). */
  private tokenTime(n: number): number {
    const now = this.now();
    this.refill(now);
    if (this.tokens >= n) return now;
    return now + Math.ceil(((n - this.tokens) / this.fillRate()) * HOUR);
  }

  private capacity(): number {
    const pass = this.pass();
    return pass.small ? pass.total : PACE.bucket;
  }

  /**
   * Requests an hour the bucket fills with. At a large account a little
   * slower than the share, by the bucket's size: whatever hour one looks at,
   * what it spent (the bucket saved up, and what filled it meanwhile) stays
   * within the share. A small account's bucket holds a whole pass, which
   * goes every 10 minutes or as the share allows: within the share on the
   * hour's average, as the whole pull was.
   */
  private fillRate(): number {
    const perHour = this.perHour();
    return this.pass().small ? perHour : Math.max(1, perHour - PACE.bucket);
  }

  private refill(now: number): void {
    const earned = ((now - this.tokensAt) / HOUR) * this.fillRate();
    this.tokens = Math.min(this.capacity(), this.tokens + earned);
    this.tokensAt = now;
  }

  /** Counts requests the background made, against the pace (once loaded) and for the record. */
  private spend(requests: number, priority: boolean): void {
    if (requests === 0) return;
    const now = this.now();
    if (!priority) {
      this.backgroundRequests += requests;
      const left = this.api.transport.budget.snapshot.remaining;
      if (left !== null) this.lowestRemaining = Math.min(this.lowestRemaining ?? left, left);
      this.spent.push([now, requests]);
      this.refill(now);
      if (!this.loading) this.tokens -= requests;
    }
    while (this.spent.length > 0 && this.spent[0]![0] < now - 24 * HOUR) this.spent.shift();
  }

  /** Requests the background made in the last hour. */
  spentLastHour(): number {
    const since = this.now() - HOUR;
    return this.spent.reduce((n, [at, k]) => (at >= since ? n + k : n), 0);
  }

  /** Runs one task: one request (the small lists: one each), its results stored and the list's cursor saved. */
  /**
   * While the first load runs, the database copies its log back less often,
   * as a whole pull has it (store/pulled.ts, beginPull): page after page
   * rewrites the same index leaves, and copying them back after each page
   * costs more than the pages.
   */
  private loadWrites: { end(): void } | null = null;

  private followLoad(): void {
    if (this.loading && this.loadWrites === null) this.loadWrites = this.store.pulled.beginPull();
    else if (!this.loading && this.loadWrites !== null) {
      this.loadWrites.end();
      this.loadWrites = null;
    }
  }

  async run(task: FreshTask, signal: AbortSignal, priority = false): Promise<StepResult> {
    this.followLoad();
    // the list's cursor, and what the caller keeps beside it, in the same transaction as what was read
    const keep = (read: boolean) => {
      if ('list' in task) saveCursor(this.store, task.list, this.cursors[task.list]);
      this.keep?.(read);
    };
    const ctx: StepContext = { store: this.store, api: this.api, now: this.now, pageSize: this.pageSize, signal, priority, afterWrite: () => keep(true) };
    const began = Date.now();
    let result: StepResult;
    try {
      result = await this.step(task, ctx);
    } catch (e) {
      // what changed before it failed is kept too
      this.store.transaction(() => keep(false));
      throw e;
    }
    this.followLoad();
    if (result.requests > 0) this.msPerRequest = 0.8 * this.msPerRequest + (0.2 * (Date.now() - began)) / result.requests;
    this.spend(result.requests, priority);
    return result;
  }

  private async step(task: FreshTask, ctx: StepContext): Promise<StepResult> {
    switch (task.kind) {
      case 'lists':
        return this.readLists(ctx);
      case 'recentClients':
        return this.readRecentClient(ctx);
      case 'sweep': {
        const c = this.cursors[task.list];
        if (!c.loaded && c.loadStartedAt === null) c.loadStartedAt = this.now();
        return sweepStep(ctx, task.list, c);
      }
      case 'newest':
        return newestStep(ctx, task.list, this.cursors[task.list]);
      case 'probe':
        return probeStep(ctx, task.list, this.cursors[task.list], PACE.probeWithin[task.list]);
      case 'confirm':
        return confirmStep(ctx, task.list, this.cursors[task.list]);
    }
  }

  /** The country list, and the profiles and categories when due (sync/document-lists.ts). */
  private async readLists(ctx: StepContext): Promise<StepResult> {
    const countries = await this.api.countries(undefined, { signal: ctx.signal, priority: ctx.priority });
    this.store.pulled.putCountries(countries);
    const lists = await readDocumentLists(this.store, this.api, this.now, { priority: ctx.priority, signal: ctx.signal });
    this.store.transaction(() => {
      this.store.keyValues.set(LISTS_KEY, this.now());
      ctx.afterWrite?.();
    });
    return { requests: 1 + lists.requests, read: countries.length, removed: 0, setAside: [], partlyRead: [] };
  }

  /** One client of the newest quotations, read by number; done when none is missing. */
  private async readRecentClient(ctx: StepContext): Promise<StepResult> {
    const missing = this.recentClientsMissing();
    const number = missing[0];
    if (number === undefined) {
      this.store.keyValues.set(RECENT_KEY, true);
      return { requests: 0, read: 0, removed: 0, setAside: [], partlyRead: [] };
    }
    const result = await readByNumber(ctx, 'clients', number);
    if (missing.length === 1) this.store.keyValues.set(RECENT_KEY, true);
    return result;
  }

  /** A list's request failed for a reason of that list alone: it waits, longer after each failure, and the rest goes on. */
  listFailed(list: PulledList): void {
    const c = this.cursors[list];
    c.failures++;
    c.backoffUntil = this.now() + Math.min(30 * MIN, 30_000 * 2 ** Math.min(10, c.failures - 1));
    saveCursor(this.store, list, c);
  }

  listWentWell(list: PulledList): void {
    const c = this.cursors[list];
    if (c.failures === 0 && c.backoffUntil === 0) return;
    c.failures = 0;
    c.backoffUntil = 0;
    saveCursor(this.store, list, c);
  }

  /**
   * The checks of what is new, for Sync now: the newest end of each list
   * ordered by number (or whose order is not known yet: its last page as far
   * as this desk knows). A handful of requests, never a whole walk; a list
   * not ordered by number is left to its sweep, unless it fits one page.
   */
  checksOfNew(): FreshTask[] {
    // a list that fits one page is read whole by it, whatever its order
    return LISTS.filter((list) => this.cursors[list].order !== 'other' || this.pagesOf(list) === 1).map((list) => ({ kind: 'newest', list }));
  }

  /**
   * A whole pull (sync/pull.ts) read every list in one go: each list it read
   * to a certain end was swept whole, from `startedAt`, and its first load
   * is done.
   */
  notePull(summary: PullSummary, startedAt: number): void {
    const at = this.now();
    for (const list of LISTS) {
      if (summary.incomplete?.includes(list)) continue;
      const c = this.cursors[list];
      c.loaded = true;
      c.probeDone = true;
      c.sweep = null;
      c.probe = null;
      c.length = summary[list] + (summary.setAside?.lists[list] ?? 0);
      c.lengthEstimated = false;
      c.order = summary.order?.[list] ?? c.order;
      c.lastSweepStartedAt = startedAt;
      c.lastSweepEndedAt = at;
      c.lastPageAt = at;
      if (c.order === 'id') c.newestCheckedAt = at;
      saveCursor(this.store, list, c);
    }
    this.store.keyValues.set(LISTS_KEY, at);
    this.store.keyValues.set(RECENT_KEY, true);
  }

  /** A person asked to read everything again: each list's sweep starts again, and goes round as fast as the share allows. */
  refreshAll(): void {
    for (const list of LISTS) {
      const c = this.cursors[list];
      c.sweep = null;
      c.refreshing = true;
      c.lastPageAt = null;
      c.lastSweepStartedAt = null;
      saveCursor(this.store, list, c);
    }
  }

  /** Whether a record's copy is older than `maxAgeMs`: a person opening it then reads it by number. */
  stale(list: PulledList, number: number, maxAgeMs: number): boolean {
    const at = this.store.checks.checkedAt(list, number);
    return at === null || this.now() - at > maxAgeMs;
  }

  /** Why the background waits for more than a moment, as the person is told; null when it does not. */
  waits(): ReadingWait | null {
    const p = this.plan();
    if (p === null || (p.why !== 'own_budget' && p.why !== 'service_asked')) return null;
    if (p.at - this.now() < 5_000) return null;
    return { why: p.why, until: new Date(p.at).toISOString() };
  }

  /** How fresh each list is, and the first load while it runs. */
  status(): ListFreshness[] {
    const now = this.now();
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    const loadEnds = this.loadEndsAt();
    const cycle = this.cycleMs();
    return LISTS.map((list) => {
      const c = this.cursors[list];
      const read = this.held(list);
      const length = c.length;
      const at = c.sweep?.start ?? 0;
      const share = (done: number) => (length === null || length === 0 ? null : Math.min(0.99, done / length));
      const loading = c.loaded ? null : { share: share(Math.max(at, Math.min(read, length ?? read))), read, endsAt: iso(loadEnds[list]) };
      const pages = this.pagesOf(list);
      const sweep =
        c.loaded && c.sweep
          ? // from its last page on, at its spacing: the time does not move on while no page is read
            {
              share: share(at),
              endsAt: iso(
                Math.max(
                  now,
                  (c.lastPageAt ?? now) + Math.max(0, pages - c.sweep.pages) * ((c.refreshing ? this.refreshCycleMs() : cycle) / Math.max(1, pages)),
                ),
              ),
            }
          : null;
      return {
        list,
        loading,
        newestCheckedAt: c.order === 'id' ? iso(c.newestCheckedAt) : null,
        allCheckedSince: iso(c.lastSweepStartedAt),
        sweep,
        order: c.order,
        refreshing: c.refreshing,
      };
    });
  }

  /**
   * When each list's first load should end: its pages left (and those of
   * the lists before it in the load's order), as fast as requests go while
   * the hour's allowance above the reserve lasts, and after that a window's
   * allowance an hour.
   */
  private loadEndsAt(): Record<PulledList, number | null> {
    const out: Record<PulledList, number | null> = { clients: null, products: null, quotations: null };
    const now = this.now();
    const budget = this.api.transport.budget;
    const limit = this.limit();
    const perWindow = Math.max(1, limit - budget.reserve - Math.ceil(budget.othersPerHour ?? 0));
    let room = Math.min(budget.backgroundRoom(), limit);
    let at = now;
    let windowEnds = budget.roomReturnsAt();
    for (const list of PACE.loadOrder) {
      const c = this.cursors[list];
      if (c.loaded) continue;
      if (c.length === null) return out;
      let left = Math.ceil(Math.max(0, c.length - (c.sweep?.start ?? 0)) / Math.max(1, this.api.paging.sizeFor(this.pageSize) - 1));
      while (left > 0) {
        const now2 = Math.min(left, room);
        at += now2 * this.msPerRequest;
        left -= now2;
        room -= now2;
        if (left > 0) {
          at = Math.max(at, windowEnds);
          windowEnds = at + HOUR;
          room = perWindow;
        }
      }
      out[list] = Math.ceil(at);
    }
    return out;
  }
}
