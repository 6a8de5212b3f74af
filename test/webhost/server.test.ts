// The web host's transport over real HTTP on loopback: the page with the
// bridge client first, the token, Host and Origin guards, malformed and
// oversized requests, the event stream and the control endpoints. It serves
// the bridge client as built (dist/webhost/bridge-client.js).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../electron/bridge/dispatcher';
import { EventHub } from '../../electron/bridge/events';
import { CONTENT_SECURITY_POLICY } from '../../electron/core/security';
import { injectBridgeScript, isTrustedWebSender, startWebHostServer, type WebHostServer, type WebSender } from '../../electron/webhost/server';
import type { ProcessReport } from '../../electron/webhost/process-report';
import { BUILT_BRIDGE_CLIENT } from '../../electron/webhost/host';
import { ensureBuilt } from '../../scripts/build-parts';

const dir = mkdtempSync(join(tmpdir(), 'quotedesk-webhost-'));
writeFileSync(
  join(dir, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="./app.js"></script></head><body></body></html>',
);
writeFileSync(join(dir, 'app.js'), 'export {};');
writeFileSync(join(tmpdir(), 'quotedesk-secret.txt'), 'secret');

const events = new EventHub();
let online = true;
let refuseSwitch = false;
const calls: unknown[] = [];
const handlers = {
  'settings.get': () => ({ language: 'en', defaultSendmethod: 'email' }),
  'quotations.get': (input: { id: string }) => {
    calls.push(input);
    return { id: input.id };
  },
} as unknown as Handlers;
let server: WebHostServer;

beforeAll(async () => {
  await ensureBuilt(['preload']);
  server = await startWebHostServer({
    rendererDir: dir,
    bridgeClient: readFileSync(BUILT_BRIDGE_CLIENT, 'utf8'),
    dispatch: createDispatcher<WebSender>({ handlers, isTrustedSender: isTrustedWebSender }),
    events,
    setOnline: (v) => {
      if (refuseSwitch) throw new Error('The demo service is not running: an account is shown.');
      online = v;
    },
    isOnline: () => online,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const invoke = (body: unknown, headers: Record<string, string> = { 'x-quotedesk-token': server.token }) =>
  raw('/__bridge/invoke', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('web host server', () => {
  it('listens on 127.0.0.1 only and prints URLs carrying the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${encodeURIComponent(server.token)}`);
    expect(server.controlUrl).toBe(`http://127.0.0.1:${server.port}/__control/network?token=${encodeURIComponent(server.token)}`);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
  });

  it('serves the page with the bridge client as the first script in <head>, under the CSP', async () => {
    const page = await raw('/');
    expect(page.status).toBe(200);
    expect(page.body.indexOf('<script src="/__bridge/client.js"></script>')).toBeLessThan(page.body.indexOf('./app.js'));
    expect(page.body).toMatch(/^<!doctype html><html><head><script src="\/__bridge\/client.js"><\/script>/);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const script = await raw('/__bridge/client.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('quotedesk');
    expect(script.body).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('injects before everything even without a <head>', () => {
    expect(injectBridgeScript('<p>x</p>')).toBe('<script src="/__bridge/client.js"></script><p>x</p>');
    expect(injectBridgeScript('<HEAD lang="nl"><script src=a.js></script>')).toBe(
      '<HEAD lang="nl"><script src="/__bridge/client.js"></script><script src=a.js></script>',
    );
  });

  it('serves assets and never a file outside the renderer folder', async () => {
    expect((await raw('/app.js')).status).toBe(200);
    for (const path of ['/../quotedesk-secret.txt', '/%2e%2e/quotedesk-secret.txt', '/..%2fquotedesk-secret.txt', '/%00', '/%E0%A4%A']) {
      const r = await raw(path);
      expect(r.status, path).not.toBe(200);
      expect(r.body).not.toContain('secret');
    }
  });

  it('answers a call that carries the token', async () => {
    const r = await invoke({ op: 'quotations.get', input: { id: 'q1' } });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ ok: true, value: { id: 'q1' } });
  });

  it('refuses a call without the right token before reading it', async () => {
    calls.length = 0;
    for (const headers of [{} as Record<string, string>, { 'x-quotedesk-token': 'wrong' }, { 'x-quotedesk-token': server.token.slice(1) }]) {
      const r = await invoke({ op: 'quotations.get', input: { id: 'q2' } }, headers);
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { kind: 'untrusted_sender' } });
    }
    expect(calls).toEqual([]);
  });

  it('refuses a foreign Origin and a foreign Host (DNS rebinding)', async () => {
    const fromSite = await invoke({ op: 'settings.get', input: {} }, { 'x-quotedesk-token': server.token, origin: 'https://evil.example' });
    expect(fromSite.status).toBe(403);
    const rebound = await invoke({ op: 'settings.get', input: {} }, { 'x-quotedesk-token': server.token, host: `evil.example:${server.port}` });
    expect(rebound.status).toBe(421);
    const page = await raw('/', { headers: { host: 'evil.example' } });
    expect(page.status).toBe(421);
    const sameOrigin = await invoke(
      { op: 'settings.get', input: {} },
      { 'x-quotedesk-token': server.token, origin: `http://localhost:${server.port}`, host: `localhost:${server.port}` },
    );
    expect(sameOrigin.status).toBe(200);
  });

  it('answers malformed and oversized requests with a clear error', async () => {
    const notJson = await invoke('{op:');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { kind: 'invalid_request', message: expect.stringContaining('not valid JSON') } });
    const notObject = await invoke('null');
    expect(JSON.parse(notObject.body)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    const unknownOp = await invoke({ op: '__proto__', input: {} });
    expect(JSON.parse(unknownOp.body)).toMatchObject({ ok: false, error: { kind: 'invalid_request', messageKey: 'bridge.unknown_operation' } });
    const big = await invoke({ op: 'settings.get', input: { pad: 'x'.repeat(3 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    const get = await raw('/__bridge/invoke');
    expect(get.status).toBe(405);
  });

  it('streams the latest snapshot and then live events, with the token only', async () => {
    events.emit('sync.status', { online: true, pending: 3 } as never);
    expect((await raw('/__bridge/events?token=nope')).status).toBe(403);
    const received: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: `/__bridge/events?token=${encodeURIComponent(server.token)}` }, (res) => {
        expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          for (const line of chunk.split('\n')) if (line.startsWith('data: ')) received.push(line.slice(6));
          if (received.length === 1) events.emit('records.changed', { entity: 'client', ids: ['c1'] });
          if (received.length === 2) {
            req.destroy();
            resolve();
          }
        });
      });
      req.on('error', (e) => (received.length >= 2 ? resolve() : reject(e)));
      req.end();
    });
    expect(received.map((r) => JSON.parse(r))).toEqual([
      { event: 'sync.status', payload: { online: true, pending: 3 } },
      { event: 'records.changed', payload: { entity: 'client', ids: ['c1'] } },
    ]);
  });

  it('switches the network with the control endpoint, token required', async () => {
    const path = new URL(server.controlUrl).pathname;
    expect((await raw(path, { method: 'POST', body: '{"online":false}' })).status).toBe(403);
    expect(online).toBe(true);
    const bad = await raw(`${path}?token=${encodeURIComponent(server.token)}`, { method: 'POST', body: '{"online":"no"}' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toContain('{"online": false}');
    const off = await fetch(server.controlUrl, { method: 'POST', body: JSON.stringify({ online: false }) });
    expect(await off.json()).toEqual({ online: false });
    expect(online).toBe(false);
    expect(await (await fetch(server.controlUrl)).json()).toEqual({ online: false });
    const on = await fetch(server.controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"online": true}' });
    expect(await on.json()).toEqual({ online: true });
    refuseSwitch = true;
    const refused = await fetch(server.controlUrl, { method: 'POST', body: '{"online": false}' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: expect.stringContaining('account is shown') });
    refuseSwitch = false;
  });

  it("tells the process's memory and CPU time at the process endpoint, token required", async () => {
    expect((await raw('/__control/process')).status).toBe(403);
    expect((await raw(`/__control/process?token=${encodeURIComponent(server.token)}`, { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    const res = await raw(`/__control/process?token=${encodeURIComponent(server.token)}`);
    expect(res.status).toBe(200);
    const m = JSON.parse(res.body) as ProcessReport;
    expect(m.pid).toBe(process.pid);
    expect(m.rss).toBeGreaterThan(m.heapUsed);
    expect(m.heapTotal).toBeGreaterThanOrEqual(m.heapUsed);
    expect(m.cpuMs).toBeGreaterThan(0);
    if (process.platform === 'linux') {
      expect(m.peakRss).toBeGreaterThanOrEqual(m.rss);
      expect(m.anonymous).toBeGreaterThan(0);
    }
    expect((await raw(`/__control/process?token=${encodeURIComponent(server.token)}`, { method: 'POST' })).status).toBe(405);
  });
});
