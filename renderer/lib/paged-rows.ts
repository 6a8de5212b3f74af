// A long list read a page at a time, for a screen that shows only the rows
// in view (components/PagedTable.vue): the quotation, client and product
// lists. The main process sorts, searches and counts; this keeps the pages
// the screen has shown, reads those in view again when the records change,
// and forgets the rest (they may have moved).
import { markRaw, ref, shallowRef, watch, type Raw, type Ref, type ShallowRef, type WatchSource } from 'vue';
import { asBridgeError, type BridgeError, type BridgeEvents } from '../../shared/bridge';

/** Rows one call reads: a few screenfuls. */
export const PAGE_SIZE = 100;

export interface PagedRows<T> {
  /** how many rows the list has, with the search and filters of the last answer */
  total: Ref<number>;
  /** whether a first answer came */
  loaded: Ref<boolean>;
  error: ShallowRef<BridgeError | null>;
  /** the pages read, by number */
  pages: Readonly<ShallowRef<ReadonlyMap<number, T[]>>>;
  /** the row at `index`, once its page has been read */
  rowAt(index: number): T | undefined;
  /** the rows [start, end) are in view: reads the pages that hold them and are not read yet */
  show(start: number, end: number): Promise<void>;
  /** reads again the pages in view (the first one when none was read) */
  reload(): Promise<void>;
  /** a new search or filter: starts from the first page; the rows shown stay until the new ones are there */
  restart(): Promise<void>;
}

/** What one read answers: the page's rows and how many the whole list has; a list may say more (the quotation list's chip counts). */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A list read with `read`. `onAnswer` hears every answer that is not stale,
 * for what a list says beside its rows.
 */
export function pagedRows<T, A extends Page<T> = Page<T>>(read: (offset: number, limit: number) => Promise<A>, onAnswer?: (answer: A) => void): PagedRows<T> {
  const total = ref(0);
  const loaded = ref(false);
  const error = shallowRef<BridgeError | null>(null);
  /** the pages read, by number */
  const pages = shallowRef(new Map<number, T[]>());
  /** the pages the screen shows or showed last: those a reload reads again */
  let wanted = new Set<number>([0]);
  /** a new search makes every answer of the one before stale */
  let generation = 0;
  const inFlight = new Map<number, Promise<void>>();
  /** reads of a page in view that failed in a row: it is read again after a pause that doubles, a few times */
  const failures = new Map<number, number>();
  const RETRIES = 5;
  const FIRST_PAUSE_MS = 1000;

  /**
   * A page in view whose read failed (the store busy a moment, the main
   * process restarting) would show "Loading…" until the person scrolled away
   * and back or the records changed: it is read again while it is in view.
   */
  function retryLater(n: number, gen: number): void {
    const tries = (failures.get(n) ?? 0) + 1;
    failures.set(n, tries);
    if (tries > RETRIES) return;
    setTimeout(
      () => {
        if (gen === generation && wanted.has(n) && !pages.value.has(n)) void fetchPage(n, 'fill');
      },
      FIRST_PAUSE_MS * 2 ** (tries - 1),
    );
  }

  function fetchPage(n: number, mode: 'fill' | 'refresh' | 'fresh'): Promise<void> {
    const running = inFlight.get(n);
    if (running && mode === 'fill') return running;
    const gen = generation;
    const p = (async () => {
      try {
        const answer = await read(n * PAGE_SIZE, PAGE_SIZE);
        if (gen !== generation) return;
        const kept = mode === 'fresh' ? [] : mode === 'refresh' ? [...pages.value].filter(([k]) => wanted.has(k)) : pages.value;
        const next = new Map(kept);
        next.set(n, answer.items);
        // pages past the end are gone
        for (const k of [...next.keys()]) if (k * PAGE_SIZE >= Math.max(answer.total, 1)) next.delete(k);
        total.value = answer.total;
        onAnswer?.(answer);
        pages.value = next;
        error.value = null;
        loaded.value = true;
        failures.delete(n);
      } catch (e) {
        if (gen !== generation) return;
        error.value = asBridgeError(e);
        if (!pages.value.has(n)) retryLater(n, gen);
      }
    })();
    inFlight.set(n, p);
    void p.then(() => {
      if (inFlight.get(n) === p) inFlight.delete(n);
    });
    return p;
  }

  function rowAt(index: number): T | undefined {
    return pages.value.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  }

  function show(start: number, end: number): Promise<void> {
    const first = Math.floor(Math.max(0, start) / PAGE_SIZE);
    const last = Math.floor(Math.max(start, end - 1) / PAGE_SIZE);
    wanted = new Set<number>();
    const reads: Promise<void>[] = [];
    for (let n = first; n <= last; n++) {
      wanted.add(n);
      if (!pages.value.has(n) && n * PAGE_SIZE < Math.max(total.value, 1)) reads.push(fetchPage(n, 'fill'));
    }
    return Promise.all(reads).then(() => undefined);
  }

  function reload(): Promise<void> {
    if (wanted.size === 0) wanted.add(0);
    return Promise.all([...wanted].map((n) => fetchPage(n, 'refresh'))).then(() => undefined);
  }

  function restart(): Promise<void> {
    generation++;
    inFlight.clear();
    failures.clear();
    wanted = new Set([0]);
    return fetchPage(0, 'fresh');
  }

  return { total, loaded, error, pages, rowAt, show, reload, restart };
}

export type Entity = BridgeEvents['records.changed']['entity'];

export interface ListOnScreen<T> {
  /** raw: a store would unwrap its refs, which the table reads as refs */
  rows: Raw<PagedRows<T>>;
  /** reads again the pages in view (the first one when none was read) */
  load(): Promise<void>;
  /** a new search, filter or order: the list starts again from its first page */
  restart(): Promise<void>;
}

/**
 * The list a store gives its screen: read again when records of one of
 * `entities` change (heard through `onChanged`, the store's way to the
 * bridge's records.changed, from its first load on, when the bridge is
 * there), and from its first page when one of `inputs` (its search or
 * filters) changes.
 */
export function listOnScreen<T, A extends Page<T> = Page<T>>(
  read: (offset: number, limit: number) => Promise<A>,
  opts: {
    entities: readonly Entity[];
    inputs: WatchSource[];
    onChanged: (hear: (e: BridgeEvents['records.changed']) => void) => () => void;
    onAnswer?: (answer: A) => void;
  },
): ListOnScreen<T> {
  const rows = markRaw(pagedRows<T, A>(read, opts.onAnswer));
  let off: (() => void) | null = null;

  function listen(): void {
    if (off) return;
    try {
      off = opts.onChanged((e) => {
        if (opts.entities.includes(e.entity)) void rows.reload();
      });
    } catch {
      off = null;
    }
  }

  function load(): Promise<void> {
    listen();
    return rows.reload();
  }

  function restart(): Promise<void> {
    listen();
    return rows.restart();
  }
  watch(opts.inputs, () => void restart());

  return { rows, load, restart };
}
