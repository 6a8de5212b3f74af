// Transport behaviour over real HTTP against a scripted loopback server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvoicingApi, type Budget, type InvoicingApiOptions } from '../../electron/api';
import { KeychainError } from '../../electron/keychain';
import { cutOff, hang, rate, reply, reset, startScripted, type ScriptedServer } from './fixtures/scripted-server';
import { apiFailure as failure } from '../helpers/api-failure';

let server: ScriptedServer;
const apis: InvoicingApi[] = [];

function api(opts: Partial<InvoicingApiOptions> = {}): InvoicingApi {
  const a = new InvoicingApi({
    baseUrl: server.url,
    credentials: () => ({ username: 'demo', apiKey: 'k-123456' }),
    backoff: { baseMs: 5, capMs: 20 },
    ...opts,
  });
  apis.push(a);
  return a;
}

const CLIENT = JSON.stringify([{ clientnr: '1', company: 'Kees' }]);

beforeAll(async () => {
  server = await startScripted();
});
afterEach(async () => {
  server.reset();
  while (apis.length) await apis.pop()!.close();
});
afterAll(() => server.close());

describe('requests', () => {
  it('sends Basic credentials, asks for JSON, and sends JSON bodies', async () => {
    server.queue(reply(200, CLIENT), reply(201, '42'));
    const a = api();
    expect(await a.clients.list({ count: 5, start: 10 })).toEqual([{ clientnr: 1, company: 'Kees' }]);
    expect(await a.clients.create({ company: 'Els', active: true, mandate_date: null })).toBe(42);
    const [get, post] = server.seen;
    expect(get).toMatchObject({ method: 'GET', url: '/api/v1/clients?count=5&start=10', body: '' });
    expect(get!.headers.authorization).toBe(`Basic ${Buffer.from('demo:k-123456').toString('base64')}`);
    expect(get!.headers.accept).toBe('application/json');
    expect(get!.headers['user-agent']).toBe('quotedesk');
    expect(get!.headers['content-type']).toBeUndefined();
    expect(post).toMatchObject({ method: 'POST', url: '/api/v1/clients' });
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body)).toEqual({ company: 'Els', active: true, mandate_date: '' });
  });

  it('names itself as it is told to, so the service can tell the tools on one key apart', async () => {
    server.queue(reply(200, CLIENT));
    await api({ userAgent: 'quotedesk/1.2.0' }).clients.list();
    expect(server.seen[0]!.headers['user-agent']).toBe('quotedesk/1.2.0');
  });

  it('refuses bad input before sending anything', async () => {
    const a = api();
    const e = await failure(a.clients.create({ email: 'nope', top: 1.5 }));
    expect(e).toMatchObject({ kind: 'validation', messageKey: 'api.validation.input', outcome: 'not_applied' });
    expect(e.fieldErrors!.map((f) => f.field).sort()).toEqual(['email', 'top']);
    expect((await failure(a.clients.get(0))).fieldErrors).toEqual([{ field: 'id', message: expect.any(String) }]);
    expect((await failure(a.clients.list({ count: 0 }))).kind).toBe('validation');
    expect(server.seen).toHaveLength(0);
  });

  it('sends nothing for an update without changes', async () => {
    await api().clients.update(3, { lastinvoice: '2020-01-01' } as never);
    expect(server.seen).toHaveLength(0);
  });

  it('passes a credentials failure on as it is', async () => {
    const a = api({ credentials: () => Promise.reject(new KeychainError('keychain_locked')) });
    await expect(a.clients.list()).rejects.toBeInstanceOf(KeychainError);
    expect(server.seen).toHaveLength(0);
  });
});

