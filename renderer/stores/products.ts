// The product catalogue, browsed and searched in the local cache a page at
// a time: the main process sorts it by name, searches and counts it; the
// screen reads the pages of the rows in view (components/PagedTable.vue).
import { defineStore } from 'pinia';
import { markRaw, ref, watch } from 'vue';
import { bridge, call } from '../bridge';
import { pagedRows } from '../lib/paged-rows';
import type { ProductView } from '../../shared/bridge';

export const useProductsStore = defineStore('products', () => {
  const query = ref('');
  // raw: the store would unwrap its refs, which the table reads as refs
  const rows = markRaw(pagedRows<ProductView>((offset, limit) => call('products.list', { query: query.value.trim() || undefined, offset, limit })));
  let off: (() => void) | null = null;

  function listen(): void {
    if (off) return;
    try {
      // a push gives a product made here its number and state; a pull brings new ones
      off = bridge().on('records.changed', (e) => {
        if (e.entity === 'product') void rows.reload();
      });
    } catch {
      off = null;
    }
  }

  /** Reads again the pages in view. */
  function load(): Promise<void> {
    listen();
    return rows.reload();
  }

  /** A new search: the list starts again from its first page. */
  function restart(): Promise<void> {
    listen();
    return rows.restart();
  }
  watch(query, () => void restart());

  return { rows, total: rows.total, loaded: rows.loaded, error: rows.error, query, load };
});
