import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { client, type Client } from './client';

let sb: Sandbox;
let api: Client;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, now: () => new Date('2026-03-02T10:00:00Z') });
  api = client(sb);
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

describe('sandbox basics', () => {
  it('listens on 127.0.0.1 and serves the demo clients as a bare array of strings', async () => {
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const r = await api.get('/clients');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.json)).toBe(true);
    expect(r.json.length).toBe(12);
    expect(r.json[0]).toMatchObject({ clientnr: '1', company: 'Bakkerij De Gouden Korst', country: '146', active: 'true' });
  });

  it('creates a client with 201 and the raw id, then reads it wrapped', async () => {
    const r = await api.post('/clients/', { company: 'Nieuw B.V.', email: 'a@nieuw.nl', country: 'Nederland' });
    expect(r.status).toBe(201);
    expect(r.text).toMatch(/^\d+$/);
    const one = await api.get(`/clients/${r.text}`);
    expect(one.json.client).toMatchObject({ clientnr: r.text, company: 'Nieuw B.V.', country: '146' });
  });
});
