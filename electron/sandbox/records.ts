// The records the sandbox keeps, in typed form (numbers, booleans, null for an
// empty date). Every record carries every attribute, as the live service's
// records do; `toWire` turns them into the all-strings wire form.
import type { TaxTotal } from '../../shared/money';
import type { CustomStatus, SendMethod } from '../../shared/schemas';

export interface ReferenceLines {
  line1: string;
  line2: string;
  line3: string;
}

export interface ClientRec {
  clientnr: number;
  contact: string;
  showcontact: boolean;
  company: string;
  address: string;
  address_addon: string;
  zipcode: string;
  city: string;
  country: number;
  phone: string;
  mobile: string;
  email: string;
  addon: string;
  bankcode: string;
  biccode: string;
  taxnumber: string;
  tax_shifted: boolean;
  lastinvoice: string | null;
  sendmethod: '' | SendMethod;
  paymentmethod: '' | 'bank' | 'autocollect';
  top: number;
  stddiscount: number;
  mailintro: string;
  reference: ReferenceLines;
  notes: string;
  notes_on_invoice: boolean;
  active: boolean;
  default_doclang: '' | 'nl' | 'en' | 'de' | 'fr' | 'es' | 'it';
  default_category: number;
  default_email: number;
  email_reminder: string;
  currency: string;
  mandate_id: string;
  mandate_date: string | null;
  collecttype: '' | 'OOFF' | 'FRST' | 'RCUR';
  tax_type: '' | 'intax' | 'extax';
}

export interface ProductRec {
  id: number;
  code: string;
  name: string;
  price: number;
  taxes: number;
  priceintax: number;
  notes: string;
  /** the amount in stock when stock is used, otherwise false */
  stock: number | false;
  stock_use: boolean;
}

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

export interface QuotationRec {
  id: number;
  clientnr: number;
  savename: string;
  quotationreference: string;
  reference: ReferenceLines;
  lines: LineRec[];
  profile: number;
  profile_name: string;
  category: number;
  category_name: string;
  discounttype: '' | 'amount' | 'percentage';
  discount: number;
  paymentcondition: string;
  quotationperiod: number;
  showtotals: boolean;
  date: string;
  datedue: string;
  notes: string;
  /** keyed tax1, tax2 … like the live service's documents; [] without priced lines */
  taxes: Record<string, TaxTotal> | [];
  totalintax: string;
  convert_prices_to_euro: boolean;
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
  return { line1: '', line2: '', line3: '' };
}

export function clientDefaults(clientnr: number): ClientRec {
  return {
    clientnr,
    contact: '',
    showcontact: true,
    company: '',
    address: '',
    address_addon: '',
    zipcode: '',
    city: '',
    country: 146,
    phone: '',
    mobile: '',
    email: '',
    addon: '',
    bankcode: '',
    biccode: '',
    taxnumber: '',
    tax_shifted: false,
    lastinvoice: null,
    sendmethod: 'email',
    paymentmethod: 'bank',
    top: 30,
    stddiscount: 0,
    mailintro: '',
    reference: emptyReference(),
    notes: '',
    notes_on_invoice: false,
    active: true,
    default_doclang: '',
    default_category: 0,
    default_email: 0,
    email_reminder: '',
    currency: 'EUR',
    mandate_id: '',
    mandate_date: null,
    collecttype: 'FRST',
    tax_type: 'extax',
  };
}

export function productDefaults(id: number): ProductRec {
  return { id, code: '', name: '', price: 0, taxes: 21, priceintax: 0, notes: '', stock: false, stock_use: false };
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
