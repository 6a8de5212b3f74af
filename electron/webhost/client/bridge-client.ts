// Runs in the page served by the web host, before the app's own scripts: it
// defines `window.quotedesk` with the same contract the Electron preload
// exposes, carried over the host's loopback socket. Calls go out as
// `POST /__bridge/invoke` with the token in a header; events arrive on one
// Server-Sent Events stream. Built into a classic script, dist/webhost/bridge-client.js
// (build/vite.main.config.ts, mode bridge-client).
// errors.ts directly: the contract module would pull zod into the page script
import { BridgeError, type BridgeResult, type SerializedError } from '../../../shared/bridge/errors';
import type { BridgeEvents, EventName, QuotedeskBridge } from '../../../shared/bridge/contract';
// the catalogue errors.ts already brings along
import { formatMessage } from '../../../shared/messages';

/** The few page globals the client uses (typed here so this file needs no DOM typings). */
export interface PageGlobals {
  location: { search: string; hash: string };
  sessionStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
  fetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string; credentials: 'same-origin' },
  ): Promise<{ json(): Promise<unknown> }>;
  EventSource: new (url: string) => { addEventListener(type: string, listener: (e: { data: string }) => void): void };
  quotedesk?: QuotedeskBridge;
}

const TOKEN_KEY = 'quotedesk.bridgeToken';

export function readToken(g: PageGlobals): string {
  const fromUrl = new URLSearchParams(g.location.search).get('token') ?? new URLSearchParams(g.location.hash.replace(/^#/, '')).get('token');
  // kept for the tab, so a reload of a URL the app rewrote still connects
  if (fromUrl) g.sessionStorage?.setItem(TOKEN_KEY, fromUrl);
  return fromUrl ?? g.sessionStorage?.getItem(TOKEN_KEY) ?? '';
}

function unreachable(detail: string): BridgeError {
  const e: SerializedError = {
    kind: 'host_unreachable',
    messageKey: 'bridge.host_unreachable',
    message: formatMessage('bridge.host_unreachable', { detail }),
    params: { detail },
  };
  return new BridgeError(e);
}

export function installBridge(g: PageGlobals): QuotedeskBridge {
  const token = readToken(g);
  const listeners = new Map<EventName, Set<(payload: never) => void>>();

  const events = new g.EventSource(`/__bridge/events?token=${encodeURIComponent(token)}`);
  events.addEventListener('message', (e) => {
    let msg: { event: EventName; payload: unknown };
    try {
      msg = JSON.parse(e.data) as typeof msg;
    } catch {
      return;
    }
    for (const listener of [...(listeners.get(msg.event) ?? [])]) {
      try {
        (listener as (p: unknown) => void)(msg.payload);
      } catch (err) {
        // one failing listener must not keep the event from the others
        setTimeout(() => {
          throw err;
        });
      }
    }
  });

  const bridge: QuotedeskBridge = {
    host: 'web',
    async invoke(op, input) {
      let result: BridgeResult<unknown>;
      try {
        const res = await g.fetch('/__bridge/invoke', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-quotedesk-token': token },
          body: JSON.stringify({ op, input }),
          credentials: 'same-origin',
        });
        result = (await res.json()) as BridgeResult<unknown>;
      } catch (err) {
        throw unreachable(err instanceof Error ? err.message : String(err));
      }
      if (result.ok) return result.value as never;
      throw new BridgeError(result.error);
    },
    on<E extends EventName>(event: E, listener: (payload: BridgeEvents[E]) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const l = listener as (payload: never) => void;
      set.add(l);
      return () => {
        set.delete(l);
      };
    },
  };
  return Object.freeze(bridge);
}
