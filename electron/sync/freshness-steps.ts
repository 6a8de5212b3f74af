// The pieces of background reading, each one request (docs/freshness.md):
// a page of a list's sweep, a page of the check of its newest end, a jump of
// the first load's look for a list's end, a look-up by number of a record a
// whole sweep did not meet, a record read by number because a person opened
// it. Each stores what it read, marks it seen, and moves the list's cursor;
// the caller saves the cursor after each, so a restart loses one page at most.
//
// A record is removed here only when the service shows it gone: a look-up by
// its number answered 404, or a sweep of a list ordered by number that met
// every row without a break and without anyone's write in between did not
// meet it (and then not if that would take half of the list: a service in
// trouble may answer short). Everything else a sweep did not meet is looked
// up by number first.
import { isApiError, type ApiError, type InvoicingApi } from '../api';
import type { RecordParser } from '../api/parse';
import type { Store } from '../store';
import type { Client, Product, Quotation } from '../../shared/schemas';
import type { PullNote, PulledList } from '../../shared/sync';
import { PULL_READERS, SetAside } from './pull-records';
import { judgePage, orderOfPage, startSweep, type Identity } from './sweep-page';
import { MAX_CONFIRM, type ListCursor, type SweepPos } from './list-cursor';
import { looksCollapsed } from './pull';

export interface StepContext {
  store: Store;
  api: InvoicingApi;
  now: () => number;
  /** rows to ask for a page; the service's learned page size when smaller */
  pageSize: number;
  signal?: AbortSignal;
  /** a person is waiting for it: it may spend the reserve */
  priority?: boolean;
  /** kept in the same transaction as what the piece read (see applied) */
  afterWrite?: () => void;
}

/**
 * Writes what a piece read in one transaction with whatever the caller keeps
 * beside it (`afterWrite`: the list's cursor, what the budget knows): one
 * commit a request, so a restart finds the records and the position that
 * led to them together.
 */
function applied<T>(ctx: StepContext, fn: () => T): T {
  return ctx.store.transaction(() => {
    const out = fn();
    ctx.afterWrite?.();
    return out;
  });
}

export interface StepResult {
  requests: number;
  /** records stored (new or changed or the same), and records removed as gone */
  read: number;
  removed: number;
  /** records of the page that could not be stored, or were stored in part */
  setAside: PullNote[];
  partlyRead: PullNote[];
  /** the page showed the list is not ordered by number (it was taken to be) */
  orderFell?: boolean;
  /** the service ignores start and its first page was full, or a record without a number that can be read was set aside: the list cannot be told read whole */
  incomplete?: boolean;
  /** a record set aside had no number that can be read: nothing missing can be told gone */
  unkeyed?: boolean;
  /** the list was read whole, from its first row to an end that is sure */
  complete?: boolean;
}

type Row = Client | Product | Quotation;

const NUMBER: Record<PulledList, (r: Row) => number> = {
  clients: (r) => (r as Client).clientnr,
  products: (r) => (r as Product).id,
  quotations: (r) => (r as Quotation).id,
};

/** The operation a list's pages are read as; what walks learn of the service's paging is kept under it. */
export const operationOf = (list: PulledList) => `${list}.list`;

/** Rows to ask for a page: what the caller wants, or the service's page size when it is smaller. */
function countFor(ctx: StepContext): number {
  return ctx.api.paging.sizeFor(ctx.pageSize);
}

function identityOf(list: PulledList, row: Row | SetAside): Identity {
  return row instanceof SetAside ? (row.number ?? row.identity) : NUMBER[list](row);
}

interface ReadPage {
  rows: (Row | SetAside)[];
  ids: Identity[];
}

async function fetchPage(ctx: StepContext, list: PulledList, start: number, count: number): Promise<ReadPage> {
  const reader = PULL_READERS[list];
  const rows = await ctx.api.listPage<Row | SetAside>(
    operationOf(list),
    reader.path,
    reader.parse as unknown as RecordParser<Row | SetAside>,
    reader.key,
    { start, count },
    { signal: ctx.signal, priority: ctx.priority },
  );
  return { rows, ids: rows.map((r) => identityOf(list, r)) };
}

function emptyResult(): StepResult {
  return { requests: 0, read: 0, removed: 0, setAside: [], partlyRead: [] };
}

