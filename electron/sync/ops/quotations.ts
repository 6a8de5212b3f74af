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
import { quotationRecord, type Quotation, type QuotationCreate, type SendMethod } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import type { QuotationRow } from '../../store/quotations';
import { saveBody, sendBody } from '../request-bodies';
import { filledLineIndexes, isEmptyLine, typedLineField } from '../../../shared/empty-line';
import { draftUnchanged, holdsSent } from '../merge';
import { holdsDraft, mergeQuotation } from '../../../shared/quotation-merge';
import { newId } from '../../store/ids';
import { withInputOnly } from '../../../shared/input-only';
import type { OpDeps, OpHandler, PushResult, QuotationPushStore, ResolveResult } from './types';
import { readSent } from './read-sent';
import { isNotFound, listIncomplete, nothingLeft } from './common';
import type { InvoicingApi } from '../../api';
import { findNewestQuotation } from './newest-first';
import { loadCursor } from '../list-cursor';

type PushDeps = OpDeps<QuotationPushStore>;
import { said } from '../../../shared/messages';

/**
 * The first quotation on the service that `match` accepts, or null when the
 * whole list was read and none matched. Pages are not asked for ahead: a
 * lookup stops at its match, and the hourly request budget is small. A walk
 * that cannot be sure it saw the whole list throws instead of answering
 * null, since its callers take null as "never arrived" (docs/paging.md).
 */
async function findQuotation(api: InvoicingApi, match: (q: Quotation) => boolean, newest?: NewestHint | null): Promise<Quotation | null> {
  if (newest) {
    const found = await findNewestQuotation(api, newest.length, newest.floor, match);
    if (found !== undefined) return found;
  }
  const walk = api.quotations.pages({ ahead: false });
  for await (const page of walk) {
    const hit = page.find(match);
    if (hit) return hit;
  }
  if (!walk.complete) throw listIncomplete('quotations', 'quotations.list');
  return null;
}

/**
 * Where a lost send's quotation must be, when the service numbers its
 * quotations in order: above `floor`, the highest number held when it was
 * sent, at the end of a list of about `length`.
 */
interface NewestHint {
  floor: number;
  length: number;
}

/** The hint for a send made now: null unless the quotations are known to be listed by number. */
function newestHintNow(store: QuotationPushStore): NewestHint | null {
  if (!store.checks || !store.keyValues) return null;
  if (loadCursor({ keyValues: store.keyValues }, 'quotations').order !== 'id') return null;
  return { floor: store.checks.highest('quotations'), length: store.checks.held('quotations') };
}

/** The floor a send's trace keeps, when the list's order allows the look-up among the newest. */
function floorNow(store: QuotationPushStore): { floor?: number } {
  const hint = newestHintNow(store);
  return hint === null ? {} : { floor: hint.floor };
}

/** The hint a save's or send's trace carries, with the list's length as it is now; null for a trace without a floor, or a list not known in order. */
function newestHintOf(store: QuotationPushStore, trace: { floor?: number } | null): NewestHint | null {
  const now = newestHintNow(store);
  if (now === null || typeof trace?.floor !== 'number') return null;
  return { floor: trace.floor, length: now.length };
}

/** A record the store keeps as JSON (the service's version, or the base of an edit). */
export function parseRecord(json: string | null): Quotation | null {
  return json === null ? null : (JSON.parse(json) as Quotation);
}

/** The sent body as the service will hold it, until a pull brings the real record. */
function provisional(body: Record<string, unknown>, id: number, sent: boolean): Quotation | null {
  const r = quotationRecord.safeParse({ ...body, id, sent });
  return r.success ? r.data : null;
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
  return (
    e instanceof ApiError && e.kind === 'validation' && !!body.quotationreference && fields.length > 0 && fields.every((f) => f.field === 'quotationreference')
  );
}

/**
 * POSTs the body `make` gives; while the service refuses its reference as
 * taken, the quotation takes the next free number and the body is made
 * again. A refused request changed nothing on the service, so going again
 * cannot make a second copy. `mark` records each body before it goes.
 */
