// What the push handlers of every record kind share.
import { ApiError } from '../../api';
import type { OutboxItem, Store } from '../../store';
import type { PushResult } from './types';

export function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'not_found';
}

/** The record is gone here, or was never sent: the entry has nothing left to carry. */
export function nothingLeft(store: Store, entry: OutboxItem): PushResult {
  store.outbox.markDone(entry.id);
  return 'done';
}

/**
 * A look-up that decides whether an earlier attempt reached the service
 * could not read the whole list: "not found" would not be proof, and sending
 * again could make a second copy. Thrown as a readable-answer problem, so the
 * entry keeps its unknown outcome and is looked up again later.
 */
export function listIncomplete(list: string, operation: string): ApiError {
  return new ApiError({ kind: 'bad_response', messageKey: 'api.list_incomplete', params: { list }, outcome: 'not_applied', operation });
}
