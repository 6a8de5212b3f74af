// Reads the service's profiles and categories for a pull: one request each
// (short lists, answered whole). They change seldom and every request comes
// out of the person's hourly budget, so a kept list is read again only when
// a day old, when the last try failed, or when a person asked for the pull
// (Sync now, a new key). A list the service does not offer (404, or 405 for
// a path it routes elsewhere) is kept as "not available"; any other failure
// keeps what was stored. Neither fails the pull: the lists only fill two
// pickers, and the quotation falls back to the service's defaults without
// them. What is about the whole connection (the key refused, the hourly
// limit, the pull cancelled) is thrown, as any other request of the pull
// would have it.
import { isApiError, type InvoicingApi } from '../api';
import type { Store } from '../store';
import type { DocumentList } from '../store/document-lists';
import type { ListOutcome } from '../../shared/sync';

export const LIST_REFRESH_MS = 24 * 3600_000;
const FAILED_KEY = 'pull.listsFailed';

const NOT_OFFERED = new Set(['not_found', 'method_not_allowed']);
const ABOUT_EVERYTHING = new Set(['unauthorized', 'forbidden', 'rate_limited', 'aborted']);

export interface ListsRead {
  requests: number;
  outcomes: Record<DocumentList, ListOutcome>;
}

export async function readDocumentLists(
  store: Store,
  api: InvoicingApi,
  now: () => number,
  opts: { priority?: boolean; signal?: AbortSignal },
): Promise<ListsRead> {
  const result: ListsRead = { requests: 0, outcomes: { profiles: 'kept', categories: 'kept' } };
  const failedBefore = new Set(store.keyValues.get<DocumentList[]>(FAILED_KEY) ?? []);
  const failed = new Set<DocumentList>();
  const call = { priority: opts.priority, signal: opts.signal };
  const fetchers: Record<DocumentList, () => Promise<void>> = {
    profiles: async () => store.documentLists.put('profiles', await api.profiles(call), now()),
    categories: async () => store.documentLists.put('categories', await api.categories(call), now()),
  };
  for (const list of ['profiles', 'categories'] as const) {
    const kept = store.documentLists.get(list);
    const due = opts.priority || kept.readAt === null || failedBefore.has(list) || now() - kept.readAt >= LIST_REFRESH_MS;
    if (!due) continue;
    result.requests++;
    try {
      await fetchers[list]();
      result.outcomes[list] = 'read';
    } catch (e) {
      if (!isApiError(e) || ABOUT_EVERYTHING.has(e.kind)) throw e;
      if (NOT_OFFERED.has(e.kind)) {
        store.documentLists.markUnavailable(list, now());
        result.outcomes[list] = 'unavailable';
      } else {
        failed.add(list);
        result.outcomes[list] = 'failed';
      }
    }
  }
  if (failed.size > 0 || failedBefore.size > 0) store.keyValues.set(FAILED_KEY, [...failed]);
  return result;
}
