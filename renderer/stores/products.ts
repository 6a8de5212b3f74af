// The product catalogue, browsed and searched in the local cache.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { asBridgeError, bridge, call } from '../bridge';
import type { BridgeError, ProductView } from '../../shared/bridge';

export const useProductsStore = defineStore('products', () => {
  const items = shallowRef<ProductView[]>([]);
  const total = ref(0);
  const query = ref('');
  const error = shallowRef<BridgeError | null>(null);
  let seq = 0;
  let off: (() => void) | null = null;

  async function load(): Promise<void> {
    if (!off) {
      try {
        // a push gives a product made here its number and state; a pull brings new ones
        off = bridge().on('records.changed', (e) => {
          if (e.entity === 'product') void load();
        });
      } catch {
        off = null;
      }
    }
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