describe('retries: reads only', () => {
  it('retries a read after a 500, a reset and a garbled body', async () => {
    server.queue(reply(500, 'oops'), reset, reply(200, '[{"clientnr":"1"'), reply(200, CLIENT));
    const a = api({ readAttempts: 4 });
    expect(await a.clients.list()).toHaveLength(1);
    expect(server.seen).toHaveLength(4);
  });

  it('gives up on a read after its attempts, with the last error', async () => {
    server.queue(reply(502), reply(503), reply(500, 'still down'));
    const e = await failure(api({ readAttempts: 3 }).clients.list());
    expect(e).toMatchObject({ kind: 'server', status: 500, outcome: 'not_applied', serverMessage: 'still down' });
    expect(server.seen).toHaveLength(3);
  });

  it('does not retry what cannot get better by trying again', async () => {
    server.queue(reply(404, 'no such client'));
    expect(await failure(api().clients.get(9))).toMatchObject({ kind: 'not_found', status: 404 });
    server.queue(reply(200, JSON.stringify([{ clientnr: 'x' }])));
    expect(await failure(api().clients.list())).toMatchObject({ kind: 'bad_response' });
    expect(server.seen).toHaveLength(2);
  });

  it('never retries a create: a 422 proves it was not applied; a 500, a gateway page or a reset leave it unknown', async () => {
    server.queue(reply(422, '{"error":"company is too long"}'));
    expect(await failure(api().clients.create({ company: 'A' }))).toMatchObject({ kind: 'validation', outcome: 'not_applied' });
    server.queue(reply(500));
    expect(await failure(api().clients.create({ company: 'A' }))).toMatchObject({ kind: 'server', outcome: 'unknown', messageKey: 'api.server' });
    server.queue(reply(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>'));
    const gateway = await failure(api().clients.create({ company: 'A' }));
    expect(gateway).toMatchObject({ kind: 'server', outcome: 'unknown', status: 502, messageKey: 'api.gateway' });
    expect(gateway.serverMessage).toBeUndefined();
    server.queue(reset);
    expect(await failure(api().clients.create({ company: 'A' }))).toMatchObject({ kind: 'network', outcome: 'unknown', operation: 'clients.create' });
    expect(server.seen.map((s) => s.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
  });

  it('treats a 201 whose body broke off, or has no id, as unknown', async () => {
    server.queue(cutOff(201, '4', 10));
    expect(await failure(api().clients.create({ company: 'A' }))).toMatchObject({ kind: 'network', outcome: 'unknown' });
    server.queue(reply(201, ''));
    expect(await failure(api().quotations.saveOrSend({ clientnr: 1, action: 'save' }))).toMatchObject({ kind: 'bad_response', outcome: 'unknown' });
    expect(server.seen).toHaveLength(2);
  });

  it('refuses an answer larger than the limit', async () => {
    server.queue(reply(200, JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ clientnr: String(i + 1) })))));
    const e = await failure(api({ maxResponseBytes: 1000, readAttempts: 1 }).clients.list());
    expect(e).toMatchObject({ kind: 'bad_response', messageKey: 'api.too_large', params: { detail: expect.stringMatching(/larger than .* MB/) } });
  });

  it('retries a read whose body broke off', async () => {
    server.queue(cutOff(200, '[{"clientnr":"1"},', 500), reply(200, CLIENT));
    expect(await api().clients.list()).toHaveLength(1);
  });
});

