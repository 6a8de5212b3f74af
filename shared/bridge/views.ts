// The shapes the renderer sees. They are views, not storage rows: the main
// process maps its store and sync state onto them, so the UI never depends on
// how things are kept.
import type { Approval, CustomStatus, SendMethod } from '../schemas';
import type { KeysAt, LINE_TABLE, QUOTATION_TABLE, ViewFields, ViewOf } from '../fields';
import type { FieldError } from '../field-errors';
import type { UiLanguage } from '../language';
import type { ServiceFills } from '../service-defaults';
import type { SerializedError } from './errors';

/** Where a quotation stands, as the badge in the list shows it. */
export type QuotationState =
  | 'local' // only on this computer, nothing queued
  | 'pending' // a save or send is waiting in the outbox
  | 'saved' // saved on the service as a draft, no local changes
  | 'sent'
  | 'approved'
  | 'conflict'
  | 'attention'; // an operation is parked: needs the user

// declared once, with the service's lists they come from
export type { CustomStatus, SendMethod } from '../schemas';

/** A reference to a client that may exist only locally yet. */
export interface ClientRef {
  /** local id (UUID) of the client record in the app */
  id: string;
  /** the service's client number, once the client exists there */
  clientnr: number | null;
  name: string;
}

export interface QuotationSummary {
  id: string;
  serverId: number | null;
  savename: string;
  quotationreference: string;
  client: ClientRef | null;
  /**
   * The client's name as the service copied it onto the quotation, while the
   * client itself is not here yet (a large account's first load reads the
   * clients last); absent once it is, or when the service gave none.
   */
  clientName?: string;
  date: string | null;
  /** estimate from the lines, or the service's total once known; exact decimal text */
  totalintax: string;
  currency: string;
  state: QuotationState;
  customstatus: CustomStatus | null;
  updatedAt: string;
}

/**
 * Text typed in number fields that reads as no number, by field: kept as
 * typed, counted as no value, never sent (shared/typed-number.ts). The
 * field's own entry in the view is absent meanwhile.
 */
export type TypedText = Readonly<Record<string, string>>;

/**
 * One line of a quotation, with the fields it holds (shared/fields/line.ts;
 * a text-only line has a description only); its `linetotal` as the service
 * computed it, when known; `typed`, a number field's text that is no number.
 */
export type LineView = { id: string; typed?: TypedText } & Partial<{
  [K in KeysAt<typeof LINE_TABLE, 'json' | 'service'>]: NonNullable<ViewOf<(typeof LINE_TABLE)[K]>>;
}>;

/** The header fields of a quotation as the page sees them: one each of its table's (shared/fields/quotation.ts, place 'json'). */
export type QuotationHeaderView = ViewFields<typeof QUOTATION_TABLE>;

export interface QuotationView extends QuotationSummary, QuotationHeaderView {
  /** a header number field's text that is no number (the discount, the period), by field */
  typed?: TypedText;
  /** date + quotationperiod */
  datedue: string | null;
  lines: LineView[];
  /** prices include tax when the client's tax_type is intax */
  taxType: 'intax' | 'extax';
  /** the client's tax_shifted: the tax is shifted to the receiver, no tax is charged (docs/money.md) */
  taxShifted: boolean;
  sent: boolean;
  /** its send waits in the outbox: sent as far as editing goes, not yet delivered */
  sending: boolean;
  /**
   * What waits in the outbox for it failed and goes again later (a save the
   * service keeps answering with errors): the editor says so at once, not
   * "saving" while nothing lands. Null while nothing failed, and once parked
   * (the badge and the attention panel say that).
   */
  pushError: PushError | null;
  approved: Approval | null;
  sign_url: string | null;
  /** the service's total; null while only the local estimate exists */
  serviceTotal: string | null;
  /** field errors the service gave for the last save/send, e.g. lines.2.price */
  fieldErrors: FieldError[];
  /** set while a conflict waits for the user */
  conflictId: string | null;
  /** editable unless sent */
  readOnly: boolean;
  /** the fields this draft leaves for the service to fill, with the account's value where known; none once sent */
  serviceFills: ServiceFills;
}

export type ClientState = 'local' | 'pending' | 'synced' | 'conflict' | 'attention';

export interface ClientSummary {
  id: string;
  clientnr: number | null;
  company: string;
  contact: string;
  email: string;
  city: string;
  /** what a client is found by besides its names (shared/client-codes.ts), shown where a search found it */
  zipcode: string;
  taxnumber: string;
  phone: string;
  mobile: string;
  active: boolean;
  state: ClientState;
}

