// The quotation open in the editor. Edits change local state first (so the
// table and totals re-render at once) and are written to the bridge by a
// coalescing autosave; structural changes (add, move, remove) go through
// the same ordered queue, so the main process sees them in typing order.
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowReactive, shallowRef, toRaw, watch } from 'vue';
import { useSyncStore } from './sync';
import { useQuotationsStore } from './quotations';
import { call, bridge } from '../bridge';
import { Coalescer, flushOnLeave, leaveOnClose, serialQueue, type SaveState } from '../lib/autosave';
import { indexFieldErrors, type Problem } from '../lib/validation';
import { addDays, type Totals } from '../../shared/money';
import { RunningTotals } from '../lib/totals';
import { draftFromView, emptyDraft, type DraftState, type Reference, type SettableField } from '../lib/draft';
import {
  asBridgeError,
  type BridgeError,
  type ClientRef,
  type LineView,
  type ProductView,
  type QueuedResult,
  type QuotationView,
  type SendMethod,
  type CustomStatus,
  type TypedText,
} from '../../shared/bridge';
import type { z } from 'zod';
import { jsonKeys, LINE_TABLE } from '../../shared/fields';
import { placeBack, restoredLine, type RemovedLine } from '../lib/removed-lines';
import type { draftPatch, linePatch, OperationResults } from '../../shared/bridge';

export type DraftPatch = z.input<typeof draftPatch>;
export type LinePatch = z.input<typeof linePatch>;

/** The fields a line's patch sets: those of its table (shared/fields/line.ts) the page edits. */
const LINE_KEYS = jsonKeys(LINE_TABLE);

export function mergeDraftPatch(older: DraftPatch, newer: DraftPatch): DraftPatch {
  const merged: DraftPatch = { ...older, ...newer };
  if (older.reference || newer.reference) merged.reference = { ...older.reference, ...newer.reference };
  return merged;
}

/** What the user last asked for, for the "saved now / when online" notice. */
export interface QueuedNotice {
  action: 'save' | 'send' | 'approve' | 'removeApproval' | 'customStatus' | 'delete';
  when: QueuedResult['when'];
}

/**
 * Puts a fresh read of the lines over the lines on screen: a line still there
 * keeps its object (patched where a field differs), so its row re-renders
 * only if something it shows changed; the list itself is new only when lines
 * came, went or moved.
 */
export function mergeLines(current: LineView[], incoming: readonly LineView[]): LineView[] {
  const raw = toRaw(current).map((l) => toRaw(l));
  const at = new Map(raw.map((l, i) => [l.id, i]));
  const next = incoming.map((src) => {
    const i = at.get(src.id);
    if (i === undefined) return { ...src };
    const was = raw[i] as unknown as Record<string, unknown>;
    // written through the reactive line, so what shows a changed field sees it
    const live = current[i] as unknown as Record<string, unknown>;
    for (const key of Object.keys(was)) if (!(key in src)) delete live[key];
    for (const [key, value] of Object.entries(src)) if (was[key] !== value) live[key] = value;
    return raw[i]!;
  });
  return next.length === raw.length && next.every((l, i) => l === raw[i]) ? current : next;
}

function sameProblems(a: ReadonlyMap<string, Problem>, b: ReadonlyMap<string, Problem>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, p] of a) {
    const q = b.get(k);
    if (!q || q.code !== p.code || q.message !== p.message || JSON.stringify(q.params) !== JSON.stringify(p.params)) return false;
  }
  return true;
}

/** `typed` with `key`'s text set, or taken out for null; undefined when none is left. */
function withTyped(typed: TypedText | undefined, key: string, text: string | null): TypedText | undefined {
  const { [key]: _old, ...rest } = typed ?? {};
  const next = text === null ? rest : { ...rest, [key]: text };
  return Object.keys(next).length > 0 ? next : undefined;
}

function emptyTotals(): Totals {
  return { subtotal: '0.00', discount: '0.00', taxes: [], totalextax: '0.00', totalintax: '0.00', taxShifted: false };
}

