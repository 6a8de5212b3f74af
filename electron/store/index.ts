// The local database: the single source of truth the UI reads and edits,
// and the durable outbox the sync engine drains.
//
//   const store = openStore(join(dataDir, 'quotedesk.sqlite'));
//   const draft = store.quotations.create({ clientId });
//   store.quotations.addLine(draft.id, { description: 'Consultancy', amount: 2, price: 95 });
//   store.search.clients('mül');   // prefix, accent-insensitive type-ahead
import type { Db } from './db';
import { openDatabase } from './db';
import { type Clock, systemClock } from './clock';
import { Connection } from './connection';
import { Outbox } from './outbox';
import { Clients } from './clients';
import { Products } from './products';
import { Quotations } from './quotations';
import { QuotationPushes } from './quotation-pushes';
import { PulledRecords } from './pulled';
import { Search } from './search';
import { KeyValues } from './key-values';
import { Numbering } from './numbering';
import { ServiceDefaultsStore } from './service-defaults';
import { QuotationDefaultsStore } from './quotation-defaults';
import { QuotationStarts } from './quotation-starts';
import { ProductUnits } from './product-units';
import { PullPrints } from './pull-prints';
import { DocumentLists } from './document-lists';
import { Conflicts } from './conflicts';
import { Templates } from './templates';
import { TaxRates } from './tax-rates';
import { RecordChecks } from './record-checks';
import { discardOperation } from './discard';

export interface OpenStoreOptions {
  clock?: Clock;
  busyTimeoutMs?: number;
  /** how long finished outbox entries are kept for the activity view */
  keepDoneMs?: number;
  /**
   * Settle at open what was out when the app last stopped (default true).
   * Only the one desk on the data may (core/data-lock.ts); a desk let in
   * beside another (a test's bypass of the lock) leaves that desk's work alone.
   */
  recoverInFlight?: boolean;
}

export class Store {
  readonly outbox: Outbox;
  readonly clients: Clients;
  /** the catalogue as the person edits it, over what the service holds */
  readonly products: Products;
  readonly quotations: Quotations;
  /** what a push of a quotation records, one method per answer of the service */
  readonly quotationPushes: QuotationPushes;
  readonly pulled: PulledRecords;
  readonly search: Search;
  readonly keyValues: KeyValues;
  /** the account's scheme of quotation references, and the numbers it hands out */
  readonly numbering: Numbering;
  /** the account's values for the fields the service fills in when a quotation leaves them empty */
  readonly serviceDefaults: ServiceDefaultsStore;
  /** what a new quotation starts with: the account's payment condition, validity, opening and closing text */
  readonly quotationDefaults: QuotationDefaultsStore;
  /** each product's unit, kept on this computer (the service's product has none) */
  readonly productUnits: ProductUnits;
  /** the pages of each list's last complete pull, so that a later pull skips those it was given again */
  readonly pullPrints: PullPrints;
  readonly conflicts: Conflicts;
  /** the service's profiles and categories, for the pickers, offline too */
  readonly documentLists: DocumentLists;
  /** named groups of lines to start or fill quotations with; on this computer only */
  readonly templates: Templates;
  /** the tax rates the account uses, for the editor's notice of an unusual one */
  readonly taxRates: TaxRates;
  /** when each record was last seen on the service, and what the paced sweeps ask of the lists */
  readonly checks: RecordChecks;
  /** `changed` events after each committed change */
  readonly events: Connection['events'];
  /** requests that were out when the app last stopped, now of unknown outcome */
  readonly recoveredInFlight: number;

  constructor(
    readonly db: Db,
    // Only the store's own modules write rows, through named methods: nothing
    // outside electron/store issues SQL, so its statements and transactions
    // stay in here.
    private readonly conn: Connection,
    opts: OpenStoreOptions,
  ) {
    this.events = conn.events;
    this.outbox = new Outbox(conn);
    this.clients = new Clients(conn, this.outbox);
    this.products = new Products(conn, this.outbox);
    this.numbering = new Numbering(conn);
    this.taxRates = new TaxRates(conn);
    this.quotations = new Quotations(conn, this.outbox, this.clients, this.numbering, this.taxRates, new QuotationStarts(conn));
    this.pulled = new PulledRecords(conn, this.numbering, this.quotations);
    this.search = new Search(conn);
    this.keyValues = new KeyValues(conn);
    this.serviceDefaults = new ServiceDefaultsStore(conn, this.keyValues);
    this.quotationDefaults = new QuotationDefaultsStore(this.keyValues);
    this.productUnits = new ProductUnits(conn);
    this.pullPrints = new PullPrints(conn);
    this.documentLists = new DocumentLists(conn);
    this.conflicts = new Conflicts(conn, this.outbox, this.clients, this.quotations, this.products);
    this.quotationPushes = new QuotationPushes(conn, this.outbox, this.quotations, this.numbering, this.pulled, this.conflicts);
    this.templates = new Templates(conn, this.quotations, this.quotationDefaults);
    this.checks = new RecordChecks(conn);
    this.recoveredInFlight = opts.recoverInFlight === false ? 0 : this.outbox.recoverInFlight();
    this.outbox.pruneDone(conn.now() - (opts.keepDoneMs ?? 7 * 24 * 3600_000));
  }

  /** Drops a waiting or parked operation together with the local change it carried. */
  discardOperation(opId: number): void {
    discardOperation(this.conn, this.outbox, this.clients, this.quotations, opId, this.products);
  }

  /** Runs `fn` in one transaction (several edits that must land together). */
  transaction<T>(fn: () => T): T {
    return this.conn.tx([], fn);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export function openStore(path: string, opts: OpenStoreOptions = {}): Store {
  const db = openDatabase(path, { busyTimeoutMs: opts.busyTimeoutMs });
  return new Store(db, new Connection(db, opts.clock ?? systemClock), opts);
}

export { StoreError } from './errors';
export type { StoreErrorCode } from './errors';
export type { Clock } from './clock';
export type { OutboxItem } from './outbox';
export type { QuotationListItem, ListedClient, QuotationListOptions, QuotationListPage, RankedState } from './quotation-list';
export type { LocalTemplate } from './templates';
export type { CheckedList } from './record-checks';
export { LATEST_VERSION } from './migrations';
