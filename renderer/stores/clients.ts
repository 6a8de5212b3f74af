// The client list (searched in the local store) and the client being edited.
import { defineStore } from 'pinia';
import { reactive, ref, shallowRef, watch } from 'vue';
import { listOnScreen } from '../lib/paged-rows';
import { rememberShowInactive, showInactiveRemembered } from '../lib/show-inactive';
import { bridge, call, onRecordsChanged } from '../bridge';
import { Coalescer, serialQueue, type SaveState } from '../lib/autosave';
import { problemFromMessage, type Problem } from '../lib/validation';
import { asBridgeError, type BridgeError, type BridgeEvents, type ClientSummary, type ClientView, type QueuedResult } from '../../shared/bridge';
import type { z } from 'zod';
import type { clientPatch } from '../../shared/bridge';

export type ClientPatch = z.input<typeof clientPatch>;

/**
 * The client list, a page at a time: the main process sorts it by name,
 * searches and counts it; the screen reads the pages of the rows in view
 * (components/PagedTable.vue).
 */
export const useClientsStore = defineStore('clients', () => {
  const query = ref('');
  // off until the person turns it on, then kept
  const includeInactive = ref(showInactiveRemembered());
  watch(includeInactive, (on) => rememberShowInactive(on));
  /** a search that finds no active client: how many inactive ones it would find, so the screen can say so */
  const inactiveMatches = ref(0);
  const { rows, load } = listOnScreen<ClientSummary>(
    (offset, limit) => call('clients.list', { query: query.value.trim() || undefined, offset, limit, includeInactive: includeInactive.value }),
    {
      entities: ['client'],
      inputs: [query, includeInactive],
      onChanged: onRecordsChanged,
      onAnswer: (answer) => void countInactive(answer.total),
    },
  );

  async function countInactive(shown: number): Promise<void> {
    const q = query.value.trim();
    if (shown > 0 || includeInactive.value || q === '') {
      inactiveMatches.value = 0;
      return;
    }
    try {
      const all = await call('clients.list', { query: q, limit: 1, includeInactive: true });
      if (query.value.trim() === q && !includeInactive.value) inactiveMatches.value = all.total;
    } catch {
      inactiveMatches.value = 0;
    }
  }

  async function create(fields: ClientPatch): Promise<ClientView> {
    const v = await call('clients.create', { fields });
    void load();
    return v;
  }

  /** One client as it is now. */
  function get(id: string): Promise<ClientView> {
    return call('clients.get', { id });
  }

  /** The clients whose name, number, e-mail, place, postcode, VAT number or phone has every word of `query`: the editor's client picker. */
  function search(query: string, limit: number): Promise<ClientSummary[]> {
    return call('clients.search', { query, limit });
  }

  /** Hears the records a push or a pull changed (a client's address edited elsewhere); returns the way to stop. Throws without a bridge. */
  function onChanged(hear: (e: BridgeEvents['records.changed']) => void): () => void {
    return onRecordsChanged(hear);
  }

  return { rows, total: rows.total, loaded: rows.loaded, error: rows.error, query, includeInactive, inactiveMatches, load, create, get, search, onChanged };
});

