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
}

/**
 * Yields page after page. Stops after a page shorter than asked; a page
 * longer than asked means the service ignored `count` and sent everything.
 * A page that starts with the same record as the one before means the
 * service ignored `start`: that is an error, not an endless loop.
 */
export async function* pageThrough<T>(
  fetchPage: (page: Required<Page>) => Promise<T[]>,
  pageSize: number,
  start: number,
  identity: (row: T) => unknown,
  onRepeat: () => Error,
): AsyncGenerator<T[], void, undefined> {
  let at = start;
  let previousFirst: unknown;
  for (;;) {
    const rows = await fetchPage({ count: pageSize, start: at });
    if (rows.length === 0) return;
    const first = identity(rows[0]!);
    if (at !== start && first !== undefined && first === previousFirst) throw onRepeat();
    previousFirst = first;
    yield rows;
    if (rows.length !== pageSize) return;
    at += rows.length;
  }
}
