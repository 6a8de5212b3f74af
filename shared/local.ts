// Shapes of locally held clients and quotation drafts, as the UI reads and
// edits them. Drafts hold whatever was typed, valid or not yet: nothing typed
// is refused by the database; validity is reported separately (field errors).
import type { Client, ClientInput, LineInput, ProductInput, Quotation, Reference, Approval } from './schemas';
import type { Totals } from './money';
import { jsonKeys, QUOTATION_TABLE } from './fields';

type Editable<T> = { [K in keyof T]?: T[K] | string | null };

/** Client attributes as edited; the service assigns clientnr, so it is not among them. */
export type ClientFields = Editable<Omit<ClientInput, 'clientnr' | 'reference'>> & { reference?: Reference };
export type ClientField = keyof ClientFields;

export type LocalState =
  /** same as on the service */
  | 'synced'
  /** created here, not yet on the service */
  | 'new'
  /** changed here since it was read from the service */
  | 'edited'
  /** deleted here, not yet on the service */
  | 'deleting';

export interface LocalClient {
  /** local id, stable for the record's whole life */
  id: string;
  /** the service's number, once it exists there */
  clientnr: number | null;
  /** the fields as the user sees them: local edits over the service record */
  fields: ClientFields;
  state: LocalState;
  /** deleted on the service while something here still refers to it */
  gone: boolean;
  updatedAt: number;
}

/** Product attributes as edited; the service assigns the id. */
export type ProductFields = Editable<ProductInput>;
export type ProductField = keyof ProductFields;

export interface LocalProduct {
  /** local id, stable for the record's whole life */
  id: string;
  /** the service's id, once it exists there */
  productId: number | null;
  /** the fields as the user sees them: local edits over the service record */
  fields: ProductFields;
  state: LocalState;
  /** deleted on the service while something here still refers to it */
  gone: boolean;
  updatedAt: number;
}

export type LineFields = Editable<LineInput>;
/** A quotation line; `id` is local and only orders and addresses lines in the UI. */
export interface DraftLine extends LineFields {
  id: string;
}

/**
 * The header fields of a quotation: those of its field table kept in the
 * draft's JSON (shared/fields/quotation.ts, place 'json'), in table order.
 * The store, the push, the merge and the conflicts loop over them.
 */
export const QUOTATION_HEADER_FIELDS = jsonKeys(QUOTATION_TABLE);
export type QuotationHeaderField = (typeof QUOTATION_HEADER_FIELDS)[number];
export type QuotationHeader = Editable<Pick<Quotation, Exclude<QuotationHeaderField, 'reference'>>> & { reference?: Reference };

export interface QuotationContent extends QuotationHeader {
  /** local id of the client the quotation is for */
  clientId: string | null;
  /**
   * A draft read from the service whose client is not on this computer yet
   * (made on another desk since the clients were last read): the service's
   * client number, clientId being null meanwhile. The store gives the
   * client as soon as it is here, a save sends this number, and choosing a
   * client drops it: such a draft is never "without a client".
   */
  serviceClientnr?: number;
  lines: DraftLine[];
}

export interface LocalQuotation {
  id: string;
  /** the service's id; it changes when a saved draft is sent */
  serverId: number | null;
  /** unique name of the saved draft on the service, assigned here */
  savename: string | null;
  /** unique public reference printed on the PDF, assigned here */
  quotationreference: string | null;
  content: QuotationContent;
  /** sent to the customer (or a send is queued) */
  sent: boolean;
  /** a send is queued and not yet done */
  sending: boolean;
  approved: Approval | null;
  customstatus: string;
  state: LocalState;
  gone: boolean;
  totals: Totals;
  updatedAt: number;
}

export interface SearchHit {
  id: string;
  /** first line to show: company, or contact when there is no company */
  title: string;
  detail: string;
}

export interface ClientHit extends SearchHit {
  clientnr: number | null;
}

export interface ProductHit extends SearchHit {
  productId: number;
  code: string;
  name: string;
  price: number | null;
  taxes: number | null;
}

export type { Client, Quotation };
