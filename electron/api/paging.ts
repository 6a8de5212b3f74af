// Walking a whole list with count/start until a short page.

export interface Page {
  /** rows per page */
  count?: number;
  /** the row to start at (0-based) */
  start?: number;
}

export interface PagingOptions {
  /** rows per request; default the client's page size (1000) */
  pageSize?: number;
  start?: number;
  signal?: AbortSignal;
  priority?: boolean;
  /**
   * Ask for the next page as soon as a full page arrives, so that the
   * caller's work on one page overlaps with fetching the next (default
   * true). A caller that stops early (a lookup that found its record) pays
   * one request it never reads; such callers turn this off.
   */
  ahead?: boolean;
}

/**
 * Yields page after page, one request per page. Stops after a page shorter
 * than asked (nothing is asked past it); a list that ends exactly on a full
 * page takes one more request, answered with an empty page. A page longer
 * than asked means the service ignored `count` and sent everything. A page
 * that starts with the same record as the one before means the service
 * ignored `start`: that is an error, not an endless loop.
 *
 * A page asked ahead that fails is reported when the caller asks for it,
 * never earlier (the caller may be awaiting something else meanwhile), and
 * is dropped silently if the caller stops first.
 */
export async function* pageThrough<T>(
  fetchPage: (page: Required<Page>) => Promise<T[]>,
  pageSize: number,
  start: number,
  identity: (row: T) => unknown,
  onRepeat: () => Error,
  ahead = true,
): AsyncGenerator<T[], void, undefined> {
  let at = start;
  let next: Promise<T[]> | null = fetchPage({ count: pageSize, start: at });
  let previousFirst: unknown;
  let first = true;
  while (next !== null) {
    const rows: T[] = await next;
    next = null;
    if (rows.length === 0) return;
    const id = identity(rows[0]!);
    if (!first && id !== undefined && id === previousFirst) throw onRepeat();
    previousFirst = id;
    first = false;
    if (rows.length !== pageSize) {
      yield rows;
      return;
    }
    at += pageSize;
    if (ahead) next = handled(fetchPage({ count: pageSize, start: at }));
    yield rows;
    next ??= fetchPage({ count: pageSize, start: at });
  }
}

/**
 * The same promise with a handler attached at once: until it is awaited its
 * failure is nobody's yet, and must not end the process as an unhandled
 * rejection. Awaiting it still throws.
 */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}
