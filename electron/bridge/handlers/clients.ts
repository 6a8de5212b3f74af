// Clients: the list and the type-ahead read local state (the service's
// records as last pulled, with local edits over them); edits are queued.
import type { ClientFields, LocalClient } from '../../../shared/local';
import type { Handlers } from '../dispatcher';
import { clientSummary, clientView, readPending } from '../to-views';
import type { BridgeContext } from './context';
import { queuedFor } from './common';

type ClientHandlers = Pick<
  Handlers,
  'clients.list' | 'clients.search' | 'clients.get' | 'clients.create' | 'clients.update' | 'clients.delete' | 'clients.makeInactive'
>;

/** How long the client picker waits for the service's search before it shows what is here. */
const SERVICE_SEARCH_WAIT_MS = 3000;

/** Waits for `work`, but no longer than `ms`; what it does after that it does in its own time. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

export function clientHandlers(ctx: BridgeContext): ClientHandlers {
  /** Hits of the type-ahead, as clients, best first. */
  function found(query: string, limit: number): LocalClient[] {
    const store = ctx.store();
    return store.search
      .clients(query, limit)
      .map((hit) => store.clients.find(hit.id))
      .filter((c): c is LocalClient => c !== null);
  }

  return {
    'clients.list': ({ query, offset = 0, limit = 100, includeInactive = false }) => {
      const store = ctx.store();
      // the page only, in name order, searched, counted and paged by the store
      const page = store.clients.page({ offset, limit, includeInactive, query: query?.trim() || undefined });
      const pending = readPending(store);
      return { items: page.items.map((c) => clientSummary(c, pending)), total: page.total };
    },

    'clients.search': async ({ query, limit = 20 }) => {
      // while the clients are still loading, the service's search finds one not here yet: waited for a moment, no longer
      if (found(query, limit).length < limit) await atMost(ctx.searchClients(query), SERVICE_SEARCH_WAIT_MS);
      const pending = readPending(ctx.store());
      return found(query, limit).map((c) => clientSummary(c, pending));
    },

    'clients.get': ({ id }) => clientView(ctx.store(), ctx.store().clients.get(id)),

    'clients.create': ({ fields }) => {
      const c = ctx.store().clients.create(fields as ClientFields);
      return clientView(ctx.store(), c);
    },

    'clients.update': ({ id, patch }) => {
      const c = ctx.store().clients.update(id, patch as ClientFields);
      return clientView(ctx.store(), c);
    },

    'clients.delete': ({ id }) => {
      const store = ctx.store();
      store.clients.delete(id);
      const stillThere = store.clients.findRow(id) !== null;
      return { deleted: true, queued: stillThere ? queuedFor(ctx, id, ['client.delete']) : null };
    },

    'clients.makeInactive': ({ id }) => {
      const store = ctx.store();
      store.clients.makeInactiveInstead(id);
      return clientView(store, store.clients.get(id));
    },
  };
}
