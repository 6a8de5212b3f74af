// The typed client of the Invoicing Service REST API v1: every operation of
// docs/service-api.md (Endpoints) plus the country list. Inputs are checked with the shared
// schemas before anything is sent; answers are read with them (wire coercion
// included) before anything is returned.
import { z } from 'zod';
import {
  clientInput,
  clientRecord,
  categoryRecord,
  COUNTRY_LANGS,
  countryRecord,
  productInput,
  productRecord,
  productWritable,
  profileRecord,
  quotationCreate,
  quotationRecord,
  quotationUpdate,
  type Category,
  type Client,
  type ClientInput,
  type Country,
  type CountryLang,
  type CustomStatus,
  type Product,
  type ProductInput,
  type Profile,
  type Quotation,
  type QuotationCreate,
  type SendMethod,
} from '../../shared/schemas';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { inputError } from './errors';
import { Transport, type CallOptions, type RawResponse, type TransportOptions } from './transport';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { jsonText, looksFull, readId, readList, readOne, recordParser, type IdSource, type ListNames, type RecordParser } from './parse';
import { PagingFacts, pageThrough, type FetchPage, type Page, type PagingOptions, type Standing, type Walk } from './paging';
import { UnchangedPage, digestOf, rememberDigest, type KnownPages } from './page-prints';
import type { Budget } from './rate-budget';

export interface InvoicingApiOptions extends TransportOptions {
  /** rows per request when walking a whole list; default 1000 (the most the service is known to give) */
  pageSize?: number;
}

export const SEARCH_AREAS = ['clients', 'products', 'invoices', 'invoices_saved', 'invoices_repeated'] as const;
export type SearchArea = (typeof SEARCH_AREAS)[number];
export { COUNTRY_LANGS, type CountryLang };

/** Invoices are not described by the spec: their rows are passed on as the service sent them, checked to be records. */
export type WireRecord = Record<string, unknown>;
export type SearchResult<A extends SearchArea> = A extends 'clients' ? Client : A extends 'products' ? Product : WireRecord;

export interface ApprovalInput {
  name: string;
  /** YYYY-MM-DD */
  date: string;
  comments?: string;
}

const wireRecord: RecordParser<WireRecord> = (input) =>
  input !== null && typeof input === 'object' && !Array.isArray(input)
    ? { ok: true, value: input as WireRecord }
    : { ok: false, errors: [{ field: '', message: 'must be a record' }] };

const parsers = {
  client: recordParser(clientRecord),
  product: recordParser(productRecord),
  quotation: recordParser(quotationRecord),
  country: recordParser(countryRecord),
  profile: recordParser(profileRecord),
  category: recordParser(categoryRecord),
};

export class InvoicingApi {
  readonly transport: Transport;
  readonly pageSize: number;
  /** what walks have shown about the service's paging; lives as long as this client */
  readonly paging = new PagingFacts();
  readonly clients: RecordsApi<Client, ClientInput>;
  readonly products: ProductsApi;
  readonly quotations: QuotationsApi;
  /** the lists whose answers came wrapped ({"clients": [...]}), told once each */
  readonly #wrapped = new Set<string>();

  constructor(opts: InvoicingApiOptions) {
    this.transport = new Transport(opts);
    this.pageSize = Math.max(1, Math.floor(opts.pageSize ?? 1000));
    this.clients = new RecordsApi(this, {
      name: 'clients',
      wrapper: 'client',
      parse: parsers.client,
      input: clientInput,
      identity: (c) => c.clientnr,
      key: 'clientnr',
    });
    this.products = new ProductsApi(this, {
      name: 'products',
      wrapper: 'product',
      parse: parsers.product,
      input: productInput,
      identity: (p) => p.id,
      key: 'id',
    });
    this.quotations = new QuotationsApi(this);
  }

  /** "https://host/api/v1" */
  get baseUrl(): string {
    return this.transport.base.href;
  }

  /** The hourly request budget as last reported by the service. */
  get budget(): Budget {
    return this.transport.budget.snapshot;
  }

  onBudget(listener: (b: Budget) => void): () => void {
    return this.transport.budget.onChange(listener);
  }

  /** One cheap authenticated call: proves the address, username and key work. */
  async verify(opts: CallOptions = {}): Promise<void> {
    await this.get('account.verify', '/clients', { count: 1, start: 0 }, { priority: true, ...opts }, (res) =>
      readList(jsonText(res, 'account.verify'), parsers.client, 'account.verify', this.listNames('account.verify')),
    );
  }

