// Small pieces every handler area uses.
import type { QueuedResult } from '../../../shared/bridge';
import type { OpKind } from '../../../shared/outbox';
import { HandlerError } from '../../errors/handler-error';
import type { BridgeContext } from './context';
import { said } from '../../../shared/messages';

/** The operation just queued for a record, as the UI is told about it. */
export function queuedFor(ctx: BridgeContext, target: string, kinds: readonly OpKind[]): QueuedResult {
  const op = ctx
    .store()
    .outbox.forTarget(target)
    .filter((o) => kinds.includes(o.kind))
    .at(-1);
  if (!op) throw new HandlerError('conflict_state', said('bridge.nothing_queued'));
  ctx.wake();
  return { when: ctx.online() ? 'now' : 'when_online', operationId: String(op.id) };
}

/** Outbox and conflict ids are numbers in the store and text on the bridge. */
export function numericId(id: string, what: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new HandlerError('not_found', said(what === 'Conflict' ? 'bridge.no_such_conflict' : 'bridge.no_such_operation', { id }));
  return Number(id);
}

/** Case- and accent-insensitive text for substring search. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
