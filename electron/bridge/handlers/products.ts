// Products edited here: create, change, set the stock, delete. Each is kept
// at once and queued for the service (electron/store/products.ts).
import type { ProductFields } from '../../../shared/local';
import type { Handlers } from '../dispatcher';
import { productDetail } from '../to-views';
import type { BridgeContext } from './context';
import { queuedFor } from './common';

type ProductHandlers = Pick<Handlers, 'products.get' | 'products.create' | 'products.update' | 'products.setStock' | 'products.delete'>;

export function productHandlers(ctx: BridgeContext): ProductHandlers {
  return {
    'products.get': ({ id }) => productDetail(ctx.store(), ctx.store().products.get(id)),

    // the unit is kept beside the product, in the same transaction (the service's product has no unit field)
    'products.create': ({ fields, unit }) => {
      const store = ctx.store();
      const p = store.transaction(() => {
        const created = store.products.create(fields as ProductFields);
        if (unit !== undefined) store.productUnits.set(created.id, unit);
        return created;
      });
      return productDetail(store, store.products.get(p.id));
    },

    'products.update': ({ id, patch, unit }) => {
      const store = ctx.store();
      const p = store.transaction(() => {
        const updated = Object.keys(patch).length > 0 || unit === undefined ? store.products.update(id, patch as ProductFields) : store.products.get(id);
        if (unit !== undefined) store.productUnits.set(id, unit);
        return updated;
      });
      return productDetail(store, store.products.get(p.id));
    },

    'products.setStock': ({ id, stock }) => productDetail(ctx.store(), ctx.store().products.setStock(id, stock)),

    'products.delete': ({ id }) => {
      const store = ctx.store();
      store.products.delete(id);
      const stillThere = store.products.findRow(id) !== null;
      return { deleted: true, queued: stillThere ? queuedFor(ctx, id, ['product.delete']) : null };
    },
  };
}
