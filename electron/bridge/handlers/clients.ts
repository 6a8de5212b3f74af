// Clients: the list and the type-ahead read local state (the service's
// records as last pulled, with local edits over them); edits are queued.
import type { ClientFields, LocalClient } from '../../../shared/local';
import type { Handlers } from '../dispatcher';
import { clientSummary, clientView, isActiveClient, readPending } from '../to-views';
import type { BridgeContext } from './context';
import { queuedFor } from './common';

type ClientHandlers = Pick<
  Handlers,
  'clients.list' | 'clients.search' | 'clients.get' | 'clients.create' | 'clients.update' | 'clients.delete' | 'clients.makeInactive'
>;

const ALL = 1_000_000;

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
      const pending = readPending(store);
      if (!query?.trim()) {
        // the page only: ordered and counted by the store, not read whole here
        const page = store.clients.list({ offset, limit, includeInactive });
        return { items: page.map((c) => clientSummary(c, pending)), total: store.clients.count({ includeInactive }) };
      }
      const matching = found(query, ALL).filter((c) => includeInactive || isActiveClient(c));
      return { items: matching.slice(offset, offset + limit).map((c) => clientSummary(c, pending)), total: matching.length };
    },

    'clients.search': ({ query, limit = 20 }) => {
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