/** Stores a page's records, marks every record of it seen, and names those it could not store. */
function storeRows(ctx: StepContext, list: PulledList, rows: readonly (Row | SetAside)[], start: number, result: StepResult, notBefore = 0): void {
  // the columns hold whole milliseconds; a sweep's marks are never older than the sweep
  const at = Math.max(Math.floor(ctx.now()), notBefore);
  const good: Row[] = [];
  const seen: number[] = [];
  rows.forEach((row, i) => {
    if (row instanceof SetAside) {
      result.setAside.push({ list, key: row.key, row: start + i, reason: row.reason });
      if (row.number !== null) seen.push(row.number);
      else result.unkeyed = true;
      return;
    }
    good.push(row);
    const number = NUMBER[list](row);
    seen.push(number);
    const unread = (row as { unread?: object }).unread;
    if (unread) result.partlyRead.push({ list, key: String(number), row: start + i, reason: Object.keys(unread).join(', ') });
  });
  ctx.store.transaction(() => {
    if (good.length > 0) {
      if (list === 'clients') ctx.store.pulled.putClients(good as Client[], at);
      else if (list === 'products') ctx.store.pulled.putProducts(good as Product[], at);
      else ctx.store.pulled.putQuotations(good as Quotation[], at);
    }
    ctx.store.checks.mark(list, seen, at);
  });
  result.read += good.length;
}

/**
 * When a whole read of the list begins: now, and after every mark made so
 * far, so that what it meets (marked at or after it) and what it does not can
 * be told apart, two reads in one millisecond included.
 */
function readBegins(ctx: StepContext, list: PulledList): number {
  return Math.max(Math.floor(ctx.now()), ctx.store.checks.latestMark(list) + 1);
}

/** What a page says of the list's order, kept in the cursor. */
function noteOrder(cursor: ListCursor, ids: readonly Identity[], before: Identity | null, result: StepResult): void {
  const said = orderOfPage(ids, before);
  if (said === 'fell') {
    if (cursor.order !== 'other') result.orderFell = cursor.order === 'id';
    cursor.order = 'other';
    cursor.risingPages = 0;
  } else if (said === 'rose') {
    cursor.risingPages++;
    cursor.order ??= 'id';
  }
}

/** A page of a list ordered by number may say at most this many of the records in its range are gone, or this share of it; beyond, the sweep's end looks them up. */
const RANGE_GONE_AT_MOST = 5;
const RANGE_GONE_SHARE = 0.25;

/**
 * A page of a list ordered by number holds every record the service has
 * with a number from its first to its last (from the list's start when it
 * begins there, to no end when it ends the list): the rows of a list in
 * order are contiguous. What is held here in that range and was not on it
 * is gone. Only where every row of the page rose, no record of it was set
 * aside without a number, and no more than a few are missing (a page that
 * lost many is a service in trouble, or a list not in order after all: the
 * sweep's end looks those up one by one).
 */
function settleRange(
  ctx: StepContext,
  list: PulledList,
  cursor: ListCursor,
  ids: readonly Identity[],
  fromStart: boolean,
  toEnd: boolean,
  result: StepResult,
): void {
  if (cursor.order !== 'id' || result.unkeyed || ids.length === 0 || orderOfPage(ids, null) === 'fell') return;
  const numbers = ids.filter((id): id is number => typeof id === 'number');
  if (numbers.length !== ids.length) return;
  const on = new Set(numbers);
  const low = fromStart ? null : numbers[0]!;
  const high = toEnd ? null : numbers[numbers.length - 1]!;
  const missing = ctx.store.checks.heldBetween(list, low, high).filter((k) => !on.has(k));
  if (missing.length === 0 || missing.length > Math.max(RANGE_GONE_AT_MOST, RANGE_GONE_SHARE * ids.length)) return;
  result.removed += ctx.store.pulled.settleGone(list, missing).removed;
}

/**
 * One page of the list's sweep: from its first row, or on from where the
 * last page ended. The sweep's end settles what it did not meet.
 */