describe('timeouts, refusals, cancelling', () => {
  it('times out waiting for an answer: a write is unknown, a read is retried first', async () => {
    server.queue(hang);
    const e = await failure(api({ headersTimeoutMs: 150 }).quotations.send(5, 'email'));
    expect(e).toMatchObject({ kind: 'timeout', outcome: 'unknown', operation: 'quotations.send' });
    server.queue(hang, reply(200, CLIENT));
    expect(await api({ headersTimeoutMs: 150 }).clients.list()).toHaveLength(1);
  });

  it('says offline at once when the connection is refused', async () => {
    const closed = await startScripted();
    const url = closed.url;
    await closed.close();
    const t0 = Date.now();
    const a = new InvoicingApi({ baseUrl: url, credentials: () => ({ username: 'demo', apiKey: 'k-123456' }) });
    apis.push(a);
    const e = await failure(a.clients.create({ company: 'A' }));
    expect(e).toMatchObject({ kind: 'offline', outcome: 'not_applied', messageKey: 'api.offline' });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('says the address cannot be found when DNS knows no such host', async () => {
    // .invalid is reserved: it never resolves
    const a = new InvoicingApi({ baseUrl: 'https://quotedesk-test.invalid/api/v1', credentials: () => ({ username: 'demo', apiKey: 'k-123456' }) });
    apis.push(a);
    const e = await failure(a.quotations.saveOrSend({ clientnr: 1, action: 'save' }));
    expect(e).toMatchObject({ kind: 'offline', messageKey: 'api.offline.dns', outcome: 'not_applied', params: { host: 'quotedesk-test.invalid' } });
    expect(e.message).toContain('quotedesk-test.invalid could not be found');
  });

  it('stops when the app cancels', async () => {
    server.queue(hang);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    expect(await failure(api().clients.create({ company: 'A' }, { signal: ac.signal }))).toMatchObject({ kind: 'aborted', outcome: 'unknown' });
  });
});

describe('rate limiting', () => {
  it('exposes the budget of every answer and tells when it changes', async () => {
    const a = api();
    const seen: Budget[] = [];
    a.onBudget((b) => seen.push(b));
    server.queue(reply(200, CLIENT, { 'x-ratelimit-remaining': '321' }));
    await a.clients.list();
    expect(a.budget).toMatchObject({ limit: 1000, remaining: 321 });
    server.queue(reply(404, '', { 'x-ratelimit-remaining': '320' }));
    await failure(a.clients.get(4));
    expect(seen.map((b) => b.remaining)).toEqual([321, 320]);
  });

  it('waits out a 429 Retry-After on a read, then tries again', async () => {
    server.queue(reply(429, 'slow down', { 'retry-after': '0.3' }), reply(200, CLIENT));
    const t0 = Date.now();
    expect(await api().clients.list()).toHaveLength(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
  });

  it('hands a 429 on a write back to the caller, and holds the next call for the cool-down', async () => {
    const a = api();
    server.queue(reply(429, '', { 'retry-after': '0.3' }), reply(201, '8'));
    const e = await failure(a.clients.create({ company: 'A' }));
    expect(e).toMatchObject({ kind: 'rate_limited', outcome: 'not_applied', retryAfterMs: 300 });
    const t0 = Date.now();
    expect(await a.clients.create({ company: 'A' })).toBe(8);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });

  it('backs off, growing and capped, after 403s over the limit without Retry-After', async () => {
    const a = api({ rateLimitBackoff: { baseMs: 100, capMs: 150, random: () => 0.999 }, maxWaitMs: 1000 });
    server.queue(
      reply(403, 'Hourly request limit exceeded', { 'x-ratelimit-remaining': '0' }),
      reply(403, 'Hourly request limit exceeded', { 'x-ratelimit-remaining': '0' }),
      reply(200, CLIENT, { 'x-ratelimit-remaining': '999' }),
    );
    const t0 = Date.now();
    expect(await a.clients.list()).toHaveLength(1);
    // about 99 ms, then about 149 ms (199 capped)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(230);
    expect(server.seen).toHaveLength(3);
  });

  it('fails at once with the wait when the cool-down is longer than a person should wait', async () => {
    const a = api({ maxWaitMs: 1000 });
    server.queue(reply(403, 'Forbidden', { 'x-ratelimit-remaining': '0', 'retry-after': '120' }));
    expect(await failure(a.clients.list())).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    const held = await failure(a.clients.list());
    expect(held).toMatchObject({ kind: 'rate_limited', messageKey: 'api.rate_limited', outcome: 'not_applied' });
    expect(held.retryAfterMs).toBeGreaterThan(100_000);
    expect(a.budget.resetsAt).toBeGreaterThan(Date.now());
    expect(server.seen).toHaveLength(1);
  });

  it('keeps the reserve for priority calls', async () => {
    const a = api({ rateLimit: { reserve: 5 }, maxWaitMs: 0 });
    server.queue(reply(200, CLIENT, { 'x-ratelimit-remaining': '4' }));
    await a.clients.list();
    const held = await failure(a.clients.list());
    expect(held).toMatchObject({ kind: 'rate_limited', messageKey: 'api.rate_limited.reserve', params: { remaining: 4 } });
    expect(held.retryAfterMs).toBeGreaterThan(0);
    server.queue(reply(200, CLIENT, { 'x-ratelimit-remaining': '3' }));
    expect(await a.clients.list({}, { priority: true })).toHaveLength(1);
    expect(server.seen).toHaveLength(2);
  });
});

describe('answers', () => {
  it('tells the account about a 401', async () => {
    let told = 0;
    server.queue(reply(401, 'Authorization required'));
    const e = await failure(api({ onUnauthorized: () => told++ }).clients.list());
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(told).toBe(1);
  });

  it('reads the rate headers from the error answers too', async () => {
    server.queue(reply(422, JSON.stringify({ error: 'invalid', errors: [{ field: 'email', message: 'bad' }] }), { ...rate, 'x-ratelimit-remaining': '12' }));
    const a = api();
    expect(await failure(a.clients.update(1, { company: 'x' }))).toMatchObject({ kind: 'validation', fieldErrors: [{ field: 'email', message: 'bad' }] });
    expect(a.budget.remaining).toBe(12);
  });
});
