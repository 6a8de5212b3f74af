// Relays the store's change signal to the page. The page hears:
//   - outbox.parked, conflicts.changed and sync.status whenever the outbox
//     or the conflicts moved, its own changes included (no handler's answer
//     carries the counts and the parked list);
//   - records.changed for records someone else wrote (a push, a pull): the
//     records the writers named, at once (a push names the record it sent,
//     and a record whose outbox entry moved is named too, so its badge is
//     read again); and 'all' of a table written in rows nobody named,
//     gathered for a moment, so a pull that commits page after page is told
//     once per burst.
// What a bridge handler wrote itself is not echoed: its answer told the page.
import type { BridgeEvents, SyncStatus } from '../../shared/bridge';
import type { EventHub } from '../bridge/events';
import { conflictView, parkedView } from '../bridge/to-views';
import type { Store } from '../store';
import type { ChangedRecords, Entity } from '../store/connection';

export type RecordEntity = BridgeEvents['records.changed']['entity'];

const RECORD_ENTITIES: Partial<Record<Entity, RecordEntity>> = {
  quotations: 'quotation',
  clients: 'client',
  products: 'product',
  countries: 'country',
  profiles: 'profile',
  categories: 'category',
};

export interface RecordRelayOptions {
  events: EventHub;
  /** true while a bridge handler's own change is being signalled */
  isEcho: () => boolean;
  /** the sync status of the space shown */
  status: () => SyncStatus;
  /** how long changes are gathered before the page hears of them; default 100 ms */
  delayMs?: number;
}

export class RecordRelay {
  /** kinds of record of which every one is to be read again, told when the burst is over */
  readonly #soon = new Set<RecordEntity>();
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(private readonly opts: RecordRelayOptions) {}

  /** Relays the changes of `store` until the returned function is called. */
  watch(store: Store): () => void {
    const onChanged = (entities: Entity[], records: ChangedRecords) => {
      if (entities.includes('outbox') || entities.includes('conflicts')) {
        this.publishOutbox(store);
        this.publishStatus();
      }
      if (this.opts.isEcho()) return;
      for (const [table, ids] of records.named) {
        const entity = RECORD_ENTITIES[table];
        if (entity) this.emit(entity, [...ids]);
      }
      for (const table of records.unnamed) {
        const entity = RECORD_ENTITIES[table];
        if (entity) this.soon(entity);
      }
    };
    store.events.on('changed', onChanged);
    this.publishOutbox(store);
    this.publishStatus();
    return () => store.events.off('changed', onChanged);
  }

  /** Every record of these kinds is stale (another space is shown): told at once. */
  allChanged(entities: readonly RecordEntity[]): void {
    for (const entity of entities) {
      this.#soon.delete(entity);
      this.emit(entity, 'all');
    }
  }

  publishStatus(): void {
    if (!this.#closed) this.opts.events.emit('sync.status', this.opts.status());
  }

  publishOutbox(store: Store): void {
    if (this.#closed) return;
    this.opts.events.emit(
      'outbox.parked',
      store.outbox.parked().map((op) => parkedView(store, op)),
    );
    this.opts.events.emit(
      'conflicts.changed',
      store.conflicts.open().map((c) => conflictView(store, c)),
    );
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#soon.clear();
  }

  private soon(entity: RecordEntity): void {
    this.#soon.add(entity);
    this.#timer ??= setTimeout(() => this.flush(), this.opts.delayMs ?? 100);
  }

  private flush(): void {
    this.#timer = null;
    const soon = [...this.#soon];
    this.#soon.clear();
    for (const entity of soon) this.emit(entity, 'all');
  }

  private emit(entity: RecordEntity, ids: string[] | 'all'): void {
    if (!this.#closed) this.opts.events.emit('records.changed', { entity, ids });
  }
}