async function createNumbered(
  deps: PushDeps,
  row: QuotationRow,
  make: () => Body,
  mark: (body: QuotationCreate) => void,
): Promise<{ ok: true; id: number; body: QuotationCreate } | { ok: false; result: PushResult }> {
  for (let tries = 0; ; tries++) {
    const b = make();
    if (!b.ok) return b;
    mark(b.body);
    // the lines as typed, empty ones among them, for naming the lines of a refusal
    const kept = filledLineIndexes(deps.store.quotations.contentOf(deps.store.quotations.row(row.id)).lines);
    try {
      return { ok: true, id: await deps.api.quotations.saveOrSend(b.body), body: b.body };
    } catch (e) {
      if (e instanceof ApiError) for (const f of e.fieldErrors ?? []) f.field = typedLineField(f.field, kept);
      if (!referenceTaken(e, b.body) || tries >= RENUMBER_TRIES) throw e;
      deps.store.numbering.renumber(row.id, b.body.quotationreference!);
    }
  }
}

/** A draft that goes out un-numbered (by the time rule, or after its number was taken) is numbered first. */
function numbered(deps: PushDeps, row: QuotationRow): QuotationRow {
  if (row.quotationreference) return row;
  deps.store.numbering.assign(row.id);
  return deps.store.quotations.row(row.id);
}

/** The body for a save or a POST send, or why there is none yet. */
function bodyFor(deps: PushDeps, entry: OutboxItem, row: QuotationRow, extra: { action: 'save' | 'send'; sendmethod?: string; overwrite?: boolean }): Body {
  const { store } = deps;
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
      store.outbox.park(entry.id, {
        kind: 'validation',
        ...said('parked.quotation.client_gone'),
        fieldErrors: [{ field: 'clientId', message: 'choose a client for this quotation' }],
      });
      return { ok: false, result: 'parked' };
    }
  } else if (content.serviceClientnr !== undefined) {
    // read from the service with a client not here yet: that client, by its number
    clientnr = content.serviceClientnr;
  }
  const checked = extra.action === 'send' ? sendBody(content, row, clientnr, extra.sendmethod ?? '') : saveBody(content, row, clientnr, extra.overwrite);
  if (!checked.ok) {
    const reason = said(extra.action === 'send' ? 'parked.quotation.send_invalid' : 'parked.quotation.save_invalid');
    store.outbox.park(entry.id, { kind: 'validation', ...reason, fieldErrors: checked.errors });
    return { ok: false, result: 'parked' };
  }
  return { ok: true, clientnr, body: checked.value };
}

/** Gone from the service, or sent there meanwhile, while this computer had a change for it: the person decides. */
export function deletedConflict(deps: PushDeps, entry: OutboxItem, row: QuotationRow): PushResult {
  deps.store.quotationPushes.markGone(entry.id, row.id);
  return 'parked';
}

/**
 * Brings in a client the service's draft names and this computer does not
 * know yet (made on the service since the last pull), so a merge can take
 * it into the local draft. A client the service no longer has stays unknown.
 */
