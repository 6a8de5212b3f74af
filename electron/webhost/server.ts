// The web host's HTTP side: serves the built renderer with the bridge client
// injected, carries bridge calls and events, and offers the control endpoints:
// one takes the sandbox off the network, one tells what the process holds in
// memory and the CPU time it took. Bound to 127.0.0.1 only; every
// bridge and control request must carry the token, and the Host and Origin
// headers must name this very server (a page on another site, or a DNS name
// rebound to 127.0.0.1, cannot talk to it).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { BridgeResult } from '../../shared/bridge';
import type { Dispatch } from '../bridge/dispatcher';
import { bridgeError } from '../bridge/errors';
import type { EventHub } from '../bridge/events';
import { CONTENT_SECURITY_POLICY } from '../core/security';
import { processReport } from './process-report';
import { contentType, resolveAppFile } from '../core/app-files';

/** What the web host knows about a request when it asks the dispatcher. */
export interface WebSender {
  tokenOk: boolean;
  sameOrigin: boolean;
}

export function isTrustedWebSender(s: WebSender): boolean {
  return s.tokenOk && s.sameOrigin;
}

export interface WebHostServerOptions {
  /** folder with the built renderer (index.html and its assets) */
  rendererDir: string;
  /** the bridge client, a classic script built from client/entry.ts (dist/webhost/bridge-client.js) */
  bridgeClient: string;
  dispatch: Dispatch<WebSender>;
  events: EventHub;
  /** takes the network away (false) and gives it back (true) */
  setOnline: (online: boolean) => Promise<void> | void;
  isOnline: () => boolean;
  /** 0 for any free port */
  port?: number;
  /** a fixed token (tests); random otherwise */
  token?: string;
}

export interface WebHostServer {
  port: number;
  token: string;
  /** the page URL, token included */
  url: string;
  /** POST {"online": false|true} here */
  controlUrl: string;
  close(): Promise<void>;
}

const MAX_BODY = 2 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

const BRIDGE_SCRIPT_TAG = '<script src="/__bridge/client.js"></script>';

/** Puts the bridge client first in <head>, before any other script. */
export function injectBridgeScript(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + BRIDGE_SCRIPT_TAG + html.slice(head.index + head[0].length);
  return BRIDGE_SCRIPT_TAG + html;
}

export async function startWebHostServer(opts: WebHostServerOptions): Promise<WebHostServer> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const tokenBuf = Buffer.from(token);
  const streams = new Set<ServerResponse>();
  let port = 0;

  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const tokenMatches = (given: string | null | undefined) => {
    if (!given) return false;
    const b = Buffer.from(given);
    return b.length === tokenBuf.length && timingSafeEqual(b, tokenBuf);
  };
  const sameOrigin = (req: IncomingMessage) => {
    const origin = req.headers.origin;
    return origin === undefined || allowedHosts().some((h) => origin === `http://${h}`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `The web host failed: ${err instanceof Error ? err.message : String(err)}`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS rebinding: a foreign name resolving to 127.0.0.1 still sends its own Host
    if (!allowedHosts().includes(req.headers.host ?? '')) return send(res, 421, 'text/plain; charset=utf-8', 'Unknown host');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const path = url.pathname;

    if (path === '/__bridge/invoke') {
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only');
      const sender: WebSender = { tokenOk: tokenMatches(header(req, 'x-quotedesk-token')), sameOrigin: sameOrigin(req) };
      if (!isTrustedWebSender(sender)) {
        // refused before the body is read: nothing from it reaches the core
        return json(res, 403, await opts.dispatch(sender, undefined, undefined));
      }
      const body = await readBody(req);
      if (body === null) return json(res, 413, fail('the request is larger than 2 MB'));
      let msg: { op?: unknown; input?: unknown };
      try {
        msg = JSON.parse(body) as typeof msg;
      } catch {
        return json(res, 400, fail('the request is not valid JSON'));
      }
      if (msg === null || typeof msg !== 'object') return json(res, 400, fail('the request is not an object with op and input'));
      return json(res, 200, await opts.dispatch(sender, msg.op, msg.input));
    }

    if (path === '/__bridge/events') {
      if (!tokenMatches(url.searchParams.get('token')) || !sameOrigin(req)) return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden');
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
      const write = (e: unknown) => res.write(`data: ${JSON.stringify(e)}\n\n`);
      res.write('retry: 1000\n\n');
      for (const e of opts.events.snapshot()) write(e);
      const unsubscribe = opts.events.subscribe(write);
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      beat.unref();
      streams.add(res);
      res.on('close', () => {
        clearInterval(beat);
        unsubscribe();
        streams.delete(res);
      });
      return;
    }

    if (path === '/__bridge/client.js') {
      return send(res, 200, contentType('client.js'), opts.bridgeClient);
    }

    /** The control endpoints take this page's token, from this page's origin: false when refused (answered 403). */
    const controlAllowed = (): boolean => {
      if (tokenMatches(url.searchParams.get('token') ?? header(req, 'x-quotedesk-token')) && sameOrigin(req)) return true;
      json(res, 403, { error: 'A valid token is required' });
      return false;
    };

    if (path === '/__control/process') {
      // what this process holds and took, for the benchmark (test/bench/scale.ts) and anyone asking why
      if (!controlAllowed()) return;
      if (req.method !== 'GET') return json(res, 405, { error: 'GET only' });
      return json(res, 200, await processReport());
    }

    if (path === '/__control/network') {
      if (!controlAllowed()) return;
      if (req.method === 'GET') return json(res, 200, { online: opts.isOnline() });
      if (req.method !== 'POST') return json(res, 405, { error: 'GET or POST only' });
      const body = await readBody(req);
      let online: unknown;
      try {
        online = (JSON.parse(body ?? '') as { online?: unknown }).online;
      } catch {
        online = undefined;
      }
      if (typeof online !== 'boolean') return json(res, 400, { error: 'Send a JSON body like {"online": false} or {"online": true}' });
      try {
        await opts.setOnline(online);
      } catch (err) {
        return json(res, 409, { error: err instanceof Error ? err.message : String(err) });
      }
      return json(res, 200, { online: opts.isOnline() });
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only');
    return serveStatic(path, res);
  }

  async function serveStatic(path: string, res: ServerResponse): Promise<void> {
    const target = resolveAppFile(opts.rendererDir, path);
    if (!target) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    let data: Buffer;
    try {
      data = await readFile(target.file);
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    }
    if (target.isPage) return send(res, 200, contentType('index.html'), injectBridgeScript(data.toString('utf8')));
    return send(res, 200, contentType(target.file), data);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  return {
    port,
    token,
    url: `${base}/?token=${encodeURIComponent(token)}`,
    controlUrl: `${base}/__control/network?token=${encodeURIComponent(token)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of streams) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function fail(detail: string): BridgeResult<never> {
  return { ok: false, error: bridgeError('bridge.invalid_request', 'invalid_request', { detail }) };
}

function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    // the page URL carries the token: never send it on
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { ...securityHeaders(), 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

/**
 * The body as text, or null when it is larger than MAX_BODY. An oversized body
 * is still read to its end (and dropped), so the client gets the answer
 * instead of a reset connection.
 */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8');
}
