// Faults that strike after the service acted (applied_error), scripted
// one-shot rules (addFault) and answers whose body never ends (stall), seen
// from a real undici client.
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { parseFaultRule } from '../../electron/sandbox/args';
import { basic, client, sandboxForFile } from './client';

const file = sandboxForFile({}, { clearFaults: true });

const named = (company: string) => file.sb.data.clients.all().filter((c) => c.company === company);

describe('an error after the work (applied)', () => {
  for (const status of [500, 502, 503, 504]) {
    const html = status === 502 || status === 504;
    it(`carries a POST out once and answers ${status} (${html ? "a gateway's page" : 'the error body'})`, async () => {
      const company = `Toch aangemaakt ${status}`;
      file.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status, applied: true } });
      const r = await file.api.post('/clients', { company });
      expect(r.status).toBe(status);
      if (html) {
        expect(r.headers['content-type']).toMatch(/^text\/html/);
        expect(r.text).toContain(`<title>${status} ${status === 502 ? 'Bad Gateway' : 'Gateway Timeout'}</title>`);
        // a gateway's page carries none of the service's headers
        expect(r.headers['x-ratelimit-limit']).toBeUndefined();
      } else {
        expect(r.headers['content-type']).toMatch(/^application\/json/);
        expect(r.json.error).toMatch(/Try again/);
        expect(r.headers['x-ratelimit-limit']).toBeDefined();
      }
      expect(named(company)).toHaveLength(1);
      // the log keeps the id the write was answered with, though the answer was lost
      expect(file.sb.requestLog().at(-1)).toEqual({
        method: 'POST',
        url: '/api/v1/clients',
        status,
        fault: 'applied_error',
        replaced: 201,
        id: named(company)[0]!.clientnr,
      });
      expect(file.sb.requests().at(-1)).toEqual({ method: 'POST', url: '/api/v1/clients', status });
      // the rule struck once
      expect((await file.api.post('/clients', { company: `${company} bis` })).status).toBe(201);
    });
  }

  it('goes through the whole pipeline: a refused request stays refused underneath', async () => {
    file.sb.addFault({ path: '/clients', effect: { kind: 'error', status: 502, applied: true } });
    const r = await file.api.post('/clients', { company: 'Zonder sleutel' }, { auth: basic(file.sb.user, 'wrong') });
    expect(r.status).toBe(502);
    expect(named('Zonder sleutel')).toHaveLength(0);
    expect(file.sb.requestLog().at(-1)).toMatchObject({ status: 502, fault: 'applied_error', replaced: 401 });
  });

  it('deletes and answers 500 in place of 204; answers XML when asked', async () => {
    const nr = Number((await file.api.post('/clients', { company: 'Weg ermee' })).text);
    file.sb.addFault({ method: 'DELETE', path: /^\/clients\/\d+$/, effect: { kind: 'error', status: 500, applied: true } });
    const r = await file.api.del(`/clients/${nr}`, { accept: 'application/xml' });
    expect(r.status).toBe(500);
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    expect(r.text).toMatch(/<response><error>Internal server error\. Try again in a moment\.<\/error><\/response>/);
    expect(file.sb.data.clients.has(nr)).toBe(false);
  });
});

describe('an error before the work (not applied)', () => {
  for (const status of [500, 502, 503, 504]) {
    it(`answers ${status} and creates nothing`, async () => {
      const company = `Nooit aangemaakt ${status}`;
      file.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status, applied: false } });
      const r = await file.api.post('/clients', { company });
      expect(r.status).toBe(status);
      expect(r.headers['content-type']).toMatch(status === 502 || status === 504 ? /^text\/html/ : /^application\/json/);
      if (status === 503) expect(r.json.error).toMatch(/unavailable: the request was not carried out\. Try again later/);
      expect(named(company)).toHaveLength(0);
      expect(file.sb.requestLog().at(-1)).toEqual({ method: 'POST', url: '/api/v1/clients', status, fault: 'error' });
    });
  }

  it('is checked before the key, as the injected faults are', async () => {
    file.sb.addFault({ effect: { kind: 'error', status: 503, applied: false } });
    expect((await file.api.get('/clients/1', { auth: basic(file.sb.user, 'wrong') })).status).toBe(503);
  });

  it('takes the body asked for, whatever the status', async () => {
    file.sb.addFault({ effect: { kind: 'error', status: 503, applied: false, body: 'html' } });
    file.sb.addFault({ effect: { kind: 'error', status: 502, applied: true, body: 'json' } });
    const a = await file.api.get('/clients/1');
    expect([a.status, a.headers['content-type']]).toEqual([503, 'text/html']);
    expect(a.text).toContain('<title>503 Service Unavailable</title>');
    const b = await file.api.get('/clients/1');
    expect(b.status).toBe(502);
    expect(b.json.error).toMatch(/Bad Gateway/);
  });
});

