// The API key never shows up in a log line, an error (message, stack, cause,
// serialized or inspected), the settings file, or anything the renderer can
// receive: a full run with every kind of failure is captured and searched.
import { inspect } from 'node:util';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { AccountService } from '../../electron/account';
import { MemoryKeychain, KeytarKeychain } from '../../electron/keychain';
import type { LogFields, Logger } from '../../electron/api';

const USER = 'lekcontrole';
const KEY = 'LEAK-CANARY-7f3a9c2e51d8';
const WRONG_KEY = 'WRONG-CANARY-b41e99a0c3';
const needles = [
  KEY,
  WRONG_KEY,
  ...[KEY, WRONG_KEY].flatMap((k) => [Buffer.from(`${USER}:${k}`).toString('base64'), encodeURIComponent(k), Buffer.from(k).toString('base64')]),
];

const captured: string[] = [];
const record = (what: string, value: unknown, depth = Infinity) => {
  captured.push(`${what}: ${typeof value === 'string' ? value : inspect(value, { depth, showHidden: true, getters: true })}`);
  try {
    captured.push(`${what} json: ${JSON.stringify(value)}`);
  } catch {
    // not serializable: inspected above
  }
};

const logger: Logger = {
  debug: (m: string, f?: LogFields) => record('debug', [m, f]),
  info: (m: string, f?: LogFields) => record('info', [m, f]),
  warn: (m: string, f?: LogFields) => record('warn', [m, f]),
  error: (m: string, f?: LogFields) => record('error', [m, f]),
};

/** Runs a step that may fail and captures everything about the failure. */
async function step(name: string, run: () => Promise<unknown>): Promise<unknown> {
  try {
    const result = await run();
    record(`${name} result`, result);
    return result;
  } catch (err) {
    const e = err as Error;
    record(`${name} error`, e);
    record(`${name} message`, e.message);
    record(`${name} stack`, e.stack);
    record(`${name} cause`, e.cause);
    record(`${name} toJSON`, (e as { toJSON?: () => unknown }).toJSON?.());
    return undefined;
  }
}

