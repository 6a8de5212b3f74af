// Walking a whole list for the sync engine: one request per page, nothing
// read past a short page (the hourly request budget is small).
import type { InvoicingApi } from '../api';
import type { Quotation } from '../../shared/schemas';

/**
 * Page after page of one list, one request per page: the next page is asked
 * for as soon as a full page arrives, so writing a page overlaps with
 * fetching the next, and nothing is read past a short page.
 */
export async function* pages<T>(
  fetchPage: (page: { count: number; start: number }) => Promise<T[]>,
  pageSize: number,
  identity: (row: T) => unknown,
): AsyncGenerator<T[], void, undefined> {
  let start = 0;
  let next: Promise<T[]> | null = fetchPage({ count: pageSize, start });
  let previousFirst: unknown;
  try {
    while (next) {
      const rows: T[] = await next;
      next = null;
      if (rows.length === 0) return;
      const first = identity(rows[0]!);
      if (start > 0 && first === previousFirst) throw new Error('The service sent the same page twice (it ignored "start"); the pull stopped and nothing was removed.');
      previousFirst = first;
      if (rows.length === pageSize) {
        start += pageSize;
        next = fetchPage({ count: pageSize, start });
        // it may fail while the caller is busy with this page; it is awaited next
        next.catch(() => {});
      }
      yield rows;
    }
  } finally {
    next?.catch(() => {});
  }
}

/** Every quotation on the service, page by page. */
export function quotationPages(api: InvoicingApi, pageSize = api.pageSize): AsyncGenerator<Quotation[], void, undefined> {
  return pages((p) => api.quotations.list(p), pageSize, (q) => q.id);
}

/** The first quotation on the service that `match` accepts, or null. */
export async function findQuotation(api: InvoicingApi, match: (q: Quotation) => boolean): Promise<Quotation | null> {
  for await (const page of quotationPages(api)) {
    const hit = page.find(match);
    if (hit) return hit;
  }
  return null;
}
