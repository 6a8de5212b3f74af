// The service's profiles and categories for the editor's pickers, as the
// pull last kept them (offline too); and a client's default category offered
// for its new quotations.
import type { DocumentListView } from '../../../shared/bridge';
import type { Handlers } from '../dispatcher';
import type { Store } from '../../store';
import type { DocumentList } from '../../store/document-lists';
import type { BridgeContext } from './context';

type DocumentListHandlers = Pick<Handlers, 'profiles.list' | 'categories.list'>;

function listView(store: Store, list: DocumentList): DocumentListView {
  // a list the service no longer offers keeps its entries, to name a choice made before; the picker offers none of them
  const { state, items } = store.documentLists.get(list);
  return { state, items };
}

export function documentListHandlers(ctx: BridgeContext): DocumentListHandlers {
  return {
    'profiles.list': () => listView(ctx.store(), 'profiles'),
    'categories.list': () => listView(ctx.store(), 'categories'),
  };
}

function defaultCategoryOf(store: Store, clientId: string | null): number | null {
  if (!clientId) return null;
  const n = Number(store.clients.find(clientId)?.fields.default_category);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Offers the client's default category (docs/service-api.md, A client's default category)
 * as the quotation's category, when the draft has none, or has the one the
 * previous client offered and nobody changed it. A category someone chose
 * stays. Call it in the transaction that sets the client.
 */
export function offerClientCategory(store: Store, quotationId: string, previousClientId: string | null): void {
  const q = store.quotations.get(quotationId);
  if (q.sent) return;
  const current = Number(q.content.category);
  const offeredBefore = defaultCategoryOf(store, previousClientId);
  const untouched = !(current > 0) || (offeredBefore !== null && current === offeredBefore);
  if (!untouched) return;
  const offer = defaultCategoryOf(store, q.content.clientId);
  if (offer !== null && offer !== current) store.quotations.updateHeader(quotationId, { category: offer });
  else if (offer === null && offeredBefore !== null && current === offeredBefore) store.quotations.updateHeader(quotationId, { category: null });
}
