// Where the desk is in reading each of the service's lists, kept in the
// account's database after every page, so that a restart loses at most the
// page it was reading (docs/freshness.md). Like a bookmark in a stream: each
// list has its own, and each piece of work stands on its own.
//
// Saved values are read leniently: a cursor that cannot be read is as good as
// none, and the list is read again from its start. A cursor only ever saves
// requests; it never decides that a record is gone (that takes a look-up by
// number, see freshness-steps.ts).
import type { Store } from '../store';
import type { PulledList } from '../../shared/sync';

/** The service's order of a list, as its pages showed it: by number (the newest last, as numbers grow), or not. */
export type ListOrder = 'id' | 'other';

/** A walk of a whole list from its first row to its last, a page at a time. */
export interface SweepPos {
  /** when it began: every record it meets is seen at or after this */
  startedAt: number;
  /** the row the next page starts at: the last row read, read again so the pages overlap */
  start: number;
  /** the last record read (its number, or the identity of a record set aside), expected first on the next page; null on the first */
  anchor: number | string | null;
  /** pages read */
  pages: number;
  /** times it stepped back to find its anchor since the last page that found it */
  backs: number;
  /** a page's anchor was never found again: rows may have been passed over, and the records missing are looked up before any is removed */
  broken: boolean;
  /** it ran without anyone's write in between and without giving way: what it did not see is gone */
  unbroken: boolean;
  /** rows of a short page not yet known to be the end (the service may cap pages at that); 0 when none: the page after it tells */
  unsure: number;
  /** rows of the first page, until a second answer shows the service honours start (paging facts) */
  firstRows: number;
  /** the first record of the page before, and how many rows it had, to tell a service that ignores start */
  firstOfLast: number | string | null;
  lastRows?: number;
  /** pages in a row that were the page before again */
  repeats?: number;
  /** (a check of the newest) it began at the list's first row: ended, it read the list whole */
  fromStart?: boolean;
  /** a page of it fell in number: the list is not ordered by number all the way */
  fell?: boolean;
  /** it set aside a record whose number cannot be read: what it did not meet cannot be told gone */
  unkeyed?: boolean;
  /** the count of writes of the list's records (store/pull-prints.ts) after its last page: another moved it meanwhile */
  writes?: number;
}

/** Looking for the end of a list by jumps, before the first load reads it (newest first, and how far it has to go). */
export interface ProbePos {
  /** a row known to exist (a page from it was full) */
  known: number;
  /** a row known to be past the end, when one is */
  past: number | null;
  /** requests spent on it */
  requests: number;
}

export interface ListCursor {
  order: ListOrder | null;
  /** pages whose numbers rose from one row to the next, since the order was last doubted */
  risingPages: number;
  /** the first load ended: every record was read once */
  loaded: boolean;
  /** when the first load began */
  loadStartedAt: number | null;
  /** the list's rows at its end when last seen there (or estimated by the probe); null before */
  length: number | null;
  /** the length is the probe's estimate, not seen at the end */
  lengthEstimated: boolean;
  probe: ProbePos | null;
  /** the first load's look for the end is done (or not needed) */
  probeDone: boolean;
  sweep: SweepPos | null;
  /** when the last whole sweep began and ended: every record held was seen at or after it began */
  lastSweepStartedAt: number | null;
  lastSweepEndedAt: number | null;
  /** when the last page of a sweep was read, for spacing them */
  lastPageAt: number | null;
  /** the check of the newest end: when last done, and where it goes on when more than a page was new */
  newestCheckedAt: number | null;
  newest: SweepPos | null;
  /** records a whole sweep did not see: each is looked up by number before it is removed */
  confirm: number[];
  /** the last whole reading met fewer than half of the records held: it is read again, and a second reading like it is believed */
  collapsedOnce: boolean;
  /** the list's own failure: it waits until then before its next page */
  backoffUntil: number;
  failures: number;
  /** a person asked for everything to be read again (Full refresh): this list's sweep goes as fast as the share allows until it ends */
  refreshing: boolean;
}

