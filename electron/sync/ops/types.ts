import type { InvoicingApi } from '../../api';
import type { Store, OutboxItem } from '../../store';

export interface PushDeps {
  store: Store;
  api: InvoicingApi;
}

/** What a handler of one record kind needs: the store narrowed to the part it uses, and the service. */
export interface OpDeps<S> {
  store: S;
  api: InvoicingApi;
}

/** The outbox moves a push handler makes. */
export type PushOutbox = Pick<Store['outbox'], 'markDone' | 'markInFlight' | 'park' | 'forTarget'>;

/**
 * What the client handlers (ops/clients.ts) need of the store. The real
 * Store satisfies it; so does the in-memory one their tests also run on.
 */
export interface ClientPushStore {
  transaction<T>(fn: () => T): T;
  outbox: PushOutbox;
  conflicts: Pick<Store['conflicts'], 'record'>;
  clients: Pick<
    Store['clients'],
    'findRow' | 'row' | 'rowByClientnr' | 'usedBy' | 'undelete' | 'recordCreated' | 'recordMerged' | 'recordSaved' | 'markGone' | 'recordDeleted'
  >;
}

/** What the product handlers (ops/products.ts) need of the store, as ClientPushStore for clients. */
export interface ProductPushStore {
  transaction<T>(fn: () => T): T;
  outbox: PushOutbox;
  conflicts: Pick<Store['conflicts'], 'record'>;
  products: Pick<Store['products'], 'findRow' | 'row' | 'rowByProductId' | 'recordCreated' | 'recordMerged' | 'recordSaved' | 'markGone' | 'recordDeleted'>;
}

/**
 * What the quotation handlers (ops/quotations.ts, ops/read-sent.ts) need of
 * the store: the reads they decide on, the outbox moves they make, and one
 * write per answer of the service (store.quotationPushes). The real Store
 * satisfies it; so does the in-memory one of test/sync/quotation-ops-fake.test.ts.
 */
export interface QuotationPushStore {
  transaction<T>(fn: () => T): T;
  outbox: PushOutbox & Pick<Store['outbox'], 'absorb'>;
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
    | 'recordSentChangedThere'
    | 'markGone'
    | 'recordDraftConflict'
    | 'recordDeleted'
    | 'recordClient'
  >;
  clients: Pick<Store['clients'], 'findRow' | 'rowByClientnr'>;
  numbering: Pick<Store['numbering'], 'assign' | 'renumber'>;
  /** what tells whether a lost send may be looked up among the newest quotations (ops/newest-first.ts); without them it walks the whole list */
  checks?: Pick<Store['checks'], 'held' | 'highest'>;
  keyValues?: Pick<Store['keyValues'], 'get'>;
  /** learns the account's values of the fields the service fills (shared/service-defaults.ts) */
  serviceDefaults?: Pick<Store['serviceDefaults'], 'learn'>;
}

/** done: reached the service (or nothing was left to do); parked: waits for the user; waiting: on another entry. */
export type PushResult = 'done' | 'parked' | 'waiting';

/** applied: the earlier request took effect and its result is recorded; not_applied: it did not, send again. */
export type ResolveResult = 'applied' | 'not_applied' | 'parked';

export interface OpHandler {
  /** Sends the entry: checks, marks it in flight, makes the request, records the result. */
  push(entry: OutboxItem): Promise<PushResult>;
  /** For an entry whose last request got no answer: finds out, on the service, whether it took effect. */
  resolve(entry: OutboxItem): Promise<ResolveResult>;
}