let sb: Sandbox;
let dir: string;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, user: USER, key: KEY });
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-leak-'));
});
afterAll(async () => {
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the API key', () => {
  // a long walk through every failure kind; generous time so a loaded machine does not fail it
  it('appears nowhere in a full run, failures included', { timeout: 60_000 }, async () => {
    const writes: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
    const consoles = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void writes.push(inspect(args))),
    );
    const keychain = new KeytarKeychain(`quotedesk-leak-${process.pid}`);
    const service = await AccountService.open({
      dataDir: dir,
      secrets: keychain,
      logger,
      api: { backoff: { baseMs: 1, capMs: 5 }, headersTimeoutMs: 300, readAttempts: 2, maxWaitMs: 1500 },
    });
    service.onChange((accounts) => record('accounts event', accounts));
    try {
      await step('connect wrong key', () => service.connect({ baseUrl: sb.url, username: USER, apiKey: WRONG_KEY }));
      await step('connect plain http', () => service.connect({ baseUrl: 'http://invoicing.example.com/api/v1', username: USER, apiKey: KEY }));
      const account = (await step('connect', () => service.connect({ baseUrl: sb.url, username: USER, apiKey: KEY }))) as { id: string };
      expect(account?.id).toBeTruthy();
      const api = service.apiFor(account.id);
      api.onBudget((b) => record('budget event', b));

      const id = (await step('create client', () => api.clients.create({ company: 'Lek BV', email: 'info@lek.nl' }))) as number;
      await step('get client', () => api.clients.get(id));
      await step('update client', () => api.clients.update(id, { phone: '0101234567' }));
      await step('list clients', () => api.clients.list({ count: 5 }));
      await step('search', () => api.search('clients', 'all', 'Lek'));
      await step('countries', () => api.countries('en'));
      await step('bad input', () => api.clients.create({ email: 'nope' }));
      await step('422', () => api.products.create({ name: 'x', taxes: 7 }));
      await step('404', () => api.clients.get(987_654));
      await step('405', () => api.transport.request({ operation: 'raw', method: 'POST', path: '/clients/1', body: {} }, () => 0));
      await step('406', () => api.transport.request({ operation: 'raw', method: 'GET', path: '/clients', accept: 'text/csv' }, () => 0));
      const draft = (await step('save quotation', () => api.quotations.saveOrSend({ clientnr: id, action: 'save', savename: 'Lektest' }))) as number;
      sb.setCredits(0);
      await step('402', () => api.quotations.send(draft, 'printcenter'));
      sb.setCredits(25);
      await step('has documents', () => api.clients.delete(id));

      for (const fault of ['serverErrorRate', 'resetRate', 'truncateRate', 'dropAfterCommitRate', 'hangAfterCommitRate'] as const) {
        sb.setFaults({ [fault]: 1 });
        await step(`${fault} read`, () => api.clients.list());
        await step(`${fault} write`, () => api.clients.create({ company: `Fault ${fault}` }));
        sb.clearFaults();
      }
      sb.setThrottle(1);
      await step('429', () => Promise.all([api.clients.list(), api.clients.list(), api.clients.create({ company: 'T' })]));
      sb.setThrottle(0);
      sb.setBlacklisted(true);
      await step('blacklisted', () => api.clients.list());
      sb.setBlacklisted(false);

      await sb.setNetwork(false);
      // a read notices the closed keep-alive connection, then finds the service gone
      await step('offline read', () => api.clients.list());
      await step('offline', () => api.quotations.send(draft, 'email'));
      await sb.setNetwork(true);

      sb.setKeyState('deleted');
      await step('key deleted', () => api.clients.list());
      await new Promise((r) => setTimeout(r, 50));
      await step('needs key', () => api.clients.list());
      sb.setKeyState('active');
      await step('replace key', () => service.replaceKey(account.id, KEY));
      await step('list after new key', () => api.clients.list({ count: 1 }));
      sb.setRateLimit(1);
      await step('over the hourly limit', () => api.clients.list());
      await step('held back', () => api.clients.list());
      sb.setRateLimit(0);
      sb.resetRateLimit();

      record('accounts', service.list());
      record('active', service.active());
      record('api object', api, 4);
      record('service object', service, 4);
      for (const f of await readdir(dir)) record(`file ${f}`, await readFile(join(dir, f), 'utf8'));
      await step('disconnect', () => service.disconnect(account.id));
      // the key was really used and stored: the search below is not vacuous
      expect(sb.requests().some((r) => r.status === 201)).toBe(true);
      expect(captured.some((c) => c.includes('"kind":"unauthorized"'))).toBe(true);
      expect(captured.some((c) => c.includes('api call failed'))).toBe(true);
    } finally {
      await service.close();
      out.mockRestore();
      err.mockRestore();
      for (const c of consoles) c.mockRestore();
    }

    const haystack = [...captured, ...writes].join('\n');
    expect(haystack.length).toBeGreaterThan(10_000);
    for (const needle of needles) {
      const at = haystack.indexOf(needle);
      expect(at === -1 ? 'not found' : haystack.slice(Math.max(0, at - 200), at + 50)).toBe('not found');
    }
    // every kind of failure went through the run
    for (const kind of [
      'unauthorized',
      'invalid_url',
      'validation',
      'not_found',
      'method_not_allowed',
      'not_acceptable',
      'payment_required',
      'has_documents',
      'server',
      'network',
      'timeout',
      'rate_limited',
      'forbidden',
      'offline',
    ]) {
      expect([kind, haystack.includes(`"kind":"${kind}"`)]).toEqual([kind, true]);
    }
  });

  it('is not kept by the in-memory store anywhere it could be printed', async () => {
    const store = new MemoryKeychain();
    await store.set('a', KEY);
    expect(inspect(store, { showHidden: true, depth: Infinity })).not.toContain(KEY);
    expect(JSON.stringify(store)).not.toContain(KEY);
  });
});