export const useEditorStore = defineStore('editor', () => {
  const view = shallowRef<QuotationView | null>(null);
  const draft = reactive<DraftState>(emptyDraft());
  const lines = ref<LineView[]>([]);
  const loading = ref(false);
  const loadError = shallowRef<BridgeError | null>(null);
  const actionError = shallowRef<BridgeError | null>(null);
  const saveState = ref<SaveState>('saved');
  const saveError = shallowRef<BridgeError | null>(null);
  const serverProblems = shallowRef<Map<string, Problem>>(new Map());
  /** the header's number fields holding text that reads as no number, as typed (shared/typed-number.ts) */
  const typedHeader = shallowRef<TypedText>({});
  const notice = shallowRef<QueuedNotice | null>(null);
  // "when back online" is stale once the connection is back and the outbox
  // has gone out; keep it no longer than that.
  const sync = useSyncStore();
  watch(
    () => sync.status,
    (s) => {
      if (notice.value?.when === 'when_online' && s?.online && s.pending === 0) notice.value = null;
    },
  );
  /** edits made since the service last computed totals */
  const editedSinceLoad = ref(false);
  /** lines removed since the last other edit, newest last: undo puts them back one by one (lib/removed-lines.ts) */
  const removedLines = shallowRef<readonly RemovedLine[]>([]);
  /** any edit but a removal ends what undo can put back */
  const forgetRemoved = () => {
    if (removedLines.value.length > 0) removedLines.value = [];
  };

  const queue = serialQueue();
  let openId: string | null = null;
  let unsubscribe: (() => void) | null = null;
  let reloadWanted = false;
  let movesInFlight = 0;

  function onState(): void {
    // called from the savers' constructors' callbacks only after both exist
    const both: SaveState[] = [draftSaver.state, lineSaver.state];
    saveState.value = both.includes('error') ? 'error' : both.includes('saving') ? 'saving' : both.includes('pending') ? 'pending' : 'saved';
    saveError.value = draftSaver.error ?? lineSaver.error;
    if (saveState.value === 'saved' && reloadWanted) {
      reloadWanted = false;
      void reload();
    }
  }

  const draftSaver: Coalescer<string, DraftPatch> = new Coalescer<string, DraftPatch>({
    merge: mergeDraftPatch,
    queue,
    onState,
    write: async (id, patch) => {
      const v = await call('quotations.update', { id, patch });
      if (id === openId) takeDerived(v);
    },
  });

  const lineSaver: Coalescer<string, LinePatch> = new Coalescer<string, LinePatch>({
    merge: (a, b) => ({ ...a, ...b }),
    queue,
    onState,
    write: async (key, patch) => {
      const [quotationId, lineId] = key.split('|') as [string, string];
      await call('lines.update', { quotationId, lineId, patch });
    },
  });

  // a field left or the page closed: what is pending goes out now
  if (typeof document !== 'undefined' && typeof window !== 'undefined') {
    flushOnLeave({ document, window }, flush);
    leaveOnClose({ window }, leave);
  }

  /** Fields the main process derives (currency from the client, state, ids) without touching what is typed. */
  function takeDerived(v: QuotationView): void {
    const before = view.value;
    view.value = v;
    if (before && !draftSaver.has(v.id) && draft.clientId === (v.client?.id ?? null)) draft.client = v.client;
    // a new client's default category is offered by the main process (bridge/handlers/document-lists.ts)
    if (before && !draftSaver.has(v.id)) draft.category = v.category;
  }

  const lineIds = computed(() => lines.value.map((l) => l.id));
  const taxType = computed<'intax' | 'extax'>(() => view.value?.taxType ?? 'extax');
  /** the client's tax is shifted to the receiver: no tax is charged (docs/money.md) */
  const taxShifted = computed(() => view.value?.taxShifted === true);

  // Live totals change with every keystroke in a number cell. They are kept
  // in one object, updated in place as lines change (one line at a time when
  // typing), so what shows them re-renders and nothing that only passes
  // them on; `totals` itself changes only between a result and none.
  const running = new RunningTotals();
  const liveTotals = shallowReactive<Totals>(emptyTotals());
  const totalsKnown = ref(true);
  const totals = computed<Totals | null>(() => (totalsKnown.value ? liveTotals : null));

  function refreshTotals(): void {
    try {
      const next = running.totals({
        discounttype: draft.discounttype ?? '',
        discount: draft.discount ?? undefined,
        taxType: taxType.value,
        taxShifted: taxShifted.value,
      });
      // only what changed: a reactive object notices only values that differ
      Object.assign(liveTotals, next);
      totalsKnown.value = true;
    } catch {
      totalsKnown.value = false;
    }
  }

  /** After lines were added, removed or read again. */
  function linesChanged(): void {
    running.sync(lines.value);
    refreshTotals();
  }

  watch([() => draft.discounttype, () => draft.discount, taxType, taxShifted], refreshTotals, { flush: 'sync' });
  const datedue = computed(() =>
    draft.date && draft.quotationperiod !== null && draft.quotationperiod >= 0 ? addDays(draft.date, draft.quotationperiod) : null,
  );
  const isEstimate = computed(() => !view.value?.serviceTotal || editedSinceLoad.value);
  const readOnly = computed(() => view.value?.readOnly ?? false);

  function subscribe(): void {
    if (unsubscribe) return;
    try {
      const b = bridge();
      // a push's write (the service's number, sent, a conflict, gone) and a
      // pull come as records.changed; so does the push of the quotation's client
      unsubscribe = b.on('records.changed', (e) => {
        if (!openId) return;
        if (e.entity === 'quotation' && (e.ids === 'all' || e.ids.includes(openId))) void reload();
        const clientId = view.value?.client?.id;
        if (e.entity === 'client' && clientId && e.ids !== 'all' && e.ids.includes(clientId)) void reload();
      });
    } catch {
      unsubscribe = null;
    }
  }

  /** Shows a quotation as read; what did not change keeps its objects, so it does not re-render. */
  function apply(v: QuotationView): void {
    view.value = v;
    const next = draftFromView(v);
    Object.assign(draft.reference, next.reference);
    const c = draft.client;
    if (c?.id !== next.client?.id || c?.clientnr !== next.client?.clientnr || c?.name !== next.client?.name) draft.client = next.client;
    Object.assign(draft, { ...next, reference: draft.reference, client: draft.client });
    typedHeader.value = v.typed ?? {};
    lines.value = mergeLines(lines.value, v.lines);
    const problems = indexFieldErrors(
      v.fieldErrors,
      v.lines.map((l) => l.id),
    );
    if (!sameProblems(serverProblems.value, problems)) serverProblems.value = problems;
    editedSinceLoad.value = false;
    linesChanged();
  }

  async function open(id: string): Promise<void> {
    subscribe();
    if (openId && openId !== id) {
      // the one open before is left (its edits written, then told), while it is no longer
      // shown nor typed into: its writes' answers land in the store, not on this screen
      const leaving = leave();
      openId = id;
      view.value = null;
      loading.value = true;
      await leaving;
      if (openId !== id) return;
    }
    openId = id;
    if (view.value && view.value.id !== id) view.value = null;
    loading.value = true;
    loadError.value = null;
    actionError.value = null;
    notice.value = null;
    removedLines.value = [];
    opened(id);
    try {
      const v = await call('quotations.get', { id });
      if (openId === id) apply(v);
    } catch (e) {
      if (openId === id) {
        view.value = null;
        loadError.value = asBridgeError(e);
      }
    } finally {
      if (openId === id) loading.value = false;
    }
  }

  /**
   * The person opened the quotation: the main process reads it again from the
   * service when its copy is a few minutes old, and a change comes as
   * records.changed. Once an opening, never awaited, its failure no matter.
   */
  function opened(id: string): void {
    call('records.opened', { kind: 'quotation', id }).catch(() => undefined);
  }

  /** Reads the quotation again after a change behind the UI's back; waits while edits are unwritten. */
  async function reload(): Promise<void> {
    const id = openId;
    if (!id) return;
    if (!draftSaver.idle || !lineSaver.idle) {
      reloadWanted = true;
      return;
    }
    try {
      const v = await queue(() => call('quotations.get', { id }));
      if (openId !== id) return;
      if (!draftSaver.idle || !lineSaver.idle) {
        reloadWanted = true;
        return;
      }
      apply(v);
    } catch (e) {
      const err = asBridgeError(e);
      if (err.kind === 'not_found' && openId === id) loadError.value = err;
    }
  }

  async function flush(): Promise<void> {
    await Promise.all([draftSaver.flush(), lineSaver.flush()]);
  }

  /**
   * The person leaves the draft (another screen, another quotation, the window
   * closes): its edits are written, and what the service does not have yet
   * goes now instead of waiting for the time rule. Typing itself costs no
   * requests; this is one of the moments that does.
   */
  async function leave(): Promise<void> {
    const id = openId;
    if (!id || readOnly.value) return;
    try {
      await flush();
    } catch {
      // kept pending and retried by the saver; what reached the store still goes
    }
    // queued behind the writes, so it carries them
    const left = await queue(() => call('quotations.leave', { id })).catch(() => undefined);
    // a new quotation nobody typed into is gone now (docs/untouched-drafts.md): the list may still show it
    const list = useQuotationsStore();
    if (left && left.queued === null && list.items.some((q) => q.id === id)) void list.load();
  }

  async function close(): Promise<void> {
    const id = openId;
    await leave();
    // another quotation may have been opened meanwhile (the screen closes the one it showed as the next one opens)
    if (openId === id) openId = null;
  }

  function clearServerProblem(key: string): void {
    if (!serverProblems.value.has(key)) return;
    const next = new Map(serverProblems.value);
    next.delete(key);
    serverProblems.value = next;
  }

  function patchDraft(patch: DraftPatch): void {
    if (!openId || readOnly.value) return;
    editedSinceLoad.value = true;
    forgetRemoved();
    draftSaver.add(openId, patch);
  }

  function setField<K extends SettableField>(key: K, value: DraftState[K]): void {
    (draft as DraftState)[key] = value;
    clearServerProblem(key);
    if (typedHeader.value[key] !== undefined) typedHeader.value = withTyped(typedHeader.value, key, null) ?? {};
    patchDraft({ [key]: value } as DraftPatch);
  }

  /**
   * A header number field as typed: its number, or its text when it reads as
   * no number (lib/numbers.ts, typedValue), which holds no value (the totals
   * count none) and is kept in `typedHeader` until it is corrected.
   */
  function setNumber(key: 'discount' | 'quotationperiod', value: number | null | string): void {
    if (typeof value !== 'string') return setField(key, value);
    draft[key] = null;
    clearServerProblem(key);
    typedHeader.value = withTyped(typedHeader.value, key, value) ?? {};
    patchDraft({ [key]: value });
  }

  function setReference(line: keyof Reference, value: string): void {
    draft.reference[line] = value;
    clearServerProblem(`reference.${line}`);
    patchDraft({ reference: { [line]: value } });
  }

  function setClient(client: ClientRef | null): void {
    draft.clientId = client?.id ?? null;
    draft.client = client;
    clearServerProblem('client');
    patchDraft({ clientId: client?.id ?? null });
  }

  function lineKey(lineId: string): string {
    return `${openId}|${lineId}`;
  }

  /**
   * Changes a line at once; the write follows. `undefined` clears a field. A
   * number field given text (what was typed, when it reads as no number:
   * lib/numbers.ts, typedValue) holds no number and keeps the text in
   * `typed`, as the view of a stored line does (shared/typed-number.ts): the
   * totals count nothing for it, and the row marks it.
   */
  function updateLine(lineId: string, patch: { [K in (typeof LINE_KEYS)[number]]?: LineView[K] | string | null }): void {
    if (!openId || readOnly.value) return;
    const line = lines.value.find((l) => l.id === lineId);
    if (!line) return;
    const wire: LinePatch = {};
    for (const key of LINE_KEYS) {
      if (!(key in patch)) continue;
      const value = patch[key];
      const typed = typeof value === 'string' && LINE_TABLE[key].kind !== 'text' ? value : null;
      if (value === null || value === undefined || typed !== null) {
        delete (line as unknown as Record<string, unknown>)[key];
        // cleared text is empty text; any other field is cleared with null
        (wire as Record<string, unknown>)[key] = typed ?? (LINE_TABLE[key].kind === 'text' ? '' : null);
      } else {
        (line as unknown as Record<string, unknown>)[key] = value;
        (wire as Record<string, unknown>)[key] = value;
      }
      if (typed !== null || line.typed?.[key] !== undefined) line.typed = withTyped(line.typed, key, typed);
      clearServerProblem(`line:${lineId}:${key}`);
    }
    delete line.linetotal;
    running.update(line);
    refreshTotals();
    editedSinceLoad.value = true;
    forgetRemoved();
    lineSaver.add(lineKey(lineId), wire);
  }

  async function structural<T>(task: (quotationId: string) => Promise<T>): Promise<T | undefined> {
    const id = openId;
    if (!id || readOnly.value) return undefined;
    actionError.value = null;
    try {
      await flush().catch(() => undefined);
      const result = await queue(() => task(id));
      editedSinceLoad.value = true;
      // field errors name lines by position: read them again in the new order
      if (serverProblems.value.size > 0) void reload();
      return result;
    } catch (e) {
      actionError.value = asBridgeError(e);
      if (openId === id) void reload();
      return undefined;
    }
  }

  /** Adds a line (a priced line, a text line, or one from the catalogue) at `index` or at the end. */
  async function addLine(kind: 'priced' | 'text', index?: number, product?: ProductView): Promise<LineView | undefined> {
    // a product's line (its price above all) is worked out by the main process only; the editor shows what it answers
    const line: LinePatch = product ? {} : kind === 'text' ? { description: '' } : { amount: 1, description: '' };
    forgetRemoved();
    // no index means the end as the main process finds it: two lines added in quick succession (Enter, then Alt+T
    // before the first is back) would otherwise both ask for the length they saw, and the second would go above the first
    const added = await structural((quotationId) =>
      call('lines.add', { quotationId, ...(index === undefined ? {} : { index }), line, ...(product ? { fromProductId: product.id } : {}) }),
    );
    if (!added) return undefined;
    // where the main process put it: "at the end" is above a standard closing text, which stays last
    const { index: at, ...made } = added;
    if (!lines.value.some((l) => l.id === made.id)) {
      lines.value.splice(Math.min(index ?? at, lines.value.length), 0, { ...made });
      linesChanged();
    }
    return made;
  }

  async function duplicateLine(lineId: string): Promise<LineView | undefined> {
    forgetRemoved();
    const copy = await structural((quotationId) => call('lines.duplicate', { quotationId, lineId }));
    if (copy) {
      const at = lines.value.findIndex((l) => l.id === lineId);
      lines.value.splice(at + 1, 0, { ...copy });
      linesChanged();
    }
    return copy;
  }

  async function removeLine(lineId: string): Promise<void> {
    const at = lines.value.findIndex((l) => l.id === lineId);
    if (at < 0) return;
    lineSaver.drop(lineKey(lineId));
    const [removed] = lines.value.splice(at, 1);
    linesChanged();
    const kept: RemovedLine | null = removed ? { line: { ...toRaw(removed) }, index: at } : null;
    if (kept) removedLines.value = [...removedLines.value, kept];
    const result = await structural((quotationId) => call('lines.remove', { quotationId, lineId }));
    if (!result) removedLines.value = removedLines.value.filter((r) => r !== kept);
    if (!result && removed && openId && !lines.value.some((l) => l.id === lineId)) {
      lines.value.splice(at, 0, removed);
      linesChanged();
    }
  }

  /**
   * Puts the last line removed back where it stood, at once; the write
   * follows, and the draft is saved as after any edit. Answers where it went.
   */
  async function undoRemove(): Promise<number | null> {
    const last = removedLines.value.at(-1);
    if (!last || !openId || readOnly.value) return null;
    removedLines.value = removedLines.value.slice(0, -1);
    const { line } = last;
    const at = placeBack(last.index, lines.value.length);
    if (!lines.value.some((l) => l.id === line.id)) {
      lines.value.splice(at, 0, { ...line });
      linesChanged();
    }
    const result = await structural((quotationId) => call('lines.restore', { quotationId, index: at, line: restoredLine(line) }));
    if (result && movesInFlight === 0) reorder(result.order);
    return at;
  }

  /** Moves a line to `toIndex` at once; the order the bridge answers with is kept. */
  async function moveLine(lineId: string, toIndex: number): Promise<void> {
    const from = lines.value.findIndex((l) => l.id === lineId);
    const to = Math.max(0, Math.min(lines.value.length - 1, toIndex));
    if (from < 0 || from === to) return;
    forgetRemoved();
    const [line] = lines.value.splice(from, 1);
    lines.value.splice(to, 0, line!);
    movesInFlight++;
    const result = await structural((quotationId) => call('lines.move', { quotationId, lineId, toIndex: to })).finally(() => movesInFlight--);
    // an answer to an earlier move must not undo a later one already shown
    if (result && movesInFlight === 0) reorder(result.order);
  }

  function reorder(order: readonly string[]): void {
    const byId = new Map(lines.value.map((l) => [l.id, l]));
    if (order.length !== byId.size || !order.every((id) => byId.has(id))) return;
    const current = lines.value.map((l) => l.id).join('|');
    if (current !== order.join('|')) lines.value = order.map((id) => byId.get(id)!);
  }

  async function queued(action: QueuedNotice['action'], run: (id: string) => Promise<QueuedResult>): Promise<QueuedResult | null> {
    const id = openId;
    if (!id) return null;
    actionError.value = null;
    notice.value = null;
    try {
      await flush();
      const result = await queue(() => run(id));
      notice.value = { action, when: result.when };
      await reload();
      return result;
    } catch (e) {
      const err = asBridgeError(e);
      actionError.value = err;
      if (err.fieldErrors?.length) serverProblems.value = indexFieldErrors(err.fieldErrors, lineIds.value);
      return null;
    }
  }

  const saveToService = () => queued('save', (id) => call('quotations.saveToService', { id }));
  const send = (sendmethod: SendMethod) => queued('send', (id) => call('quotations.send', { id, sendmethod }));
  const approve = (a: { name: string; date: string; comments?: string }) =>
    queued('approve', (id) => call('quotations.approve', { id, name: a.name, date: a.date, ...(a.comments ? { comments: a.comments } : {}) }));
  const removeApproval = () => queued('removeApproval', (id) => call('quotations.removeApproval', { id }));
  const setCustomStatus = (status: CustomStatus | 'clear') => queued('customStatus', (id) => call('quotations.setCustomStatus', { id, status }));

  async function remove(): Promise<boolean> {
    const id = openId;
    if (!id) return false;
    actionError.value = null;
    try {
      draftSaver.drop(id);
      await lineSaver.flush().catch(() => undefined);
      const r = await queue(() => call('quotations.delete', { id }));
      notice.value = r.queued ? { action: 'delete', when: r.queued.when } : null;
      openId = null;
      view.value = null;
      return true;
    } catch (e) {
      actionError.value = asBridgeError(e);
      return false;
    }
  }

  /** The price the main process puts on a line for a catalogue product (docs/products.md), asked without adding a line. */
  function productPrice(quotationId: string, productId: number): Promise<OperationResults['lines.productPrice']> {
    return call('lines.productPrice', { quotationId, productId });
  }

  /** The tax rates the account uses, the quotation's own lines left out (electron/store/tax-rates.ts). */
  async function usualRates(quotationId: string | undefined): Promise<number[]> {
    return (await call('taxRates.usual', quotationId ? { quotationId } : {})).rates;
  }

  /** When the service last refused a send for want of credits, if it did (docs/sending.md). */
  function sendingCredits(): Promise<OperationResults['sending.credits']> {
    return call('sending.credits', {});
  }

  return {
    view,
    draft,
    lines,
    loading,
    loadError,
    actionError,
    saveState,
    saveError,
    serverProblems,
    typedHeader,
    notice,
    totals,
    taxType,
    taxShifted,
    datedue,
    isEstimate,
    readOnly,
    lineIds,
    open,
    reload,
    close,
    leave,
    flush,
    setField,
    setNumber,
    setReference,
    setClient,
    updateLine,
    addLine,
    duplicateLine,
    removeLine,
    removedLines,
    undoRemove,
    moveLine,
    saveToService,
    send,
    approve,
    removeApproval,
    setCustomStatus,
    remove,
    productPrice,
    usualRates,
    sendingCredits,
  };
});
