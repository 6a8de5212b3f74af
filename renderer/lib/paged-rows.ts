// A long list read a page at a time, for a screen that shows only the rows
// in view (components/PagedTable.vue). The main process sorts, searches and
// counts; this keeps the pages the screen has shown, reads those in view
// again when the records change, and forgets the rest (they may have moved).
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import { asBridgeError } from '../bridge';
import type { BridgeError } from '../../shared/bridge';

/** Rows one call reads: a few screenfuls. */
export const PAGE_SIZE = 100;

export interface PagedRows<T> {
  /** how many rows the list has, with the search and filters of the last answer */
  total: Ref<number>;
  /** whether a first answer came */
  loaded: Ref<boolean>;
  error: ShallowRef<BridgeError | null>;
  /** the row at `index`, once its page has been read */
  rowAt(index: number): T | undefined;
  /** the rows [start, end) are in view: reads the pages that hold them and are not read yet */
  show(start: number, end: number): Promise<void>;
  /** reads again the pages in view (the first one when none was read) */
  reload(): Promise<void>;
  /** a new search or filter: starts from the first page; the rows shown stay until the new ones are there */
  restart(): Promise<void>;
}

export function pagedRows<T>(read: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>): PagedRows<T> {
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
        pages.value = next;
        error.value = null;
        loaded.value = true;
      } catch (e) {
        if (gen === generation) error.value = asBridgeError(e);
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
    wanted = new Set([0]);
    return fetchPage(0, 'fresh');
  }

  return { total, loaded, error, rowAt, show, reload, restart };
}
