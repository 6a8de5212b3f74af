// The quotation list: read once from the local store, then searched and
// filtered in memory so every keystroke answers at once.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { asBridgeError, bridge, call } from '../bridge';
import type { BridgeError, QuotationSort, QuotationState, QuotationSummary, QuotationView } from '../../shared/bridge';
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
  const hay = [q.savename, q.quotationreference, q.client?.name ?? '', q.serverId === null ? '' : String(q.serverId), q.totalintax, q.date ?? '', q.customstatus ?? '']
    .join(' ');
  const folded = fold(hay);
  return words.every((w) => folded.includes(w));
}

export const useQuotationsStore = defineStore('quotations', () => {
  const items = shallowRef<QuotationSummary[]>([]);
  const query = ref('');
  const filter = ref<StateFilter>('all');
  // the column the list is sorted by (null: most recently changed first); kept while the person moves around
  const sort = ref<QuotationSort | null>(null);
  const loaded = ref(false);
  const error = shallowRef<BridgeError | null>(null);
  let off: (() => void) | null = null;
  let loading: Promise<void> | null = null;
  let again = false;

  const filtered = computed(() => {
    const f = filter.value;
    const q = query.value;
    return items.value.filter((item) => matchesFilter(item, f) && matchesQuery(item, q));
  });

  const counts = computed(() => {
    const c = { all: items.value.length, drafts: 0, sent: 0, attention: 0 };
    for (const item of items.value) {
      if (matchesFilter(item, 'drafts')) c.drafts++;
      if (matchesFilter(item, 'sent')) c.sent++;
      if (matchesFilter(item, 'attention')) c.attention++;
    }
    return c;
  });

  function load(): Promise<void> {
    if (!off) {
      try {
        // a state that moves with the outbox comes as a records.changed of the quotation too
        off = bridge().on('records.changed', (e) => {
          if (e.entity === 'quotation' || e.entity === 'client') void load();
        });
      } catch {
        off = null;
      }
    }
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        try {
          items.value = await call('quotations.list', sort.value ? { sort: sort.value } : {});
          error.value = null;
          loaded.value = true;
        } catch (e) {
          error.value = asBridgeError(e);
        }
      } while (again);
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

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
    return load();
  }

  return { items, query, filter, sort, loaded, error, filtered, counts, load, create, duplicate, sortBy };
});
