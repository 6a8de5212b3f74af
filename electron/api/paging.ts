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
 *
 * One page is always asked for ahead, so that reading and checking a page
 * here overlaps with the service producing the next one. The cost is at most
 * one read past the end of the list (answered with a short or empty page),
 * or past where the caller stopped.
 */
export async function* pageThrough<T>(
  fetchPage: (page: Required<Page>) => Promise<T[]>,
  pageSize: number,
  start: number,
  identity: (row: T) => unknown,
  onRepeat: () => Error,
): AsyncGenerator<T[], void, undefined> {
  let ahead = start;
  const inFlight: Promise<T[]>[] = [];
  const ask = () => {
    inFlight.push(fetchPage({ count: pageSize, start: ahead }));
    ahead += pageSize;
  };
  ask();
  ask();
  let previousFirst: unknown;
  let first = true;
  try {
    while (inFlight.length > 0) {
      const rows = await inFlight.shift()!;
      if (rows.length === 0) return;
      const id = identity(rows[0]!);
      if (!first && id !== undefined && id === previousFirst) throw onRepeat();
      previousFirst = id;
      first = false;
      if (rows.length !== pageSize) {
        yield rows;
        return;
      }
      yield rows;
      // asked once the caller wants more, so stopping early costs one read at most
      ask();
    }
  } finally {
    // reads asked ahead and no longer wanted must not become unhandled rejections
    for (const p of inFlight) p.catch(() => {});
  }
}
