// One test per status code the service answers (docs/service-api.md, Status codes), over real HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { basic, client, type Client } from './client';

let sb: Sandbox;
let api: Client;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0 });
  api = client(sb);
});
afterEach(() => {
  sb.clearFaults();
  sb.setBlacklisted(false);
  sb.setKeyState('active');
  sb.setThrottle(0);
  sb.setRateLimit(0);
  sb.resetRateLimit();
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

function expectErrorBody(r: { json: any }, pattern: RegExp) {
  expect(typeof r.json.error).toBe('string');
  expect(r.json.error).toMatch(pattern);
}

describe('status codes (docs/service-api.md)', () => {
  it('200 OK for reads and updates', async () => {
    expect((await api.get('/clients/1')).status).toBe(200);
    const r = await api.put('/clients/1', { phone: '030-1111111' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('1');
    expect(sb.data.clients.get(1)!.phone).toBe('030-1111111');
  });

  it('201 Created with the raw id', async () => {
    const r = await api.post('/products', { code: 'NEW', name: 'Nieuw product', price: '10', taxes: '21' });
    expect(r.status).toBe(201);
    expect(r.text).toMatch(/^\d+$/);
    expect(sb.data.products.get(Number(r.text))).toMatchObject({ code: 'NEW', priceintax: 12.1 });
  });

  it('204 No Content on delete, without a body', async () => {
    const id = (await api.post('/products', { name: 'Weg ermee', price: 1, taxes: 21 })).text;
    const r = await api.del(`/products/${id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await api.get(`/products/${id}`)).status).toBe(404);
  });

  it('400 Bad request with the errors in the body', async () => {
    const r = await api.call('POST', '/clients', { body: '{"company": ', contentType: 'application/json' });
    expect(r.status).toBe(400);
    expectErrorBody(r, /not valid JSON/);
    expect(r.json.errors).toEqual([{ field: '', message: 'not valid JSON' }]);
  });

  it('401 when authorization is missing or invalid', async () => {
    const missing = await api.get('/clients', { auth: null });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Basic/);
    expectErrorBody(missing, /Authorization required/);
    expect((await api.get('/clients', { auth: basic(sb.user, 'wrong') })).status).toBe(401);
  });

  it('402 when printcenter credits are used up', async () => {
    sb.setCredits(0);
    const before = sb.deliveries().length;
    const r = await api.post('/quotations', {
      clientnr: 12,
      action: 'send',
      sendmethod: 'printcenter',
      lines: [{ description: 'Flyers', amount: 1, price: 50 }],
    });
    expect(r.status).toBe(402);
    expectErrorBody(r, /Not enough credits/);
    expect(sb.deliveries().length).toBe(before);
    sb.setCredits(25);
  });

  it('403 for a blacklisted IP', async () => {
    sb.setBlacklisted(true);
    const r = await api.get('/clients');
    expect(r.status).toBe(403);
    expectErrorBody(r, /IP blacklisted/);
  });

  it('403 when the hourly request limit is exceeded', async () => {
    sb.setRateLimit(2);
    sb.resetRateLimit();
    expect((await api.get('/clients/1')).status).toBe(200);
    expect((await api.get('/clients/1')).status).toBe(200);
    const r = await api.get('/clients/1');
    expect(r.status).toBe(403);
    expectErrorBody(r, /hourly limit of 2 requests is used up/);
  });

  it('403 when deleting a client that has documents', async () => {
    const r = await api.del('/clients/1');
    expect(r.status).toBe(403);
    expectErrorBody(r, /has documents/);
    expect(sb.data.clients.has(1)).toBe(true);
  });

  it('404 for unknown ids and unknown paths', async () => {
    expect((await api.get('/clients/99999')).status).toBe(404);
    expect((await api.get('/clients/abc')).status).toBe(404);
    const r = await api.get('/nothing-here');
    expect(r.status).toBe(404);
    expectErrorBody(r, /No such endpoint/);
  });

  it('405 for a known path with a wrong method, with Allow', async () => {
    const r = await api.call('DELETE', '/clients');
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, POST, HEAD');
    expect((await api.call('POST', '/clients/1', { json: {} })).status).toBe(405);
    expect((await api.call('PATCH', '/quotations/1', { json: {} })).status).toBe(405);
  });

  it('406 for a content type the sandbox cannot produce', async () => {
    const r = await api.get('/clients', { accept: 'text/csv' });
    expect(r.status).toBe(406);
    expectErrorBody(r, /application\/json/);
  });

  it('422 for validation failures, naming every field', async () => {
    const r = await api.post('/clients', { company: 'x'.repeat(51), email: 'nope', sendmethod: 'fax' });
    expect(r.status).toBe(422);
    expect(r.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['company', 'email', 'sendmethod']);
  });

  it('429 when throttled, with Retry-After', async () => {
    sb.setThrottle(2);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await api.get('/clients/1')).status);
    expect(codes).toEqual([200, 200, 429, 429]);
    const r = await api.get('/clients/1');
    expect(r.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('500 for an unexpected failure (injected), doing nothing', async () => {
    sb.setFaults({ serverErrorRate: 1 });
    const before = sb.data.clients.size;
    const r = await api.post('/clients', { company: 'Nooit opgeslagen' });
    expect(r.status).toBe(500);
    expectErrorBody(r, /not carried out/);
    expect(sb.data.clients.size).toBe(before);
  });
});

describe('malformed addresses', () => {
  it('answers 400 with the error body for a path that cannot be decoded, and logs it', async () => {
    const r = await api.get('/clients/%zz');
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/Percent-encode/);
    expect(r.headers['x-ratelimit-limit']).toBeDefined();
    expect(sb.requests().at(-1)).toEqual({ method: 'GET', url: '/api/v1/clients/%zz', status: 400 });
  });

  it('logs every request answered, in order', async () => {
    const from = sb.requests().length;
    await api.get('/clients/1');
    await api.get('/clients/1', { auth: null });
    await api.post('/clients', { company: '' });
    expect(sb.requests().slice(from)).toEqual([
      { method: 'GET', url: '/api/v1/clients/1', status: 200 },
      { method: 'GET', url: '/api/v1/clients/1', status: 401 },
      { method: 'POST', url: '/api/v1/clients', status: 422 },
    ]);
  });
});
