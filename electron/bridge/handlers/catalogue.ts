// Products (local edits over what the service holds) and countries, as last pulled.
import type { LocalProduct } from '../../../shared/local';
import type { CountryView } from '../../../shared/bridge';
import type { Handlers } from '../dispatcher';
import { productView, readPending } from '../to-views';
import type { BridgeContext } from './context';

type CatalogueHandlers = Pick<Handlers, 'products.list' | 'products.search' | 'countries.list' | 'taxRates.usual'>;

export function catalogueHandlers(ctx: BridgeContext): CatalogueHandlers {
  // per space: another account may be another service
  const lists = new WeakMap<object, Map<string, CountryView[]>>();
  function found(query: string, limit: number): LocalProduct[] {
    const store = ctx.store();
    return store.search
      .products(query, limit)
      .map((hit) => store.products.find(hit.id))
      .filter((p): p is LocalProduct => p !== null);
  }

  return {
    'products.list': ({ query, offset = 0, limit = 100 }) => {
      const store = ctx.store();
      // the page only, in name order, searched, counted and paged by the store
      const page = store.products.page({ offset, limit, query: query?.trim() || undefined });
      const pending = readPending(store);
      const items = page.items.map((p) => productView(store, p, pending));
      // with the first page only: whether the list has a stock column is a question of the whole catalogue, not of a page
      return offset === 0 ? { items, total: page.total, stockKept: store.products.keepsStock() } : { items, total: page.total };
    },

    'taxRates.usual': ({ quotationId }) => ({ rates: ctx.store().taxRates.usual(quotationId) }),

    'products.search': ({ query, limit = 20 }) => {
      const store = ctx.store();
      const pending = readPending(store);
      return found(query, limit).map((p) => productView(store, p, pending));
    },

    'countries.list': async ({ lang }) => {
      const store = ctx.store();
      let byLang = lists.get(store);
      if (!byLang) lists.set(store, (byLang = new Map()));
      const cached = () => store.pulled.countries().map((c) => ({ id: c.id, name: c.name }));
      const key = lang ?? 'default';
      const known = byLang.get(key);
      if (known) return known;
      // the pulled list is in one language; another is read once per run, when online
      if ((lang === undefined && store.pulled.count('countries') > 0) || !ctx.online()) return cached();
      try {
        const fresh = await ctx.api().countries(lang);
        if (store.pulled.count('countries') === 0) store.pulled.putCountries(fresh);
        const views = fresh.map((c) => ({ id: c.id, name: c.name }));
        byLang.set(key, views);
        return views;
      } catch (err) {
        if (store.pulled.count('countries') > 0) return cached();
        throw err;
      }
    },
  };
}
