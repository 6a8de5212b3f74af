// Maps what the store keeps onto the views of the contract (shared/bridge/
// views.ts). The UI never sees storage rows: ids become strings, times ISO
// text, and the state badge is derived from the outbox and the conflicts.
import type { Client, Quotation } from '../../shared/schemas';
import type { ClientFields, DraftLine, LocalClient, LocalProduct, LocalQuotation, QuotationContent } from '../../shared/local';
import type { Conflict, OpError, OutboxEntry } from '../../shared/outbox';
import type { FieldError } from '../../shared/field-errors';
import { addDays, priceInTax } from '../../shared/money';
import { serviceFills } from '../../shared/service-defaults';
import type {
  PushError,
  ClientRef,
  ClientState,
  ClientSummary,
  ClientView,
  ConflictRow,
  ConflictView,
  CustomStatus,
  LineView,
  ParkedOperation,
  ProductDetail,
  ProductView,
  QuotationState,
  QuotationSummary,
  QuotationView,
  SerializedError,
} from '../../shared/bridge';
import type { QuotationListItem, Store } from '../store';
import { formatMessage, isMessageKey } from '../../shared/messages';
import { bool, num, str } from '../../shared/fields/view-values';
import { typedFields } from '../../shared/typed-number';
import { CLIENT_FIELDS, PRODUCT_FIELDS } from '../store/fields';
import { flatten, rowsOf, threeWay, type ThreeWay } from './conflict-rows';
import { lineValues } from '../../shared/line-match';
import { fieldsAt, layoutOrder, LINE_TABLE, QUOTATION_TABLE, viewFields } from '../../shared/fields';

/** The store's open outbox entries and conflicts, indexed by record, read once per answer. */
export interface Pending {
  ops: Map<string, OutboxEntry[]>;
  conflicts: Map<string, Conflict>;
}

export function readPending(store: Store): Pending {
  const ops = new Map<string, OutboxEntry[]>();
  for (const op of store.outbox.list()) {
    const list = ops.get(op.target);
    if (list) list.push(op);
    else ops.set(op.target, [op]);
  }
  const conflicts = new Map<string, Conflict>();
  for (const c of store.conflicts.open()) conflicts.set(c.target, c);
  return { ops, conflicts };
}

/** The same for one record: what an answer about that record alone needs. */
export function pendingFor(store: Store, target: string): Pending {
  const ops = store.outbox.forTarget(target);
  const conflict = store.conflicts.forTarget(target);
  return { ops: new Map(ops.length > 0 ? [[target, ops]] : []), conflicts: new Map(conflict ? [[target, conflict]] : []) };
}

/** What mapping quotations needs besides the quotation itself, read once per answer. */
export interface Lookup {
  pending: Pending;
  client(id: string): LocalClient | null;
  /** the service's total while the service's version stands for what is here, else null */
  serviceTotal(quotationId: string): string | null;
  /** the client's name as the service copied it onto the quotation ('' when it gave none) */
  copiedClientName(quotationId: string): string;
}

/**
 * Clients and service totals are read as asked, and remembered for the
 * answer; with a `target`, the outbox and conflicts only of that record.
 */
export function lookupFor(store: Store, target?: string): Lookup {
  const clients = new Map<string, LocalClient | null>();
  const totals = new Map<string, string | null>();
  const pending = target === undefined ? readPending(store) : pendingFor(store, target);
  return {
    pending,
    client(id) {
      if (!clients.has(id)) clients.set(id, store.clients.find(id));
      return clients.get(id)!;
    },
    serviceTotal(id) {
      if (!totals.has(id)) totals.set(id, serviceTotalOf(id, serverRecord(store, id), pending));
      return totals.get(id)!;
    },
    copiedClientName(id) {
      const server = serverRecord(store, id).server as { company?: unknown; contact?: unknown } | null;
      return str(server?.company) || str(server?.contact);
    },
  };
}

// Lists repeat times (a pulled page shares one): the last one is remembered.
let lastMs = Number.NaN;
let lastIso = '';
function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

function parse<T>(json: string | null | undefined): T | null {
  return json ? (JSON.parse(json) as T) : null;
}

