/**
 * The Invoicing Service sandbox: a local, faithful implementation of the
 * Invoicing Service REST API v1 (docs/service-api.md: records, lists, quotations, search,
 * countries, as docs/wire-format.md says they are written) on fastify, bound to 127.0.0.1. Tests, demo
 * mode and `npm run sandbox` run against it.
 *
 * Wire format: lists are bare arrays (a page past the end is `200 []`), one
 * record is wrapped under its singular name (`{"client": {...}}`), POST answers
 * 201 with the raw id as text (`42`), PUT answers 200 with the raw id, DELETE
 * answers 204 without a body. Every scalar is a string; empty dates are "".
 * `Accept: application/xml` gives XML (lists `<clients><client>…`, one record
 * `<client>…`, ids `<id>42</id>`), an Accept the sandbox cannot produce gives 406.
 * JSON and form-encoded bodies (bracket keys, at most 2500 fields) are read.
 *
 * Error body (every 4xx/5xx), JSON:
 *   {"error": "<one sentence: what happened and what to do>",
 *    "errors": [{"field": "lines.0.price", "message": "at most 3 decimals"}]}
 * `errors` is always present on 400 and 422 (field "" = the body as a whole;
 * paths as in shared/field-errors.ts). XML mirrors it:
 *   <response><error>…</error><errors><item><field>…</field><message>…</message></item></errors></response>
 * 400 = the request cannot be read: bad JSON, a body that is not an object,
 * missing action/clientnr on a quotation, bad count/start, unknown search
 * area or field, a non-number searched in a number field. 422 = values break
 * the rules: lengths, enums, decimals, dates, unknown clientnr/country/
 * category/profile, product taxes not in the account (0, 9, 21), duplicate
 * savename without overwrite_if_exist, duplicate quotationreference, sending
 * an already sent quotation, e-mail sending to a client without an e-mail
 * address, approving or setting customstatus on an unsent quotation. A
 * rejected request changes nothing.
 *
 * Decisions where the spec is silent:
 * - Paging: count default 100, maximum 1000 (MAX_COUNT); start is a 0-based
 *   offset. count above 1000, or a count/start that is not a whole number of
 *   0 or more, is 400. /countrylist returns the whole list unless count/start
 *   are given. Two other readings of the spec's silence can be played
 *   (docs/paging.md), for the lists of clients, products, quotations and
 *   every search:
 *   - maxCount N (`--max-count N`): every paged list and search gives at most
 *     N rows, whatever count asks; any whole count is then accepted, none is
 *     400 for being large. Pages still start at `start`.
 *   - unpaged ['quotations', …] (`--unpaged quotations,products`): those lists
 *     ignore count and start (not even checked) and answer every record,
 *     maxCount or not; `search` names every search area.
 *   /countrylist is not a paged list in the spec and is played neither way.
 * - List order: the spec states no order for lists or search results. The
 *   sandbox answers every paged list and search by id ascending, i.e. the
 *   newest last since ids grow (listOrder 'id', the default). listOrder
 *   'scrambled' (`--list-order scrambled`, setListOrder) plays a service
 *   whose order is neither: records go out sorted by a fixed hash of the id
 *   (ties by id), so the order is the same from request to request, a new
 *   record lands where the hash of its id puts it (not at the end, as by id),
 *   and a removed one shifts only those after it. The order is kept and built again only when a record comes or
 *   goes. /countrylist, /profiles and /categories keep their own order.
 * - Auth: 401 for missing, wrong, deleted or inactive credentials, with
 *   WWW-Authenticate. Only /api/v1 needs auth.
 * - Order of checks: injected faults (scripted rules, then the seeded draw),
 *   403 IP blacklisted, 401, 429 throttle (Retry-After), 403 hourly limit,
 *   406, routing (404/405), 400, 422, 402. Faults after the work
 *   (applied_error, truncate, drop, hang) strike once the answer is made.
 * - Rate limit: a fixed hourly window that opens with the first counted
 *   request, on the sandbox clock (`now`). Only authenticated requests that
 *   pass the throttle count. Over the limit: 403 whose body says the hourly
 *   limit of N requests is used up and when it resets (plus Retry-After).
 *   X-RateLimit-Limit/-Remaining are on every response, errors included; with
 *   no limit (rateLimit 0) both read 2147483647.
 * - Throttle (setThrottle): more than N requests within one second of real
 *   time gives 429 with Retry-After in seconds.
 * - Clients: company or contact is required; clientnr is assigned when not
 *   given; an existing clientnr is 422, as is changing clientnr on PUT. A
 *   client with documents (quotations, invoices, saved or repeating invoices)
 *   cannot be deleted: 403 suggesting active false. Country by id or by name
 *   (any of nl/en/de/fr/es, ISO code, common aliases).
 * - Products: name is required on create; taxes must be a rate of the account
 *   (0, 9, 21). priceintax follows price and taxes unless given; price follows
 *   priceintax when only that is given. A numeric stock turns stock_use on;
 *   stock false or stock_use false turns it off (stock false). A PUT with only
 *   stock sets the stock.
 * - Quotations: savename and quotationreference are unique. overwrite_if_exist
 *   replaces a draft and keeps its id (send with overwrite_if_exist removes the
 *   draft; the sent quotation has a new id); a sent quotation's savename cannot
 *   be overwritten (422). Sending (POST action send, or PUT action send on a
 *   draft) sets sent, sign_url and a quotationreference (OF<year>-<nnnn>) when
 *   none was given, and records one delivery: email to the client's address,
 *   mail and printcenter to the postal address. PUT send gives a new id (the
 *   body is the new id as raw text) and the old id answers 404; it sets date to
 *   today. Sending twice is 422. printcenter costs 1 credit; without credits
 *   402 and nothing is sent. datedue = date + quotationperiod (default 30),
 *   linetotal/taxes/totalintax from shared/money.ts with the client's tax_type
 *   (the quotation discount spread over the rates by largest remainder) and
 *   tax_shifted (no tax: each rate's sum 0.00, totalintax = total excl. tax;
 *   the spec is silent on it, docs/money.md).
 *   approved stores name, date, comments and the caller's ip; approved false
 *   removes it. Only action/sendmethod, approved and customstatus act on PUT;
 *   other content is ignored, and "" for approved/customstatus means no change.
 *   Client fields on a quotation are a copy taken on save and on send.
 *   sign_url is <origin>/sign/<token> (signOrigin in place of the origin when
 *   given, as an https service would hand out): a small public page (no API key) where
 *   the client reads the quotation and approves it (stored like a PUT approval).
 *   convert_prices_to_euro is stored and returned, no conversion is made (no
 *   exchange rates). A line's tax_country (input only) is kept, in the data
 *   file too, and never written out; the line's tax_rate is used as given.
 * - Read-only and unknown fields are ignored everywhere, never rejected.
 * - Search: text fields match case-insensitively anywhere; number fields match
 *   by value with a dot as decimal separator; dates by prefix. Unencoded
 *   search values (%, /, spaces as %20) are tolerated.
 * - Profiles and categories (GET /profiles, /categories; the spec shows
 *   neither): the account's lists, whole unless count/start are given, each
 *   record {id, name} and a profile's "default" ("true" for exactly one, the
 *   one used when a quotation names none). A quotation naming an unknown
 *   profile or category is 422; category 0 means none. withoutLists makes
 *   either endpoint answer 404. The lists are kept in the data file.
 * - Invoices, saved and repeating invoices are kept minimal (searchable and
 *   counted as documents of a client); they have no endpoints of their own.
 * - Data: the demo set (12 Dutch/English clients, 12 products at 21/9/0 %,
 *   8 quotations in every state, invoices) or N generated records per kind,
 *   deterministic for a seed and clock. With dataFile, an existing file wins
 *   over the counts; a corrupt file is an error and is never overwritten.
 *   Every change is written (atomically) before the answer is sent.
 * - Storage faults (dataFile cannot be written: folder gone, disk full or
 *   read-only): a request whose change cannot be written is rolled back to
 *   the last state written (changes made through `data` and not yet written
 *   included) and answered 503 "could not store the change … nothing was
 *   changed. Try again later." Reads answer as ever; writes answer 503 until
 *   a write succeeds. A change made through `data` outside a request stays in
 *   memory and is written again a second later and with the next change
 *   (data.writeError says why it failed); nothing throws, close() included.
 * - Faults (setFaults; seeded, one draw a request, `methods` limits them):
 *   resetRate, serverErrorRate (500 before the work), truncateRate,
 *   dropAfterCommitRate, hangAfterCommitRate, appliedErrorRate (carried out
 *   and written, then answered one of appliedErrorStatuses, default 500, 502,
 *   503, 504, picked by the same draw), latencyMs. Scripted rules
 *   (addFault({method?, path?, times?, effect}), --fault) strike first, in
 *   the order added, each `times` (default 1, Infinity until removed); path
 *   is after /api/v1 without the query, a string exactly or a RegExp:
 *   - {kind: 'error', status, applied, retryAfter?, body?}: applied true
 *     carries the request out through the whole pipeline and answers status
 *     in place of its answer; false answers before anything (not even auth).
 *     body 'json' is the error body above (XML when asked), 'html' an nginx
 *     page (text/html, none of the service's headers); default html for 502
 *     and 504. retryAfter goes out as Retry-After verbatim.
 *   - {kind: 'stall', everyMs}: 200 and the headers at once, then a byte
 *     every everyMs (a JSON array's `[`, then spaces), never ending, until
 *     the client or close()/setNetwork(false) closes the socket; nothing is
 *     carried out nor counted.
 *   - {kind: 'login_page', applied?}: 200 and a network's login page
 *     (text/html, none of the service's headers), before anything is done,
 *     or after carrying the request out (applied true).
 *   - {kind: 'answer', form, bytes?}: carries the request out, then gives
 *     the answer in another form (AnswerForm in faults.ts): a list wrapped
 *     under its name, Latin-1 bytes, a new id as the whole record (bare, or
 *     without its id) or as a Location, no or another content type, padded
 *     with spaces, or an error body in another service's shape
 *     (docs/wire-format.md, The sandbox's other forms).
 *   - {kind: 'body', status?, body}: answers status (default 200) with body
 *     as given, as JSON, before anything is done: '[]' is a list answered
 *     empty (docs/paging.md, A list that shrinks).
 *   The request log (requestLog()) has the status answered, the fault and,
 *   for applied_error, the status it replaced.
 * - deliveries() starts empty: only deliveries made by this sandbox are logged.
 * - Values its rules refuse (a zero date, null, "abc" in a number, text
 *   beyond a length) are never stored by a request; a test makes a record
 *   answer them with data.<table>.setRaw(id, fields), in memory only
 *   (docs/wire-format.md, Reading leniently).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp, type RequestRecord, type Runtime } from './app';
import type { KeyState } from './auth';
import type { ServiceState } from './service-state';
import { SandboxData, type Delivery, type DocumentList } from './data';
import { FaultInjector, type FaultRule, type Faults } from './faults';
import { HourlyLimit, Throttle } from './rate-limit';
import { populate } from './seed';
import { accountRules } from './rules';
import { readDataFile } from './data-file';
import { LIST_ORDERS, PAGED_LISTS, type ListOrder, type ListPaging, type PagedList } from './paging';

export type { Delivery, DocumentList } from './data';
export type { Faults, FaultKind, FaultRule, FaultEffect } from './faults';
export { APPLIED_ERROR_STATUSES } from './faults';
export type { RequestRecord } from './app';
export type { KeyState } from './auth';
export { SandboxData } from './data';
export { DataFileError } from './data-file';
export { MAX_COUNT, DEFAULT_COUNT, PAGED_LISTS, LIST_ORDERS, type PagedList, type ListOrder } from './paging';
export { MAX_FORM_FIELDS } from './body';
export { PRINTCENTER_COST } from './quotations';
export { UNLIMITED } from './rate-limit';

export interface SandboxOptions {
  port?: number; // default 0 = a free port; always binds 127.0.0.1
  user?: string; // default 'demo'
  key?: string; // default 'demo-key'
  clients?: number; // generate this many (deterministic); undefined = the small demo data set
  products?: number;
  quotations?: number;
  rateLimit?: number; // requests per hour, default 1000; 0 = no limit
  credits?: number; // printcenter credits, default 25
  dataFile?: string; // persist to this file (atomic writes); load it when it exists; a corrupt file is a clear error, never overwritten
  seed?: number; // for generated data and fault injection
  latencyMs?: number; // a delay before every answer, as a service across a network has; default 0
  maxCount?: number; // every paged list and search gives at most this many rows, whatever count asks; default 0 = as asked
  unpaged?: PagedList[]; // these lists ignore count and start and answer every record; default none
  listOrder?: ListOrder; // the order of every paged list and search: 'id' ascending (default) or 'scrambled', a fixed order that is not by id
  // where sign_url points ('https://sign.example'); default the sandbox's own http origin, whose /sign page works.
  // The live service hands out https links, the only ones the app opens.
  signOrigin?: string;
  withoutLists?: DocumentList[]; // these endpoints answer 404, as a service without them would (also data.hiddenLists)
  now?: () => Date; // clock (rate-limit window, default dates)
  faultRules?: FaultRule[]; // scripted faults in force from the start (as addFault; --fault)
  quiet?: boolean;
}

export interface Sandbox {
  readonly url: string; // 'http://127.0.0.1:PORT/api/v1'
  readonly origin: string; // 'http://127.0.0.1:PORT'
  readonly port: number;
  readonly user: string;
  readonly key: string;
  setFaults(f: Partial<Faults>): void;
  /** a scripted fault, checked (in the order added) before the rate-based draw; returns its remover */
  addFault(rule: FaultRule): () => void;
  /** removes every fault: the rates, the latency and every scripted rule */
  clearFaults(): void;
  // false: stop listening (connections refused on that port, open sockets destroyed); true: listen again on the SAME port
  setNetwork(online: boolean): Promise<void>;
  setKeyState(state: 'active' | 'inactive' | 'deleted'): void;
  setBlacklisted(on: boolean): void; // 403 'IP blacklisted'
  setCredits(n: number): void;
  setRateLimit(perHour: number): void;
  resetRateLimit(): void;
  setThrottle(perSecond: number): void; // 0 = off; above it: 429 with Retry-After
  setListOrder(order: ListOrder): void; // from the next request on (see SandboxOptions.listOrder)
  deliveries(): Delivery[];
  requests(): { method: string; url: string; status: number }[]; // every request answered (or faulted), in order
  readonly data: SandboxData; // direct access to the records, so tests can change things "on the service" behind the client's back
  close(): Promise<void>;
  /** whether the sandbox is accepting connections (see setNetwork) */
  readonly online: boolean;
  /** the faults in force */
  faults(): Faults;
  /** the requests with the injected fault, if any */
  requestLog(): RequestRecord[];
  /** printcenter credits left */
  readonly credits: number;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on 127.0.0.1 is already in use. Stop what uses it, or choose another port (0 picks a free one).`)
          : err,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host: '127.0.0.1' });
  });
}

function stopListening(server: Server, rt: Runtime): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
    for (const stop of [...rt.stalls]) stop();
  });
}

function listPaging(opts: SandboxOptions): ListPaging {
  const maxCount = opts.maxCount ?? 0;
  if (!Number.isInteger(maxCount) || maxCount < 0) throw new RangeError(`maxCount must be a whole number of 0 or more, got ${maxCount}`);
  for (const list of opts.unpaged ?? []) {
    if (!PAGED_LISTS.includes(list)) throw new RangeError(`unpaged: "${list}" is not a list; use ${PAGED_LISTS.join(', ')}`);
  }
  return { maxCount, unpaged: new Set(opts.unpaged), order: listOrder(opts.listOrder ?? 'id') };
}

function listOrder(order: ListOrder): ListOrder {
  if (!LIST_ORDERS.includes(order)) throw new RangeError(`listOrder: "${String(order)}" is not an order; use ${LIST_ORDERS.join(' or ')}`);
  return order;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const now = opts.now ?? (() => new Date());
  const seed = opts.seed ?? 1;
  const user = opts.user ?? 'demo';
  const key = opts.key ?? 'demo-key';
  const data = new SandboxData(opts.dataFile);
  for (const list of opts.withoutLists ?? []) data.hiddenLists.add(list);
  let origin = 'http://127.0.0.1';
  const ctx: ServiceState = { data, now, origin: () => opts.signOrigin ?? origin, seed, rules: accountRules(data), paging: listPaging(opts) };

  const stored = opts.dataFile ? readDataFile(opts.dataFile) : null;
  if (stored !== null) data.load(stored, opts.dataFile!);

  const rt: Runtime = {
    user,
    key,
    keyState: 'active',
    blacklisted: false,
    limit: new HourlyLimit(opts.rateLimit ?? 1000, now),
    throttle: new Throttle(0),
    faults: new FaultInjector(seed),
    log: [],
    quiet: opts.quiet ?? false,
    stalls: new Set(),
  };
  if (opts.latencyMs) rt.faults.set({ latencyMs: opts.latencyMs });
  for (const rule of opts.faultRules ?? []) rt.faults.addRule(rule);

  let server: Server | undefined;
  const app = buildApp(ctx, rt, (handler) => (server = createServer(handler)));
  await app.ready();
  const http = server!;
  await listen(http, opts.port ?? 0);
  const port = (http.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  let online = true;
  let closed = false;

  // seeded after listening, so the links it hands out (sign_url) carry the real port
  if (stored === null) {
    populate(ctx, { clients: opts.clients, products: opts.products, quotations: opts.quotations }, seed);
    if (opts.credits !== undefined) data.credits = opts.credits;
    data.markDirty();
  } else if (opts.credits !== undefined) data.setCredits(opts.credits);
  try {
    data.flush();
  } catch (err) {
    await stopListening(http, rt);
    throw err;
  }

  const sandbox: Sandbox = {
    url: `${origin}/api/v1`,
    origin,
    port,
    user,
    key,
    data,
    get online() {
      return online;
    },
    get credits() {
      return data.credits;
    },
    setFaults: (f) => rt.faults.set(f),
    addFault: (rule) => rt.faults.addRule(rule),
    clearFaults: () => rt.faults.clear(),
    faults: () => rt.faults.current(),
    async setNetwork(on) {
      if (closed) throw new Error('The sandbox is closed; start a new one.');
      if (on === online) return;
      if (on) {
        await listen(http, port);
        online = true;
      } else {
        online = false;
        await stopListening(http, rt);
      }
    },
    setKeyState: (state: KeyState) => {
      rt.keyState = state;
    },
    setBlacklisted: (on) => {
      rt.blacklisted = on;
    },
    setCredits: (n) => {
      if (!Number.isInteger(n) || n < 0) throw new RangeError(`setCredits: credits must be a whole number of 0 or more, got ${n}`);
      data.setCredits(n);
    },
    setRateLimit: (perHour) => rt.limit.setLimit(perHour),
    resetRateLimit: () => rt.limit.reset(),
    setThrottle: (perSecond) => rt.throttle.set(perSecond),
    setListOrder: (order) => {
      ctx.paging.order = listOrder(order);
    },
    deliveries: () => data.deliveries(),
    requests: () => rt.log.map(({ method, url, status }) => ({ method, url, status })),
    requestLog: () => rt.log.map((r) => ({ ...r })),
    async close() {
      if (closed) return;
      closed = true;
      if (online) await stopListening(http, rt);
      online = false;
      await app.close();
      // a change made from code that cannot be written now is lost, as on a service whose disk failed
      const failure = data.tryFlush();
      data.dispose();
      if (failure && !rt.quiet) console.error(`sandbox: the data file cannot be written, the last changes are lost: ${failure.message}`);
    },
  };
  return sandbox;
}
