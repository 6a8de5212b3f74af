// Pushing quotations: save a draft (POST action save under the app's
// savename; later saves overwrite it, so saving again is harmless), send
// (POST action send for a draft never saved, PUT for a saved one, whose new
// id then replaces the old one here), approval, custom status, delete.
//
// The savename is this computer's own name for a quotation and is never
// printed: every lost save or send is looked up by it. The
// quotationreference is the person's number, which another desk on the
// same account may have handed out too while offline; when the service
// refuses ours as taken, the quotation takes the next free number and goes
// again (docs/numbering.md).
import { ApiError } from '../../api';
import { quotationRecord, type Quotation, type QuotationCreate } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import { parseJson } from '../../store/context';
import type { QuotationRow } from '../../store/quotations';
import { saveBody, sendBody } from '../request-bodies';
import { filledLineIndexes, typedLineField } from '../../../shared/empty-line';
import { draftUnchanged, holdsSent } from '../merge';
import { holdsDraft, mergeQuotation } from '../../../shared/quotation-merge';
import { newId } from '../../store/ids';
import { withInputOnly } from '../../../shared/input-only';
import type { OpHandler, PushContext, PushResult, ResolveResult } from './types';
import { readSent } from './read-sent';
import { isNotFound, listIncomplete, nothingLeft } from './common';
import type { InvoicingApi } from '../../api';

/**
 * The first quotation on the service that `match` accepts, or null when the
 * whole list was read and none matched. Pages are not asked for ahead: a
 * lookup stops at its match, and the hourly request budget is small. A walk
 * that cannot be sure it saw the whole list throws instead of answering
 * null, since its callers take null as "never arrived" (docs/paging.md).
 */
async function findQuotation(api: InvoicingApi, match: (q: Quotation) => boolean): Promise<Quotation | null> {
  const walk = api.quotations.pages({ ahead: false });
  for await (const page of walk) {
    const hit = page.find(match);
    if (hit) return hit;
  }
  if (!walk.complete) throw listIncomplete('quotations', 'quotations.list');
  return null;
}

/** The sent body as the service will hold it, until a pull brings the real record. */
function provisional(body: Record<string, unknown>, id: number, sent: boolean): Quotation | null {
  const r = quotationRecord.safeParse({ ...body, id, sent });
  return r.success ? r.data : null;
}

/** Gives up a row that mirrors `serverId` when the row being recorded is the same quotation. */
function dropTwin(ctx: PushContext, keep: string, serverId: number): void {
  const twin = ctx.store.quotations.rowByServerId(serverId);
  if (twin && twin.id !== keep) {
    ctx.store.outbox.cancel(ctx.store.outbox.forTarget(twin.id).filter((e) => e.state === 'pending' || e.state === 'parked').map((e) => e.id));
    ctx.store.ctx.stmt('DELETE FROM quotations WHERE id = ?').run(twin.id);
  }
}

type Body = { ok: true; clientnr: number | null; body: QuotationCreate } | { ok: false; result: PushResult };

/** How many taken numbers one push steps past before it leaves the choice to the person. */
const RENUMBER_TRIES = 20;

/** The service refused the body's reference as one another quotation has. */
function referenceTaken(e: unknown, body: QuotationCreate): e is ApiError {
  // The spec names no message for it; a refusal that names only the reference
  // of a body that passed our own checks (length, text) can only mean it is
  // taken. One that names other fields too is for the person to fix: a new
  // number would not get it through.
  const fields = e instanceof ApiError ? (e.fieldErrors ?? []) : [];
  return e instanceof ApiError && e.kind === 'validation' && !!body.quotationreference && fields.length > 0 && fields.every((f) => f.field === 'quotationreference');
}

/**
 * POSTs the body `make` gives; while the service refuses its reference as
 * taken, the quotation takes the next free number and the body is made
 * again. A refused request changed nothing on the service, so going again
 * cannot make a second copy. `mark` records each body before it goes.
 */