export const useClientEditorStore = defineStore('clientEditor', () => {
  const view = shallowRef<ClientView | null>(null);
  const fields = reactive<Record<string, unknown>>({});
  const loadError = shallowRef<BridgeError | null>(null);
  const actionError = shallowRef<BridgeError | null>(null);
  const saveState = ref<SaveState>('saved');
  const saveError = shallowRef<BridgeError | null>(null);
  const serverProblems = shallowRef<Map<string, Problem>>(new Map());
  const deleted = shallowRef<QueuedResult | null | 'done'>(null);
  let openId: string | null = null;
  const queue = serialQueue();

  const saver: Coalescer<string, ClientPatch> = new Coalescer<string, ClientPatch>({
    queue,
    merge: (a, b) => {
      const m: ClientPatch = { ...a, ...b };
      if (a.reference || b.reference) m.reference = { ...a.reference, ...b.reference };
      return m;
    },
    write: async (id, patch) => {
      const v = await call('clients.update', { id, patch });
      if (id === openId) view.value = v;
    },
    onState: () => {
      saveState.value = saver.state;
      saveError.value = saver.error;
    },
  });

  function problemsOf(v: ClientView): Map<string, Problem> {
    return new Map(v.fieldErrors.map((e) => [e.field, problemFromMessage(e.message)]));
  }

  let off: (() => void) | null = null;
  function subscribe(): void {
    if (off) return;
    try {
      // a push's write (its number, a refused delete, gone) and a pull come as records.changed
      off = bridge().on('records.changed', (e) => {
        if (e.entity === 'client' && openId && (e.ids === 'all' || e.ids.includes(openId))) void refresh();
      });
    } catch {
      off = null;
    }
  }

  /**
   * Reads the client again after a change behind the page's back: a delete the service refused
   * (the client has documents) brings it back with the reason.
   */
  async function refresh(): Promise<void> {
    const id = openId;
    if (!id || !saver.idle) return;
    try {
      const v = await call('clients.get', { id });
      if (openId !== id || !saver.idle) return;
      // a delete still on its way keeps the "deleted" notice
      if (deleted.value !== null && !v.hasDocuments) return;
      view.value = v;
      serverProblems.value = problemsOf(v);
      if (deleted.value !== null) {
        deleted.value = null;
        for (const k of Object.keys(fields)) delete fields[k];
        Object.assign(fields, structuredClone(v.fields));
      }
    } catch {
      // gone: the delete went through, or it is not there yet
    }
  }

  async function open(id: string): Promise<void> {
    subscribe();
    const before = openId;
    openId = id;
    // another client: the one open before is not shown nor edited while its edits are written and this one is read
    if (view.value && view.value.id !== id) view.value = null;
    if (before && before !== id) {
      await saver.flush().catch(() => undefined);
      if (openId !== id) return;
    }
    loadError.value = null;
    actionError.value = null;
    deleted.value = null;
    // the person opened it: a copy a few minutes old is read again from the service (a change comes as records.changed); never awaited
    call('records.opened', { kind: 'client', id }).catch(() => undefined);
    try {
      const v = await call('clients.get', { id });
      if (openId !== id) return;
      view.value = v;
      for (const k of Object.keys(fields)) delete fields[k];
      Object.assign(fields, structuredClone(v.fields));
      serverProblems.value = problemsOf(v);
    } catch (e) {
      if (openId === id) {
        view.value = null;
        loadError.value = asBridgeError(e);
      }
    }
  }

  function setField(key: string, value: unknown): void {
    if (!openId) return;
    if (key.startsWith('reference.')) {
      const line = key.slice('reference.'.length);
      const ref = { ...((fields.reference as Record<string, string> | undefined) ?? {}), [line]: value as string };
      fields.reference = ref;
      saver.add(openId, { reference: { [line]: value as string } });
    } else {
      fields[key] = value;
      saver.add(openId, { [key]: value } as ClientPatch);
    }
    if (serverProblems.value.has(key)) {
      const next = new Map(serverProblems.value);
      next.delete(key);
      serverProblems.value = next;
    }
  }

  async function flush(): Promise<void> {
    await saver.flush();
  }

  async function remove(): Promise<boolean> {
    const id = openId;
    if (!id) return false;
    actionError.value = null;
    try {
      await saver.flush().catch(() => undefined);
      const r = await queue(() => call('clients.delete', { id }));
      deleted.value = r.queued ?? 'done';
      return true;
    } catch (e) {
      actionError.value = asBridgeError(e);
      if (actionError.value.kind === 'has_documents' && view.value) view.value = { ...view.value, hasDocuments: true };
      return false;
    }
  }

  /** In place of a delete the service refused: the delete is dropped and the client made inactive, in one step. */
  async function makeInactiveInstead(): Promise<void> {
    const id = openId;
    if (!id) return;
    actionError.value = null;
    try {
      await saver.flush().catch(() => undefined);
      const v = await queue(() => call('clients.makeInactive', { id }));
      if (openId !== id) return;
      view.value = v;
      fields.active = false;
      serverProblems.value = problemsOf(v);
    } catch (e) {
      actionError.value = asBridgeError(e);
    }
  }

  return { view, fields, loadError, actionError, saveState, saveError, serverProblems, deleted, open, setField, flush, remove, makeInactiveInstead };
});
