// Products and countries, as last pulled from the service.
import type { Product } from '../../../shared/schemas';
import type { CountryView } from '../../../shared/bridge';
import type { Handlers } from '../dispatcher';
import { productView } from '../views';
import type { BridgeContext } from './context';

type CatalogueHandlers = Pick<Handlers, 'products.list' | 'products.search' | 'countries.list'>;

const ALL = 1_000_000;

export function catalogueHandlers(ctx: BridgeContext): CatalogueHandlers {
  // per space: another account may be another service
  const lists = new WeakMap<object, Map<string, CountryView[]>>();
  function found(query: string, limit: number): Product[] {
    const store = ctx.store();
    return store.search
      .products(query, limit)
      .map((hit) => store.cache.product(hit.productId))
      .filter((p): p is Product => p !== null);
  }

  return {
    'products.list': ({ query, offset = 0, limit = 100 }) => {
      const store = ctx.store();
      if (query?.trim()) {
        const all = found(query, ALL);
        return { items: all.slice(offset, offset + limit).map(productView), total: all.length };
      }
      return { items: store.cache.products({ offset, limit }).map(productView), total: store.cache.count('products') };
    },

    'products.search': ({ query, limit = 20 }) => found(query, limit).map(productView),

    'countries.list': async ({ lang }) => {
      const store = ctx.store();
      let byLang = lists.get(store);
      if (!byLang) lists.set(store, (byLang = new Map()));
      const cached = () => store.cache.countries().map((c) => ({ id: c.id, name: c.name }));
      const key = lang ?? 'default';
      const known = byLang.get(key);
      if (known) return known;
      // the pulled list is in one language; another is read once per run, when online
      if ((lang === undefined && store.cache.count('countries') > 0) || !ctx.online()) return cached();
      try {
        const fresh = await ctx.api().countries(lang);
        if (store.cache.count('countries') === 0) store.cache.putCountries(fresh);
        const views = fresh.map((c) => ({ id: c.id, name: c.name }));
        byLang.set(key, views);
        return views;
      } catch (err) {
        if (store.cache.count('countries') > 0) return cached();
        throw err;
      }
    },
  };
}
