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
   * Ask for the next page as soon as a full page arrives, so that parsing
   * one page and the caller's work on it overlap with fetching the next
   * (default true). A caller that stops early (a lookup that found its record) pays
   * one request it never reads; such callers turn this off.
   */
  ahead?: boolean;
}

/**
 * Fetches one page. `looksFull`, when given, may be called as soon as the
 * answer has arrived and looks like a full page, before the (costlier)
 * parsing: the pager then asks for the next page at once, so that the
 * service prepares it while this one is parsed.
 */
export type FetchPage<T> = (page: Required<Page>, looksFull?: () => void) => Promise<T[]>;

/** A page asked for, and the page after it once that was asked too. */
interface Asked<T> {
  at: number;
  rows: Promise<T[]>;
  /** the fetcher said it looks full */
  looksFull: boolean;
  next?: Asked<T>;
}

/**
 * Yields page after page, one request per page. Stops after a page shorter
 * than asked (nothing is asked past it); a list that ends exactly on a full
 * page takes one more request, answered with an empty page. A page longer
 * than asked means the service ignored `count` and sent everything. A page
 * that starts with the same record as the one before means the service
 * ignored `start`: that is an error, not an endless loop.
 *
 * With `ahead`, the next page is asked for as soon as the page the walk is
 * waiting for looks full (see FetchPage), or at the latest when it has been
 * read and is full. Only the page the walk waits for may ask ahead, so at
 * most one request runs ahead of what is known; a page that only looked
 * full costs that one request, which nobody reads (the fetcher's test, see
 * `looksFull` in parse.ts, makes that a corner case).
 *
 * A page asked ahead that fails is reported when the caller asks for it,
 * never earlier (the caller may be awaiting something else meanwhile), and
 * is dropped silently if the caller stops first.
 */
export async function* pageThrough<T>(
  fetchPage: FetchPage<T>,
  pageSize: number,
  start: number,
  identity: (row: T) => unknown,
  onRepeat: () => Error,
  ahead = true,
): AsyncGenerator<T[], void, undefined> {
  let current: Asked<T> | null = null;
  const askNext = (page: Asked<T>) => {
    page.next ??= ask(page.at + pageSize);
  };
  const ask = (at: number): Asked<T> => {
    const page: Asked<T> = { at, rows: Promise.resolve([]), looksFull: false };
    const early = ahead
      ? () => {
          page.looksFull = true;
          if (page === current) askNext(page);
        }
      : undefined;
    page.rows = handled(fetchPage({ count: pageSize, start: at }, early));
    return page;
  };
  let previousFirst: unknown;
  let first = true;
  current = ask(start);
  try {
    for (;;) {
      const rows: T[] = await current.rows;
      if (rows.length === 0) return;
      const id = identity(rows[0]!);
      if (!first && id !== undefined && id === previousFirst) throw onRepeat();
      previousFirst = id;
      first = false;
      if (rows.length !== pageSize) {
        yield rows;
        return;
      }
      if (ahead) askNext(current);
      const following: Asked<T> | undefined = current.next;
      yield rows;
      current = following ?? ask(current.at + pageSize);
      // it may have looked full while the walk was not yet waiting for it
      if (current.looksFull) askNext(current);
    }
  } finally {
    current = null;
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
