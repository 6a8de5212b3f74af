// Quotations as the user works on them: drafts with ordered lines, sending,
// approval, custom status, delete. Each change and the outbox entry that
// carries it commit together; repeated edits collapse into one save.
import { approvalInput, CUSTOM_STATUSES, SENDMETHODS, type Approval, type Quotation } from '../../shared/schemas';
import { QUOTATION_TABLE } from '../../shared/fields';
import {
  QUOTATION_HEADER_FIELDS,
  type DraftLine,
  type LineFields,
  type LocalQuotation,
  type LocalState,
  type QuotationContent,
  type QuotationHeader,
} from '../../shared/local';
import { quotationTotals, type PricedLine } from '../../shared/money';
import type { FieldError } from '../../shared/field-errors';
import { fieldErrorsFromZod, describeFieldErrors } from '../../shared/field-errors';
import type { OpKind } from '../../shared/outbox';
import { type Connection, parseJson } from './connection';
import { StoreError, notFound } from './errors';
import { checkHeaderPatch, checkLinePatch, LINE_FIELDS, pick, sameValue } from './fields';
import type { QuotationStart, QuotationStarts, StandardLine } from './quotation-starts';
import { newId, newSavename } from './ids';
import type { Numbering } from './numbering';
import type { Outbox, OutboxItem } from './outbox';
import type { Clients } from './clients';
import { lineErrors, missingRateErrors, quotationToInput } from '../../shared/service-input';
import { isPricedLine } from '../../shared/empty-line';
import type { TaxRates } from './tax-rates';
import { withQueued } from './queued';
import {
  followUpPage,
  listQuotations,
  pageQuotations,
  stateCounts,
  type FollowUpPage,
  type QuotationListItem,
  type QuotationListOptions,
  type QuotationListPage,
  type RankedState,
} from './quotation-list';
import { said } from '../../shared/messages';

export interface QuotationRow {
  rid: number;
  id: string;
  server_id: number | null;
  savename: string | null;
  quotationreference: string | null;
  client_id: string | null;
  server: string | null;
  base: string | null;
  draft: string | null;
  deleted: number;
  gone: number;
  pulled_at: number | null;
  created_at: number;
  updated_at: number;
}

const CONTENT_OPS: OpKind[] = ['quotation.save'];

/** Today as YYYY-MM-DD in the computer's time zone. */
function localDate(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function numeric(v: unknown): number | string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return v.trim();
  return undefined;
}

function priced(line: DraftLine): PricedLine {
  return { amount: numeric(line.amount), price: numeric(line.price), tax_rate: numeric(line.tax_rate), discount_pct: numeric(line.discount_pct) };
}

/** A line that is still the standard text it started as: a description and nothing else. */
function asStarted(line: DraftLine, standard: StandardLine | undefined): boolean {
  if (!standard || line.id !== standard.line) return false;
  const { id: _id, ...fields } = line;
  const held = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return sameValue(held, { description: standard.text });
}

/**
 * Whether a draft holds nothing but what a new one starts with: no client,
 * no lines but its standard opening and closing as they came, and each
 * header field empty, at the value it started with (the account's
 * defaults, a template's), or at what a new draft shows (a flag at its
 * default: totals shown, prices not converted; the date it was made on).
 */
export function untouched(content: QuotationContent, createdOn: string, start: QuotationStart | null = null): boolean {
  if (content.clientId !== null) return false;
  if (!content.lines.every((l) => asStarted(l, start?.opening) || asStarted(l, start?.closing))) return false;
  for (const f of QUOTATION_HEADER_FIELDS) {
    const v = content[f] as unknown;
    if (v === undefined || v === null || v === '') continue;
    if (f === 'date' && v === createdOn) continue;
    if (start && sameValue(v, start.header[f])) continue;
    const field = QUOTATION_TABLE[f];
    if (field.kind === 'flag' && (v === field.default || v === String(field.default))) continue;
    if (field.kind === 'group' && Object.values(v as Record<string, unknown>).every((x) => x === undefined || x === null || String(x).trim() === '')) continue;
    return false;
  }
  return true;
}