describe('scripted rules', () => {
  it('sends Retry-After as given: seconds or a date', async () => {
    const date = new Date(Date.now() + 120_000).toUTCString();
    file.sb.addFault({ method: 'GET', effect: { kind: 'error', status: 503, applied: false, retryAfter: '120' } });
    file.sb.addFault({ method: 'GET', effect: { kind: 'error', status: 502, applied: true, retryAfter: date } });
    expect((await file.api.get('/clients/1')).headers['retry-after']).toBe('120');
    expect((await file.api.get('/clients/1')).headers['retry-after']).toBe(date);
    expect((await file.api.get('/clients/1')).headers['retry-after']).toBeUndefined();
  });

  it('strikes `times` matching requests, in the order added, and only those', async () => {
    file.sb.addFault({ method: 'PUT', path: /^\/clients\/\d+$/, times: 2, effect: { kind: 'error', status: 503, applied: false } });
    file.sb.addFault({ method: 'PUT', path: '/clients/1', effect: { kind: 'error', status: 500, applied: false } });
    expect((await file.api.get('/clients/1')).status).toBe(200);
    expect((await file.api.post('/clients', { company: 'Andere route' })).status).toBe(201);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await file.api.put('/clients/1', { phone: String(i) })).status);
    expect(codes).toEqual([503, 503, 500, 200]);
    expect(file.sb.data.clients.get(1)!.phone).toBe('3');
  });

  it('matches the path without the query', async () => {
    file.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'error', status: 504, applied: false } });
    expect((await file.api.get('/clients?count=2&start=1')).status).toBe(504);
  });

  it('strikes until removed with times Infinity; the remover and clearFaults end it', async () => {
    const remove = file.sb.addFault({ path: '/products', times: Infinity, effect: { kind: 'error', status: 503, applied: false } });
    for (let i = 0; i < 3; i++) expect((await file.api.get('/products')).status).toBe(503);
    remove();
    remove();
    expect((await file.api.get('/products')).status).toBe(200);
    file.sb.addFault({ path: '/products', times: Infinity, effect: { kind: 'error', status: 503, applied: false } });
    file.sb.clearFaults();
    expect((await file.api.get('/products')).status).toBe(200);
  });

  it('goes before the rate-based draw', async () => {
    file.sb.setFaults({ serverErrorRate: 1 });
    file.sb.addFault({ effect: { kind: 'error', status: 502, applied: false } });
    expect((await file.api.get('/clients/1')).status).toBe(502);
    expect((await file.api.get('/clients/1')).status).toBe(500);
  });

  it('refuses a rule it cannot play', () => {
    expect(() => file.sb.addFault({ effect: { kind: 'error', status: 200, applied: true } })).toThrow(/from 400 to 599/);
    expect(() => file.sb.addFault({ times: 0, effect: { kind: 'error', status: 500, applied: true } })).toThrow(/times/);
    expect(() => file.sb.addFault({ effect: { kind: 'stall', everyMs: 0 } })).toThrow(/everyMs/);
  });

  it('can be given from the start and on the command line (--fault)', async () => {
    expect(parseFaultRule('POST /clients applied 502')).toEqual({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 502, applied: true } });
    expect(parseFaultRule('/products error 503 always')).toEqual({
      path: '/products',
      times: Infinity,
      effect: { kind: 'error', status: 503, applied: false },
    });
    const rule = parseFaultRule('put /quotations/* applied 500 times 2');
    expect(rule).toMatchObject({ method: 'PUT', times: 2, effect: { kind: 'error', status: 500, applied: true } });
    expect((rule.path as RegExp).test('/quotations/12')).toBe(true);
    expect((rule.path as RegExp).test('/quotations/12/x')).toBe(false);
    expect(parseFaultRule('GET * stall 500')).toEqual({ method: 'GET', effect: { kind: 'stall', everyMs: 500 } });
    expect(() => parseFaultRule('POST /clients applied')).toThrow(/needs a whole number/);
    expect(() => parseFaultRule('POST clients applied 502')).toThrow(/must start with \//);
    expect(() => parseFaultRule('POST /clients explode 502')).toThrow(/not a fault/);
    expect(() => parseFaultRule('POST /clients applied 302')).toThrow(/400 to 599/);

    const other = await startSandbox({ quiet: true, clients: 2, faultRules: [parseFaultRule('POST /clients applied 502')] });
    const api2 = client(other);
    try {
      expect((await api2.post('/clients', { company: 'Vanaf de start' })).status).toBe(502);
      expect(other.data.clients.size).toBe(3);
    } finally {
      await api2.close();
      await other.close();
    }
  });
});

