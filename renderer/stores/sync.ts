// Connection, outbox, conflicts and how fresh the lists are, as the main
// process reports them; pushed by events, read once at start.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { bridge, call } from '../bridge';
import { asBridgeError, type BridgeError, type ConflictView, type ParkedOperation, type SyncStatus } from '../../shared/bridge';

export const useSyncStore = defineStore('sync', () => {
  const status = shallowRef<SyncStatus | null>(null);
  const parked = shallowRef<ParkedOperation[]>([]);
  const conflicts = shallowRef<ConflictView[]>([]);
  const error = shallowRef<BridgeError | null>(null);
  const busy = ref<string | null>(null);
  /** parked operations that need the attention panel: one parked by a conflict is the conflict dialog's */
  const attention = computed(() => parked.value.filter((op) => !(op.reason.kind === 'conflict' && conflicts.value.some((c) => c.entityId === op.entityId))));
  /** the hour's request budget, null until the service has answered */
  const budget = computed(() => status.value?.budget ?? null);
  /** how fresh each of the service's lists is here, and the first load while it runs; empty while the main process does not tell */
  const freshness = computed(() => status.value?.freshness ?? []);
  /** why background reading waits (the desk's own budget, or the service asked), and until when; null while it does not */
  const readingWaits = computed(() => status.value?.readingWaits ?? null);
  const offs: Array<() => void> = [];
  /**
   * A call's answer and an event travel apart and may arrive in either order.
   * A status is kept only if it was made after the one shown (its seq). The
   * lists carry no such count: one read by a call is dropped when an event
   * brought that list while the call was under way.
   */
  const told = { parked: 0, conflicts: 0 };
  function takeStatus(s: SyncStatus): void {
    const shown = status.value?.seq;
    if (shown === undefined || s.seq === undefined || s.seq >= shown) status.value = s;
  }

  async function start(): Promise<void> {
    if (offs.length === 0) {
      const b = bridge();
      // The system says the network is back: push what waits now rather than
      // when the next probe comes round. Not through `act`: a person's action in
      // progress keeps its busy state and its error. At most once a minute, so a
      // flapping connection does not undo the backoff of entries that keep failing.
      let lastOnline = -Infinity;
      const onOnline = () => {
        const now = Date.now();
        if (now - lastOnline < 60_000) return;
        lastOnline = now;
        call('sync.networkBack', {}).then(refresh, () => {});
      };
      if (typeof window !== 'undefined') {
        window.addEventListener('online', onOnline);
        offs.push(() => window.removeEventListener('online', onOnline));
      }
      offs.push(
        b.on('sync.status', takeStatus),
        b.on('outbox.parked', (p) => {
          told.parked++;
          parked.value = p;
        }),
        b.on('conflicts.changed', (c) => {
          told.conflicts++;
          conflicts.value = c;
        }),
      );
    }
    await refresh();
  }

  async function refresh(): Promise<void> {
    const before = { ...told };
    try {
      const [s, p, c] = await Promise.all([call('sync.status', {}), call('outbox.parked', {}), call('conflicts.list', {})]);
      takeStatus(s);
      if (told.parked === before.parked) parked.value = p;
      if (told.conflicts === before.conflicts) conflicts.value = c;
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  function stop(): void {
    for (const off of offs.splice(0)) off();
  }

  async function act(key: string, run: () => Promise<unknown>): Promise<boolean> {
    busy.value = key;
    error.value = null;
    try {
      await run();
      await refresh();
      return true;
    } catch (e) {
      error.value = asBridgeError(e);
      return false;
    } finally {
      busy.value = null;
    }
  }

  const pullNow = () => act('pull', () => call('sync.pullNow', {}));
  const cancelPull = () => act('cancel', () => call('sync.cancelPull', {}));
  // read everything again, at the background's pace: each list's sweep shows it (refreshing)
  const refreshAll = () => act('refresh', () => call('sync.refreshAll', {}));
  const retry = (id: string) => act(`retry:${id}`, () => call('outbox.retry', { id }));
  const discard = (id: string) => act(`discard:${id}`, () => call('outbox.discard', { id }));
  // a client delete the service refused: the client made inactive in its place, in one step
  const makeInactive = (clientId: string) => act(`inactive:${clientId}`, () => call('clients.makeInactive', { id: clientId }));
  const resolve = (id: string, resolution: 'mine' | 'theirs' | 'both') => act(`resolve:${id}`, () => call('conflicts.resolve', { id, resolution }));

  return {
    status,
    budget,
    freshness,
    readingWaits,
    parked,
    attention,
    conflicts,
    error,
    busy,
    start,
    stop,
    refresh,
    pullNow,
    cancelPull,
    refreshAll,
    retry,
    discard,
    makeInactive,
    resolve,
  };
});