/** The failure of the first entry waiting for the record that failed and goes again (not parked: the badge says that). */
function pushErrorOf(ops: OutboxEntry[] | undefined): PushError | null {
  // the failures that end by themselves; one the person must fix parks the entry, and a fix clears it
  const passing = ['network', 'server', 'rate_limited'];
  const failed = (ops ?? []).find(
    (o) => (o.state === 'pending' || o.state === 'unknown_outcome') && o.lastError !== null && passing.includes(o.lastError.kind),
  );
  if (!failed || !failed.lastError) return null;
  const e = failed.lastError;
  return {
    kind: e.kind,
    messageKey: e.messageKey ?? null,
    params: { ...(e.params ?? {}) },
    at: new Date(e.at).toISOString(),
    nextTryAt: failed.nextAttemptAt > 0 ? new Date(failed.nextAttemptAt).toISOString() : null,
  };
}

/** The service's field errors from the last failed attempt of a record's operations. */
function lastFieldErrors(ops: OutboxEntry[] | undefined): FieldError[] {
  for (const op of [...(ops ?? [])].reverse()) {
    if (op.lastError?.fieldErrors?.length) return op.lastError.fieldErrors;
  }
  return [];
}

function clientName(fields: ClientFields): string {
  return str(fields.company) || str(fields.contact);
}

export function clientRef(lookup: Pick<Lookup, 'client'>, clientId: string | null): ClientRef | null {
  if (!clientId) return null;
  const c = lookup.client(clientId);
  return c ? { id: c.id, clientnr: c.clientnr, name: clientName(c.fields) } : { id: clientId, clientnr: null, name: '' };
}

// ---- quotations

function quotationState(q: { id: string; approved: unknown; sent: boolean; serverId: number | null }, pending: Pending): QuotationState {
  if (pending.conflicts.has(q.id)) return 'conflict';
  const ops = pending.ops.get(q.id) ?? [];
  if (ops.some((o) => o.state === 'parked')) return 'attention';
  if (ops.length > 0) return 'pending';
  if (q.approved) return 'approved';
  if (q.sent) return 'sent';
  if (q.serverId !== null) return 'saved';
  return 'local';
}

interface ServerRecord {
  server: Quotation | null;
  hasDraft: boolean;
  /** the service's record is the one the local edits start from: read back after the last save (or pulled) */
  readBack: boolean;
}

function serverRecord(store: Store, id: string): ServerRecord {
  const row = store.quotations.findRow(id);
  return {
    server: parse<Quotation>(row?.server),
    hasDraft: row?.draft !== null && row?.draft !== undefined,
    readBack: row?.base !== null && row?.base !== undefined && row.base === row.server,
  };
}

/**
 * The service's total while the service's version stands for what is here:
 * no local copy, or a saved draft's local copy with nothing waiting to be
 * saved and no conflict, the service's record read back after that save.
 * The editor shows it, and names it when it differs from ours (docs/money.md).
 */
function serviceTotalOf(id: string, { server, hasDraft, readBack }: ServerRecord, pending: Pending): string | null {
  if (!server || server.totalintax === undefined) return null;
  if (hasDraft && !(readBack && !pending.ops.has(id) && !pending.conflicts.has(id))) return null;
  return String(server.totalintax);
}

export function quotationSummary(q: LocalQuotation, lookup: Lookup): QuotationSummary {
  return summaryWith(q, lookup, lookup.serviceTotal(q.id));
}

function summaryWith(q: LocalQuotation, lookup: Lookup, serviceTotal: string | null): QuotationSummary {
  const status = q.customstatus;
  const client = q.content.clientId ? lookup.client(q.content.clientId) : null;
  return {
    id: q.id,
    serverId: q.serverId,
    savename: str(q.savename),
    quotationreference: str(q.quotationreference),
    client: clientRef(lookup, q.content.clientId),
    // the client not here yet: its name as the service copied it onto the quotation (as the list reads it)
    ...(!q.content.clientId && serviceTotal !== null && lookup.copiedClientName(q.id) ? { clientName: lookup.copiedClientName(q.id) } : {}),
    date: q.content.date ? String(q.content.date) : null,
    totalintax: serviceTotal ?? q.totals.totalintax,
    currency: str(client?.fields.currency) || 'EUR',
    state: quotationState(q, lookup.pending),
    customstatus: status === 'progress' || status === 'completed' || status === 'billable' || status === 'declined' ? (status as CustomStatus) : null,
    updatedAt: iso(q.updatedAt),
  };
}

