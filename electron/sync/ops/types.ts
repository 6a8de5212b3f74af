import type { InvoicingApi } from '../../api';
import type { Store, OutboxItem } from '../../store';

export interface PushContext {
  store: Store;
  api: InvoicingApi;
}

/** done: reached the service (or nothing was left to do); parked: waits for the user; waiting: on another entry. */
export type PushResult = 'done' | 'parked' | 'waiting';

/** applied: the earlier request took effect and its result is recorded; not_applied: it did not, send again. */
export type ResolveResult = 'applied' | 'not_applied' | 'parked';

export interface OpHandler {
  /** Sends the entry: checks, marks it in flight, makes the request, records the result. */
  push(entry: OutboxItem): Promise<PushResult>;
  /** For an entry whose last request got no answer: finds out, on the service, whether it took effect. */
  resolve(entry: OutboxItem): Promise<ResolveResult>;
}