describe('applied errors at a rate (appliedErrorRate)', () => {
  const run = async (seed: number, statuses?: number[]) => {
    file.sb.setFaults({ appliedErrorRate: 0.5, seed, methods: ['POST'], ...(statuses ? { appliedErrorStatuses: statuses } : {}) });
    const before = file.sb.data.clients.size;
    const codes = [];
    for (let i = 0; i < 24; i++) codes.push((await file.api.post('/clients', { company: `Reeks ${seed}-${i}` })).status);
    // every request was carried out, whatever it was answered
    expect(file.sb.data.clients.size).toBe(before + 24);
    return codes;
  };

  it('carries every request out and picks the statuses reproducibly for a seed', async () => {
    const from = file.sb.requestLog().length;
    const a = await run(42);
    const b = await run(42);
    expect(a).toEqual(b);
    const errors = a.filter((c) => c !== 201);
    expect(errors.length).toBeGreaterThan(5);
    expect(errors.length).toBeLessThan(19);
    expect(new Set(errors).size).toBeGreaterThan(1);
    for (const c of errors) expect([500, 502, 503, 504]).toContain(c);
    expect(await run(43)).not.toEqual(a);
    const log = file.sb
      .requestLog()
      .slice(from)
      .filter((r) => r.fault === 'applied_error');
    expect(log.length).toBeGreaterThan(10);
    expect(log.every((r) => r.replaced === 201 && r.status >= 500)).toBe(true);
  });

  it('answers only the statuses given', async () => {
    const codes = await run(7, [502]);
    expect(new Set(codes)).toEqual(new Set([201, 502]));
    expect(() => file.sb.setFaults({ appliedErrorStatuses: [] })).toThrow(/at least one/);
    expect(() => file.sb.setFaults({ appliedErrorRate: 1.5 })).toThrow(/from 0 to 1/);
  });
});

describe('an answer that never ends (stall)', () => {
  async function stalled(s: Sandbox, agent: Agent) {
    s.addFault({ method: 'GET', path: '/clients', effect: { kind: 'stall', everyMs: 20 } });
    const res = await request(`${s.url}/clients`, { headers: { authorization: basic(s.user, s.key) }, dispatcher: agent });
    const chunks: string[] = [];
    const it = res.body[Symbol.asyncIterator]();
    while (chunks.join('').length < 4) chunks.push(String((await it.next()).value));
    // the rest is read until the socket is closed under it
    const rest = (async () => {
      for (;;) if ((await it.next()).done) return 'ended';
    })().catch((err: { code?: string }) => err.code ?? 'failed');
    return { res, got: chunks.join(''), rest };
  }

  it('sends the headers, then a byte at a time; close() ends it at once', async () => {
    const s = await startSandbox({ quiet: true, clients: 3 });
    const agent = new Agent({ bodyTimeout: 5000 });
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const { res, got, rest } = await stalled(s, agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(got).toMatch(/^\[ +$/);
    expect(s.requestLog().at(-1)).toEqual({ method: 'GET', url: '/api/v1/clients', status: 200, fault: 'stall' });
    // nothing was carried out for it: not even the hourly limit counted it
    const next = await request(`${s.url}/clients/1`, { headers: { authorization: basic(s.user, s.key) }, dispatcher: agent });
    await next.body.text();
    expect(next.headers['x-ratelimit-remaining']).toBe('999');

    const t = performance.now();
    await s.close();
    expect(performance.now() - t).toBeLessThan(500);
    expect(await rest).toMatch(/UND_ERR_SOCKET|ECONNRESET|failed/);
    await agent.destroy();
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('ends when the network goes off', async () => {
    const agent = new Agent({ bodyTimeout: 5000 });
    const { rest } = await stalled(file.sb, agent);
    const t = performance.now();
    await file.sb.setNetwork(false);
    expect(await rest).toMatch(/UND_ERR_SOCKET|ECONNRESET|failed/);
    expect(performance.now() - t).toBeLessThan(500);
    await file.sb.setNetwork(true);
    await agent.destroy();
    expect((await file.api.get('/clients/1')).status).toBe(200);
  });

  it('plays out the body timeout the client sets', async () => {
    // undici checks body timeouts on a timer of about a second
    file.sb.addFault({ path: '/clients', effect: { kind: 'stall', everyMs: 3000 } });
    const agent = new Agent({ bodyTimeout: 100 });
    const res = await request(`${file.sb.url}/clients`, { headers: { authorization: basic(file.sb.user, file.sb.key) }, dispatcher: agent });
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    await agent.destroy();
  });
});
