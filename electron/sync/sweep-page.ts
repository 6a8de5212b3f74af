// Judging one page of a sweep: which of its rows are new, where the next
// page starts, whether the list ended, and what the page shows about how the
// service pages (docs/paging.md) and orders its lists (docs/freshness.md).
//
// A sweep reads a list from its first row to its last, a page at a time,
// possibly over hours, while the service's list changes under it. Each page
// starts at the last row of the page before (one row of overlap): the record
// read last, the anchor, must come back first. Where it does not, rows before
// it were inserted or removed meanwhile:
// - found further into the page: rows were inserted before it; the rows up to
//   it were read already, and nothing is passed over;
// - not found: rows before it were removed, so the page starts past rows not
//   yet read. The sweep steps back (a few rows, then further) and looks
//   again; the page that finds the anchor goes on from it. A list ordered by
//   number needs no step back when the page begins below the anchor's number
//   and rises past it: only the anchor itself was removed.
// A sweep that cannot find its anchor again after a few steps back goes on,
// marked broken: records it did not meet are looked up by number before any
// is removed, so a row passed over costs a request, never a record.
import type { PagingFacts } from '../api';
import type { ListOrder, SweepPos } from './list-cursor';

/** Steps back to find the anchor again before a sweep goes on without it. */
export const MAX_BACKS = 3;

export type Identity = number | string;

export interface PageSeen {
  start: number;
  count: number;
  /** the rows' identities in the order given: a record's number, or a set-aside record's identity */
  ids: readonly Identity[];
}

export type SweepMove =
  /** go on: `pos` says where the next page starts; `fresh` is the index of the first row not read before */
  | { kind: 'next'; pos: SweepPos; fresh: number }
  /** the anchor was not found: read again from an earlier row (this page's rows are still good records) */
  | { kind: 'back'; pos: SweepPos; fresh: number }
  /** the list ended: it holds `length` rows */
  | { kind: 'end'; pos: SweepPos; fresh: number; length: number }
  /** the service ignores start and its first page was full: the rest of the list cannot be had */
  | { kind: 'incomplete'; fresh: number };

export function startSweep(at: number): SweepPos {
  return { startedAt: at, start: 0, anchor: null, pages: 0, backs: 0, broken: false, unbroken: true, unsure: 0, firstRows: 0, firstOfLast: null };
}

/**
 * Where a page leaves the sweep. `facts` (what walks learned of the
 * service's paging, kept per account) is updated as pageThrough updates it:
 * `gives` once a page after the first shows the service honours start, `cap`
 * when a short page was followed by more rows, `whole` when a list ignores
 * count or start. `list` names the list in `facts.whole`.
 */