export async function sweepStep(ctx: StepContext, list: PulledList, cursor: ListCursor): Promise<StepResult> {
  const result = emptyResult();
  const op = operationOf(list);
  let pos: SweepPos = cursor.sweep ?? startSweep(readBegins(ctx, list));
  // a list answered whole is read whole, from its start
  if (ctx.api.paging.whole.has(op)) pos = { ...pos, start: 0, anchor: null, pages: 0 };
  if (pos.writes !== undefined && pos.writes !== ctx.store.pullPrints.writes(list)) pos = { ...pos, unbroken: false };
  const count = countFor(ctx);
  result.requests++;
  const page = await fetchPage(ctx, list, pos.start, count);
  return applied(ctx, () => {
    storeRows(ctx, list, page.rows, pos.start, result, pos.startedAt);
    const move = judgePage(pos, { start: pos.start, count, ids: page.ids }, ctx.api.paging, op, cursor.order, cursor.loaded ? cursor.length : null);
    noteOrder(cursor, page.ids.slice(move.fresh), pos.anchor, result);
    if (result.orderFell || cursor.order === 'other') pos = { ...pos, fell: true };
    if (result.unkeyed) pos = { ...pos, unkeyed: true };
    if (move.kind !== 'incomplete') settleRange(ctx, list, cursor, page.ids, pos.start === 0, move.kind === 'end', result);
    const at = ctx.now();
    if (move.kind === 'incomplete') {
      // what could be read was: the list counts as loaded, named as incomplete, and read again at the pace
      cursor.sweep = null;
      cursor.lastPageAt = at;
      cursor.lastSweepEndedAt = at;
      cursor.loaded = true;
      cursor.probeDone = true;
      cursor.probe = null;
      cursor.refreshing = false;
      result.incomplete = true;
      return result;
    }
    const writes = ctx.store.pullPrints.writes(list);
    if (move.kind === 'back' || move.kind === 'next') {
      cursor.sweep = { ...move.pos, fell: pos.fell, unkeyed: pos.unkeyed, writes };
      if (move.kind === 'next') cursor.lastPageAt = at;
      return result;
    }
    finishSweep(ctx, list, cursor, { ...move.pos, fell: pos.fell, unkeyed: pos.unkeyed, unbroken: pos.unbroken }, move.length, result);
    return result;
  });
}

/**
 * A sweep reached the end of the list. Every record it met was seen since
 * it began; the held ones it did not meet were removed from the service
 * meanwhile, or passed over. Only a sweep that cannot have passed one over
 * (the list ordered by number all the way, no step it could not take back,
 * nobody else's write of the list in between) removes them at once, and then
 * not half the list; the others are looked up by number.
 */
function finishSweep(ctx: StepContext, list: PulledList, cursor: ListCursor, pos: SweepPos, length: number, result: StepResult): void {
  const at = ctx.now();
  cursor.sweep = null;
  cursor.length = length;
  cursor.lengthEstimated = false;
  cursor.probe = null;
  cursor.lastSweepStartedAt = pos.startedAt;
  cursor.lastSweepEndedAt = at;
  cursor.lastPageAt = at;
  cursor.refreshing = false;
  // the last page of a list ordered by number holds its newest records
  if (cursor.order === 'id') cursor.newestCheckedAt = at;
  if (!cursor.loaded) cursor.loaded = true;
  // a whole sweep whose every page rose: the order by number is back
  if (!pos.fell && cursor.order === 'other' && cursor.risingPages > 0) cursor.order = 'id';
  // a record it could not tell the number of may be any of those it did not meet
  if (pos.unkeyed) {
    result.incomplete = true;
    return;
  }
  result.complete = true;
  const sure = pos.unbroken && !pos.broken && !pos.fell && cursor.order === 'id';
  if (settleUnseen(ctx, list, cursor, pos.startedAt, sure, result) === 'collapsed') {
    // the service gave far less than is held here: nothing is taken as gone on its word; read it again
    cursor.sweep = startSweep(readBegins(ctx, list));
  }
}

/**
 * What a whole read that began at `since` did not meet: removed at once when
 * the read cannot have passed one over (`sure`), else looked up by number
 * (the cursor's `confirm`). Neither when the read met fewer than half of the
 * records held: a service in trouble may answer short (docs/paging.md), so
 * the list is read whole again first, and only a second reading that agrees
 * settles it.
 */
function settleUnseen(
  ctx: StepContext,
  list: PulledList,
  cursor: ListCursor,
  since: number,
  sure: boolean,
  result: StepResult,
): 'none' | 'settled' | 'collapsed' {
  const held = ctx.store.checks.held(list);
  const unseen = ctx.store.checks.countUnseenSince(list, since);
  if (unseen === 0) {
    cursor.collapsedOnce = false;
    return 'none';
  }
  // a second reading that agrees is believed (as a pull reads a list that shrank twice)
  if (looksCollapsed(held - unseen, held) && !cursor.collapsedOnce) {
    cursor.collapsedOnce = true;
    return 'collapsed';
  }
  cursor.collapsedOnce = false;
  const keys = ctx.store.checks.unseenSince(list, since, MAX_CONFIRM);
  // a few gone is what a day brings; more is looked up one by one, whatever the read
  if (sure && unseen <= Math.max(SURE_GONE_AT_MOST, held / 100)) result.removed += ctx.store.pulled.settleGone(list, keys).removed;
  else cursor.confirm = [...new Set([...cursor.confirm, ...keys])].slice(0, MAX_CONFIRM);
  return 'settled';
}