async function createNumbered(ctx: PushContext, row: QuotationRow, make: () => Body, mark: (body: QuotationCreate) => void): Promise<{ ok: true; id: number; body: QuotationCreate } | { ok: false; result: PushResult }> {
  for (let tries = 0; ; tries++) {
    const b = make();
    if (!b.ok) return b;
    mark(b.body);
    // the lines as typed, empty ones among them, for naming the lines of a refusal
    const kept = filledLineIndexes(ctx.store.quotations.contentOf(ctx.store.quotations.row(row.id)).lines);
    try {
      return { ok: true, id: await ctx.api.quotations.create(b.body), body: b.body };
    } catch (e) {
      if (e instanceof ApiError) for (const f of e.fieldErrors ?? []) f.field = typedLineField(f.field, kept);
      if (!referenceTaken(e, b.body) || tries >= RENUMBER_TRIES) throw e;
      ctx.store.numbering.renumber(row.id, b.body.quotationreference!);
    }
  }
}

/** A draft that goes out un-numbered (by the time rule, or after its number was taken) is numbered first. */
function numbered(ctx: PushContext, row: QuotationRow): QuotationRow {
  if (row.quotationreference) return row;
  ctx.store.numbering.assign(row.id);
  return ctx.store.quotations.row(row.id);
}

/** The body for a save or a POST send, or why there is none yet. */
function bodyFor(ctx: PushContext, entry: OutboxItem, row: QuotationRow, extra: { action: 'save' | 'send'; sendmethod?: string; overwrite?: boolean }): Body {
  const { store } = ctx;
  const content = store.quotations.contentOf(row);
  let clientnr: number | null = null;
  if (content.clientId) {
    const client = store.clients.findRow(content.clientId);
    if (client && client.clientnr === null) {
      const create = store.outbox.forTarget(client.id).find((e) => e.kind === 'client.create');
      if (create) {
        store.outbox.absorb(entry.id, { dependsOn: create.id });
        return { ok: false, result: 'waiting' };
      }
    }
    clientnr = client?.clientnr ?? null;
    if (!client) {
      store.outbox.park(entry.id, { kind: 'validation', message: 'The client of this quotation no longer exists; choose another client.', fieldErrors: [{ field: 'clientId', message: 'choose a client for this quotation' }] });
      return { ok: false, result: 'parked' };
    }
  }
  const checked = extra.action === 'send' ? sendBody(content, row, clientnr, extra.sendmethod ?? '') : saveBody(content, row, clientnr, extra.overwrite);
  if (!checked.ok) {
    const what = extra.action === 'send' ? 'sent' : 'saved on the service';
    store.outbox.park(entry.id, { kind: 'validation', message: `This quotation cannot be ${what} until these fields are fixed.`, fieldErrors: checked.errors });
    return { ok: false, result: 'parked' };
  }
  return { ok: true, clientnr, body: checked.value };
}

function deletedConflict(ctx: PushContext, entry: OutboxItem, row: QuotationRow): PushResult {
  const { store } = ctx;
  store.transaction(() => {
    store.ctx.stmt('UPDATE quotations SET gone = 1 WHERE id = ?').run(row.id);
    store.conflicts.record({
      kind: 'deleted',
      targetKind: 'quotation',
      target: row.id,
      opId: entry.id,
      mine: store.quotations.contentOf(row),
      theirs: null,
      base: parseJson(row.base) ?? parseJson(row.server),
    });
  });
  return 'parked';
}

/**
 * Brings in a client the service's draft names and this computer does not
 * know yet (made on the service since the last pull), so a merge can take
 * it into the local draft. A client the service no longer has stays unknown.
 */
