// The lists of profiles and categories: read from the sandbox over real HTTP,
// a service that does not offer them (404), and answers that cannot be read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi } from '../../electron/api';
import { reply, startScripted, type ScriptedServer } from './fixtures/scripted-server';
import { apiFailure as failure } from '../helpers/api-failure';

let sb: Sandbox;
let api: InvoicingApi;
let scripted: ScriptedServer;
let onScripted: InvoicingApi;

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0 });
  api = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }), backoff: { baseMs: 5, capMs: 20 } });
  scripted = await startScripted();
  onScripted = new InvoicingApi({ baseUrl: scripted.url, credentials: () => ({ username: 'u', apiKey: 'k' }), backoff: { baseMs: 5, capMs: 20 } });
});
afterEach(() => {
  sb.clearFaults();
  sb.data.hiddenLists.clear();
  scripted.reset();
});
afterAll(async () => {
  await api.close();
  await onScripted.close();
  await scripted.close();
  await sb.close();
});

describe('profiles and categories from the sandbox', () => {
  it('reads both lists whole in one request each, ids and flags from the wire strings', async () => {
    const before = sb.requests().length;
    const profiles = await api.profiles();
    const categories = await api.categories();
    expect(profiles).toEqual([
      { id: 1, name: 'Standaard', default: true },
      { id: 2, name: 'English', default: false },
      { id: 3, name: 'Zonder logo', default: false },
    ]);
    expect(categories.map((c) => [c.id, c.name])).toEqual([
      [1, 'Algemeen'],
      [2, 'Advies'],
      [3, 'Webdesign'],
      [4, 'Onderhoud'],
    ]);
    expect(
      sb
        .requests()
        .slice(before)
        .map((r) => r.url),
    ).toEqual(['/api/v1/profiles', '/api/v1/categories']);
  });

  it('the sandbox writes them as the live service writes every list: a bare array of strings', async () => {
    const res = await fetch(`${sb.url}/profiles`, { headers: { authorization: `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}` } });
    expect(await res.json()).toContainEqual({ id: '1', name: 'Standaard', default: 'true' });
  });

  it('a service without the lists answers 404: a not_found error that changed nothing', async () => {
    sb.data.hiddenLists.add('profiles');
    const e = await failure(api.profiles());
    expect(e).toMatchObject({ kind: 'not_found', status: 404, operation: 'profiles.list', outcome: 'not_applied' });
    // the other list is still there
    expect((await api.categories()).length).toBe(4);
  });

  it('an answer cut off half-way is tried again and then reported as an interrupted connection', async () => {
    sb.setFaults({ truncateRate: 1, methods: ['GET'] });
    const before = sb.requests().length;
    const e = await failure(api.categories());
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/try again/);
    expect(sb.requests().length - before).toBeGreaterThan(1);
  });
});

describe('answers of another service', () => {
  it('accepts fields it does not know, and a profile without a default flag', async () => {
    scripted.queue(reply(200, JSON.stringify([{ id: '7', name: 'Offerte', logo: 'x.png', lang: 'nl' }])));
    expect(await onScripted.profiles()).toEqual([{ id: 7, name: 'Offerte' }]);
  });

  it('a record without an id is a bad response naming the field; nothing half-read comes back', async () => {
    scripted.queue(reply(200, JSON.stringify([{ id: '1', name: 'Algemeen' }, { name: 'Zonder nummer' }])));
    const e = await failure(onScripted.categories());
    expect(e.kind).toBe('bad_response');
    expect(e.fieldErrors?.map((f) => f.field).join(' ')).toMatch(/id/);
  });

  it('an answer that is not a list is a bad response', async () => {
    scripted.queue(reply(200, '{"error": "unknown"}'));
    expect((await failure(onScripted.profiles())).kind).toBe('bad_response');
  });
});
