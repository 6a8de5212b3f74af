// What the push handlers of every record kind share.
import { ApiError, type InvoicingApi, type SearchResult } from '../../api';
import type { OutboxItem, Store } from '../../store';
import type { PushResult } from './types';
import { same } from '../merge';

export function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'not_found';
}

/** The record is gone here, or was never sent: the entry has nothing left to carry. */
export function nothingLeft(store: { outbox: Pick<Store['outbox'], 'markDone'> }, entry: OutboxItem): PushResult {
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

/**
 * An earlier attempt of an update whose answer was lost may have arrived:
 * where the service now holds exactly what that attempt sent, that value is
 * ours, not a change made there. Used as the base of the merge.
 */
export function ownEarlierChanges<T extends object>(base: T | null, entry: OutboxItem, theirs: T): T | null {
  const sent = (entry.sent as { changes?: Record<string, unknown> } | null)?.changes;
  if (!base || !sent) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [f, v] of Object.entries(sent)) if (same(v, (theirs as Record<string, unknown>)[f])) out[f] = v;
  return out as T;
}

/**
 * Looks up a create whose answer was lost: the newest record of a search of
 * `area` by `field` = `query` that `isOurs` takes (it holds everything that
 * was sent, and is not another record here). Null when there is none; a
 * search that could not be read to its end and found none proves nothing,
 * so that throws (docs/paging.md).
 */
export async function findLostCreate<A extends 'clients' | 'products'>(
  api: InvoicingApi,
  area: A,
  search: { field: string; query: string },
  isOurs: (found: SearchResult<A>) => boolean,
  numberOf: (found: SearchResult<A>) => number,
): Promise<SearchResult<A> | null> {
  const candidates: SearchResult<A>[] = [];
  const walk = api.searchPages(area, search.field, search.query);
  for await (const page of walk) for (const r of page) if (isOurs(r)) candidates.push(r);
  if (candidates.length === 0 && !walk.complete) throw listIncomplete(area, `${area}.search`);
  return candidates.reduce<SearchResult<A> | null>((a, b) => (a === null || numberOf(b) > numberOf(a) ? b : a), null);
}

/**
 * The version a record created here started from, for merging what was
 * typed on while the create's outcome was unknown: every field as the
 * create sent it, and empty where it sent nothing. Not the record a look-up
 * found: that may already hold another desk's changes, which would then
 * count as the base and be overwritten. A field the service filled in
 * itself counts as its change, taken in where this desk did not type one.
 */
export function createdBase(fields: readonly string[], sent: object, key: Record<string, number>): Record<string, unknown> {
  const s = sent as Record<string, unknown>;
  return { ...Object.fromEntries(fields.map((f) => [f, s[f] ?? ''])), ...key };
}