async function knowClient(ctx: PushContext, clientnr: number): Promise<void> {
  if (!(clientnr > 0) || ctx.store.clients.rowByClientnr(clientnr)) return;
  try {
    const client = await ctx.api.clients.get(clientnr);
    ctx.store.pulled.putClients([client], ctx.store.ctx.now());
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/**
 * Merges the service's draft into the local one, field by field and line
 * by line from the version the local edit started from. What changed on
 * one side only is taken into the local draft, which then starts from
 * theirs; what both changed differently parks the save as a conflict, the
 * draft left as it is for the person to decide. Without a base (a save
 * answered but not read back) the local draft is saved as it is.
 */
function mergeWithService(ctx: PushContext, entry: OutboxItem, row: QuotationRow, theirs: Quotation): 'conflict' | 'nothing to save' | 'save' {
  const { store } = ctx;
  const base = parseJson<Quotation>(row.base);
  // What the service holds may be our own: an earlier attempt of this entry
  // whose answer was lost. (A save that was answered but not yet read back
  // left no base; see below.)
  const ours = entry.sent !== null && holdsSent(entry.sent as Record<string, unknown>, theirs);
  const mine = store.quotations.contentOf(row);
  const theirContent = store.quotations.contentFromServer(row.id, theirs);
  if (base && !ours && !draftUnchanged(base, theirs)) {
    const m = mergeQuotation(store.quotations.contentFromServer(row.id, base), mine, theirContent, { prefer: 'mine', newLineId: newId });
    if (m.conflicts.length > 0) {
      const fields = [...new Set(m.conflicts.map((c) => (c.field === 'line' ? 'lines' : c.field)))];
      store.conflicts.record({ kind: 'draft', targetKind: 'quotation', target: row.id, opId: entry.id, mine, theirs, base, fields });
      return 'conflict';
    }
    store.quotations.takeMerged(row.id, m.content, theirs);
    return holdsDraft(theirContent, m.content) ? 'nothing to save' : 'save';
  }
  // What is there now is the version this save replaces: if this attempt
  // fails too, the next one compares against it, not an older one.
  const json = JSON.stringify(theirs);
  store.ctx.stmt('UPDATE quotations SET base = ?, server = ? WHERE id = ?').run(json, json, row.id);
  return 'save';
}

export class QuotationSave implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.quotations.findRow(entry.target);
    if (row?.deleted && row.server_id === null && entry.sent !== null && row.savename) {
      // deleted here while an earlier attempt may have created it: find it, so the delete that follows removes it
      const savename = row.savename;
      const q = await findQuotation(api, (x) => x.savename === savename);
      if (q) {
        store.transaction(() => {
          dropTwin(this.ctx, row.id, q.id);
          store.ctx.stmt('UPDATE quotations SET server_id = ? WHERE id = ?').run(q.id, row.id);
        });
      }
    }
    if (!row || row.deleted) return nothingLeft(store, entry);
    // overwrite: a later save of this draft, or an earlier attempt may have created it
    const overwrite = row.server_id !== null || entry.sent !== null;
    // checked before the service is asked anything: a draft that must wait or be fixed spends no request
    const early = bodyFor(this.ctx, entry, numbered(this.ctx, row), { action: 'save', overwrite });
    if (!early.ok) return early.result;

    let theirs: Quotation | null = null;
    if (row.server_id !== null) {
      try {
        // with the foreign tax of its lines as last known: the service never returns it
        theirs = withInputOnly(await api.quotations.get(row.server_id), row.server);
      } catch (e) {
        if (isNotFound(e)) return deletedConflict(this.ctx, entry, row);
        throw e;
      }
      if (theirs.sent) return deletedConflict(this.ctx, entry, row);
      await knowClient(this.ctx, theirs.clientnr);
    }
    // From here to the request nothing waits: the draft merged and the body
    // sent are the draft as it is now, and an edit typed after it queues a
    // save of its own.
    const plan = store.transaction((): Body | 'settled' => {
      const fresh = store.quotations.findRow(row.id);
      if (!fresh || fresh.deleted) return { ok: false, result: nothingLeft(store, entry) };
      if (theirs) {
        const merged = mergeWithService(this.ctx, entry, fresh, theirs);
        if (merged === 'conflict') return { ok: false, result: 'parked' };
        if (merged === 'nothing to save') {
          store.outbox.markDone(entry.id);
          return 'settled';
        }
      }
      return bodyFor(this.ctx, entry, store.quotations.row(row.id), { action: 'save', overwrite });
    });
    if (plan === 'settled') return 'done';
    if (!plan.ok) return plan.result;
    let first: Body | null = plan;
    const made = await createNumbered(
      this.ctx,
      row,
      () => {
        const b = first ?? bodyFor(this.ctx, entry, store.quotations.row(row.id), { action: 'save', overwrite: true });
        first = null;
        return b;
      },
      (body) => store.outbox.markInFlight(entry.id, body),
    );
    if (!made.ok) return made.result;
    const { id, body } = made;
    const b = { body };
    store.transaction(() => {
      dropTwin(this.ctx, row.id, id);
      const fresh = store.quotations.findRow(row.id);
      if (fresh && fresh.server_id !== id) {
        const prov = provisional(b.body, id, false);
        store.ctx.stmt('UPDATE quotations SET server_id = ?, server = coalesce(server, ?) WHERE id = ?').run(id, prov ? JSON.stringify(prov) : null, row.id);
      }
      // The version this save replaced is no base for the next one, and the
      // saved one is not read yet: should the app stop before it is, the
      // next save goes unchecked rather than taking its own work for a
      // change made on the service.
      store.ctx.stmt('UPDATE quotations SET base = NULL WHERE id = ?').run(row.id);
      store.outbox.markDone(entry.id);
    });
    await this.refreshBase(row.id, id);
    return 'done';
  }

  /**
   * Reads the saved draft back: it is the version later edits start from,
   * with whatever the service filled in. Without it a later save would
   * still work, only unchecked against changes made on the service.
   */
  private async refreshBase(localId: string, serverId: number): Promise<void> {
    const { store, api } = this.ctx;
    let saved: Quotation;
    try {
      saved = await api.quotations.get(serverId);
      // the foreign tax of its lines is what was just sent: the service never returns it
      saved = withInputOnly(saved, store.quotations.findRow(localId)?.draft);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      store.transaction(() => {
        store.ctx.stmt('UPDATE quotations SET base = NULL WHERE id = ? AND server_id = ?').run(localId, serverId);
      });
      return;
    }
    store.transaction(() => {
      const row = store.quotations.findRow(localId);
      if (!row || row.server_id !== serverId) return;
      // What is on the service now is ours: later edits start from it. The
      // draft stays (its line ids are what the UI holds); a pull replaces it
      // once nothing waits to be saved.
      const json = JSON.stringify(saved);
      store.ctx.stmt('UPDATE quotations SET server = ?, base = ? WHERE id = ?').run(json, json, localId);
    });
  }

  /** Saving again overwrites under the same savename: no copy can come of it. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

interface SendTrace {
  mode: 'post' | 'put';
  /** the draft's id before the send (PUT) */
  from?: number;
  /** what a lost send is looked up by: this computer's own name for the quotation (absent in traces of older versions) */
  savename?: string | null;
  quotationreference: string | null;
  body?: Record<string, unknown>;
}

