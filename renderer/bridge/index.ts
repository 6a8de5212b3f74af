// The renderer's one door to the main process. `window.quotedesk` is put in
// place before the app's script runs (the preload in Electron, an injected
// script in the web host); tests hand in their own implementation. Only the
// Pinia stores (renderer/stores) come through it (docs/architecture.md).
import { asBridgeError, type BridgeEvents, type OperationInput, type OperationName, type OperationResults, type QuotedeskBridge } from '../../shared/bridge';

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

/** Hears every `records.changed` from now on; returns the way to stop. Throws when there is no bridge (as `bridge()` does). */
export function onRecordsChanged(hear: (e: BridgeEvents['records.changed']) => void): () => void {
  return bridge().on('records.changed', hear);
}