/** The same summary as quotationSummary, from the store's list item. */
export function listedQuotationSummary(item: QuotationListItem, pending: Pending): QuotationSummary {
  const status = item.customstatus;
  const c = item.client;
  return {
    id: item.id,
    serverId: item.serverId,
    savename: str(item.savename),
    quotationreference: str(item.quotationreference),
    client: item.clientId
      ? c
        ? { id: item.clientId, clientnr: c.clientnr, name: c.company || c.contact }
        : { id: item.clientId, clientnr: null, name: '' }
      : null,
    // the client not here yet: its name as the service copied it onto the quotation
    ...(!item.clientId && c && (c.company || c.contact) ? { clientName: c.company || c.contact } : {}),
    date: item.date,
    totalintax: item.totalintax,
    currency: c?.currency || 'EUR',
    state: quotationState(item, pending),
    customstatus: status === 'progress' || status === 'completed' || status === 'billable' || status === 'declined' ? (status as CustomStatus) : null,
    updatedAt: iso(item.updatedAt),
  };
}

/** A line as the page sees it: the fields it holds (a flag only when on), by its table (shared/fields/line.ts). */
export function lineView(line: DraftLine, linetotal?: unknown): LineView {
  const out: Record<string, unknown> = { id: line.id };
  const from = line as unknown as Record<string, unknown>;
  for (const [k, f] of fieldsAt(LINE_TABLE, 'json')) {
    const v = from[k];
    if (v == null) continue;
    const s = f.view(v);
    if (s !== null && s !== false) out[k] = s;
  }
  const total = num(linetotal);
  if (total !== null) out.linetotal = total;
  const typed = typedFields(line, LINE_TABLE);
  if (typed) out.typed = typed;
  return out as LineView;
}

/** The header's number fields that hold text typed as no number (shared/typed-number.ts). */
function typedHeader(c: QuotationContent): { typed?: Record<string, string> } {
  const { lines: _lines, ...header } = c;
  const typed = typedFields(header, QUOTATION_TABLE);
  return typed ? { typed } : {};
}

export function quotationView(store: Store, q: LocalQuotation, lookup: Lookup = lookupFor(store, q.id)): QuotationView {
  const record = serverRecord(store, q.id);
  const { server, hasDraft } = record;
  const serviceTotal = serviceTotalOf(q.id, record, lookup.pending);
  const summary = summaryWith(q, lookup, serviceTotal);
  const { pending } = lookup;
  const c = q.content;
  const period = num(c.quotationperiod);
  const date = typeof c.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c.date) ? c.date : null;
  const client = c.clientId ? lookup.client(c.clientId) : null;
  // the service's line totals hold only while the lines are the service's
  const serverLines = server && !hasDraft ? (server.lines ?? []) : [];
  return {
    ...summary,
    // the header fields, each as its table says the page sees it (shared/fields/quotation.ts)
    ...viewFields(QUOTATION_TABLE, c),
    ...typedHeader(c),
    datedue: date && period !== null ? addDays(date, period) : server && !hasDraft ? (server.datedue ?? null) : null,
    lines: c.lines.map((l, i) => lineView(l, serverLines[i]?.linetotal)),
    taxType: client?.fields.tax_type === 'intax' ? 'intax' : 'extax',
    taxShifted: bool(client?.fields.tax_shifted, false),
    sent: q.sent,
    sending: q.sending,
    pushError: pushErrorOf(pending.ops.get(q.id)),
    approved: q.approved,
    sign_url: server?.sign_url ? server.sign_url : null,
    serviceTotal,
    fieldErrors: lastFieldErrors(pending.ops.get(q.id)),
    conflictId: pending.conflicts.has(q.id) ? String(pending.conflicts.get(q.id)!.id) : null,
    readOnly: q.sent,
    serviceFills: q.sent ? {} : serviceFills(c as unknown as Record<string, unknown>, store.serviceDefaults.all()),
  };
}

// ---- clients

function clientState(c: LocalClient, pending: Pending): ClientState {
  if (pending.conflicts.has(c.id)) return 'conflict';
  const ops = pending.ops.get(c.id) ?? [];
  if (ops.some((o) => o.state === 'parked')) return 'attention';
  if (ops.length > 0) return 'pending';
  return c.clientnr === null ? 'local' : 'synced';
}

export function isActiveClient(c: LocalClient): boolean {
  return bool(c.fields.active, true);
}