async function knowClient(deps: PushDeps, clientnr: number): Promise<void> {
  if (!(clientnr > 0) || deps.store.clients.rowByClientnr(clientnr)) return;
  try {
    deps.store.quotationPushes.recordClient(await deps.api.clients.get(clientnr));
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
function mergeWithService(deps: PushDeps, entry: OutboxItem, row: QuotationRow, theirs: Quotation): 'conflict' | 'nothing to save' | 'save' {
  const { store } = deps;
  const sent = saveTraceOf(entry.sent)?.body ?? null;
  // A draft made here has no base until its first save is answered. Found on
  // the service after that save's answer was lost (by the look-up, or a
  // pull that adopted it by savename), it was made from what that save
  // sent: that is the version both sides started from, so an edit made
  // there meanwhile (another desk's) is merged in, never overwritten.
  const base = parseRecord(row.base) ?? (sent !== null && row.server_id !== null ? provisional(sent, row.server_id, false) : null);
  // What the service holds may be our own: an earlier attempt of this entry
  // whose answer was lost.
  const ours = sent !== null && holdsSent(sent, theirs);
  const mine = store.quotations.contentOf(row);
  const theirContent = store.quotations.contentFromServer(row.id, theirs);
  if (ours && holdsDraft(theirContent, mine)) {
    // the lost attempt arrived and nothing was typed since: nothing to send again
    store.quotationPushes.recordServiceVersion(row.id, theirs);
    return 'nothing to save';
  }
  if (base && !ours && !draftUnchanged(base, theirs)) {
    const m = mergeQuotation(store.quotations.contentFromServer(row.id, base), mine, theirContent, { prefer: 'mine', newLineId: newId });
    if (m.conflicts.length > 0) {
      const fields = [...new Set(m.conflicts.map((c) => (c.field === 'line' ? 'lines' : c.field)))];
      store.quotationPushes.recordDraftConflict(entry.id, row.id, { mine, theirs, base, fields });
      return 'conflict';
    }
    store.quotations.takeMerged(row.id, m.content, theirs);
    return holdsDraft(theirContent, m.content) ? 'nothing to save' : 'save';
  }
  // What is there now is the version this save replaces: if this attempt
  // fails too, the next one compares against it, not an older one.
  store.quotationPushes.recordServiceVersion(row.id, theirs);
  return 'save';
}

export class QuotationSave implements OpHandler {
  constructor(private readonly deps: PushDeps) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.quotations.findRow(entry.target);
    // deleted here while an earlier attempt may have created it: find it, so the delete that follows removes it
    if (row?.deleted && row.server_id === null && entry.sent !== null) await this.foundMade(entry, row);
    if (!row || row.deleted) return nothingLeft(store, entry);
    // overwrite: a later save of this draft, or an earlier attempt may have created it (refused
    // since, or the look-up did not find it: overwriting then replaces nothing anyone saw)
    const overwrite = row.server_id !== null || entry.sent !== null;
    // checked before the service is asked anything: a draft that must wait or be fixed spends no request
    const early = bodyFor(this.deps, entry, numbered(this.deps, row), { action: 'save', overwrite });
    if (!early.ok) return early.result;

    let theirs: Quotation | null = null;
    if (row.server_id !== null) {
      try {
        // with the foreign tax of its lines as last known: the service never returns it
        theirs = withInputOnly(await api.quotations.get(row.server_id), row.server);
      } catch (e) {
        if (isNotFound(e)) return deletedConflict(this.deps, entry, row);
        throw e;
      }
      if (theirs.sent) return deletedConflict(this.deps, entry, row);
      // A save replaces the service's draft whole: values of it this desk could
      // not read (kept raw, docs/wire-format.md) would be lost there. The person decides.
      const unread = Object.keys((theirs as { unread?: Record<string, unknown> }).unread ?? {});
      if (unread.length > 0) {
        store.outbox.park(entry.id, { kind: 'other', ...said('parked.quotation.unread', { fields: unread.join(', ') }) });
        return 'parked';
      }
      await knowClient(this.deps, theirs.clientnr);
    }
    // From here to the request nothing waits: the draft merged and the body
    // sent are the draft as it is now, and an edit typed after it queues a
    // save of its own.
    const plan = store.transaction((): Body | 'settled' => {
      const fresh = store.quotations.findRow(row.id);
      if (!fresh || fresh.deleted) return { ok: false, result: nothingLeft(store, entry) };
      if (theirs) {
        const merged = mergeWithService(this.deps, entry, fresh, theirs);
        if (merged === 'conflict') return { ok: false, result: 'parked' };
        if (merged === 'nothing to save') {
          store.outbox.markDone(entry.id);
          return 'settled';
        }
      }
      return bodyFor(this.deps, entry, store.quotations.row(row.id), { action: 'save', overwrite });
    });
    if (plan === 'settled') return 'done';
    if (!plan.ok) return plan.result;
    let first: Body | null = plan;
    let went: SaveTrace | null = null;
    let made;
    try {
      made = await createNumbered(
        this.deps,
        row,
        () => {
          const b = first ?? bodyFor(this.deps, entry, store.quotations.row(row.id), { action: 'save', overwrite: true });
          first = null;
          return b;
        },
        (body) => {
          went = { body, ...floorNow(store) };
          store.outbox.markInFlight(entry.id, went);
        },
      );
    } catch (e) {
      // A first save refused: the draft may be on the service already, under
      // this computer's savename (an earlier attempt's, or one whose answer
      // was lost and then sent there by another desk: a sent quotation's name
      // cannot be saved over). The savename is this computer's own, so found,
      // it is this draft, handled as the service holds it now: sent
      // meanwhile, or a draft to merge with. A refusal is rare (the body was
      // checked before it went out), so the look-up costs little.
      // The push that follows merges against what this attempt sent, as after a lost answer.
      if (row.server_id === null && e instanceof ApiError && e.kind === 'validation' && (await this.foundMade(entry, row, true)))
        return this.push({ ...entry, sent: went ?? entry.sent });
      throw e;
    }
    if (!made.ok) return made.result;
    const { id, body } = made;
    store.quotationPushes.recordSaved(entry.id, row.id, id, provisional(body, id, false));
    await this.refreshBase(row.id, id, body);
    return 'done';
  }

  /**
   * Reads the saved draft back: it is the version later edits start from,
   * with whatever the service filled in. Without it a later save would
   * still work, only unchecked against changes made on the service. What it
   * filled where `body` left a field empty is the account's own value.
   */
  private async refreshBase(localId: string, serverId: number, body: QuotationCreate): Promise<void> {
    const { store, api } = this.deps;
    let saved: Quotation;
    try {
      saved = await api.quotations.get(serverId);
      // the foreign tax of its lines is what was just sent: the service never returns it
      saved = withInputOnly(saved, store.quotations.findRow(localId)?.draft);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      store.quotationPushes.recordSavedVersion(localId, serverId, null);
      return;
    }
    // learned before the row is written, so the editor that reads it again shows it
    store.serviceDefaults?.learn(body, saved);
    // another desk's save may have landed between this one and its read (empty lines are never sent)
    const row = store.quotations.findRow(localId);
    const mine = row ? store.quotations.contentOf(row) : null;
    const ours = !mine || holdsDraft(store.quotations.contentFromServer(localId, saved), { ...mine, lines: mine.lines.filter((l) => !isEmptyLine(l)) });
    store.quotationPushes.recordSavedVersion(localId, serverId, saved, ours);
  }

  /**
   * Looks up the quotation under this first save's savename, and gives the
   * row its id; false when the service has none. One an attempt of this save
   * made is among the newest; `anywhere`: the service said the name is taken,
   * and a copy sent by another desk before this desk saved others may be
   * older than those, so a miss among the newest walks the whole list.
   */
  private async foundMade(entry: OutboxItem, row: QuotationRow, anywhere = false): Promise<boolean> {
    const trace = saveTraceOf(entry.sent);
    const savename = trace?.body.savename ?? row.savename;
    if (!savename) return false;
    const named = (x: Quotation) => x.savename === savename;
    const hint = newestHintOf(this.deps.store, trace);
    const q = (await findQuotation(this.deps.api, named, hint)) ?? (anywhere && hint ? await findQuotation(this.deps.api, named) : null);
    if (!q) return false;
    this.deps.store.quotationPushes.adoptServerId(row.id, q.id);
    return true;
  }

  /**
   * Saving again under the same savename makes no copy, but it replaces
   * the whole draft: an edit made on the service since the lost attempt
   * (another desk's) would be overwritten unseen. So a first save whose
   * outcome is unknown is looked up by savename: found, the row takes its
   * id, and the push that follows reads it and merges against what the
   * attempt sent (`mergeWithService`). A draft saved before already has its
   * id and base: the push reads and merges it as any save.
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const trace = saveTraceOf(entry.sent);
    const row = this.deps.store.quotations.findRow(entry.target);
    if (!trace || !row || row.deleted || row.server_id !== null) return 'not_applied';
    await this.foundMade(entry, row);
    return 'not_applied';
  }
}

/**
 * What a draft save's attempt keeps: the body it sent, and the highest
 * quotation number held then (a draft the save made has a higher one), for
 * the look-up among the newest when its answer is lost.
 */
interface SaveTrace {
  body: QuotationCreate;
  floor?: number;
}

/** A save's trace; older versions kept the body alone. */
function saveTraceOf(sent: unknown): SaveTrace | null {
  if (sent === null || typeof sent !== 'object') return null;
  if ('body' in sent && typeof sent.body === 'object' && sent.body !== null) return sent as SaveTrace;
  return { body: sent as QuotationCreate };
}

interface SendTrace {
  mode: 'post' | 'put';
  /** the draft's id before the send (PUT) */
  from?: number;
  /** what a lost send is looked up by: this computer's own name for the quotation (absent in traces of older versions) */
  savename?: string | null;
  quotationreference: string | null;
  body?: Record<string, unknown>;
  /** the highest quotation number held when it was sent: the sent quotation's is higher (absent in older traces, or when the list's order is not known) */
  floor?: number;
}

export class QuotationSend implements OpHandler {
  constructor(private readonly deps: PushDeps) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.quotations.findRow(entry.target);
    if (!row || row.deleted) return nothingLeft(store, entry);
    const sendmethod = String(entry.payload.sendmethod);
    if (row.server_id === null) {
      let made;
      try {
        made = await createNumbered(
          this.deps,
          row,
          () => bodyFor(this.deps, entry, numbered(this.deps, store.quotations.row(row.id)), { action: 'send', sendmethod }),
          (body) => {
            const trace: SendTrace = {
              mode: 'post',
              savename: body.savename ?? null,
              quotationreference: body.quotationreference ?? null,
              body,
              ...floorNow(store),
            };
            store.outbox.markInFlight(entry.id, trace);
          },
        );
      } catch (e) {
        // A repeat refused after an earlier attempt went out: that attempt may
        // be the reason (its savename taken). Delivered is delivered, whatever
        // the repeat was answered.
        if (entry.sent !== null && e instanceof ApiError && e.kind === 'validation' && (await this.foundSent(entry, row))) return 'done';
        throw e;
      }
      if (!made.ok) return made.result;
      this.applySent(entry, made.id, provisional(made.body, made.id, true));
      await readSent(this.deps, entry.target, made.id, made.body);
      return 'done';
    }
    const from = row.server_id;
    const trace: SendTrace = { mode: 'put', from, savename: row.savename, quotationreference: row.quotationreference, ...floorNow(store) };
    store.outbox.markInFlight(entry.id, trace);
    let id: number;
    try {
      id = await api.quotations.send(from, sendmethod as SendMethod);
    } catch (e) {
      // the draft's id is gone once it was sent (it gets a new one): an earlier attempt may have done it
      if (isNotFound(e)) return (await this.foundSent(entry, row)) ? 'done' : deletedConflict(this.deps, entry, row);
      throw e;
    }
    this.applySent(entry, id, this.sentVersion(row, id, sendmethod));
    await readSent(this.deps, entry.target, id);
    return 'done';
  }

  /** Finds the quotation sent under this computer's savename and records it as sent; false when the service has none. */
  private async foundSent(entry: OutboxItem, row: QuotationRow): Promise<boolean> {
    const savename = (entry.sent as SendTrace | null)?.savename ?? row.savename;
    if (!savename) return false;
    const q = await findQuotation(
      this.deps.api,
      (x) => x.savename === savename && x.sent === true,
      newestHintOf(this.deps.store, entry.sent as SendTrace | null),
    );
    if (!q) return false;
    this.applySent(entry, q.id, q);
    return true;
  }

  /** A saved draft as it was sent: its last saved content (the cached record may be older). */
  private sentVersion(row: QuotationRow, id: number, sendmethod: string): Quotation | null {
    const server = parseRecord(row.server);
    const content = this.deps.store.quotations.contentOf(row);
    const clientnr =
      server?.clientnr ?? (content.clientId ? (this.deps.store.clients.findRow(content.clientId)?.clientnr ?? null) : (content.serviceClientnr ?? null));
    const body = sendBody(content, row, clientnr, sendmethod);
    if (body.ok) return provisional({ ...(server ?? {}), ...body.value }, id, true);
    return server ? { ...server, id, sent: true } : null;
  }

  /** The sent quotation's id replaces the draft's everywhere here. */
  private applySent(entry: OutboxItem, id: number, record: Quotation | null): void {
    this.deps.store.quotationPushes.recordSent(entry.id, entry.target, id, record);
  }

  /**
   * Finds the quotation by the savename the app gave it: sent, or not. Never
   * by its reference: another quotation may hold the same number.
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.deps;
    const trace = entry.sent as SendTrace | null;
    const row = store.quotations.findRow(entry.target);
    if (!row) return 'applied';
    const known = parseRecord(row.server);
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
      const q = await findQuotation(api, (x) => x.savename === savename && x.sent === true, newestHintOf(store, trace));
      if (q) {
        this.applySent(entry, q.id, q);
        return 'applied';
      }
    }
    if (trace.mode === 'put') {
      // neither a draft any more nor sent under our reference: deleted on the service meanwhile
      deletedConflict(this.deps, entry, row);
      return 'parked';
    }
    return 'not_applied';
  }
}

export class QuotationDelete implements OpHandler {
  constructor(private readonly deps: PushDeps) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.quotations.findRow(entry.target);
    if (row && row.server_id !== null) {
      store.outbox.markInFlight(entry.id, { id: row.server_id });
      try {
        await api.quotations.delete(row.server_id);
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    store.quotationPushes.recordDeleted(entry.id, entry.target);
    return 'done';
  }

  /** Deleting again is harmless: a quotation already gone answers 404. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}
