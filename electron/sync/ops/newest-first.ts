// A look-up among the newest records, for a send or a save whose answer was
// lost (docs/freshness.md, Look-ups). What the service made of it, if
// anything, has a number above every number there was before the request:
// in a list ordered by number that is at its end. So the end is read first,
// a page at a time backwards, and the look-up stops once it has read every
// record above that floor: one or two requests, where a walk from the start
// would read the whole list.
//
// It rests on the list being ordered by number, which the paced sweeps check
// on every page they read (list-cursor.ts); any page here that is not in
// order, or that leaves a gap to the page after it, ends the shortcut
// (`undefined`), and the caller walks the whole list as before.
import type { InvoicingApi } from '../../api';
import type { Quotation } from '../../../shared/schemas';

/** Pages the shortcut reads at most before it leaves the rest to a whole walk. */
const MAX_PAGES = 8;

/**
 * The first quotation above `floor` that `match` accepts; null when every
 * quotation above it was read and none matched; undefined when the list's
 * pages do not allow the shortcut. `length` is where the list ends as far
 * as this desk knows (the quotations it holds).
 */
export async function findNewestQuotation(
  api: InvoicingApi,
  length: number,
  floor: number,
  match: (q: Quotation) => boolean,
): Promise<Quotation | null | undefined> {
  const count = api.paging.sizeFor(api.pageSize);
  // a page shorter than asked is the end only where the service is known to give full pages of that size
  const sureEnd = api.paging.cap !== undefined || api.paging.gives >= count;
  if (!sureEnd || api.paging.whole.has('quotations.list')) return undefined;
  const read = (start: number) => api.quotations.list({ start, count });
  let start = Math.max(0, length - Math.max(1, count - 1));
  let pages = 0;
  /** the earliest page read: where it starts, and its first number */
  let earliest: { start: number; first: number } | null = null;
  // to the end: the last page as known, then on while pages are full; back while they are empty
  for (let back = 0; ;) {
    if (++pages > MAX_PAGES) return undefined;
    const rows = await read(start);
    if (rows.length === 0) {
      if (start === 0) return null;
      start = Math.max(0, start - count * 2 ** back++);
      continue;
    }
    if (!rising(rows)) return undefined;
    const hit = rows.find(match);
    if (hit) return hit;
    earliest ??= { start, first: rows[0]!.id };
    if (rows.length < count) break;
    start += rows.length - 1;
  }
  // back from the earliest page read until every number above the floor was seen
  while (earliest.first > floor && earliest.start > 0) {
    if (++pages > MAX_PAGES) return undefined;
    const s = Math.max(0, earliest.start - Math.max(1, count - 1));
    const rows = await read(s);
    if (rows.length === 0 || !rising(rows)) return undefined;
    const hit = rows.find(match);
    if (hit) return hit;
    // the page must reach the one after it: a gap may hold what is looked for
    if (rows[rows.length - 1]!.id < earliest.first) return undefined;
    earliest = { start: s, first: rows[0]!.id };
  }
  return null;
}

function rising(rows: readonly Quotation[]): boolean {
  for (let i = 1; i < rows.length; i++) if (!(rows[i]!.id > rows[i - 1]!.id)) return false;
  return true;
}
