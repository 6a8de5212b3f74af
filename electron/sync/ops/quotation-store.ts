import type { InvoicingApi } from '../../api';
import type { Store } from '../../store';

/**
 * What the quotation handlers (ops/quotations.ts, ops/read-sent.ts) need of
 * the store: the reads they decide on, the outbox moves they make, and one
 * write per answer of the service (store.quotationPushes). The real Store
 * satisfies it; so does the small in-memory one their tests also run on
 * (test/sync/quotation-ops-fake.test.ts).
 */
export interface QuotationPushStore {
  transaction<T>(fn: () => T): T;
  outbox: Pick<Store['outbox'], 'markDone' | 'markInFlight' | 'park' | 'forTarget' | 'absorb'>;
  quotations: Pick<Store['quotations'], 'findRow' | 'row' | 'contentOf' | 'contentFromServer' | 'takeMerged'>;
  quotationPushes: Pick<
    Store['quotationPushes'],
    | 'adoptServerId'
    | 'recordSaved'
    | 'recordSavedVersion'
    | 'recordServiceVersion'
    | 'recordSent'
    | 'recordSentRead'
    | 'recordSentChange'
    | 'markGone'
    | 'recordDraftConflict'
    | 'recordDeleted'
    | 'recordClient'
  >;
  clients: Pick<Store['clients'], 'findRow' | 'rowByClientnr'>;
  numbering: Pick<Store['numbering'], 'assign' | 'renumber'>;
}

export interface QuotationPushContext {
  store: QuotationPushStore;
  api: InvoicingApi;
}
