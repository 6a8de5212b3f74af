// A small undici client for black-box tests of the sandbox over real HTTP.
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** the body parsed as JSON (undefined when it is not JSON) */
  json: any;
}

export interface CallOptions {
  json?: unknown;
  form?: string;
  body?: string;
  contentType?: string;
  accept?: string;
  auth?: string | null;
  headers?: Record<string, string>;
}

export function basic(user: string, key: string): string {
  return `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
}

export function client(sb: Sandbox, dispatcher = new Agent({ keepAliveTimeout: 1000, connections: 4 })) {
  const call = async (method: string, path: string, o: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...o.headers };
    const auth = o.auth === undefined ? basic(sb.user, sb.key) : o.auth;
    if (auth !== null) headers.authorization = auth;
    if (o.accept) headers.accept = o.accept;
    let body: string | undefined;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] = 'application/json';
    } else if (o.form !== undefined) {
      body = o.form;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (o.body !== undefined) body = o.body;
    if (o.contentType) headers['content-type'] = o.contentType;
    const url = path.startsWith('http') ? path : `${sb.url}${path}`;
    const res = await request(url, { method: method as 'GET', headers, body, dispatcher });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) flat[k] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
    return { status: res.statusCode, headers: flat, text, json };
  };
  return {
    call,
    get: (path: string, o?: CallOptions) => call('GET', path, o),
    post: (path: string, json: unknown, o?: CallOptions) => call('POST', path, { json, ...o }),
    put: (path: string, json: unknown, o?: CallOptions) => call('PUT', path, { json, ...o }),
    del: (path: string, o?: CallOptions) => call('DELETE', path, o),
    close: () => dispatcher.close(),
  };
}

export type Client = ReturnType<typeof client>;

/**
 * A sandbox and a client of it for one test file: started before its tests,
 * closed after them; `clearFaults`: every fault and rule cleared after each test.
 */
export function sandboxForFile(opts: SandboxOptions = {}, each: { clearFaults?: boolean } = {}): { readonly sb: Sandbox; readonly api: Client } {
  let sb: Sandbox | null = null;
  let api: Client | null = null;
  beforeAll(async () => {
    sb = await startSandbox({ quiet: true, rateLimit: 0, ...opts });
    api = client(sb);
  });
  if (each.clearFaults) afterEach(() => sb?.clearFaults());
  afterAll(async () => {
    await api?.close();
    await sb?.close();
  });
  return {
    get sb() {
      if (!sb) throw new Error('The sandbox is not started: use it inside a test.');
      return sb;
    },
    get api() {
      if (!api) throw new Error('The sandbox is not started: use it inside a test.');
      return api;
    },
  };
}
