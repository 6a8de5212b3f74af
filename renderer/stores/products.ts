// The product catalogue, browsed and searched in the local cache a page at
// a time: the main process sorts it by name, searches and counts it; the
// screen reads the pages of the rows in view (components/PagedTable.vue).
// And the product being edited: read, created, changed, counted, deleted.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call, onRecordsChanged } from '../bridge';
import { listOnScreen } from '../lib/paged-rows';
import type { BridgeEvents, OperationInput, OperationResults, ProductDetail, ProductView } from '../../shared/bridge';

export const useProductsStore = defineStore('products', () => {
  const query = ref('');
  /** whether any product keeps track of its stock: the list's stock column is shown only then */
  const stockKept = ref(false);
  // a push gives a product made here its number and state; a pull brings new ones
  const { rows, load } = listOnScreen<ProductView, OperationResults['products.list']>(
    (offset, limit) => call('products.list', { query: query.value.trim() || undefined, offset, limit }),
    {
      entities: ['product'],
      onChanged: onRecordsChanged,
      inputs: [query],
      onAnswer: (answer) => {
        if (answer.stockKept !== undefined) stockKept.value = answer.stockKept;
      },
    },
  );

  /** The products whose code or name has every word of `query`: the editor's product picker. */
  function search(query: string, limit: number): Promise<ProductView[]> {
    return call('products.search', { query, limit });
  }

  return { rows, total: rows.total, loaded: rows.loaded, error: rows.error, query, stockKept, load, search };
});

/**
 * The product editor's way to the main process. The form is the screen's
 * (ProductEditor.vue): each answer is the product as it now is.
 */
export const useProductEditorStore = defineStore('productEditor', () => {
  function get(id: string): Promise<ProductDetail> {
    return call('products.get', { id });
  }

  /** `unit`: the unit its lines take, kept on this computer ('' for none) */
  function create(fields: OperationInput<'products.create'>['fields'], unit?: string): Promise<ProductDetail> {
    return call('products.create', { fields, ...(unit !== undefined ? { unit } : {}) });
  }

  /** `unit`: given only when it changed */
  function update(id: string, patch: OperationInput<'products.update'>['patch'], unit?: string): Promise<ProductDetail> {
    return call('products.update', { id, patch, ...(unit !== undefined ? { unit } : {}) });
  }

  function setStock(id: string, stock: OperationInput<'products.setStock'>['stock']): Promise<ProductDetail> {
    return call('products.setStock', { id, stock });
  }

  function remove(id: string): Promise<OperationResults['products.delete']> {
    return call('products.delete', { id });
  }

  /**
   * The person opened the product: a copy a few minutes old is read again
   * from the service, and a change comes as records.changed. Never awaited;
   * its failure does not matter to the editor.
   */
  function opened(id: string): void {
    call('records.opened', { kind: 'product', id }).catch(() => undefined);
  }

  /** Hears the records a push or a pull changed (a product's number, state or stock); returns the way to stop. Throws without a bridge. */
  function onChanged(hear: (e: BridgeEvents['records.changed']) => void): () => void {
    return onRecordsChanged(hear);
  }

  return { get, opened, create, update, setStock, remove, onChanged };
});
