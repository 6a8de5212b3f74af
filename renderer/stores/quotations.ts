// The quotation list as the screen shows it, a page at a time. matchesFilter
// and matchesQuery say in the renderer what the main process's list does in
// SQL (electron/store/quotation-list.ts), for views that hold a few rows.
import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { asBridgeError, bridge, call } from '../bridge';
import type { BridgeError, ListFilter, QuotationSort, QuotationState, QuotationSummary, QuotationView } from '../../shared/bridge';
import { fold } from '../../shared/fold';

export type StateFilter = 'all' | 'drafts' | 'sent' | 'attention' | QuotationState;

export function matchesFilter(q: QuotationSummary, filter: StateFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'drafts':
      return q.state === 'local' || q.state === 'pending' || q.state === 'saved';
    case 'sent':
      return q.state === 'sent' || q.state === 'approved';
    case 'attention':
      return q.state === 'attention' || q.state === 'conflict';
    default:
      return q.state === filter;
  }
}

/** Every word of the query must appear in one of the quotation's texts; case and accents do not matter. */
export function matchesQuery(q: QuotationSummary, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [
    q.savename,
    q.quotationreference,
    q.client?.name ?? '',
    q.serverId === null ? '' : String(q.serverId),
    q.totalintax,
    q.date ?? '',
    q.customstatus ?? '',
  ].join(' ');
  const folded = fold(hay);
  return words.every((w) => folded.includes(w));
}

/** Rows one call reads: a few screenfuls. */
export const PAGE_SIZE = 100;

/**
 * The quotation list a page at a time: the main process sorts, filters and
 * searches it (docs/quotation-list.md); this keeps the pages the screen has
 * shown, and reads them again, and only them, when quotations change.
 */
export const useQuotationsStore = defineStore('quotations', () => {
  const query = ref('');
  const filter = ref<StateFilter>('all');
  // the column the list is sorted by (null: most recently changed first); kept while the person moves around
  const sort = ref<QuotationSort | null>(null);
  /** how many quotations the search and filter leave */
  const total = ref(0);
  const counts = ref<Record<ListFilter, number>>({ all: 0, drafts: 0, sent: 0, attention: 0 });
  /** the pages read, by number; a page not here is read when it comes into view */
  const pages = shallowRef(new Map<number, QuotationSummary[]>());
  /** every row read, in order: a screen that asks whether a quotation is listed looks here */
  const items = shallowRef<QuotationSummary[]>([]);
  const loaded = ref(false);
  const error = shallowRef<BridgeError | null>(null);
  let off: (() => void) | null = null;
  /** the pages the screen shows or showed last: those a change reads again */
  let wanted = new Set<number>([0]);
  /** a new search, filter or order makes every answer of the one before stale */
  let generation = 0;
  const inFlight = new Map<number, Promise<void>>();

  function input(page: number) {
    const chip = filter.value;
    const named = chip === 'all' || chip === 'drafts' || chip === 'sent' || chip === 'attention';
    return {
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
      ...(query.value.trim() ? { query: query.value } : {}),
      ...(named ? (chip === 'all' ? {} : { filter: chip }) : { states: [chip] }),
      ...(sort.value ? { sort: sort.value } : {}),
    };
  }

  function publish(next: Map<number, QuotationSummary[]>): void {
    pages.value = next;
    items.value = [...next.keys()].sort((a, b) => a - b).flatMap((n) => next.get(n)!);
  }

  /**
   * Reads page `n`. `fill`: one more page; `refresh`: a page in view read
   * again, those out of view forgotten (they may have moved); `fresh`: the
   * first page of a new search or order, which replaces every page. An
   * answer that a newer search or order made stale is dropped.
   */
  function fetchPage(n: number, mode: 'fill' | 'refresh' | 'fresh'): Promise<void> {
    const running = inFlight.get(n);
    if (running && mode === 'fill') return running;
    const gen = generation;
    const p = (async () => {
      try {
        const answer = await call('quotations.list', input(n));
        if (gen !== generation) return;
        const kept = mode === 'fresh' ? [] : mode === 'refresh' ? [...pages.value].filter(([k]) => wanted.has(k)) : pages.value;
        const next = new Map(kept);
        next.set(n, answer.items);
        // pages past the end are gone
        for (const k of [...next.keys()]) if (k * PAGE_SIZE >= Math.max(answer.total, 1)) next.delete(k);
        total.value = answer.total;
        counts.value = answer.counts;
        publish(next);
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

  function listen(): void {
    if (off) return;
    try {
      // a state that moves with the outbox comes as a records.changed of the quotation too
      off = bridge().on('records.changed', (e) => {
        if (e.entity === 'quotation' || e.entity === 'client') void load();
      });
    } catch {
      off = null;
    }
  }

  /** Reads again the pages in view (the first one when nothing was read yet); rows elsewhere are read when they come into view. */
  function load(): Promise<void> {
    listen();
    if (wanted.size === 0) wanted.add(0);
    return Promise.all([...wanted].map((n) => fetchPage(n, 'refresh'))).then(() => undefined);
  }

  /** The rows [start, end) are in view: reads the pages that hold them and are not read yet. */
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

  /** The row at `index`, when its page has been read. */
  function rowAt(index: number): QuotationSummary | undefined {
    return pages.value.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  }

  /** A new search, filter or order: the list starts again from its first page. */
  function restart(): Promise<void> {
    generation++;
    inFlight.clear();
    wanted = new Set([0]);
    listen();
    // the rows shown stay until the new ones are there: typing does not blank the list
    return fetchPage(0, 'fresh');
  }
  watch([query, filter], () => void restart());

  async function create(clientId?: string | null): Promise<QuotationView | null> {
    try {
      const v = await call('quotations.create', clientId ? { clientId } : {});
      void load();
      return v;
    } catch (e) {
      error.value = asBridgeError(e);
      return null;
    }
  }

  async function duplicate(id: string): Promise<QuotationView | null> {
    try {
      const v = await call('quotations.duplicate', { id });
      void load();
      return v;
    } catch (e) {
      error.value = asBridgeError(e);
      return null;
    }
  }

  /** Sorts by `key`: ascending first, then the other way round; the list is read again, sorted where it is kept. */
  function sortBy(key: QuotationSort['key']): Promise<void> {
    const current = sort.value;
    sort.value = { key, dir: current?.key === key && current.dir === 'asc' ? 'desc' : 'asc' };
    return restart();
  }

  return { items, pages, query, filter, sort, total, counts, loaded, error, load, show, rowAt, create, duplicate, sortBy };
});
