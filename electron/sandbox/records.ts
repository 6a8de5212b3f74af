// The records the sandbox keeps, in typed form (numbers, booleans, null for an
// empty date). Every record carries every attribute, as the live service's
// records do; `toWire` turns them into the all-strings wire form.
import type { TaxTotal } from '../../shared/money';
import type { CustomStatus, SendMethod } from '../../shared/schemas';
import { CLIENT_TABLE, PRODUCT_TABLE, storedDefaults, type QUOTATION_TABLE, type StoredFields, type StoredRecord } from '../../shared/fields';

/** A client as the service keeps it: every field of its table (shared/fields/client.ts). */
export type ClientRec = StoredRecord<typeof CLIENT_TABLE>;

/** The three reference lines, as the service keeps them. */
export type ReferenceLines = ClientRec['reference'];

/** A product as the service keeps it: every field of its table (shared/fields/product.ts). */
export type ProductRec = StoredRecord<typeof PRODUCT_TABLE>;

/** A priced line, or a text-only line that carries only its description. */
export type LineRec =
  | {
      amount: number;
      amount_desc: string;
      description: string;
      tax_rate: number;
      price: number;
      discount_pct: number;
      linetotal: string;
      /** a foreign tax for this line: kept (and in the data file), never written out (input only: docs/service-api.md, A line's foreign tax) */
      tax_country?: true;
    }
  | { description: string };

export interface ApprovalRec {
  name: string;
  date: string;
  ip: string;
  comments: string;
}

export type { SendMethod } from '../../shared/schemas';

/**
 * A quotation as the service keeps it: every field the page edits, as its
 * table declares it (shared/fields/quotation.ts; stored by storedFields in
 * quotations.ts and data.ts), and those the sandbox keeps by rules of its
 * own: its numbers and names, the lines and their money, the dates, the
 * states, and the client's details copied on save and send.
 */
export type QuotationRec = QuotationOwn & Omit<StoredFields<typeof QUOTATION_TABLE>, keyof QuotationOwn>;

interface QuotationOwn {
  id: number;
  clientnr: number;
  savename: string;
  quotationreference: string;
  lines: LineRec[];
  profile_name: string;
  category_name: string;
  /** '' when it has none (a data file's record) */
  date: string;
  datedue: string;
  /** keyed tax1, tax2 … like the live service's documents; [] without priced lines */
  taxes: Record<string, TaxTotal> | [];
  totalintax: string;
  sendmethod: '' | SendMethod;
  sent: boolean;
  customstatus: '' | CustomStatus;
  approved: ApprovalRec | null;
  contact: string;
  company: string;
  address: string;
  zipcode: string;
  city: string;
  country: number;
  phone: string;
  mobile: string;
  email: string;
  sign_url: string;
}

/** Invoices are kept minimal: enough to search them and to give clients documents. */
export interface InvoiceRec {
  id: number;
  invoicenr: string;
  clientnr: number;
  company: string;
  contact: string;
  email: string;
  city: string;
  date: string;
  datedue: string;
  status: 'open' | 'paid' | 'late';
  totalintax: string;
}

export interface SavedInvoiceRec {
  id: number;
  savename: string;
  clientnr: number;
  company: string;
  date: string;
  totalintax: string;
}

export interface RepeatingInvoiceRec {
  id: number;
  clientnr: number;
  company: string;
  frequency: 'month' | 'quarter' | 'year';
  startdate: string;
  nextdate: string;
  totalintax: string;
}

export interface Profile {
  id: number;
  name: string;
  /** the profile a quotation that names none is printed with; exactly one is */
  default: boolean;
}
export interface Category {
  id: number;
  name: string;
}

/** Account settings the spec refers to ("set in the user's account", "from the settings"). */
export interface AccountSettings {
  taxRates: number[];
  quotationperiod: number;
  paymentcondition: string;
  profiles: Profile[];
  categories: Category[];
}

export const DEFAULT_ACCOUNT: AccountSettings = {
  taxRates: [0, 9, 21],
  quotationperiod: 30,
  paymentcondition: 'Betaling binnen 30 dagen na factuurdatum',
  profiles: [
    { id: 1, name: 'Standaard', default: true },
    { id: 2, name: 'English', default: false },
    { id: 3, name: 'Zonder logo', default: false },
  ],
  categories: [
    { id: 1, name: 'Algemeen' },
    { id: 2, name: 'Advies' },
    { id: 3, name: 'Webdesign' },
    { id: 4, name: 'Onderhoud' },
  ],
};

/** The profile used when a quotation names none: the one marked default, else the first. */
export function defaultProfile(account: AccountSettings): number {
  return (account.profiles.find((p) => p.default) ?? account.profiles[0])?.id ?? 0;
}

export function emptyReference(): ReferenceLines {
  return { ...CLIENT_TABLE.reference.default };
}

export function clientDefaults(clientnr: number): ClientRec {
  return { ...storedDefaults(CLIENT_TABLE), clientnr };
}

export function productDefaults(id: number): ProductRec {
  return { ...storedDefaults(PRODUCT_TABLE), id };
}

/** The client fields a quotation carries, read only, taken from the client. */
export function clientSnapshot(c: ClientRec | undefined) {
  return {
    contact: c?.contact ?? '',
    company: c?.company ?? '',
    address: c?.address ?? '',
    zipcode: c?.zipcode ?? '',
    city: c?.city ?? '',
    country: c?.country ?? 146,
    phone: c?.phone ?? '',
    mobile: c?.mobile ?? '',
    email: c?.email ?? '',
  };
}
