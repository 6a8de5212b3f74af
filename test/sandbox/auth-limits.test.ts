// Authentication and limits (docs/service-api.md, Authentication and The hourly limit): hourly limit on the sandbox clock, throttle.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, UNLIMITED, type Sandbox } from '../../electron/sandbox';
import { basic, client, type Client } from './client';

let sb: Sandbox;
let api: Client;
let clock = new Date('2026-03-02T10:00:00Z').getTime();
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, user: 'jan', key: 's3cret', rateLimit: 5, now: () => new Date(clock) });
  api = client(sb);
});
beforeEach(() => {
  sb.setKeyState('active');
  sb.setRateLimit(5);
  sb.resetRateLimit();
  sb.setThrottle(0);
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

describe('authentication', () => {
  it('accepts username:API_KEY and refuses everything else with 401', async () => {
    expect((await api.get('/clients/1')).status).toBe(200);
    const bad = [null, basic('jan', 'wrong'), basic('piet', 's3cret'), 'Bearer s3cret', 'Basic !!!', `Basic ${Buffer.from('jans3cret').toString('base64')}`];
    for (const auth of bad) {
      const r = await api.get('/clients/1', { auth });
      expect(r.status, String(auth)).toBe(401);
      expect(r.json.error.length).toBeGreaterThan(20);
    }
  });

  it('refuses a deleted or inactive key, and accepts it again when active', async () => {
    for (const state of ['inactive', 'deleted'] as const) {
      sb.setKeyState(state);
      const r = await api.get('/clients/1');
      expect(r.status, state).toBe(401);
      expect(r.json.error).toMatch(/deleted or made inactive/);
    }
    sb.setKeyState('active');
    expect((await api.get('/clients/1')).status).toBe(200);
  });

  it('does not count unauthenticated requests against the limit', async () => {
    await api.get('/clients/1', { auth: null });
    const r = await api.get('/clients/1');
    expect(r.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('guards the API only: unknown paths without auth are still 401 under /api/v1', async () => {
    expect((await api.get('/nope', { auth: null })).status).toBe(401);
    expect((await api.get(`${sb.origin}/favicon.ico`, { auth: null })).status).toBe(404);
  });
});

describe('hourly limit', () => {
  it('counts down in X-RateLimit-Remaining and answers 403 when used up', async () => {
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const r = await api.get('/clients/1');
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBe('5');
      remaining.push(r.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const over = await api.post('/clients', { company: 'Te laat' });
    expect(over.status).toBe(403);
    expect(over.json.error).toMatch(/hourly limit of 5 requests is used up.*resets at 2026-03-02T11:00:00.000Z/);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(sb.data.clients.find((c) => c.company === 'Te laat')).toBeUndefined();
  });

  it('opens a new window an hour after the first request, on the sandbox clock', async () => {
    for (let i = 0; i < 5; i++) await api.get('/clients/1');
    expect((await api.get('/clients/1')).status).toBe(403);
    clock += 59 * 60_000;
    expect((await api.get('/clients/1')).status).toBe(403);
    clock += 60_000;
    const r = await api.get('/clients/1');
    expect(r.status).toBe(200);
    expect(r.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('has no limit with rate limit 0 and says so in the headers', async () => {
    sb.setRateLimit(0);
    for (let i = 0; i < 8; i++) expect((await api.get('/clients/1')).status).toBe(200);
    const r = await api.get('/clients/1');
    expect(r.headers['x-ratelimit-limit']).toBe(String(UNLIMITED));
    expect(r.headers['x-ratelimit-remaining']).toBe(String(UNLIMITED));
  });
});

describe('throttle', () => {
  it('answers 429 with Retry-After above N per second and recovers after it', async () => {
    sb.setRateLimit(0);
    sb.setThrottle(3);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await api.get('/clients/1')).status);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const r = await api.get('/clients/1');
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await new Promise((res) => setTimeout(res, 1050));
    expect((await api.get('/clients/1')).status).toBe(200);
  });
});