export function clientSummary(c: LocalClient, pending: Pending): ClientSummary {
  const f = c.fields;
  return {
    id: c.id,
    clientnr: c.clientnr,
    company: str(f.company),
    contact: str(f.contact),
    email: str(f.email),
    city: str(f.city),
    zipcode: str(f.zipcode),
    taxnumber: str(f.taxnumber),
    phone: str(f.phone),
    mobile: str(f.mobile),
    active: isActiveClient(c),
    state: clientState(c, pending),
  };
}

export function clientView(store: Store, c: LocalClient, pending: Pending = pendingFor(store, c.id)): ClientView {
  const server = parse<Client>(store.clients.findRow(c.id)?.server);
  const ops = pending.ops.get(c.id) ?? [];
  return {
    ...clientSummary(c, pending),
    fields: { ...c.fields },
    lastinvoice: server?.lastinvoice ?? null,
    fieldErrors: lastFieldErrors(ops),
    conflictId: pending.conflicts.has(c.id) ? String(pending.conflicts.get(c.id)!.id) : null,
    hasDocuments: ops.some((o) => o.kind === 'client.delete' && o.lastError?.kind === 'has_documents'),
  };
}

// ---- catalogue

function productState(p: LocalProduct, pending: Pending): ClientState {
  if (pending.conflicts.has(p.id)) return 'conflict';
  const ops = pending.ops.get(p.id) ?? [];
  if (ops.some((o) => o.state === 'parked')) return 'attention';
  if (ops.length > 0) return 'pending';
  return p.productId === null ? 'local' : 'synced';
}

/**
 * The price incl. tax to show. Made or repriced here, the service has not
 * worked it out yet: the same rule it uses (price × (100 + taxes) / 100, 3
 * decimals; docs/products.md), so the column is never empty nor stale. A
 * price incl. tax typed here is shown as typed.
 */
function priceInTaxShown(store: Store, p: LocalProduct, price: number | null, taxes: number | null): number | null {
  const shown = num(p.fields.priceintax);
  // a synced product's fields are the service's record: neither typed here nor stale
  if (p.state === 'synced' && shown !== null) return shown;
  const server = parse<{ price?: unknown; taxes?: unknown; priceintax?: unknown }>(store.products.findRow(p.id)?.server);
  const typedHere = shown !== null && shown !== num(server?.priceintax);
  const stale = shown === null || num(server?.price) !== price || num(server?.taxes) !== taxes;
  if (typedHere || !stale || price === null || taxes === null) return shown;
  return Number(priceInTax(price, taxes));
}

/** A product as lists show it: local edits over the service's record. */
export function productView(store: Store, p: LocalProduct, pending: Pending): ProductView {
  const f = p.fields;
  const stockUse = bool(f.stock_use, false);
  const price = num(f.price);
  const taxes = num(f.taxes);
  return {
    id: store.products.keyOf(p.id),
    localId: p.id,
    state: productState(p, pending),
    code: str(f.code),
    name: str(f.name),
    price: price ?? 0,
    taxes: taxes ?? 0,
    priceintax: priceInTaxShown(store, p, price, taxes),
    notes: str(f.notes),
    stock: stockUse ? (num(f.stock) ?? false) : false,
    stock_use: stockUse,
  };
}

export function productDetail(store: Store, p: LocalProduct, pending: Pending = pendingFor(store, p.id)): ProductDetail {
  const ops = pending.ops.get(p.id) ?? [];
  const own = store.products.errors(p.id);
  const service = lastFieldErrors(ops).filter((e) => !own.some((o) => o.field === e.field));
  return {
    ...productView(store, p, pending),
    fields: { ...p.fields },
    unit: store.productUnits.of(p.id),
    fieldErrors: [...own, ...service],
    conflictId: pending.conflicts.has(p.id) ? String(pending.conflicts.get(p.id)!.id) : null,
  };
}

// ---- outbox and conflicts

const OP_WORDS: Record<string, string> = {
  'client.create': 'Create client',
  'client.update': 'Save client',
  'client.delete': 'Delete client',
  'quotation.save': 'Save quotation',
  'quotation.send': 'Send quotation',
  'quotation.approve': 'Approval of quotation',
  'quotation.status': 'Status of quotation',
  'quotation.delete': 'Delete quotation',
  'product.create': 'Create product',
  'product.update': 'Save product',
  'product.stock': 'Set stock of product',
  'product.delete': 'Delete product',
};

