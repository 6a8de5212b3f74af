// The product catalogue, browsed and searched in the local cache a page at
// a time: the main process sorts it by name, searches and counts it; the
// screen reads the pages of the rows in view (components/PagedTable.vue).
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call } from '../bridge';
import { listOnScreen } from '../lib/paged-rows';
import type { ProductView } from '../../shared/bridge';

export const useProductsStore = defineStore('products', () => {
  const query = ref('');
  // a push gives a product made here its number and state; a pull brings new ones
  const { rows, load } = listOnScreen<ProductView>((offset, limit) => call('products.list', { query: query.value.trim() || undefined, offset, limit }), {
    entities: ['product'],
    inputs: [query],
  });

  return { rows, total: rows.total, loaded: rows.loaded, error: rows.error, query, load };
});