export class Quotations {
  constructor(
    private readonly conn: Connection,
    private readonly outbox: Outbox,
    private readonly clients: Clients,
    private readonly numbering: Numbering,
    private readonly taxRates: TaxRates,
    private readonly starts: QuotationStarts,
  ) {}

  row(id: string): QuotationRow {
    const r = this.findRow(id);
    if (!r) throw notFound('Quotation', id);
    return r;
  }

  findRow(id: string): QuotationRow | null {
    return this.conn.stmt<[string], QuotationRow>('SELECT * FROM quotations WHERE id = ?').get(id) ?? null;
  }

  rowByServerId(serverId: number): QuotationRow | null {
    return this.conn.stmt<[number], QuotationRow>('SELECT * FROM quotations WHERE server_id = ?').get(serverId) ?? null;
  }

  /** The content as the user sees it: the local draft, or the service's record. */
  contentOf(row: QuotationRow): QuotationContent {
    const draft = parseJson<QuotationContent>(row.draft);
    if (draft) return this.withKnownClient(draft);
    const server = parseJson<Quotation>(row.server);
    if (!server) return { clientId: row.client_id, lines: [] };
    return this.contentFromServer(row.id, server);
  }

  contentFromServer(id: string, server: Quotation): QuotationContent {
    const header = pick<QuotationHeader>(server, QUOTATION_HEADER_FIELDS);
    const lines = (server.lines ?? []).map((l, i) => ({ ...pick<LineFields>(l, LINE_FIELDS), id: `${id}:${i}` }));
    const client = this.clients.rowByClientnr(server.clientnr);
    // a client not here yet is kept by its number, so an edit made meanwhile still has it
    const unknown = !client && server.clientnr > 0 ? { serviceClientnr: server.clientnr } : {};
    return { ...header, clientId: client?.id ?? null, ...unknown, lines };
  }

  /** The draft with its client, once a client it knew only by the service's number is here. */
  private withKnownClient(content: QuotationContent): QuotationContent {
    if (content.clientId !== null || content.serviceClientnr === undefined) return content;
    const client = this.clients.rowByClientnr(content.serviceClientnr);
    if (!client) return content;
    const { serviceClientnr: _known, ...rest } = content;
    return { ...rest, clientId: client.id };
  }

  /** The quotation of a row, as get() gives it; `ops`: its entries not yet done. */
  toLocal(row: QuotationRow, ops: OutboxItem[] = this.outbox.forTarget(row.id)): LocalQuotation {
    const server = parseJson<Quotation>(row.server);
    const content = this.contentOf(row);
    const { sent, sending, approved, customstatus } = withQueued<Approval>(
      { sent: server?.sent ?? false, approved: server?.approved ?? null, customstatus: server?.customstatus ?? '' },
      ops,
    );
    let state: LocalState = 'synced';
    if (row.deleted) state = 'deleting';
    else if (row.server_id === null) state = 'new';
    // a saved draft keeps its local copy (the UI holds its line ids): what waits decides
    else if (ops.length > 0) state = 'edited';
    const client = content.clientId ? this.clients.findRow(content.clientId) : null;
    const fields = client ? parseJson<{ tax_type?: string; tax_shifted?: unknown }>(client.local ?? client.server) : null;
    const taxType = fields?.tax_type ?? '';
    const totals = quotationTotals(content.lines.map(priced), {
      discounttype: content.discounttype === 'amount' || content.discounttype === 'percentage' ? content.discounttype : '',
      discount: numeric(content.discount),
      taxType: taxType === 'intax' || taxType === 'extax' ? taxType : '',
      // as the editor and the document work it out (docs/money.md)
      taxShifted: fields?.tax_shifted === true || fields?.tax_shifted === 'true',
    });
    return {
      id: row.id,
      serverId: row.server_id,
      savename: row.savename,
      quotationreference: row.quotationreference,
      content,
      sent,
      sending,
      approved,
      customstatus,
      state,
      gone: row.gone === 1,
      totals,
      updatedAt: row.updated_at,
    };
  }

  get(id: string): LocalQuotation {
    return this.toLocal(this.row(id));
  }

