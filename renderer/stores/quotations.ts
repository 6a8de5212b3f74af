// The quotation list as the screen shows it, a page at a time. matchesFilter
// and matchesQuery say in the renderer what the main process's list does in
// SQL (electron/store/quotation-list.ts), for views that hold a few rows.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { call, onRecordsChanged } from '../bridge';
import { listOnScreen, PAGE_SIZE } from '../lib/paged-rows';
import {
  asBridgeError,
  type ListFilter,
  type QuotationPage,
  type QuotationSort,
  type QuotationState,
  type QuotationSummary,
  type QuotationView,
} from '../../shared/bridge';
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

/** Every word of the query must appear in one of the quotation's texts; case and accents do not matter. The service's id is no such text: it is shown nowhere. */
export function matchesQuery(q: QuotationSummary, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [q.savename, q.quotationreference, q.client?.name ?? '', q.totalintax, q.date ?? '', q.customstatus ?? ''].join(' ');
  const folded = fold(hay);
  return words.every((w) => folded.includes(w));
}

export { PAGE_SIZE };

/**
 * The quotation list a page at a time: the main process sorts, filters and
 * searches it (docs/quotation-list.md); lib/paged-rows keeps the pages the
 * screen has shown, and reads them again, and only them, when quotations change.
 */
export const useQuotationsStore = defineStore('quotations', () => {
  const query = ref('');
  const filter = ref<StateFilter>('all');
  // the column the list is sorted by (null: most recently changed first); kept while the person moves around
  const sort = ref<QuotationSort | null>(null);
  const counts = ref<Record<ListFilter, number>>({ all: 0, drafts: 0, sent: 0, attention: 0 });

  function input(offset: number, limit: number) {
    const chip = filter.value;
    const named = chip === 'all' || chip === 'drafts' || chip === 'sent' || chip === 'attention';
    return {
      offset,
      limit,
      ...(query.value.trim() ? { query: query.value } : {}),
      ...(named ? (chip === 'all' ? {} : { filter: chip }) : { states: [chip] }),
      ...(sort.value ? { sort: sort.value } : {}),
    };
  }

  // a state that moves with the outbox comes as a records.changed of the quotation too; a client's new name changes its rows
  const { rows, load, restart } = listOnScreen<QuotationSummary, QuotationPage>((offset, limit) => call('quotations.list', input(offset, limit)), {
    entities: ['quotation', 'client'],
    onChanged: onRecordsChanged,
    inputs: [query, filter],
    onAnswer: (answer) => (counts.value = answer.counts),
  });
  /** every row read, in order: a screen that asks whether a quotation is listed looks here */
  const items = computed(() => {
    const pages = rows.pages.value;
    return [...pages.keys()].sort((a, b) => a - b).flatMap((n) => pages.get(n)!);
  });
  const error = rows.error;

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

  return {
    rows,
    items,
    pages: rows.pages,
    query,
    filter,
    sort,
    total: rows.total,
    counts,
    loaded: rows.loaded,
    error,
    load,
    show: rows.show,
    rowAt: rows.rowAt,
    create,
    duplicate,
    sortBy,
  };
});
