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

    'products.create': ({ fields }) => productDetail(ctx.store(), ctx.store().products.create(fields as ProductFields)),

    'products.update': ({ id, patch }) => productDetail(ctx.store(), ctx.store().products.update(id, patch as ProductFields)),

    'products.setStock': ({ id, stock }) => productDetail(ctx.store(), ctx.store().products.setStock(id, stock)),

    'products.delete': ({ id }) => {
      const store = ctx.store();
      store.products.delete(id);
      const stillThere = store.products.findRow(id) !== null;
      return { deleted: true, queued: stillThere ? queuedFor(ctx, id, ['product.delete']) : null };
    },
  };
}