export interface ClientView extends ClientSummary {
  /** every writable attribute of a client (docs/service-api.md, Clients), as the schemas give them */
  fields: Record<string, unknown>;
  lastinvoice: string | null;
  fieldErrors: FieldError[];
  conflictId: string | null;
  /** the service refused deletion because the client has documents */
  hasDocuments: boolean;
}

export interface ProductView {
  /** the service's id, or for a product not on the service yet a negative number of this computer's (lines.add fromProductId takes either) */
  id: number;
  /** local id, for the editor and its operations */
  localId: string;
  state: ClientState;
  code: string;
  name: string;
  price: number;
  taxes: number;
  priceintax: number | null;
  notes: string;
  stock: number | false;
  stock_use: boolean;
}

/** A product as its editor shows it: every writable field as typed, and what is wrong with them. */
export interface ProductDetail extends ProductView {
  fields: Record<string, unknown>;
  /** the unit a line made from it takes, kept on this computer only; '' for none */
  unit: string;
  /** what the service would refuse, per field (the shared schemas), before anything is sent */
  fieldErrors: FieldError[];
  conflictId: string | null;
}

export interface CountryView {
  id: number;
  name: string;
}

// a pull's progress is the sync engine's own report (phase, pages read, pages
// expected), passed to the page as it is: one shape, not two
import type { ListFreshness, PulledList, PullProgress, ReadingWait } from '../sync';
export type { ListFreshness, PullProgress, ReadingWait } from '../sync';

export interface RateBudget {
  limit: number;
  remaining: number;
  /** requests kept for a person's actions; background work never spends them */
  reserve: number;
  /** when the hour's window resets, when known (a window's start was seen, or the service said); null: within the hour */
  resetsAt: string | null;
}

/**
 * Why the outbox waits: the service named when to come back (a Retry-After,
 * or its hourly limit), the service answered with errors (5xx) and the
 * outbox holds back, or only the pause that grows after each failed attempt.
 */
export type NextTryReason = 'service_asked' | 'service_trouble' | 'backoff';

export interface NextTry {
  /** when the next attempt goes (ISO) */
  at: string;
  why: NextTryReason;
}

export interface PushError {
  /** the failure's kind as the outbox keeps it: network, server, rate_limited, … */
  kind: string;
  /** its text in the catalogue; absent in entries stored before keys were kept */
  messageKey: string | null;
  params: Record<string, string | number>;
  /** when it failed (ISO) */
  at: string;
  /** when it goes again (ISO); null: when the line is back */
  nextTryAt: string | null;
}

/**
 * The last time a pull or a push went wrong, until one goes well again: what
 * the sync bar and the attention panel say, with what to do.
 */
export interface SyncFailure {
  /** the error's kind (server, bad_response, offline, timeout, …), or set_aside: a pull read everything it could but set records aside */
  kind: string;
  /** the error's text in the catalogue (shared/messages) */
  messageKey: string;
  params: Record<string, string | number>;
  /** when (ISO) */
  at: string;
  /** the list a pull could not read whole */
  list?: PulledList;
  /** records a pull set aside (they could not be stored) */
  setAside?: number;
}

/** What the last sync (push, pull, push) came to: Sync now's answer, said in the bar. */
export interface SyncRun {
  /** when it ended (ISO) */
  at: string;
  /** a person asked for it (Sync now) */
  asked: boolean;
  /** done: pushed and pulled (failure may still name a list it could not read, or records set aside); failed; cancelled (stopped, or the app closing) */
  outcome: 'done' | 'failed' | 'cancelled';
  /** entries that reached the service */
  pushed: number;
  failure: SyncFailure | null;
}