  find(id: string): LocalQuotation | null {
    const r = this.findRow(id);
    return r ? this.toLocal(r) : null;
  }

  byServerId(serverId: number): LocalQuotation | null {
    const r = this.rowByServerId(serverId);
    return r ? this.toLocal(r) : null;
  }

  /** What a list shows of each quotation, most recently changed first; far cheaper than list(). */
  summaries(opts: QuotationListOptions = {}): QuotationListItem[] {
    return listQuotations(this.conn, this, opts);
  }

  /** A page of the list as a screen shows it, sorted, filtered and searched in SQL, and how many match (docs/quotation-list.md). */
  page(opts: QuotationListOptions = {}): QuotationListPage {
    return pageQuotations(this.conn, this, opts);
  }

  /** How many quotations are in each state, deleted ones left out. */
  stateCounts(): Record<RankedState, number> {
    return stateCounts(this.conn, this);
  }

  /** A page of the sent quotations that wait for an answer, soonest validity date first (docs/follow-up.md). */
  followUp(opts: { offset?: number; limit?: number; today?: string } = {}): FollowUpPage {
    return followUpPage(this.conn, this, opts.today ?? localDate(this.conn.now()), opts);
  }

  /** Most recently changed first. `which`: drafts (not sent), sent ones, or all. */
  list(opts: { which?: 'drafts' | 'sent' | 'all'; limit?: number; offset?: number; includeDeleted?: boolean } = {}): LocalQuotation[] {
    const rows = this.conn
      .stmt<[], QuotationRow>(`SELECT * FROM quotations ${opts.includeDeleted ? '' : 'WHERE deleted = 0'} ORDER BY updated_at DESC, rid DESC`)
      .all();
    const which = opts.which ?? 'all';
    const out: LocalQuotation[] = [];
    let skip = opts.offset ?? 0;
    const limit = opts.limit ?? 100;
    for (const r of rows) {
      const q = this.toLocal(r);
      if (which === 'drafts' && q.sent) continue;
      if (which === 'sent' && !q.sent) continue;
      if (skip-- > 0) continue;
      out.push(q);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * What the service would refuse in this quotation, per field
   * ("lines.2.price"). To send it, every priced line also needs a tax rate
   * (shared/empty-line.ts, needsTaxRate).
   */
  errors(id: string, action: 'save' | 'send' = 'save'): FieldError[] {
    const row = this.row(id);
    const content = this.contentOf(row);
    const client = content.clientId ? this.clients.findRow(content.clientId) : null;
    const r = quotationToInput(content, { clientnr: client?.clientnr ?? (client ? 1 : (content.serviceClientnr ?? null)), action: 'save' });
    const lineErrs = content.lines.flatMap((l, i) => lineErrors(l, i));
    const errs = r.ok ? [] : r.errors.filter((e) => !e.field.startsWith('lines.'));
    return [...errs, ...lineErrs, ...(action === 'send' ? missingRateErrors(content.lines) : [])];
  }

  create(init: QuotationHeader & { clientId?: string | null } = {}): LocalQuotation {
    const { clientId = null, ...header } = init;
    const checked = checkHeaderPatch(header);
    const id = newId();
    const now = this.conn.now();
    const content: QuotationContent = { date: localDate(now), ...checked, clientId, lines: [] };
    this.conn.tx(['quotations'], () => {
      if (clientId !== null) this.requireClient(clientId);
      this.conn
        .stmt(`INSERT INTO quotations (id, savename, client_id, draft, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`)
        // no reference yet: a draft is numbered when it is first saved or sent (number())
        .run(id, newSavename(), clientId, JSON.stringify(content), now, now);
      // without a client the service cannot take it: it stays local until one is chosen
      if (clientId !== null) this.outbox.enqueueDraftSave(id, { dependsOn: this.clientDependency(clientId) });
    });
    return this.get(id);
  }

  /**
   * A new draft as create() makes it, which starts with `texts`: the opening
   * as its first line and the closing as its last, each a text-only line
   * (none for empty text). Lines added at the end later go above the
   * closing. What it started with is kept (quotation-starts.ts).
   */
  start(init: QuotationHeader & { clientId?: string | null }, texts: { opening: string; closing: string }): LocalQuotation {
    return this.conn.tx(['quotations'], () => {
      const { clientId: _client, ...header } = init;
      const q = this.create(init);
      const start: QuotationStart = { header: checkHeaderPatch(header) };
      if (texts.opening.trim() !== '') start.opening = { line: this.addLine(q.id, { description: texts.opening }).id, text: texts.opening };
      if (texts.closing.trim() !== '') start.closing = { line: this.addLine(q.id, { description: texts.closing }).id, text: texts.closing };
      this.starts.record(q.id, start);
      return this.get(q.id);
    });
  }

  /** What the quotation started with, when it was started with the account's defaults or a template. */
  startOf(id: string): QuotationStart | null {
    return this.starts.of(id);
  }

  /** The ids of the lines that are the quotation's standard opening and closing, while they are there. */
  standardLines(id: string): { opening: string | null; closing: string | null } {
    const start = this.starts.of(id);
    const ids = new Set(this.get(id).content.lines.map((l) => l.id));
    const there = (s: StandardLine | undefined) => (s && ids.has(s.line) ? s.line : null);
    return { opening: there(start?.opening), closing: there(start?.closing) };
  }

  /** Where a line added "at the end" goes: above the standard closing text while it is the last line. */
  endIndex(id: string, content: QuotationContent = this.get(id).content): number {
    const last = content.lines[content.lines.length - 1];
    const closing = this.starts.of(id)?.closing;
    return last !== undefined && closing !== undefined && last.id === closing.line ? content.lines.length - 1 : content.lines.length;
  }

  private requireClient(clientId: string): void {
    const c = this.clients.findRow(clientId);
    if (!c || c.deleted) throw new StoreError('not_allowed', said('store.quotation.client_gone'));
  }

  /** The client create this quotation has to wait for, if the client is new. */
  private clientDependency(clientId: string | null): number | null {
    if (clientId === null) return null;
    const create = this.outbox.forTarget(clientId).find((e) => e.kind === 'client.create');
    return create?.id ?? null;
  }

  private edit(id: string, mutate: (content: QuotationContent) => void): LocalQuotation {
    this.conn.tx(['quotations'], () => {
      const row = this.row(id);
      if (row.deleted) throw new StoreError('not_allowed', said('store.quotation.deleting'));
      const current = this.toLocal(row);
      if (current.sent) {
        throw new StoreError('not_allowed', said('store.quotation.sent'));
      }
      const content = structuredClone(current.content);
      mutate(content);
      const base = row.draft === null ? row.server : row.base;
      this.conn
        .stmt(`UPDATE quotations SET draft = ?, base = ?, client_id = ?, updated_at = ? WHERE id = ?`)
        .run(JSON.stringify(content), base, content.clientId, this.conn.now(), id);
      const dependsOn = this.clientDependency(content.clientId);
      const open = this.outbox.openEntry(id, CONTENT_OPS);
      if (open) this.outbox.absorb(open.id, { dependsOn });
      // a new draft with no client yet stays local (nothing the service could take);
      // one already on the service, or whose first save is out, is saved again,
      // and its missing client marked for the user. Typing costs no requests:
      // the save waits for the person (save, leave, send) or the time rule.
      else if (content.clientId !== null || row.server_id !== null || this.outbox.hasGoneOut(id, CONTENT_OPS)) this.outbox.enqueueDraftSave(id, { dependsOn });
    });
    return this.get(id);
  }

  updateHeader(id: string, patch: QuotationHeader): LocalQuotation {
    const changes = checkHeaderPatch(patch);
    return this.edit(id, (c) => Object.assign(c, changes));
  }

  setClient(id: string, clientId: string | null): LocalQuotation {
    if (clientId !== null) this.requireClient(clientId);
    return this.edit(id, (c) => {
      c.clientId = clientId;
      delete c.serviceClientnr;
    });
  }

  /** Adds a line at `index` (default: at the end) as it is given (a copy), and returns it. */
  addLine(id: string, fields: LineFields = {}, index?: number): DraftLine {
    return this.insertLine(id, checkLinePatch(fields), index, false);
  }

  /**
   * Adds a new line (blank, a product's, a template's): a priced line that
   * comes without a tax rate takes the one this quotation's client's lines
   * use most, else the account's, else 21 (TaxRates.forNewLine). A text line
   * takes none. The one place a new line's rate is decided.
   */
  addNewLine(id: string, fields: LineFields = {}, index?: number): DraftLine {
    return this.insertLine(id, checkLinePatch(fields), index, true);
  }

  private insertLine(id: string, fields: LineFields, index: number | undefined, withRate: boolean): DraftLine {
    const line: DraftLine = { ...fields, id: newId() };
    this.edit(id, (c) => {
      const blankRate = line.tax_rate === undefined || line.tax_rate === null || line.tax_rate === '';
      // a text line takes none
      if (withRate && blankRate && isPricedLine(line)) {
        line.tax_rate = this.taxRates.forNewLine(c.clientId);
      }
      const at = index === undefined ? this.endIndex(id, c) : Math.max(0, Math.min(index, c.lines.length));
      c.lines.splice(at, 0, line);
    });
    return line;
  }

  private lineIndex(c: QuotationContent, lineId: string): number {
    const i = c.lines.findIndex((l) => l.id === lineId);
    if (i < 0) throw notFound('Quotation line', lineId);
    return i;
  }

  updateLine(id: string, lineId: string, patch: LineFields): LocalQuotation {
    const changes = checkLinePatch(patch);
    return this.edit(id, (c) => {
      const i = this.lineIndex(c, lineId);
      c.lines[i] = { ...c.lines[i]!, ...changes, id: lineId };
    });
  }

  moveLine(id: string, lineId: string, toIndex: number): LocalQuotation {
    return this.edit(id, (c) => {
      const [line] = c.lines.splice(this.lineIndex(c, lineId), 1);
      c.lines.splice(Math.max(0, Math.min(toIndex, c.lines.length)), 0, line!);
    });
  }

  removeLine(id: string, lineId: string): LocalQuotation {
    return this.edit(id, (c) => {
      c.lines.splice(this.lineIndex(c, lineId), 1);
    });
  }

  /**
   * Puts a removed line back at `index`, as it was: its own id and values (no
   * rate filled in), so the editor's row and whatever names the line by its
   * id know it again. Saved as any edit. A line already there stays as it is.
   */
  restoreLine(id: string, line: DraftLine, index: number): LocalQuotation {
    const { id: lineId, ...fields } = line;
    const values = checkLinePatch(fields);
    return this.edit(id, (c) => {
      if (c.lines.some((l) => l.id === lineId)) return;
      c.lines.splice(Math.max(0, Math.min(index, c.lines.length)), 0, { ...values, id: lineId });
    });
  }

  /** Queues sending the quotation by `sendmethod`; the content is frozen from here on. */
  send(id: string, sendmethod: string): LocalQuotation {
    if (!(SENDMETHODS as readonly string[]).includes(sendmethod)) {
      throw new StoreError('invalid', said('store.quotation.bad_sendmethod', { sendmethod, allowed: SENDMETHODS.join(', ') }));
    }
    this.conn.tx(['quotations'], () => {
      const row = this.row(id);
      const current = this.toLocal(row);
      if (row.deleted) throw new StoreError('not_allowed', said('store.quotation.deleting_not_sent'));
      if (current.sent) throw new StoreError('not_allowed', said('store.quotation.already_sent'));
      const payload = { sendmethod };
      // numbered now, offline too; a PUT cannot carry the number, so a saved draft without one is saved with it first
      const numberedNow = row.quotationreference === null && this.numbering.assign(id) !== null;
      const dependsOn = this.clientDependency(current.content.clientId);
      // a save a push has taken goes as a save; the send follows it
      const save = this.outbox.openEntry(id, CONTENT_OPS, { unclaimed: true });
      if (row.server_id === null && save && !this.outbox.hasGoneOut(id)) {
        // Never saved on the service: one POST with action send does it all.
        this.outbox.absorb(save.id, { kind: 'quotation.send', payload, dependsOn });
      } else {
        if (numberedNow && row.server_id !== null && !save) this.outbox.enqueue('quotation.save', id, { dependsOn });
        this.outbox.enqueue('quotation.send', id, { payload, dependsOn });
      }
      // the send waits for what is queued before it: that goes now too
      this.outbox.ask(id);
      this.conn.stmt('UPDATE quotations SET updated_at = ? WHERE id = ?').run(this.conn.now(), id);
    });
    return this.get(id);
  }

  /**
   * The person saves (or leaves) the draft: it takes its number now, offline
   * too, if it has none and the scheme is ours. Returns its reference.
   */
  number(id: string): string | null {
    return this.conn.tx(['quotations'], () => {
      const row = this.row(id);
      if (row.deleted) return row.quotationreference;
      return this.numbering.assign(id);
    });
  }

  private requireSent(row: QuotationRow, what: 'approve' | 'unapprove' | 'status'): void {
    if (row.deleted) throw new StoreError('not_allowed', said(`store.quotation.deleting_${what}`));
    if (!this.toLocal(row).sent) throw new StoreError('not_allowed', said(`store.quotation.${what}_unsent`));
  }

  private queueSentChange(id: string, kind: OpKind, payload: Record<string, unknown>): LocalQuotation {
    this.conn.tx(['quotations'], () => {
      // The payload is the change itself: one a push has taken already goes as it was
      // taken, so a later change is an entry of its own, sent after it.
      const open = this.outbox.openEntry(id, [kind], { unclaimed: true });
      if (open) this.outbox.absorb(open.id, { payload });
      else this.outbox.enqueue(kind, id, { payload });
      this.outbox.ask(id);
      this.conn.stmt('UPDATE quotations SET updated_at = ? WHERE id = ?').run(this.conn.now(), id);
    });
    return this.get(id);
  }

  approve(id: string, approval: { name: string; date: string; comments?: string }): LocalQuotation {
    const r = approvalInput.safeParse(approval);
    if (!r.success) throw new StoreError('invalid', said('store.quotation.approval_incomplete', { fields: describeFieldErrors(fieldErrorsFromZod(r.error)) }));
    const approved = { name: r.data.name, date: r.data.date!, ...(r.data.comments ? { comments: r.data.comments } : {}) };
    return this.conn.tx(['quotations'], () => {
      this.requireSent(this.row(id), 'approve');
      return this.queueSentChange(id, 'quotation.approve', { approved });
    });
  }

  unapprove(id: string): LocalQuotation {
    return this.conn.tx(['quotations'], () => {
      this.requireSent(this.row(id), 'unapprove');
      return this.queueSentChange(id, 'quotation.approve', { approved: false });
    });
  }

  /** progress, completed, billable, declined, or clear to remove it. */
  setCustomStatus(id: string, customstatus: string): LocalQuotation {
    const allowed = [...CUSTOM_STATUSES, 'clear'];
    if (!allowed.includes(customstatus))
      throw new StoreError('invalid', said('store.quotation.bad_status', { status: customstatus, allowed: allowed.join(', ') }));
    return this.conn.tx(['quotations'], () => {
      this.requireSent(this.row(id), 'status');
      return this.queueSentChange(id, 'quotation.status', { customstatus });
    });
  }

  /**
   * Removes a new draft nobody typed into, as if it had never been made:
   * no outbox entry, nothing for the service. It is kept from the moment
   * anything was typed (docs/untouched-drafts.md): a client, a line (even an
   * empty one), or a header field given a value other than the one a new
   * draft starts with. A draft the service has seen, a numbered one, or one
   * with something waiting in the outbox is never removed here.
   */
  discardIfUntouched(id: string): boolean {
    return this.conn.tx(['quotations'], () => {
      const row = this.findRow(id);
      if (!row || row.deleted || row.server_id !== null || row.quotationreference !== null || row.server !== null) return false;
      if (this.outbox.forTarget(id).length > 0 || this.outbox.hasGoneOut(id)) return false;
      if (!untouched(this.contentOf(row), localDate(row.created_at), this.starts.of(id))) return false;
      this.conn.stmt('DELETE FROM quotations WHERE id = ?').run(id);
      return true;
    });
  }

  delete(id: string): void {
    this.conn.tx(['quotations'], () => {
      const row = this.row(id);
      if (row.deleted) return;
      const open = this.outbox.forTarget(id).filter((e) => e.state === 'pending' || e.state === 'parked');
      this.outbox.cancel(open.map((e) => e.id));
      if (row.server_id === null && !this.outbox.hasGoneOut(id)) {
        this.conn.stmt('DELETE FROM quotations WHERE id = ?').run(id);
        return;
      }
      this.conn.stmt('UPDATE quotations SET deleted = 1, updated_at = ? WHERE id = ?').run(this.conn.now(), id);
      this.outbox.enqueue('quotation.delete', id);
      this.outbox.ask(id);
    });
  }

  /*
   * Row writes that the push (quotation-pushes.ts), conflict resolution and
   * discarding share, so that this module alone writes quotation rows. Each
   * joins the caller's transaction; on their own they are one each.
   */

  /** Removes the row; the caller has settled its outbox entries. */
  remove(id: string): void {
    this.conn.tx(['quotations'], () => {
      this.conn.stmt('DELETE FROM quotations WHERE id = ?').run(id);
    });
  }

  /** Puts a quotation whose delete was given up back in the lists. */
  undelete(id: string): void {
    this.conn.tx(['quotations'], () => {
      this.conn.stmt('UPDATE quotations SET deleted = 0, updated_at = ? WHERE id = ?').run(this.conn.now(), id);
    });
  }

  /** Forgets the local draft: the quotation shows the service's version again. */
  dropDraft(id: string): void {
    this.conn.tx(['quotations'], () => {
      this.conn.stmt('UPDATE quotations SET draft = NULL, base = NULL, client_id = NULL, updated_at = ? WHERE id = ?').run(this.conn.now(), id);
    });
  }

  /** Takes the service's version `server` as it is, the local draft given up. */
  takeServerVersion(id: string, server: Quotation): void {
    this.conn.tx(['quotations'], () => {
      this.conn
        .stmt('UPDATE quotations SET draft = NULL, base = NULL, server = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify(server), this.conn.now(), id);
    });
  }

  /**
   * Lets go of the quotation on the service: the draft is saved again as a
   * new one. With `fresh`, it also takes that content, a new savename and no
   * number (it is numbered afresh when it goes out).
   */
  detach(id: string, fresh?: QuotationContent): void {
    this.conn.tx(['quotations'], () => {
      const now = this.conn.now();
      if (!fresh) {
        this.conn.stmt('UPDATE quotations SET server_id = NULL, server = NULL, base = NULL, gone = 0, updated_at = ? WHERE id = ?').run(now, id);
        return;
      }
      this.conn
        .stmt(
          'UPDATE quotations SET server_id = NULL, server = NULL, base = NULL, draft = ?, client_id = ?, savename = ?, quotationreference = NULL, updated_at = ? WHERE id = ?',
        )
        .run(JSON.stringify(fresh), fresh.clientId, newSavename(), now, id);
    });
  }

  /** A new row mirroring the service's quotation `server` under its own names; returns its id. */
  addFromServer(server: Quotation): string {
    const id = newId();
    const now = this.conn.now();
    this.conn.tx(['quotations'], () => {
      this.conn
        .stmt('INSERT INTO quotations (id, server_id, server, savename, quotationreference, pulled_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(id, server.id, JSON.stringify(server), server.savename || null, server.quotationreference || null, now, now, now);
    });
    return id;
  }

  /**
   * Makes `content`, a draft merged with the service's version `server`,
   * the draft: `server` becomes the version later edits start from.
   */
  takeMerged(id: string, content: QuotationContent, server: Quotation): void {
    this.conn.tx(['quotations'], () => {
      const json = JSON.stringify(server);
      this.conn
        .stmt('UPDATE quotations SET draft = ?, base = ?, server = ?, client_id = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify(content), json, json, content.clientId, this.conn.now(), id);
    });
  }
}
