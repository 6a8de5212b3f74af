// Walking a whole list with count/start, complete whatever the service does
// with paging: the spec gives count a default but no maximum, and names no
// paging parameters for every list (docs/paging.md).

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
export type FetchPage<T, U extends Standing = never> = (page: Required<Page>, looksFull?: () => void) => Promise<T[] | U>;

/**
 * A page given in place of its rows (see UnchangedPage in page-prints.ts):
 * the identities of the rows it stands for, in their order.
 */
export interface Standing {
  readonly keys: readonly unknown[];
}

/** A walk through one list: its pages, and at the end whether they were the whole list. */
export interface Walk<T, U extends Standing = never> extends AsyncIterable<T[] | U> {
  /**
   * True once the walk reached an end it can be sure of. False while it
   * runs, after it failed or was stopped, and when the service's answers
   * leave open whether more rows exist (see pageThrough): only a complete
   * walk may be taken as proof that a record missing from it is gone.
   */
  readonly complete: boolean;
  /** requests this walk made, a page asked ahead and never read included */
  readonly requests: number;
}

export interface SavedPagingFacts {
  gives?: number;
  cap?: number;
  whole?: string[];
}

/**
 * What walks have shown about how the service pages its lists. Kept per API
 * client (one account) and saved with the pull, so that what one walk paid
 * to learn no later walk pays again. The page size is taken to be one for
 * the whole service (the spec gives one default for every list) and never to
 * shrink; whether a list ignores count and start is kept per list.
 */
export class PagingFacts {
  /** the most rows the service has given in one page of a paged list */
  gives = 0;
  /** the service's own page size: it gave fewer rows than asked and still had more */
  cap: number | undefined;
  /** lists the service answers whole, whatever count and start ask */
  readonly whole = new Set<string>();

  get empty(): boolean {
    return this.gives === 0 && this.cap === undefined && this.whole.size === 0;
  }

  /** rows to ask for when the caller wants `pageSize` */
  sizeFor(pageSize: number): number {
    return this.cap === undefined ? pageSize : Math.min(pageSize, this.cap);
  }

  toJSON(): SavedPagingFacts {
    return { gives: this.gives, ...(this.cap !== undefined ? { cap: this.cap } : {}), whole: [...this.whole] };
  }

  /** Takes in saved facts; anything unreadable is ignored (it is only worth requests, never rows). */
  restore(saved: unknown): void {
    if (saved === null || typeof saved !== 'object') return;
    const s = saved as Record<string, unknown>;
    const count = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined);
    this.gives = Math.max(this.gives, count(s.gives) ?? 0);
    this.cap ??= count(s.cap);
    if (Array.isArray(s.whole)) for (const w of s.whole) if (typeof w === 'string') this.whole.add(w);
  }
}

export interface WalkOptions<T> {
  pageSize: number;
  start?: number;
  /** tells a repeated page: the first row's identity is compared with the page before */
  identity: (row: T) => unknown;
  ahead?: boolean;
  /** what is known about the service's paging, updated by this walk */
  facts?: PagingFacts;
  /** the list's name in `facts.whole` */
  list?: string;
}

/** A page asked for, and the page after it once that was asked too. */
interface Asked<T, U> {
  at: number;
  count: number;
  rows: Promise<T[] | U>;
  /** the fetcher said it looks full */
  looksFull: boolean;
  next?: Asked<T, U>;
}

/**
 * Walks a list page by page, one request per page, and says at the end
 * whether the walk is complete (see Walk).
 *
 * - A page of the size asked is full: the walk goes on.
 * - An empty page ends the list.
 * - A page longer than asked means the service ignored count and sent
 *   everything from `start`: the end, nothing more is asked.
 * - A page shorter than asked ends the list only where the service cannot
 *   be capping pages: it is shorter than pages the service gave before, or
 *   the list is known to be answered whole. Otherwise the walk goes on from
 *   `start + rows received`, asking for that many rows: a page of them is
 *   full again, and the one short page followed by more taught the service's
 *   page size (`facts.cap`), which later walks ask for from the start. Where
 *   the list did end, this costs one more request, answered empty.
 * - A page that starts with the same record as the one before means the
 *   service ignored `start`: the walk ends there, without the repeat. The
 *   first page was then the whole list if it was shorter than asked (and the
 *   list is remembered as answered whole); if it was full, more may exist
 *   and the walk is not complete.
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
export function pageThrough<T, U extends Standing = never>(fetchPage: FetchPage<T, NoInfer<U>>, opts: WalkOptions<T>): Walk<T, U> {
  const facts = opts.facts ?? new PagingFacts();
  const list = opts.list ?? '';
  const ahead = opts.ahead ?? true;
  const state = { complete: false, requests: 0 };

  async function* walk(): AsyncGenerator<T[] | U, void, undefined> {
    let current: Asked<T, U> | null = null;
    const askNext = (page: Asked<T, U>) => {
      page.next ??= ask(page.at + page.count, page.count);
    };
    const ask = (at: number, count: number): Asked<T, U> => {
      const page: Asked<T, U> = { at, count, rows: Promise.resolve([]), looksFull: false };
      const early = ahead
        ? () => {
            page.looksFull = true;
            if (page === current) askNext(page);
          }
        : undefined;
      state.requests++;
      page.rows = handled(fetchPage({ count, start: at }, early));
      return page;
    };
    /** the page before, and the first page of this walk */
    let before: { id: unknown; rows: number; short: boolean } | undefined;
    let first: { rows: number; count: number } | undefined;
    current = ask(opts.start ?? 0, facts.sizeFor(opts.pageSize));
    try {
      for (;;) {
        const page: Asked<T, U> = current;
        const rows: T[] | U = await page.rows;
        // a page standing for rows it was not parsed into counts as those rows
        const length = Array.isArray(rows) ? rows.length : rows.keys.length;
        const id = length === 0 ? undefined : Array.isArray(rows) ? opts.identity(rows[0]!) : rows.keys[0];
        if (before !== undefined && id !== undefined && id === before.id) {
          // the service ignores start: nothing more can be had from it, and
          // a first page that was full may not have been all there is
          if (first!.rows >= first!.count) return;
          facts.whole.add(list);
          break;
        }
        // An answer after the first that does not repeat it shows the service
        // honours start: only then does the first page tell how many rows the
        // service gives in a page (a list answered whole tells nothing of it).
        if (first !== undefined) facts.gives = Math.max(facts.gives, first.rows);
        if (length === 0) break;
        if (before?.short) facts.cap = before.rows;
        if (length > page.count) {
          if (before === undefined) facts.whole.add(list);
          yield rows;
          break;
        }
        const short = length < page.count;
        const ends = short && (length < facts.gives || facts.whole.has(list));
        if (first !== undefined) facts.gives = Math.max(facts.gives, length);
        before = { id, rows: length, short };
        first ??= { rows: length, count: page.count };
        if (short) {
          yield rows;
          if (ends) break;
          current = ask(page.at + length, length);
          continue;
        }
        if (ahead) askNext(page);
        const following: Asked<T, U> | undefined = page.next;
        yield rows;
        current = following ?? ask(page.at + page.count, page.count);
        // it may have looked full while the walk was not yet waiting for it
        if (current.looksFull) askNext(current);
      }
      state.complete = true;
    } finally {
      current = null;
    }
  }

  const pages = walk();
  return {
    get complete() {
      return state.complete;
    },
    get requests() {
      return state.requests;
    },
    [Symbol.asyncIterator]: () => pages,
  };
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