/** Jumps the first load's look for a list's end makes at most (enough for a billion rows) before it gives up. */
const MAX_PROBES = 40;

/** A whole read that cannot have passed a row over removes at most this many (or a hundredth of the list) at once; more are looked up by number. */
const SURE_GONE_AT_MOST = 5;

/** Failures of one list's request that say nothing of the connection (as a pull's LIST_FAULTS). */
const LIST_FAULTS = new Set(['bad_response', 'server', 'not_found', 'method_not_allowed', 'not_acceptable', 'validation']);

export function isListFault(e: unknown): e is ApiError {
  return isApiError(e) && LIST_FAULTS.has(e.kind) && e.retryAfterMs === undefined;
}

/**
 * Looks up by number the first record a whole sweep did not meet: a 404
 * settles it as gone, a record is stored as read.
 */
export async function confirmStep(ctx: StepContext, list: PulledList, cursor: ListCursor): Promise<StepResult> {
  const result = emptyResult();
  const number = cursor.confirm[0];
  if (number === undefined) return result;
  result.requests++;
  const found = await readOne(ctx, list, number);
  return applied(ctx, () => {
    cursor.confirm = cursor.confirm.slice(1);
    if (found === null) result.removed += ctx.store.pulled.settleGone(list, [number]).removed;
    else storeRows(ctx, list, [found], 0, result);
    return result;
  });
}

/**
 * Reads one record by its number (a person opened it, or a sweep did not
 * meet it): stored and marked seen, or settled as gone on a 404.
 */
export async function readByNumber(ctx: StepContext, list: PulledList, number: number): Promise<StepResult> {
  const result = emptyResult();
  result.requests++;
  const found = await readOne(ctx, list, number);
  return applied(ctx, () => {
    if (found === null) result.removed += ctx.store.pulled.settleGone(list, [number]).removed;
    else storeRows(ctx, list, [found], 0, result);
    return result;
  });
}

/**
 * The clients the service finds for what a person typed in the client
 * picker (its search over every field): stored and marked seen, so the
 * picker finds them here. For a person waiting while the clients are still
 * loading: one request.
 */
export async function searchClients(ctx: StepContext, query: string): Promise<StepResult & { found: number }> {
  const result = emptyResult();
  result.requests++;
  const found = await ctx.api.search('clients', 'all', query, { count: countFor(ctx) }, { signal: ctx.signal, priority: ctx.priority });
  storeRows(ctx, 'clients', found, 0, result);
  return { ...result, found: found.length };
}

/** The record with this number, or null when the service answers it has none. */
async function readOne(ctx: StepContext, list: PulledList, number: number): Promise<Row | null> {
  const call = { signal: ctx.signal, priority: ctx.priority };
  try {
    if (list === 'clients') return await ctx.api.clients.get(number, call);
    if (list === 'products') return await ctx.api.products.get(number, call);
    return await ctx.api.quotations.get(number, call);
  } catch (e) {
    if (isApiError(e) && e.kind === 'not_found') return null;
    throw e;
  }
}

/**
 * One page of the check of the list's newest end (a list ordered by number
 * has its newest records last): from its last page as this desk knows it,
 * on to its end. A list that grew by more than a page takes a page more each
 * time; one that shrank past the page asked steps back.
 */
