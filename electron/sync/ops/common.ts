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
