// The outbox, conflicts and sync status. Accounts are in account.ts, the
// app's settings in settings.ts.
import type { ConflictResolution } from '../../../shared/outbox';
import type { Handlers } from '../dispatcher';
import { conflictView, parkedView } from '../to-views';
import type { BridgeContext } from './context';
import { numericId, queuedFor } from './common';

type SyncHandlers = Pick<
  Handlers,
  | 'sync.status'
  | 'sync.pullNow'
  | 'sync.cancelPull'
  | 'sync.networkBack'
  | 'sync.refreshAll'
  | 'records.opened'
  | 'outbox.parked'
  | 'outbox.retry'
  | 'outbox.discard'
  | 'conflicts.list'
  | 'conflicts.resolve'
>;

/** The service's number of a record opened here; null while the service has none (a new record not yet pushed). */
function serviceNumberOf(store: ReturnType<BridgeContext['store']>, kind: 'quotation' | 'client' | 'product', id: string): number | null {
  if (kind === 'quotation') return store.quotations.findRow(id)?.server_id ?? null;
  if (kind === 'client') return store.clients.findRow(id)?.clientnr ?? null;
  return store.products.findRow(id)?.product_id ?? null;
}

const RESOLUTIONS: Record<'mine' | 'theirs' | 'both', ConflictResolution> = { mine: 'keep_mine', theirs: 'take_theirs', both: 'keep_both' };

export function syncHandlers(ctx: BridgeContext): SyncHandlers {
  return {
    'sync.status': () => ctx.syncStatus(),
    'sync.pullNow': () => ({ started: ctx.pullNow() }),
    'sync.cancelPull': () => ({ cancelled: ctx.cancelPull() }),
    'sync.networkBack': () => {
      ctx.networkBack();
      return { woken: true as const };
    },
    'sync.refreshAll': () => {
      ctx.refreshAll();
      return { started: true as const };
    },
    'records.opened': async ({ kind, id }) => {
      const number = serviceNumberOf(ctx.store(), kind, id);
      if (number === null) return { read: false };
      const list = kind === 'quotation' ? 'quotations' : kind === 'client' ? 'clients' : 'products';
      return { read: await ctx.opened(list, number) };
    },

    'outbox.parked': () => {
      const store = ctx.store();
      return store.outbox.parked().map((op) => parkedView(store, op));
    },
    'outbox.retry': ({ id }) => {
      const store = ctx.store();
      const op = store.outbox.get(numericId(id, 'Operation'));
      store.outbox.retry(op.id);
      return queuedFor(ctx, op.target, [op.kind]);
    },
    'outbox.discard': ({ id }) => {
      ctx.store().discardOperation(numericId(id, 'Operation'));
      return { discarded: true };
    },

    'conflicts.list': () => {
      const store = ctx.store();
      return store.conflicts.open().map((c) => conflictView(store, c));
    },
    'conflicts.resolve': ({ id, resolution }) => {
      ctx.store().conflicts.resolve(numericId(id, 'Conflict'), RESOLUTIONS[resolution]);
      ctx.wake();
      return { resolved: true };
    },
  };
}