export function newCursor(): ListCursor {
  return {
    order: null,
    risingPages: 0,
    loaded: false,
    loadStartedAt: null,
    length: null,
    lengthEstimated: false,
    probe: null,
    probeDone: false,
    sweep: null,
    lastSweepStartedAt: null,
    lastSweepEndedAt: null,
    lastPageAt: null,
    newestCheckedAt: null,
    newest: null,
    confirm: [],
    collapsedOnce: false,
    backoffUntil: 0,
    failures: 0,
    refreshing: false,
  };
}

const KEY = (list: PulledList) => `freshness.${list}`;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isRow = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isIdentity = (v: unknown): v is number | string | null => v === null || isRow(v) || (typeof v === 'string' && v.length <= 300);
const timeOr = (v: unknown): number | null => (isTime(v) ? v : null);

function readSweep(v: unknown): SweepPos | null {
  if (v === null || typeof v !== 'object') return null;
  const s = v as Record<string, unknown>;
  if (!isTime(s.startedAt) || !isRow(s.start) || !isIdentity(s.anchor)) return null;
  return {
    startedAt: s.startedAt,
    start: s.start,
    anchor: s.anchor,
    pages: isRow(s.pages) ? s.pages : 0,
    backs: isRow(s.backs) ? s.backs : 0,
    broken: s.broken === true,
    // after a restart the sweep is no longer one run
    unbroken: false,
    unsure: isRow(s.unsure) ? s.unsure : 0,
    firstRows: isRow(s.firstRows) ? s.firstRows : 0,
    firstOfLast: isIdentity(s.firstOfLast) ? s.firstOfLast : null,
    lastRows: isRow(s.lastRows) ? s.lastRows : undefined,
    repeats: isRow(s.repeats) ? s.repeats : 0,
    fromStart: s.fromStart === true,
    fell: s.fell === true,
    unkeyed: s.unkeyed === true,
  };
}

/** The list's cursor as last saved; a new one when none was, or it cannot be read. */
export function loadCursor(store: Pick<Store, 'keyValues'> | { keyValues: Pick<Store['keyValues'], 'get'> }, list: PulledList): ListCursor {
  const saved = store.keyValues.get<unknown>(KEY(list));
  const c = newCursor();
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return c;
  const s = saved as Record<string, unknown>;
  if (s.order === 'id' || s.order === 'other') c.order = s.order;
  if (isRow(s.risingPages)) c.risingPages = s.risingPages;
  c.loaded = s.loaded === true;
  c.loadStartedAt = timeOr(s.loadStartedAt);
  c.length = isRow(s.length) ? s.length : null;
  c.lengthEstimated = s.lengthEstimated === true;
  if (s.probe !== null && typeof s.probe === 'object') {
    const p = s.probe as Record<string, unknown>;
    if (isRow(p.known) && (p.past === null || isRow(p.past))) c.probe = { known: p.known, past: p.past, requests: isRow(p.requests) ? p.requests : 0 };
  }
  c.probeDone = s.probeDone === true;
  c.sweep = readSweep(s.sweep);
  c.lastSweepStartedAt = timeOr(s.lastSweepStartedAt);
  c.lastSweepEndedAt = timeOr(s.lastSweepEndedAt);
  c.lastPageAt = timeOr(s.lastPageAt);
  c.newestCheckedAt = timeOr(s.newestCheckedAt);
  c.newest = readSweep(s.newest);
  if (Array.isArray(s.confirm)) c.confirm = s.confirm.filter((k): k is number => isRow(k) && k > 0).slice(0, MAX_CONFIRM);
  c.collapsedOnce = s.collapsedOnce === true;
  c.backoffUntil = isTime(s.backoffUntil) ? s.backoffUntil : 0;
  c.failures = isRow(s.failures) ? s.failures : 0;
  c.refreshing = s.refreshing === true;
  return c;
}

export function saveCursor(store: Store, list: PulledList, cursor: ListCursor): void {
  store.keyValues.set(KEY(list), cursor);
}

/** Records one whole sweep looks up by number at most; the rest wait for the next sweep (a list that lost that many is read again first). */
export const MAX_CONFIRM = 500;