  /** GET /countrylist[/lang]: country ids and names. */
  async countries(lang?: CountryLang, opts: CallOptions = {}): Promise<Country[]> {
    if (lang !== undefined && !COUNTRY_LANGS.includes(lang))
      throw inputError('countries.list', [{ field: 'lang', message: `must be one of: ${COUNTRY_LANGS.join(', ')}` }]);
    const path = lang ? `/countrylist/${lang}` : '/countrylist';
    return this.get('countries.list', path, undefined, opts, (res) =>
      readList(jsonText(res, 'countries.list'), parsers.country, 'countries.list', this.listNames('countries.list')),
    );
  }

  /**
   * GET /profiles: the layouts a quotation can be printed with. Asked for
   * without paging, as the country list is: a short list, one answer. A 404
   * (a service or account without the list) comes as the usual not_found
   * ApiError; the pull takes it as "not available" (sync/pull.ts).
   */
  async profiles(opts: CallOptions = {}): Promise<Profile[]> {
    return this.get('profiles.list', '/profiles', undefined, opts, (res) =>
      readList(jsonText(res, 'profiles.list'), parsers.profile, 'profiles.list', this.listNames('profiles.list')),
    );
  }

  /** GET /categories, as profiles(). */
  async categories(opts: CallOptions = {}): Promise<Category[]> {
    return this.get('categories.list', '/categories', undefined, opts, (res) =>
      readList(jsonText(res, 'categories.list'), parsers.category, 'categories.list', this.listNames('categories.list')),
    );
  }

  /** GET /search/{area}/{field}/{query}; `field` is a field name of the area, or "all". */
  async search<A extends SearchArea>(area: A, field: string, query: string, page: Page = {}, opts: CallOptions = {}): Promise<SearchResult<A>[]> {
    const operation = `search.${area}`;
    checkSearch(operation, area, field, query);
    const parse = (area === 'clients' ? parsers.client : area === 'products' ? parsers.product : wireRecord) as RecordParser<SearchResult<A>>;
    const path = `/search/${area}/${encodeURIComponent(field)}/${encodeURIComponent(query)}`;
    return this.get(operation, path, pageQuery(operation, page), opts, (res) =>
      readList(jsonText(res, operation), parse, operation, this.listNames(operation)),
    );
  }

  /** Every search result, page by page (see Walk for whether they are all). */
  searchPages<A extends SearchArea>(area: A, field: string, query: string, opts: PagingOptions = {}): Walk<SearchResult<A>> {
    checkSearch(`search.${area}`, area, field, query);
    const identity = (r: SearchResult<A>) => {
      const o = r as { id?: unknown; clientnr?: unknown };
      return o.id ?? o.clientnr;
    };
    return this.pagesOf(`search.${area}`, (page) => this.search(area, field, query, page, opts), identity, opts);
  }

