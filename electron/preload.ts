// Exposes the bridge contract as window.quotedesk and nothing else: no
// ipcRenderer, no Node. Runs sandboxed, so it is bundled into one CommonJS
// file whose only require is 'electron'.
//
// Errors cross contextBridge as plain objects: an Error thrown through it
// arrives in the page with its message only, and the UI needs the kind and
// message key (see isBridgeError in shared/bridge/errors.ts).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeEvents, BridgeResult, EventName, QuotedeskBridge, SerializedError } from '../shared/bridge';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './bridge/channels';

function rejection(error: SerializedError): SerializedError & { name: 'BridgeError' } {
  return { name: 'BridgeError', ...error };
}

const bridge: QuotedeskBridge = {
  host: 'electron',
  async invoke(op, input) {
    let result: BridgeResult<unknown>;
    try {
      result = (await ipcRenderer.invoke(INVOKE_CHANNEL, op, input)) as BridgeResult<unknown>;
    } catch (err) {
      // the payload could not be cloned for IPC (a function, a DOM node...)
      const detail = err instanceof Error ? err.message : String(err);
      throw rejection({
        kind: 'invalid_request',
        messageKey: 'bridge.invalid_request',
        message:
          `quotedesk could not accept this request (${detail}). Nothing was changed; ` +
          'reload the window and try again, and report it if it keeps happening.',
        params: { detail },
      });
    }
    if (result.ok) return result.value as never;
    throw rejection(result.error);
  },
  on<E extends EventName>(event: E, listener: (payload: BridgeEvents[E]) => void) {
    if (typeof event !== 'string' || typeof listener !== 'function') throw new TypeError('quotedesk.on(event, listener) needs an event name and a function');
    // the IPC event object (with its sender) never reaches the page
    const forward = (_e: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as BridgeEvents[E]);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('quotedesk', bridge);
