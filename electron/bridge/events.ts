// The events the main process pushes to the page. The core publishes here; each
// transport (Electron's webContents, the web host's event stream) subscribes
// once and forwards every event. A listener that throws is dropped from the
// delivery of that one event only, never from the others.
import type { BridgeEvents, EventName } from '../../shared/bridge';

export type AnyEvent = { [E in EventName]: { event: E; payload: BridgeEvents[E] } }[EventName];
export type EventSink = (e: AnyEvent) => void;

export class EventHub {
  readonly #sinks = new Set<EventSink>();
  /** the last payload of each event, so a page that connects late starts current */
  readonly #last = new Map<EventName, AnyEvent>();

  emit<E extends EventName>(event: E, payload: BridgeEvents[E]): void {
    const e = { event, payload } as AnyEvent;
    if (event !== 'records.changed') this.#last.set(event, e);
    for (const sink of [...this.#sinks]) {
      try {
        sink(e);
      } catch {
        // a broken transport must not stop the others
      }
    }
  }

  /** Subscribes; returns the function that unsubscribes. */
  subscribe(sink: EventSink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  /** The latest snapshot events (sync status, parked, conflicts), for a page that has just connected. */
  snapshot(): AnyEvent[] {
    return [...this.#last.values()];
  }
}
