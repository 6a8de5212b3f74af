// The product catalogue, browsed and searched in the local cache.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { asBridgeError, call } from '../bridge';
import type { BridgeError, ProductView } from '../../shared/bridge';

export const useProductsStore = defineStore('products', () => {
  const items = shallowRef<ProductView[]>([]);
  const total = ref(0);
  const query = ref('');
  const error = shallowRef<BridgeError | null>(null);
  let seq = 0;

  async function load(): Promise<void> {
    const mine = ++seq;
    try {
      const r = await call('products.list', { query: query.value.trim() || undefined, limit: 500 });
      if (mine !== seq) return;
      items.value = r.items;
      total.value = r.total;
      error.value = null;
    } catch (e) {
      if (mine === seq) error.value = asBridgeError(e);
    }
  }

  return { items, total, query, error, load };
});
