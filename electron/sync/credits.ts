// What the app can honestly know about print center credits. The service
// names no way to read the price or the balance; it only answers a send
// with 402 when the credits are not enough. So the last such refusal is
// remembered for the account (in its own database) until a print center
// send goes through again, and the send dialog warns with it.
import type { EventEmitter } from 'node:events';
import type { OutboxEntry } from '../../shared/outbox';
import type { SyncEvents } from '../../shared/sync';
import type { Store } from '../store';

export const CREDITS_REFUSED_KEY = 'sending.printcenterRefusedAt';

function isPrintcenterSend(e: OutboxEntry): boolean {
  return e.kind === 'quotation.send' && e.payload.sendmethod === 'printcenter';
}

/** Follows the engine's pushes and parkings; returns the function that stops it. */
export function rememberCredits(events: Pick<EventEmitter<SyncEvents>, 'on' | 'off'>, store: Pick<Store, 'keyValues'>, now: () => number): () => void {
  const onParked = (e: OutboxEntry) => {
    if (isPrintcenterSend(e) && e.lastError?.kind === 'credits') store.keyValues.set(CREDITS_REFUSED_KEY, e.lastError.at || now());
  };
  const onPushed = (e: OutboxEntry) => {
    if (isPrintcenterSend(e) && store.keyValues.get(CREDITS_REFUSED_KEY) !== null) store.keyValues.delete(CREDITS_REFUSED_KEY);
  };
  events.on('parked', onParked);
  events.on('pushed', onPushed);
  return () => {
    events.off('parked', onParked);
    events.off('pushed', onPushed);
  };
}

/** When the service last refused a print center send for want of credits (epoch ms), or null. */
export function creditsRefusedAt(store: Pick<Store, 'keyValues'>): number | null {
  const at = store.keyValues.get<unknown>(CREDITS_REFUSED_KEY);
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}