  /** Every search result. */
  searchAll<A extends SearchArea>(area: A, field: string, query: string, opts: PagingOptions = {}): AsyncGenerator<SearchResult<A>, void, undefined> {
    return flatten(this.searchPages(area, field, query, opts));
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /**
   * @internal The names a list's answer may be wrapped under, by its
   * operation: `{"clients": [...]}` for clients.list and a search of
   * clients. Such an answer is read, and the first of each list is logged
   * (docs/wire-format.md, Wrapped lists).
   */
  listNames(operation: string): ListNames {
    const [what = '', area = ''] = operation.split('.');
    const names = what === 'search' ? [area] : what === 'account' ? ['clients'] : what === 'countries' ? ['countries', 'countrylist'] : [what];
    return {
      names,
      wrapped: (name) => {
        if (this.#wrapped.has(operation)) return;
        this.#wrapped.add(operation);
        this.transport.logger.warn('api list answered wrapped', { operation, wrapper: name });
      },
    };
  }

  /** @internal a GET through the transport */
  get<T>(
    operation: string,
    path: string,
    query: Record<string, number> | undefined,
    opts: CallOptions,
    read: (res: RawResponse) => T | Promise<T>,
  ): Promise<T> {
    return this.transport.request({ operation, method: 'GET', path, query, signal: opts.signal, priority: opts.priority }, read);
  }

  /** @internal One page of a list; `early` as in FetchPage. */
  listPage<T>(operation: string, path: string, parse: RecordParser<T>, key: string, page: Page, opts: CallOptions, early?: () => void): Promise<T[]> {
    return this.get(operation, path, pageQuery(operation, page), opts, (res) =>
      readPage(jsonText(res, operation), parse, operation, page.count ?? 0, key, early, this.listNames(operation)),
    );
  }

  /** @internal Page after page of a list; `key` is the wire key every record has once. */
  listPages<T>(operation: string, path: string, parse: RecordParser<T>, key: string, identity: (row: T) => unknown, opts: PagingOptions): Walk<T> {
    return this.pagesOf(operation, (page, early) => this.listPage(operation, path, parse, key, page, opts, early), identity, opts);
  }

  /**
   * @internal Page after page of a list, where a page whose text has a
   * digest `known` recognises comes as an UnchangedPage, not parsed; every
   * page parsed carries the digest of its text (digestOfPage).
   */
  listPagesKnowing<T>(
    operation: string,
    path: string,
    parse: RecordParser<T>,
    key: string,
    identity: (row: T) => unknown,
    known: KnownPages,
    opts: PagingOptions,
  ): Walk<T, UnchangedPage> {
    const fetchPage: FetchPage<T, UnchangedPage> = (page, early) =>
      this.get(operation, path, pageQuery(operation, page), opts, async (res) => {
        const text = jsonText(res, operation);
        const digest = digestOf(text);
        const keys = known(digest);
        if (keys !== undefined) {
          if (early !== undefined && keys.length === page.count) early();
          return new UnchangedPage(digest, keys);
        }
        const rows = await readPage(text, parse, operation, page.count, key, early, this.listNames(operation));
        rememberDigest(rows, digest);
        return rows;
      });
    return this.pagesOf<T, UnchangedPage>(operation, fetchPage, identity, opts);
  }

  /** @internal A walk through a list; what it learns about the service's paging is kept under `operation`. */
  pagesOf<T, U extends Standing = never>(
    operation: string,
    fetchPage: FetchPage<T, NoInfer<U>>,
    identity: (row: T) => unknown,
    opts: PagingOptions,
  ): Walk<T, U> {
    const pageSize = opts.pageSize ?? this.pageSize;
    if (!Number.isInteger(pageSize) || pageSize < 1) throw inputError(operation, [{ field: 'pageSize', message: 'must be a whole number of 1 or more' }]);
    const start = opts.start ?? 0;
    if (!Number.isInteger(start) || start < 0) throw inputError(operation, [{ field: 'start', message: 'must be a whole number of 0 or more' }]);
    return pageThrough<T, U>(fetchPage, { pageSize, start, identity, ahead: opts.ahead ?? true, facts: this.paging, list: operation });
  }
}

interface ResourceSpec<T, I> {
  name: 'clients' | 'products';
  wrapper: string;
  parse: RecordParser<T>;
  input: z.ZodType<I>;
  identity: (row: T) => unknown;
  /** the wire key of the identity, which every record has once */
  key: string;
}

/** Clients and products: list, walk, get, create, update the changed fields, delete. */
export class RecordsApi<T, I extends object> {
  constructor(
    protected readonly api: InvoicingApi,
    protected readonly spec: ResourceSpec<T, I>,
  ) {}

  /** One page (default: the service's 100 rows from the start). */
  async list(page: Page = {}, opts: CallOptions = {}): Promise<T[]> {
    return this.api.listPage(`${this.spec.name}.list`, `/${this.spec.name}`, this.spec.parse, this.spec.key, page, opts);
  }

  /** Page after page of the whole list (see Walk for whether they are all). */
  pages(opts: PagingOptions = {}): Walk<T> {
    return this.api.listPages(`${this.spec.name}.list`, `/${this.spec.name}`, this.spec.parse, this.spec.key, this.spec.identity, opts);
  }

  /** Every record of the whole list. */
  all(opts: PagingOptions = {}): AsyncGenerator<T, void, undefined> {
    return flatten(this.pages(opts));
  }

  async get(id: number, opts: CallOptions = {}): Promise<T> {
    const operation = `${this.spec.name}.get`;
    checkId(operation, id);
    return this.api.get(operation, `/${this.spec.name}/${id}`, undefined, opts, (res) =>
      readOne(jsonText(res, operation), this.spec.wrapper, this.spec.parse, operation),
    );
  }

  /** POST: the new record's id. Never retried by itself: on an `unknown` outcome, look the record up. */
  async create(input: I, opts: CallOptions = {}): Promise<number> {
    const operation = `${this.spec.name}.create`;
    const body = checkInput(operation, this.spec.input, input);
    const source: IdSource = { wrapper: this.spec.wrapper, key: this.spec.key, plural: this.spec.name };
    return this.api.transport.request({ operation, method: 'POST', path: `/${this.spec.name}`, body, ...opts }, (res) => readId(res, operation, source));
  }

  /**
   * PUT with only the given fields (see changedFields); nothing is sent when
   * nothing is left after dropping read-only and unknown keys.
   */
  async update(id: number, changes: I, opts: CallOptions = {}): Promise<void> {
    const operation = `${this.spec.name}.update`;
    checkId(operation, id);
    const body = checkInput(operation, this.spec.input, changes);
    if (Object.keys(body).length === 0) return;
    await this.put(operation, id, body, opts);
  }

  async delete(id: number, opts: CallOptions = {}): Promise<void> {
    const operation = `${this.spec.name}.delete`;
    checkId(operation, id);
    await this.api.transport.request(
      { operation, method: 'DELETE', path: `/${this.spec.name}/${id}`, deletesClient: this.spec.name === 'clients', ...opts },
      () => undefined,
    );
  }

  protected put(operation: string, id: number, body: object, opts: CallOptions): Promise<RawResponse> {
    return this.api.transport.request({ operation, method: 'PUT', path: `/${this.spec.name}/${id}`, body, ...opts }, (res) => res);
  }
}

const stockOnly = z.object({ stock: productWritable.stock });

export class ProductsApi extends RecordsApi<Product, ProductInput> {
  /** PUT with only `stock`: sets the amount in stock (docs/service-api.md, Products). */
  async setStock(id: number, stock: number, opts: CallOptions = {}): Promise<void> {
    const operation = 'products.setStock';
    checkId(operation, id);
    const body = checkInput(operation, stockOnly, { stock });
    if (body.stock === false) throw inputError(operation, [{ field: 'stock', message: 'must be a number' }]);
    await this.put(operation, id, body, opts);
  }
}

/** Where a save's or a send's answer carries the quotation's id, when it is not the raw id (readId). */
const QUOTATION_ID: IdSource = { wrapper: 'quotation', key: 'id', plural: 'quotations' };

/** Quotations: list, get, create (save or send), send a draft, approval, custom status, delete. */
export class QuotationsApi {
  constructor(private readonly api: InvoicingApi) {}

  async list(page: Page = {}, opts: CallOptions = {}): Promise<Quotation[]> {
    return this.api.listPage('quotations.list', '/quotations', parsers.quotation, 'id', page, opts);
  }

  /** Page after page of the whole list (see Walk for whether they are all). */
  pages(opts: PagingOptions = {}): Walk<Quotation> {
    return this.api.listPages('quotations.list', '/quotations', parsers.quotation, 'id', (q) => q.id, opts);
  }

  all(opts: PagingOptions = {}): AsyncGenerator<Quotation, void, undefined> {
    return flatten(this.pages(opts));
  }

  async get(id: number, opts: CallOptions = {}): Promise<Quotation> {
    checkId('quotations.get', id);
    return this.api.get('quotations.get', `/quotations/${id}`, undefined, opts, (res) =>
      readOne(jsonText(res, 'quotations.get'), 'quotation', parsers.quotation, 'quotations.get'),
    );
  }

  /**
   * POST /quotations with an action, as the service's reference describes it:
   * "save" keeps a draft under its savename (one of the same savename is
   * replaced only with overwrite_if_exist, which is how an edited draft is
   * saved again), "send" (with a sendmethod) sends a quotation the service
   * has not kept before. Answers the id. Not "create": a save with
   * overwrite_if_exist replaces a draft. Never retried by itself; on an
   * `unknown` outcome the sync engine looks the quotation up (by savename or
   * quotationreference) first.
   */
  async saveOrSend(input: QuotationCreate, opts: CallOptions = {}): Promise<number> {
    const operation = input?.action === 'send' ? 'quotations.sendNew' : 'quotations.save';
    const body = checkInput(operation, quotationCreate, input);
    return this.api.transport.request({ operation, method: 'POST', path: '/quotations', body, ...opts }, (res) => readId(res, operation, QUOTATION_ID));
  }

  /** Sends a saved draft; the sent quotation has a new id, which is returned. */
  async send(id: number, sendmethod: SendMethod, opts: CallOptions = {}): Promise<number> {
    const operation = 'quotations.send';
    checkId(operation, id);
    const body = checkInput(operation, quotationUpdate, { action: 'send', sendmethod });
    return this.api.transport.request({ operation, method: 'PUT', path: `/quotations/${id}`, body, ...opts }, (res) => readId(res, operation, QUOTATION_ID));
  }

  async approve(id: number, approval: ApprovalInput, opts: CallOptions = {}): Promise<void> {
    return this.update('quotations.approve', id, { approved: approval }, opts);
  }

  async removeApproval(id: number, opts: CallOptions = {}): Promise<void> {
    return this.update('quotations.removeApproval', id, { approved: false }, opts);
  }

  async setCustomStatus(id: number, status: CustomStatus, opts: CallOptions = {}): Promise<void> {
    return this.update('quotations.setCustomStatus', id, { customstatus: status }, opts);
  }

  async clearCustomStatus(id: number, opts: CallOptions = {}): Promise<void> {
    return this.update('quotations.clearCustomStatus', id, { customstatus: 'clear' }, opts);
  }

  async delete(id: number, opts: CallOptions = {}): Promise<void> {
    checkId('quotations.delete', id);
    await this.api.transport.request({ operation: 'quotations.delete', method: 'DELETE', path: `/quotations/${id}`, ...opts }, () => undefined);
  }

  private async update(operation: string, id: number, changes: object, opts: CallOptions): Promise<void> {
    checkId(operation, id);
    const body = checkInput(operation, quotationUpdate, changes);
    await this.api.transport.request({ operation, method: 'PUT', path: `/quotations/${id}`, body, ...opts }, () => undefined);
  }
}

/**
 * A page of a walk through a list. When it looks full, the pager asks for
 * the next page first, and that request is let out before parsing this one
 * holds the thread, so the service prepares the next page meanwhile. Letting
 * it out takes two turns of the event loop: the pool hands the request to
 * the connection this answer frees only a turn after the answer is read
 * (measured: with one turn the request waited for the parsing; with two it
 * reached the service before, and a 10,000-client walk took about a third
 * less). Only the timing depends on it, never the result.
 */
async function readPage<T>(
  text: string,
  parse: RecordParser<T>,
  operation: string,
  count: number,
  key: string,
  early: (() => void) | undefined,
  list: ListNames,
): Promise<T[]> {
  if (early !== undefined && looksFull(text, key, count)) {
    early();
    await nextTurn();
    await nextTurn();
  }
  return readList(text, parse, operation, list);
}

async function* flatten<T>(pages: AsyncIterable<T[]>): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page;
}

function checkId(operation: string, id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw inputError(operation, [{ field: 'id', message: 'must be a positive whole number' }]);
}

function pageQuery(operation: string, page: Page): Record<string, number> | undefined {
  const q: Record<string, number> = {};
  if (page.count !== undefined) {
    if (!Number.isInteger(page.count) || page.count < 1) throw inputError(operation, [{ field: 'count', message: 'must be a whole number of 1 or more' }]);
    q.count = page.count;
  }
  if (page.start !== undefined) {
    if (!Number.isInteger(page.start) || page.start < 0) throw inputError(operation, [{ field: 'start', message: 'must be a whole number of 0 or more' }]);
    q.start = page.start;
  }
  return Object.keys(q).length > 0 ? q : undefined;
}

function checkSearch(operation: string, area: string, field: string, query: string): void {
  const errors = [];
  if (!(SEARCH_AREAS as readonly string[]).includes(area)) errors.push({ field: 'area', message: `must be one of: ${SEARCH_AREAS.join(', ')}` });
  if (typeof field !== 'string' || !/^[a-z_]+[a-z0-9_]*$/i.test(field)) errors.push({ field: 'field', message: 'must be a field name of the area, or all' });
  if (typeof query !== 'string' || query.trim() === '') errors.push({ field: 'query', message: 'must not be empty' });
  if (errors.length > 0) throw inputError(operation, errors);
}

/** Validates input with a shared schema and gives the body to send: the checked values, empty dates as "". */
function checkInput<T>(operation: string, schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw inputError(operation, fieldErrorsFromZod(r.error));
  return emptyDates(r.data) as T;
}

function emptyDates(v: unknown): unknown {
  if (v === null) return '';
  if (Array.isArray(v)) return v.map(emptyDates);
  if (typeof v === 'object' && v !== undefined) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = emptyDates(x);
    return out;
  }
  return v;
}