/** What an operation is about, for a person: "Send quotation QD-260115-… to Bakkerij Jansen". */
export function operationLabel(store: Store, op: Pick<OutboxEntry, 'kind' | 'targetKind' | 'target'>): string {
  const verb = OP_WORDS[op.kind] ?? op.kind;
  if (op.targetKind === 'product') {
    const p = store.products.find(op.target);
    return p ? `${verb} ${str(p.fields.name) || str(p.fields.code)}`.trim() : verb;
  }
  if (op.targetKind === 'client') {
    const c = store.clients.find(op.target);
    return c ? `${verb} ${clientName(c.fields) || (c.clientnr ?? '')}`.trim() : verb;
  }
  const q = store.quotations.find(op.target);
  if (!q) return verb;
  const name = str(q.quotationreference) || str(q.savename);
  const client = clientRef({ client: (id) => store.clients.find(id) }, q.content.clientId)?.name;
  return [verb, name, client ? `to ${client}` : ''].filter(Boolean).join(' ');
}

/**
 * Why an operation waits, as the UI says it. A reason the outbox kept with
 * its message key is said by that key, in the UI's language. One stored
 * before the outbox kept keys has its English words only: those are said as
 * they are, under bridge.parked (no migration rewrites old entries).
 */
export function opErrorView(e: OpError | null): SerializedError {
  if (e?.messageKey && isMessageKey(e.messageKey)) {
    const params = { ...e.params };
    const said: SerializedError = { kind: e.kind, messageKey: e.messageKey, message: formatMessage(e.messageKey, params), params };
    if (e.status !== undefined) said.params!.status = e.status;
    if (e.fieldErrors?.length) said.fieldErrors = e.fieldErrors;
    return said;
  }
  const detail = e?.message ?? 'This operation waits for you.';
  const out: SerializedError = {
    kind: e?.kind ?? 'other',
    messageKey: 'bridge.parked',
    message: formatMessage('bridge.parked', { detail }),
    params: { detail },
  };
  if (e?.status !== undefined) out.params!.status = e.status;
  if (e?.fieldErrors?.length) out.fieldErrors = e.fieldErrors;
  return out;
}

/**
 * The quotation's reference and the client's name of a record, for texts the
 * UI writes in its language. A quotation without a reference has none here:
 * the UI says "draft" (its savename is never a number a person reads).
 */
function subjectOf(store: Store, targetKind: 'client' | 'quotation' | 'product', target: string): { reference: string; clientName: string } {
  // a product's conflict or parked operation names the product where others name the client
  if (targetKind === 'product') {
    const p = store.products.find(target);
    return { reference: '', clientName: p ? str(p.fields.name) || str(p.fields.code) : '' };
  }
  const q = targetKind === 'quotation' ? store.quotations.find(target) : null;
  const clientId = targetKind === 'client' ? target : (q?.content.clientId ?? null);
  return {
    reference: q ? str(q.quotationreference) : '',
    clientName: clientId ? clientName(store.clients.find(clientId)?.fields ?? {}) : '',
  };
}

export function parkedView(store: Store, op: OutboxEntry): ParkedOperation {
  return {
    id: String(op.id),
    kind: op.kind,
    label: operationLabel(store, op),
    entity: op.targetKind,
    entityId: op.target,
    ...subjectOf(store, op.targetKind, op.target),
    reason: opErrorView(op.lastError),
    attempts: op.attempts,
    createdAt: iso(op.createdAt),
  };
}

function contentFields(c: QuotationContent | null): Record<string, unknown> | null {
  if (!c) return null;
  const { lines, ...rest } = c;
  return { ...rest, lines: lines.map(({ id: _id, ...fields }) => fields) };
}

/**
 * The order a quotation's fields are compared and shown in: as the editor
 * lays them out (each header field's `layout` in its table), the client
 * first and the lines last.
 */
export const QUOTATION_CONFLICT_ORDER: readonly string[] = ['client', ...layoutOrder(QUOTATION_TABLE), 'lines'];

function withClient(c: QuotationContent | null): Record<string, unknown> | null {
  return c ? { ...c, client: c.clientId } : null;
}

function spreadReference(fields: readonly string[]): string[] {
  return fields.flatMap((f) => (f === 'reference' ? ['reference.line1', 'reference.line2', 'reference.line3'] : [f]));
}