export class QuotationSend implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.quotations.findRow(entry.target);
    if (!row || row.deleted) return nothingLeft(store, entry);
    const sendmethod = String(entry.payload.sendmethod);
    if (row.server_id === null) {
      const made = await createNumbered(
        this.ctx,
        row,
        () => bodyFor(this.ctx, entry, numbered(this.ctx, store.quotations.row(row.id)), { action: 'send', sendmethod }),
        (body) => {
          const trace: SendTrace = { mode: 'post', savename: body.savename ?? null, quotationreference: body.quotationreference ?? null, body };
          store.outbox.markInFlight(entry.id, trace);
        },
      );
      if (!made.ok) return made.result;
      this.applySent(entry, made.id, provisional(made.body, made.id, true));
      await readSent(this.ctx, entry.target, made.id);
      return 'done';
    }
    const from = row.server_id;
    const trace: SendTrace = { mode: 'put', from, savename: row.savename, quotationreference: row.quotationreference };
    store.outbox.markInFlight(entry.id, trace);
    let id: number;
    try {
      id = await api.quotations.send(from, sendmethod as 'mail' | 'email' | 'printcenter');
    } catch (e) {
      if (isNotFound(e)) return deletedConflict(this.ctx, entry, row);
      throw e;
    }
    this.applySent(entry, id, this.sentVersion(row, id, sendmethod));
    await readSent(this.ctx, entry.target, id);
    return 'done';
  }

  /** A saved draft as it was sent: its last saved content (the cached record may be older). */
  private sentVersion(row: QuotationRow, id: number, sendmethod: string): Quotation | null {
    const server = parseJson<Quotation>(row.server);
    const content = this.ctx.store.quotations.contentOf(row);
    const clientnr = server?.clientnr ?? (content.clientId ? this.ctx.store.clients.findRow(content.clientId)?.clientnr ?? null : null);
    const body = sendBody(content, row, clientnr, sendmethod);
    if (body.ok) return provisional({ ...(server ?? {}), ...body.value }, id, true);
    return server ? { ...server, id, sent: true } : null;
  }

  /** The sent quotation's id replaces the draft's everywhere here. */
  private applySent(entry: OutboxItem, id: number, record: Quotation | null): void {
    const { store } = this.ctx;
    store.transaction(() => {
      dropTwin(this.ctx, entry.target, id);
      store.ctx
        .stmt('UPDATE quotations SET server_id = ?, server = ?, draft = NULL, base = NULL, gone = 0, pulled_at = NULL, updated_at = ? WHERE id = ?')
        .run(id, record ? JSON.stringify(record) : null, store.ctx.now(), entry.target);
      // the number it went out under (the service's own, when numbering is left to it)
      if (record?.quotationreference) store.numbering.takeServiceReference(entry.target, record.quotationreference);
      store.outbox.markDone(entry.id);
    });
  }

  /**
   * Finds the quotation by the savename the app gave it: sent, or not. Never
   * by its reference: another quotation may hold the same number.
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.ctx;
    const trace = entry.sent as SendTrace | null;
    const row = store.quotations.findRow(entry.target);
    if (!row) return 'applied';
    const known = parseJson<Quotation>(row.server);
    if (known?.sent && row.server_id !== null && row.server_id !== trace?.from) {
      // a pull already found it
      this.applySent(entry, row.server_id, known);
      return 'applied';
    }
    if (!trace) return 'not_applied';
    if (trace.mode === 'put' && trace.from !== undefined) {
      try {
        const draft = await api.quotations.get(trace.from);
        if (!draft.sent) return 'not_applied';
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    // traces of older versions carry no savename; the row's is the same one
    const savename = trace.savename ?? row.savename;
    if (savename) {
      const q = await findQuotation(api, (x) => x.savename === savename && x.sent === true);
      if (q) {
        this.applySent(entry, q.id, q);
        return 'applied';
      }
    }
    if (trace.mode === 'put') {
      // neither a draft any more nor sent under our reference: deleted on the service meanwhile
      deletedConflict(this.ctx, entry, row);
      return 'parked';
    }
    return 'not_applied';
  }
}

/** Approval and custom status: setting the same state twice is harmless. */
export class QuotationSentChange implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.quotations.findRow(entry.target);
    if (!row || row.deleted) return nothingLeft(store, entry);
    if (row.server_id === null) {
      store.outbox.park(entry.id, { kind: 'other', message: 'This quotation has not been sent; send it first, or discard this change.' });
      return 'parked';
    }
    const id = row.server_id;
    store.outbox.markInFlight(entry.id, entry.payload);
    const p = entry.payload;
    try {
      if (entry.kind === 'quotation.approve') {
        if (p.approved === false) await api.quotations.removeApproval(id);
        else await api.quotations.approve(id, p.approved as { name: string; date: string; comments?: string });
      } else if (p.customstatus === 'clear') await api.quotations.clearCustomStatus(id);
      else await api.quotations.setCustomStatus(id, p.customstatus as 'progress' | 'completed' | 'billable' | 'declined');
    } catch (e) {
      if (isNotFound(e)) return deletedConflict(this.ctx, entry, row);
      throw e;
    }
    store.transaction(() => {
      const fresh = store.quotations.findRow(entry.target);
      const server = fresh ? parseJson<Quotation>(fresh.server) : null;
      if (fresh && server) {
        const next: Quotation =
          entry.kind === 'quotation.approve'
            ? { ...server, approved: p.approved === false ? null : { ...(p.approved as { name: string; date: string }) } }
            : { ...server, customstatus: p.customstatus === 'clear' ? '' : (p.customstatus as Quotation['customstatus']) };
        store.ctx.stmt('UPDATE quotations SET server = ? WHERE id = ?').run(JSON.stringify(next), fresh.id);
      }
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

export class QuotationDelete implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.quotations.findRow(entry.target);
    if (row && row.server_id !== null) {
      store.outbox.markInFlight(entry.id, { id: row.server_id });
      try {
        await api.quotations.delete(row.server_id);
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    store.transaction(() => {
      store.ctx.stmt('DELETE FROM quotations WHERE id = ?').run(entry.target);
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  /** Deleting again is harmless: a quotation already gone answers 404. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}