export function judgePage(pos: SweepPos, page: PageSeen, facts: PagingFacts, list: string, order: ListOrder | null, expected: number | null = null): SweepMove {
  const { start, count, ids } = page;
  const n = ids.length;
  const next = (p: Partial<SweepPos>): SweepPos => ({ ...pos, ...p });

  // more rows than asked: the service ignores count and gave all of it from start
  if (n > count) {
    if (pos.anchor === null && start === 0) facts.whole.add(list);
    const at = pos.anchor === null ? null : anchorIndex(pos.anchor, ids, order);
    return { kind: 'end', pos: next({ pages: pos.pages + 1 }), fresh: at === null ? 0 : at + 1, length: start + n };
  }
  // The page before again, whole, where its last row should have come first,
  // twice in a row (or once, after a first page that was short: the whole
  // list): the service ignores start. Once after a full page can be rows
  // inserted before, as many as the page had less one; twice cannot.
  const repeated = n > 0 && n === pos.lastRows && ids[0] === pos.firstOfLast && ids[0] !== pos.anchor && ids[n - 1] === pos.anchor;
  if (pos.backs === 0 && repeated && ((pos.repeats ?? 0) >= 1 || pos.firstRows < count)) {
    if (pos.firstRows < count) {
      facts.whole.add(list);
      return { kind: 'end', pos: next({}), fresh: n, length: pos.firstRows };
    }
    return { kind: 'incomplete', fresh: n };
  }
  // an answer after the first that does not repeat it: the service honours start
  if (start > 0 && n > 0) facts.gives = Math.max(facts.gives, pos.firstRows, n);

  let fresh = 0;
  if (pos.anchor !== null) {
    const at = anchorIndex(pos.anchor, ids, order);
    if (at === null) {
      if (start > 0 && pos.backs < MAX_BACKS) {
        // a few rows back first (a row or two removed is the usual case), then further: the page that finds the anchor goes on from there
        const back = Math.min(Math.max(1, count - 1), 8 * 4 ** pos.backs);
        return { kind: 'back', pos: next({ start: Math.max(0, start - back), backs: pos.backs + 1 }), fresh: n };
      }
      // nothing more to step back to: rows may have been passed over
      pos = next({ broken: true });
      if (n === 0) return { kind: 'end', pos: next({ pages: pos.pages + 1, backs: 0 }), fresh: 0, length: start };
    } else fresh = at + 1;
  }
  // The short page before was followed by more rows: the service's pages are
  // that long, unless it gave longer ones before (then that page was cut
  // short, and the service's size stays as it was).
  if (pos.unsure > 0 && fresh < n && facts.gives <= pos.unsure) facts.cap = pos.unsure;

  // a page as long as the service gives is full, whatever was asked
  const full = facts.cap !== undefined ? Math.min(count, facts.cap) : count;
  const short = n < full;
  // A short page is the end where the service cannot be capping: it gave
  // more before, its cap is known, or it answers the list whole. And not
  // far short of where the list was known to end (`expected`): a page cut
  // short by a service in trouble must not end a sweep early, so the page
  // after it is read to be sure.
  const margin = expected === null ? 0 : Math.max(5, Math.ceil(expected / 100));
  const sure = (n < facts.gives || facts.cap !== undefined || facts.whole.has(list)) && (expected === null || start + n + margin >= expected);
  const pages = pos.pages + 1;
  const firstRows = pos.pages === 0 && pos.anchor === null ? n : pos.firstRows;
  // nothing past the anchor in a short page: the list ends there
  if (n === 0 || (short && (sure || fresh >= n))) {
    return { kind: 'end', pos: next({ pages, backs: 0, unsure: 0, firstRows }), fresh, length: start + n };
  }
  const moved: Partial<SweepPos> = {
    start: start + n - 1,
    anchor: ids[n - 1]!,
    pages,
    backs: 0,
    unsure: short ? n : 0,
    firstRows,
    firstOfLast: ids[0]!,
    lastRows: n,
    repeats: repeated ? (pos.repeats ?? 0) + 1 : 0,
  };
  return { kind: 'next', pos: next(moved), fresh };
}

/**
 * The anchor's index in the page; null when it is not there and rows may
 * have been passed over. A list ordered by number whose page starts below
 * the anchor's number and rises past it lost only the anchor: the index is
 * that of the last row below it.
 */
function anchorIndex(anchor: Identity, ids: readonly Identity[], order: ListOrder | null): number | null {
  const i = ids.indexOf(anchor);
  if (i >= 0) return i;
  if (order !== 'id' || typeof anchor !== 'number' || ids.length === 0) return null;
  const first = ids[0];
  if (typeof first !== 'number' || first >= anchor) return null;
  let below = -1;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (typeof id !== 'number') continue;
    if (id < anchor) below = k;
    else return below;
  }
  // the whole page is below the anchor: it ends before it, and whether rows lie between is not known
  return null;
}

/**
 * What a page says of the list's order: 'fell' when two of its numbers (or
 * its first new number and the anchor before it) fall, 'rose' when they
 * all rise and there are at least two, 'none' when it says nothing.
 */
export function orderOfPage(ids: readonly Identity[], before: Identity | null): 'rose' | 'fell' | 'none' {
  let last = typeof before === 'number' ? before : null;
  let compared = 0;
  for (const id of ids) {
    if (typeof id !== 'number') continue;
    if (last !== null) {
      if (id < last) return 'fell';
      if (id > last) compared++;
    }
    last = id;
  }
  return compared > 0 ? 'rose' : 'none';
}
