// The renderer's one door to the main process. `window.quotedesk` is put in
// place before the app's script runs (the preload in Electron, an injected
// script in the web host); tests hand in their own implementation.
import { BridgeError, type OperationInput, type OperationName, type OperationResults, type QuotedeskBridge, type SerializedError } from '../shared/bridge';
import { formatMessage } from '../shared/messages';

let current: QuotedeskBridge | null = null;

export function setBridge(bridge: QuotedeskBridge | null): void {
  current = bridge;
}

export function bridge(): QuotedeskBridge {
  if (current) return current;
  const found = (globalThis as { quotedesk?: QuotedeskBridge }).quotedesk;
  if (!found) throw new Error('quotedesk cannot reach its background process (window.quotedesk is missing). Restart the app.');
  current = found;
  return found;
}

/** Calls an operation; every failure comes back as a BridgeError, whatever the host threw. */
export async function call<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]> {
  try {
    return await bridge().invoke(op, input);
  } catch (e) {
    throw asBridgeError(e);
  }
}

export function asBridgeError(e: unknown): BridgeError {
  if (e instanceof BridgeError) return e;
  if (e && typeof e === 'object' && 'kind' in e && 'messageKey' in e) return new BridgeError(e as SerializedError);
  const detail = e instanceof Error ? e.message : String(e);
  // said as the main process says its own unexpected errors, so the UI has a text for it in each language
  return new BridgeError({ kind: 'internal', messageKey: 'bridge.internal', message: formatMessage('bridge.internal', { detail }), params: { detail } });
}
