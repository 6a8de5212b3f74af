// Pushing an approval or a custom status of a sent quotation. Setting the
// same state twice is harmless, but setting one replaces whatever the
// service holds: a state another desk set since this desk last read it is
// not replaced unasked (docs/retries.md).
import type { CustomStatus, Quotation } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import type { SentChange } from '../../store/quotation-pushes';
import { said } from '../../../shared/messages';
import type { OpDeps, OpHandler, PushResult, QuotationPushStore, ResolveResult } from './types';
import { isNotFound, nothingLeft } from './common';
import { deletedConflict, parseRecord } from './quotations';

type PushDeps = OpDeps<QuotationPushStore>;

/** Approval and custom status: setting the same state twice is harmless. */
export class QuotationSentChange implements OpHandler {
  constructor(private readonly deps: PushDeps) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.quotations.findRow(entry.target);
    if (!row || row.deleted) return nothingLeft(store, entry);
    if (row.server_id === null) {
      store.outbox.park(entry.id, { kind: 'other', ...said('parked.quotation.not_sent') });
      return 'parked';
    }
    const id = row.server_id;
    const before = stateOf(entry.kind, parseRecord(row.server));
    // A state set on the service since this desk last read it (another desk's
    // approval, a status moved on) is not replaced unasked: one read first,
    // before the change first goes out. Once an attempt went out, a repeat
    // follows its look-up (`resolve`), which has just read it.
    if (entry.sent === null) {
      let theirs: Quotation;
      try {
        theirs = await api.quotations.get(id);
      } catch (e) {
        if (isNotFound(e)) return deletedConflict(this.deps, entry, row);
        throw e;
      }
      const now = stateOf(entry.kind, theirs);
      if (this.heldAlready(entry, now)) return 'done';
      if (!sameState(now, before)) {
        store.quotationPushes.recordSentChangedThere(entry.id, entry.target, changeThere(entry.kind, theirs), {
          kind: 'other',
          ...said('parked.quotation.changed_there', { now: shownState(now) }),
        });
        return 'parked';
      }
    }
    const trace: SentChangeTrace = { ...entry.payload, before };
    store.outbox.markInFlight(entry.id, trace);
    const p = entry.payload;
    try {
      if (entry.kind === 'quotation.approve') {
        if (p.approved === false) await api.quotations.removeApproval(id);
        else await api.quotations.approve(id, p.approved as { name: string; date: string; comments?: string });
      } else if (p.customstatus === 'clear') await api.quotations.clearCustomStatus(id);
      else await api.quotations.setCustomStatus(id, p.customstatus as CustomStatus);
    } catch (e) {
      if (isNotFound(e)) return deletedConflict(this.deps, entry, row);
      throw e;
    }
    store.quotationPushes.recordSentChange(entry.id, entry.target, sentChangeOf(entry.kind, p));
    return 'done';
  }

  /** The service already holds what the entry asks: recorded here, the entry done. */
  private heldAlready(entry: OutboxItem, now: SentState): boolean {
    if (!sameState(now, stateOf(entry.kind, entry.payload))) return false;
    this.deps.store.quotationPushes.recordSentChange(entry.id, entry.target, sentChangeOf(entry.kind, entry.payload));
    return true;
  }

  /**
   * Setting the same state twice is harmless, but a repeat would replace a
   * state set on the service since (another desk's approval taken back, a
   * status moved on). So the quotation is read first: it holds what this
   * entry asks, and that is recorded; it holds the state from before the
   * attempt, and the entry goes again; it holds a third state, set there
   * after (or instead of) this one, and that one stands, as a pull would show it.
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.deps;
    const trace = entry.sent as SentChangeTrace | null;
    const row = store.quotations.findRow(entry.target);
    // traces of older versions carry no state from before: the repeat goes as it did
    if (!trace || !('before' in trace) || !row || row.deleted || row.server_id === null) return 'not_applied';
    let theirs: Quotation;
    try {
      theirs = await api.quotations.get(row.server_id);
    } catch (e) {
      // gone: the repeat's 404 makes it the person's choice
      if (isNotFound(e)) return 'not_applied';
      throw e;
    }
    const now = stateOf(entry.kind, theirs);
    if (this.heldAlready(entry, now)) return 'applied';
    if (sameState(now, trace.before) || sameState(now, stateOf(entry.kind, trace))) return 'not_applied';
    store.quotationPushes.recordSentChange(entry.id, entry.target, changeThere(entry.kind, theirs));
    return 'applied';
  }
}

/** What an approval or status change's attempt keeps: its payload, and the state the service held before it. */
type SentChangeTrace = Record<string, unknown> & { before: SentState };

/** An approval (its name and date) or none; a custom status ('' for none). */
type SentState = { name: string; date: string } | null | string;

/** The state a quotation (or a payload's wish) is in, for the kind of change. */
function stateOf(kind: string, q: Partial<Quotation> | Record<string, unknown> | null): SentState {
  if (kind === 'quotation.approve') {
    const a = (q as { approved?: unknown } | null)?.approved;
    if (a === null || typeof a !== 'object' || Array.isArray(a)) return null;
    const { name, date } = a as { name?: unknown; date?: unknown };
    return { name: String(name ?? ''), date: String(date ?? '') };
  }
  const c = (q as { customstatus?: unknown } | null)?.customstatus;
  return typeof c === 'string' && c !== 'clear' ? c : '';
}

function sameState(a: SentState, b: SentState): boolean {
  if (a === null || b === null || typeof a === 'string' || typeof b === 'string') return a === b;
  return a.name === b.name && a.date === b.date;
}

/** The service's approval or status, for the copy kept here. */
function changeThere(kind: string, theirs: Quotation): SentChange {
  return kind === 'quotation.approve' ? { approved: stateOf(kind, theirs) === null ? null : theirs.approved } : { customstatus: theirs.customstatus };
}

/** A state as a person reads it in a message: the approver's name, the status, or none. */
function shownState(state: SentState): string {
  if (state === null || state === '') return '—';
  return typeof state === 'string' ? state : `${state.name} (${state.date})`;
}

/** The change an approval or status payload makes to the copy kept here, once the service holds it. */
function sentChangeOf(kind: string, p: Record<string, unknown>): SentChange {
  return kind === 'quotation.approve'
    ? { approved: p.approved === false ? null : { ...(p.approved as { name: string; date: string }) } }
    : { customstatus: p.customstatus === 'clear' ? '' : (p.customstatus as Quotation['customstatus']) };
}