export async function newestStep(ctx: StepContext, list: PulledList, cursor: ListCursor): Promise<StepResult> {
  const result = emptyResult();
  const op = operationOf(list);
  const count = countFor(ctx);
  const length = Math.max(cursor.length ?? 0, 0);
  let at: SweepPos;
  if (cursor.newest) at = cursor.newest;
  else {
    const start = Math.max(0, length - Math.max(1, count - 1));
    // from the list's first row it is a first page (what it shows of the paging counts as such); from further on, a page among others
    at = { ...startSweep(readBegins(ctx, list)), start, pages: start === 0 ? 0 : 1, firstRows: start === 0 ? 0 : ctx.api.paging.gives, fromStart: start === 0 };
  }
  result.requests++;
  const page = await fetchPage(ctx, list, at.start, count);
  return applied(ctx, () => {
    storeRows(ctx, list, page.rows, at.start, result, at.startedAt);
    if (page.ids.length === 0 && at.start > 0 && at.anchor === null) {
      // the list is shorter than it was: look further back
      const start = Math.max(0, at.start - count * 2 ** at.backs);
      cursor.newest = { ...at, start, backs: at.backs + 1, fromStart: start === 0, pages: start === 0 ? 0 : 1, firstRows: start === 0 ? 0 : at.firstRows };
      return result;
    }
    const move = judgePage(at, { start: at.start, count, ids: page.ids }, ctx.api.paging, op, cursor.order, cursor.length);
    noteOrder(cursor, page.ids.slice(move.kind === 'incomplete' ? 0 : move.fresh), at.anchor, result);
    if (move.kind !== 'incomplete') settleRange(ctx, list, cursor, page.ids, at.start === 0, move.kind === 'end', result);
    if (move.kind === 'next' || move.kind === 'back') {
      cursor.newest = { ...move.pos, fromStart: at.fromStart };
      return result;
    }
    cursor.newest = null;
    cursor.newestCheckedAt = ctx.now();
    if (move.kind !== 'end') return result;
    cursor.length = move.length;
    // The whole list, from its first row to its end, in one check: a sweep of
    // its own. Its pages followed each other by their anchors, so what is held
    // and was not met is gone (a few at once, more looked up by number, none
    // when that would be half the list).
    if (at.fromStart && !at.broken && !result.unkeyed) {
      result.complete = true;
      // one that looked collapsed is read again by a sweep at once
      if (settleUnseen(ctx, list, cursor, at.startedAt, true, result) === 'collapsed') cursor.sweep ??= startSweep(readBegins(ctx, list));
      cursor.lastSweepStartedAt = at.startedAt;
      cursor.lastSweepEndedAt = ctx.now();
    }
    return result;
  });
}

/**
 * One jump of the first load's look for the end of a list ordered by number,
 * so that its newest records come first and its length is known: from the
 * last row known to exist, further by four times each full page, then
 * halving the gap to the first row known to be past the end. A jump asks for
 * one row (whether the list goes that far is all it needs), the last one for
 * the page that holds the end. `within` 0:
 * until the page that holds the end is read (its newest records); otherwise
 * until the length is known within that share of it (an estimate for the
 * progress shown).
 */
export async function probeStep(ctx: StepContext, list: PulledList, cursor: ListCursor, within: number): Promise<StepResult> {
  const exact = within === 0;
  const result = emptyResult();
  const count = countFor(ctx);
  // the sweep's last row read exists
  const probe = cursor.probe ?? { known: cursor.sweep?.start ?? 0, past: null, requests: 0 };
  const gap = probe.past === null ? null : probe.past - probe.known;
  // the end within a page: that page, whole (its records are the newest); before that, one row tells whether rows go that far
  const last = exact && gap !== null && gap <= count;
  const start = gap === null ? probe.known + Math.max(count, probe.known * 3) : last ? probe.known : probe.known + Math.floor(gap / 2);
  const asked = last ? count : 1;
  result.requests++;
  const page = await fetchPage(ctx, list, start, asked);
  return applied(ctx, () => {
    storeRows(ctx, list, page.rows, start, result);
    noteOrder(cursor, page.ids, null, result);
    const n = page.ids.length;
    // Rows at or below the sweep's last one, far past it: the service does not
    // page from `start` here (it answers the same rows wherever asked). The look
    // gives up, as it does after too many jumps; the sweep reads on as it can.
    const anchor = cursor.sweep?.anchor;
    const first = page.ids[0];
    if ((n > 0 && typeof first === 'number' && typeof anchor === 'number' && first <= anchor) || probe.requests + 1 >= MAX_PROBES) {
      cursor.probe = null;
      cursor.probeDone = true;
      return result;
    }
    const next = { ...probe, requests: probe.requests + 1 };
    if (n > 0 && n < asked) {
      // the page that holds the end: its records are the newest
      return probeEnds(ctx, cursor, start + n, false);
    }
    if (n === 0) next.past = start;
    else next.known = start + Math.min(n, asked) - 1;
    if (next.past !== null) {
      const left = next.past - next.known;
      if (left <= 1) return probeEnds(ctx, cursor, next.past, false);
      if (!exact && left <= Math.max(count, next.known * within)) return probeEnds(ctx, cursor, Math.round((next.known + next.past) / 2), true);
    }
    cursor.probe = next;
    return result;

    function probeEnds(c: StepContext, cur: ListCursor, length: number, estimated: boolean): StepResult {
      cur.probe = null;
      cur.probeDone = true;
      cur.length = length;
      cur.lengthEstimated = estimated;
      if (!estimated && cur.order === 'id') cur.newestCheckedAt = c.now();
      return result;
    }
  });
}
