// Everything the sandbox account holds: the records, the printcenter credits
// and the log of deliveries. Tests reach it through `sandbox.data` to change
// things "on the service" behind the client's back; every change (theirs or a
// request's) is persisted to the --data file before the next answer goes out.
// When the file cannot be written, a request's change is rolled back to the
// last state written (rollback); a change made from code stays in memory and
// is written again soon after, and with the next change.
import { z } from 'zod';
import { clientInput, clientRecord, productInput, productRecord, quotationRecord, SENDMETHODS, text, int, date, type SendMethod } from '../../shared/schemas';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { Table } from './table';
import {
  clientDefaults,
  DEFAULT_ACCOUNT,
  productDefaults,
  type AccountSettings,
  type ClientRec,
  type InvoiceRec,
  type ProductRec,
  type QuotationRec,
  type RepeatingInvoiceRec,
  type SavedInvoiceRec,
} from './records';
import { lineRecord, priceQuotation, withoutInputOnly } from './pricing';
import { DataFileError } from './data-file';
import { writeFileAtomic } from '../files/json-file';
import { QUOTATION_TABLE, storedFields } from '../../shared/fields';

export interface Delivery {
  quotationId: number;
  quotationreference: string;
  sendmethod: SendMethod;
  to: string;
  at: string;
}

/** The account's lists of profiles and categories (routes/document-lists.ts). */
export type DocumentList = 'profiles' | 'categories';

export type TableName = 'clients' | 'products' | 'quotations' | 'invoices' | 'savedInvoices' | 'repeatingInvoices';

const FORMAT = 'quotedesk-sandbox-data';
const VERSION = 1;
/** how long a failed background write waits before it tries again */
const RETRY_MS = 1000;

export interface Documents {
  quotations: number;
  invoices: number;
  savedInvoices: number;
  repeatingInvoices: number;
}

export class SandboxData {
  readonly clients: Table<ClientRec>;
  readonly products: Table<ProductRec>;
  readonly quotations: Table<QuotationRec>;
  readonly invoices: Table<InvoiceRec>;
  readonly savedInvoices: Table<SavedInvoiceRec>;
  readonly repeatingInvoices: Table<RepeatingInvoiceRec>;
  readonly account: AccountSettings = structuredClone(DEFAULT_ACCOUNT);
  /** printcenter credits left */
  credits = 25;
  /** last number used for generated quotation references */
  quotationSeq = 0;
  /**
   * Lists this account's service does not offer: their endpoints answer 404,
   * as an older service or a plan without them would. Tests flip it.
   */
  readonly hiddenLists = new Set<DocumentList>();
  private readonly log: Delivery[] = [];
  private readonly next: Record<TableName, number> = {
    clients: 1,
    products: 1,
    quotations: 1,
    invoices: 1,
    savedInvoices: 1,
    repeatingInvoices: 1,
  };
  private dirty = false;
  private flushTimer: NodeJS.Immediate | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** the text last written to the data file: the state a rollback returns to */
  private durable: string | null = null;
  private changeCount = 0;
  private failure: Error | null = null;

  constructor(private readonly file?: string) {
    const changed = () => this.markDirty();
    this.clients = new Table('clients', (r) => r.clientnr, changed);
    this.products = new Table('products', (r) => r.id, changed);
    this.quotations = new Table('quotations', (r) => r.id, changed, withoutInputOnly);
    this.invoices = new Table('invoices', (r) => r.id, changed);
    this.savedInvoices = new Table('savedInvoices', (r) => r.id, changed);
    this.repeatingInvoices = new Table('repeatingInvoices', (r) => r.id, changed);
  }

  /** A fresh id for a table; ids are never reused, so a deleted or replaced id keeps answering 404. */
  nextId(table: TableName): number {
    const id = Math.max(this.next[table], this[table].maxId() + 1);
    this.next[table] = id + 1;
    this.markDirty();
    return id;
  }

  /** Records that an id is taken (a client created with its own clientnr). */
  reserveId(table: TableName, id: number): void {
    if (id >= this.next[table]) this.next[table] = id + 1;
  }

  recordDelivery(d: Delivery): void {
    this.log.push(Object.freeze({ ...d }));
    this.markDirty();
  }

  deliveries(): Delivery[] {
    return [...this.log];
  }

  setCredits(n: number): void {
    this.credits = n;
    this.markDirty();
  }

  documentsOf(clientnr: number): Documents {
    const of = (r: { clientnr: number }) => r.clientnr === clientnr;
    return {
      quotations: this.quotations.count(of),
      invoices: this.invoices.count(of),
      savedInvoices: this.savedInvoices.count(of),
      repeatingInvoices: this.repeatingInvoices.count(of),
    };
  }