function compared(store: Store, c: Conflict): ThreeWay {
  if (c.targetKind === 'client' || c.targetKind === 'product') {
    const order = spreadReference(c.kind === 'fields' ? c.fields : c.targetKind === 'product' ? PRODUCT_FIELDS : CLIENT_FIELDS);
    const mine = flatten((c.mine as Record<string, unknown> | null) ?? null, order);
    if (c.kind === 'deleted' || !c.theirs) return { both: [], changedHereOnly: [], changedThereOnly: [], rows: rowsOf(mine, order) };
    // the engine named the fields changed on both sides: show those that differ
    const shown = threeWay(null, mine, flatten(c.theirs as Record<string, unknown>, order), order);
    return shown.rows.length > 0
      ? { ...shown, both: c.fields }
      : {
          ...shown,
          both: c.fields,
          rows: order.map((f) => ({ field: f, mine: mine.get(f) ?? null, theirs: (c.theirs as Record<string, unknown>)[f] ?? null })),
        };
  }
  const mine = flatten(withClient((c.mine as QuotationContent | null) ?? null), QUOTATION_CONFLICT_ORDER);
  if (c.kind === 'deleted' || !c.theirs)
    return { both: [], changedHereOnly: [], changedThereOnly: [], rows: namedClients(store, rowsOf(mine, QUOTATION_CONFLICT_ORDER)) };
  // what the resolutions act on: the fields and lines the merge leaves to choose
  const m = store.conflicts.draftMerge(c, 'mine');
  const rows: ConflictRow[] = inConflictOrder(m.conflicts).map((x) =>
    x.field === 'line' && 'line' in x
      ? { field: 'line', line: x.line, mine: x.mine ? lineValues(x.mine) : null, theirs: x.theirs ? lineValues(x.theirs) : null }
      : { field: x.field, mine: x.mine, theirs: x.theirs },
  );
  return {
    both: inConflictOrder([...new Set(m.conflicts.map((x) => (x.field === 'line' ? 'lines' : x.field)))]),
    changedHereOnly: inConflictOrder(m.changedHereOnly),
    changedThereOnly: inConflictOrder(m.changedThereOnly),
    rows: namedClients(store, rows),
  };
}

/** Fields (or what names one) in the order the editor lays them out; lines keep theirs. */
function inConflictOrder<T extends string | { field: string }>(items: T[]): T[] {
  const at = (x: T) => {
    const f = typeof x === 'string' ? x : x.field;
    return QUOTATION_CONFLICT_ORDER.indexOf(f === 'line' ? 'lines' : f);
  };
  return items
    .map((x, i) => ({ x, i }))
    .sort((a, b) => at(a.x) - at(b.x) || a.i - b.i)
    .map(({ x }) => x);
}

/** A client row shows names, not local ids. */
function namedClients(store: Store, rows: ConflictRow[]): ConflictRow[] {
  const name = (id: unknown) => (typeof id === 'string' && id ? clientRef({ client: (x) => store.clients.find(x) }, id)?.name || null : null);
  return rows.map((r) => (r.field === 'client' ? { ...r, mine: name(r.mine), theirs: name(r.theirs) } : r));
}

export function conflictView(store: Store, c: Conflict): ConflictView {
  let mine: Record<string, unknown> | null;
  let theirs: Record<string, unknown> | null;
  if (c.targetKind === 'quotation') {
    mine = contentFields((c.mine as QuotationContent | null) ?? null);
    theirs = c.theirs ? contentFields(store.quotations.contentFromServer(c.target, c.theirs as Quotation)) : null;
  } else {
    mine = (c.mine as Record<string, unknown> | null) ?? null;
    theirs = (c.theirs as Record<string, unknown> | null) ?? null;
  }
  const diff = compared(store, c);
  return {
    id: String(c.id),
    entity: c.targetKind,
    entityId: c.target,
    label: operationLabel(store, {
      kind: c.targetKind === 'client' ? 'client.update' : c.targetKind === 'product' ? 'product.update' : 'quotation.save',
      targetKind: c.targetKind,
      target: c.target,
    }),
    ...subjectOf(store, c.targetKind, c.target),
    mine,
    theirs,
    fields: diff.both,
    rows: diff.rows,
    changedHereOnly: diff.changedHereOnly,
    changedThereOnly: diff.changedThereOnly,
    deletedOnService: c.kind === 'deleted',
  };
}