export interface SyncStatus {
  /** not judged offline; a claim only together with a recent lastReachedAt (shared/reach.ts) */
  online: boolean;
  /** a request failed since the service last answered, and the line is not judged down yet */
  checking?: boolean;
  /** when the service last answered anything; null before the first answer */
  lastReachedAt?: string | null;
  /** operations waiting to go out */
  pending: number;
  parked: number;
  conflicts: number;
  lastSyncAt: string | null;
  /**
   * Lists the last pull could not read to a certain end (the service's
   * paging left open whether rows were missing): what was read is kept, and
   * nothing missing from them was removed. Empty when every list was whole.
   */
  incomplete: PulledList[];
  pulling: PullProgress | null;
  /** how fresh each list is, and the first load while it runs (docs/freshness.md) */
  freshness?: ListFreshness[];
  /** why background reading waits, while it waits for more than a moment */
  readingWaits?: ReadingWait | null;
  budget: RateBudget | null;
  /**
   * When the outbox goes again after a failure, and why it waits: null while
   * nothing waits out a failure (and while offline or waiting for a key).
   */
  nextTry: NextTry | null;
  /** the last pull that went wrong (or set records aside), until a pull goes well */
  lastPullFailure?: SyncFailure | null;
  /** the last push that went wrong, until a push goes well */
  lastPushFailure?: SyncFailure | null;
  /** when an exchange with the service last went well (ISO): "Online" is said only while no failure is newer */
  lastOkAt?: string | null;
  /** what the last sync came to; null before the first ended */
  lastRun?: SyncRun | null;
  /**
   * When the request the desk waits on was sent (ISO), once its answer has
   * not ended after 10 s (electron/core/answer-watch.ts); null while no
   * answer is that late. The bar says so instead of "Online".
   */
  waitingSince?: string | null;
  /**
   * demo: the built-in sandbox; needs_key: the service refused the key;
   * key_missing: the key is not in this computer's keychain (the service was not asked)
   */
  account: 'demo' | 'connected' | 'needs_key' | 'key_missing';
  /**
   * Counts up with each status the main process makes. A status read by a
   * call and one told by an event travel apart and may arrive in either
   * order: the page keeps the one made last (renderer/stores/sync.ts).
   */
  seq?: number;
}

export interface ParkedOperation {
  id: string;
  kind: string;
  /** what it is about, for a person: "Quotation Q-2026-014 to Bakkerij Jansen" */
  label: string;
  entity: 'quotation' | 'client' | 'product';
  entityId: string;
  /** the quotation's reference ('' for a client), and the client's name: for a text in the UI's language */
  reference: string;
  clientName: string;
  /** `kind` says what went wrong (validation, conflict, has_documents, credits, …); `params.detail` the English detail */
  reason: SerializedError;
  attempts: number;
  createdAt: string;
}

export interface ConflictView {
  id: string;
  entity: 'quotation' | 'client' | 'product';
  entityId: string;
  label: string;
  /** the quotation's reference ('' for a client), and the client's name: for a text in the UI's language */
  reference: string;
  clientName: string;
  /** the local version and the service's version, as field → value */
  mine: Record<string, unknown> | null;
  theirs: Record<string, unknown> | null;
  /**
   * Fields changed on both sides since the version the edit started from,
   * to different values: the conflict itself. Quotations name 'client',
   * header fields, 'reference.line1'…'reference.line3' and 'lines'.
   */
  fields: string[];
  /** what to compare side by side: those fields, a row per differing line */
  rows: ConflictRow[];
  /** fields changed here only, and on the service only: no conflict, for information */
  changedHereOnly: string[];
  changedThereOnly: string[];
  /** the service deleted the record while it was edited here */
  deletedOnService: boolean;
}

export interface ConflictRow {
  /** a field name as in `ConflictView.fields`, or 'line' for one quotation line */
  field: string;
  /** 1-based position of the line, for 'line' rows */
  line?: number;
  /**
   * The value here and on the service; null when absent. A 'client' row
   * holds the client's name, a 'line' row the line's fields.
   */
  mine: unknown;
  theirs: unknown;
}

export interface AccountView {
  id: string;
  baseUrl: string;
  username: string;
  displayName: string;
  active: boolean;
  /** no request goes until a key is entered again */
  needsKey: boolean;
  /** with needsKey: because the key is not in this computer's keychain, not because the service refused it */
  keyMissing: boolean;
}

export interface Settings {
  /** the language picked, or the system's when the host knows it; null: not picked and unknown here (the page follows its browser) */
  language: UiLanguage | null;
  /** whether the person picked the language (until then it follows the system's) */
  languagePicked?: boolean;
  defaultSendmethod: SendMethod;
  /** a draft being edited goes to the service by itself at most this often (minutes); saving, sending or leaving it sends it at once */
  draftSaveEveryMinutes: number;
  /**
   * The longest wait for one answer from the service (seconds), its whole
   * body included; an answer that takes longer is given up and tried again later.
   */
  answerWaitSeconds: number;
  /** the share of the hourly request limit, in percent, background reading may spend once the first load is done (docs/freshness.md) */
  backgroundSharePercent: number;
}

export interface QueuedResult {
  /** whether it goes out now (online) or when the connection is back */
  when: 'now' | 'when_online';
  operationId: string;
}