  markDirty(): void {
    this.changeCount++;
    if (!this.file) return;
    this.dirty = true;
    // changes made from code outside a request are saved soon after
    this.flushTimer ??= setImmediate(() => {
      this.flushTimer = undefined;
      this.flushInBackground();
    });
  }

  /** Counts every change; a request compares it before and after to know whether it changed something. */
  get changes(): number {
    return this.changeCount;
  }

  /** Why the last write of the data file failed; null once a write succeeds (or without a data file). */
  get writeError(): Error | null {
    return this.failure;
  }

  /** Writes the data file when something changed; throws when it cannot (the data stays dirty). */
  flush(): void {
    if (!this.file || !this.dirty) return;
    const text = JSON.stringify(this.snapshot());
    try {
      writeFileAtomic(this.file, text);
    } catch (err) {
      this.failure = err as Error;
      throw err;
    }
    this.durable = text;
    this.dirty = false;
    this.failure = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Like flush, but answers the failure instead of throwing it. */
  tryFlush(): Error | null {
    try {
      this.flush();
      return null;
    } catch (err) {
      return err as Error;
    }
  }

  /** Returns to the last state written to the data file: every change not written is undone. */
  rollback(): void {
    if (!this.file || this.durable === null) return;
    this.load(JSON.parse(this.durable), this.file);
    this.dirty = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  // A change made from code: a failed write keeps it dirty and tries again in a
  // while (or with the next change); it never throws, as nobody would catch it.
  private flushInBackground(): void {
    if (this.tryFlush() === null || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.flushInBackground();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  /** Stops the background save (the caller flushes first). */
  dispose(): void {
    if (this.flushTimer) clearImmediate(this.flushTimer);
    this.flushTimer = undefined;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  snapshot() {
    return {
      format: FORMAT,
      version: VERSION,
      credits: this.credits,
      quotationSeq: this.quotationSeq,
      nextIds: { ...this.next },
      profiles: this.account.profiles,
      categories: this.account.categories,
      clients: this.clients.all(),
      products: this.products.all(),
      quotations: this.quotations.all(),
      invoices: this.invoices.all(),
      savedInvoices: this.savedInvoices.all(),
      repeatingInvoices: this.repeatingInvoices.all(),
      deliveries: this.log,
    };
  }

  /** Loads a data file's contents; anything unexpected is a DataFileError naming the record and field. */
  load(raw: unknown, file: string): void {
    const head = snapshotHead.safeParse(raw);
    if (!head.success) {
      throw new DataFileError(file, `it is not a quotedesk sandbox data file (${describe(head.error)})`);
    }
    const s = head.data;
    if (s.version !== VERSION) throw new DataFileError(file, `it has version ${s.version}, this sandbox reads version ${VERSION}`);
    this.clients.load(
      parseAll(file, 'clients', s.clients, clientRecord, (c) => ({ ...clientDefaults(c.clientnr), ...stripUndefined(c) }) as ClientRec, clientInput),
    );
    this.products.load(
      parseAll(file, 'products', s.products, productRecord, (p) => ({ ...productDefaults(p.id), ...stripUndefined(p) }) as ProductRec, productInput),
    );
    this.quotations.load(parseAll(file, 'quotations', s.quotations, storedQuotation, (q) => quotationFromStore(q, this)));
    this.invoices.load(parseAll(file, 'invoices', s.invoices, invoiceSchema, (r) => r as InvoiceRec));
    this.savedInvoices.load(parseAll(file, 'savedInvoices', s.savedInvoices, savedInvoiceSchema, (r) => r as SavedInvoiceRec));
    this.repeatingInvoices.load(parseAll(file, 'repeatingInvoices', s.repeatingInvoices, repeatingSchema, (r) => r as RepeatingInvoiceRec));
    this.log.splice(0, this.log.length, ...parseAll(file, 'deliveries', s.deliveries, deliverySchema, (d) => Object.freeze(d)));
    // files written before the lists were kept have none: the account's defaults stay
    if (s.profiles) this.account.profiles = s.profiles;
    if (s.categories) this.account.categories = s.categories;
    this.credits = s.credits;
    this.quotationSeq = s.quotationSeq;
    Object.assign(this.next, s.nextIds);
    // what was read is what the file holds
    this.durable = JSON.stringify(this.snapshot());
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function describe(error: z.ZodError): string {
  return fieldErrorsFromZod(error)
    .slice(0, 5)
    .map((e) => (e.field ? `${e.field}: ${e.message}` : e.message))
    .join('; ');
}

/**
 * Reads a file's records. The record schemas read as the app reads the
 * service's, leniently; what they could not read, and what `rules` (the
 * sandbox's own rules for what it takes in) refuse, is not the sandbox's own
 * and makes the file unreadable.
 */
function parseAll<S extends z.ZodType, R>(file: string, name: string, rows: unknown[], schema: S, build: (v: z.output<S>) => R, rules?: z.ZodType): R[] {
  return rows.map((row, i) => {
    const r = schema.safeParse(row);
    if (!r.success) throw new DataFileError(file, `${name}[${i}] is not valid (${describe(r.error)})`);
    const unread = (r.data as { unread?: object }).unread;
    if (unread) throw new DataFileError(file, `${name}[${i}] is not valid (${Object.keys(unread).join(', ')}: cannot be read)`);
    const ruled = rules?.safeParse(row);
    if (ruled && !ruled.success) throw new DataFileError(file, `${name}[${i}] is not valid (${describe(ruled.error)})`);
    return build(r.data);
  });
}

const nonNegInt = z.number().int().nonnegative();
const snapshotHead = z.object({
  format: z.literal(FORMAT, { error: `format must be "${FORMAT}"` }),
  version: z.number().int(),
  credits: nonNegInt,
  quotationSeq: nonNegInt,
  nextIds: z.object({
    clients: nonNegInt,
    products: nonNegInt,
    quotations: nonNegInt,
    invoices: nonNegInt,
    savedInvoices: nonNegInt,
    repeatingInvoices: nonNegInt,
  }),
  clients: z.array(z.unknown()),
  products: z.array(z.unknown()),
  quotations: z.array(z.unknown()),
  invoices: z.array(z.unknown()),
  savedInvoices: z.array(z.unknown()),
  repeatingInvoices: z.array(z.unknown()),
  deliveries: z.array(z.unknown()),
  profiles: z.array(z.object({ id: z.number().int().positive(), name: z.string(), default: z.boolean() })).optional(),
  categories: z.array(z.object({ id: z.number().int().positive(), name: z.string() })).optional(),
});

const storedQuotation = quotationRecord.extend({ sendmethod: z.enum(['', ...SENDMETHODS]).optional() });

function quotationFromStore(q: z.output<typeof storedQuotation>, data: SandboxData): QuotationRec {
  const lines = (q.lines ?? []).map((l) => lineRecord(l));
  const discounttype = q.discounttype ?? '';
  const discount = q.discount ?? 0;
  const client = data.clients.get(q.clientnr);
  const { taxes, totalintax } = priceQuotation(lines, discounttype, discount, client);
  return {
    id: q.id,
    clientnr: q.clientnr,
    savename: q.savename ?? '',
    quotationreference: q.quotationreference ?? '',
    // every field the page edits, as kept or at its default (shared/fields/quotation.ts); those below have rules of their own
    ...storedFields(QUOTATION_TABLE, q),
    lines,
    profile: q.profile ?? 1,
    profile_name: q.profile_name ?? '',
    category_name: q.category_name ?? '',
    discounttype,
    discount,
    date: q.date ?? '',
    datedue: q.datedue ?? '',
    taxes,
    totalintax,
    sendmethod: q.sendmethod ?? '',
    sent: q.sent ?? false,
    customstatus: q.customstatus ?? '',
    approved: q.approved ? { name: q.approved.name, date: q.approved.date ?? '', ip: q.approved.ip ?? '', comments: q.approved.comments ?? '' } : null,
    contact: q.contact ?? '',
    company: q.company ?? '',
    address: q.address ?? '',
    zipcode: q.zipcode ?? '',
    city: q.city ?? '',
    country: q.country ?? 146,
    phone: q.phone ?? '',
    mobile: q.mobile ?? '',
    email: q.email ?? '',
    sign_url: q.sign_url ?? '',
  };
}

const money = z.string().regex(/^-?\d+\.\d{2}$/, 'must be an amount like 12.50');
const day = date.refine((d) => d !== null, 'must be a date');
const invoiceSchema = z.object({
  id: int,
  invoicenr: text(),
  clientnr: int,
  company: text(),
  contact: text(),
  email: text(),
  city: text(),
  date: day,
  datedue: day,
  status: z.enum(['open', 'paid', 'late']),
  totalintax: money,
});
const savedInvoiceSchema = z.object({ id: int, savename: text(), clientnr: int, company: text(), date: day, totalintax: money });
const repeatingSchema = z.object({
  id: int,
  clientnr: int,
  company: text(),
  frequency: z.enum(['month', 'quarter', 'year']),
  startdate: day,
  nextdate: day,
  totalintax: money,
});
const deliverySchema = z.object({
  quotationId: z.number().int(),
  quotationreference: z.string(),
  sendmethod: z.enum(SENDMETHODS),
  to: z.string(),
  at: z.string(),
});
