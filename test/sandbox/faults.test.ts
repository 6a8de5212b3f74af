// Fault injection and the network switch, seen from a real undici client.
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { basic, client, type Client } from './client';

let sb: Sandbox;
let api: Client;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0 });
  api = client(sb);
});
afterEach(() => sb.clearFaults());
afterAll(async () => {
  await api.close();
  await sb.close();
});

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { code?: string }).code ?? (err as Error).name;
  }
  throw new Error('expected the request to fail');
}

describe('faults', () => {
  it('adds latency before answering', async () => {
    sb.setFaults({ latencyMs: 120 });
    const t = performance.now();
    expect((await api.get('/clients/1')).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(110);
  });

  it('starts with a latency when asked to (--latency)', async () => {
    const { startSandbox } = await import('../../electron/sandbox');
    const slow = await startSandbox({ quiet: true, clients: 2, latencyMs: 80 });
    try {
      expect(slow.faults().latencyMs).toBe(80);
      const t = performance.now();
      const res = await fetch(`${slow.url}/clients`, { headers: { authorization: `Basic ${Buffer.from(`${slow.user}:${slow.key}`).toString('base64')}` } });
      expect(res.status).toBe(200);
      expect(performance.now() - t).toBeGreaterThanOrEqual(70);
    } finally {
      await slow.close();
    }
  });

  it('resets the connection before doing anything', async () => {
    sb.setFaults({ resetRate: 1 });
    const before = sb.data.clients.size;
    const code = await failure(api.post('/clients', { company: 'Reset' }));
    expect(code).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
    sb.clearFaults();
    expect(sb.data.clients.size).toBe(before);
    expect(sb.requestLog().at(-1)).toMatchObject({ method: 'POST', status: 0, fault: 'reset' });
  });

  it('cuts a response off mid-body after doing the work', async () => {
    sb.setFaults({ truncateRate: 1 });
    const before = sb.data.clients.size;
    const code = await failure(api.post('/clients', { company: 'Afgekapt B.V.' }).then(() => api.get('/clients?count=20')));
    expect(code).toMatch(/UND_ERR_SOCKET|ECONNRESET|UND_ERR_RES_CONTENT_LENGTH_MISMATCH/);
    sb.clearFaults();
    // the POST was carried out although its answer was cut
    expect(sb.data.clients.size).toBe(before + 1);
    expect(sb.requests().at(-1)).toEqual({ method: 'POST', url: '/api/v1/clients', status: 201 });
  });

  it('sends the headers and half the body when truncating', async () => {
    sb.setFaults({ truncateRate: 1 });
    const agent = new Agent();
    const res = await request(`${sb.url}/clients?count=50`, { headers: { authorization: basic(sb.user, sb.key) }, dispatcher: agent });
    expect(res.statusCode).toBe(200);
    const expected = Number(res.headers['content-length']);
    let got = 0;
    const code = await failure(
      (async () => {
        for await (const chunk of res.body) got += (chunk as Buffer).length;
      })(),
    );
    expect(code).toMatch(/UND_ERR_SOCKET|ECONNRESET|UND_ERR_RES_CONTENT_LENGTH_MISMATCH|AbortError/);
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(expected);
    await agent.close();
  });

  it('drops the connection after committing', async () => {
    sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    const code = await failure(
      api.post('/quotations', {
        clientnr: 1,
        action: 'send',
        sendmethod: 'email',
        quotationreference: 'DROP-1',
        lines: [{ description: 'a', amount: 1, price: 1 }],
      }),
    );
    expect(code).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
    // only POST is faulted: the read shows the quotation was sent, once
    const list = (await api.get('/quotations?count=1000')).json as { quotationreference: string; sent: string }[];
    expect(list.filter((q) => q.quotationreference === 'DROP-1')).toEqual([expect.objectContaining({ sent: 'true' })]);
    expect(sb.deliveries().filter((d) => d.quotationreference === 'DROP-1')).toHaveLength(1);
    // a retry with the same reference is refused, so nothing is sent twice
    sb.clearFaults();
    const retry = await api.post('/quotations', {
      clientnr: 1,
      action: 'send',
      sendmethod: 'email',
      quotationreference: 'DROP-1',
      lines: [{ description: 'a', amount: 1, price: 1 }],
    });
    expect(retry.status).toBe(422);
    expect(sb.deliveries().filter((d) => d.quotationreference === 'DROP-1')).toHaveLength(1);
  });

  it('hangs after committing until the client gives up', async () => {
    sb.setFaults({ hangAfterCommitRate: 1 });
    const agent = new Agent({ headersTimeout: 300, bodyTimeout: 300 });
    const before = sb.data.products.size;
    const code = await failure(
      request(`${sb.url}/products`, {
        method: 'POST',
        headers: { authorization: basic(sb.user, sb.key), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hangt', price: 1, taxes: 21 }),
        dispatcher: agent,
      }),
    );
    expect(code).toBe('UND_ERR_HEADERS_TIMEOUT');
    expect(sb.data.products.size).toBe(before + 1);
    await agent.destroy();
  });

  it('answers 500 for a share of requests, reproducibly for a seed', async () => {
    const run = async () => {
      sb.setFaults({ serverErrorRate: 0.5, seed: 42 });
      const codes = [];
      for (let i = 0; i < 20; i++) codes.push((await api.get('/clients/1')).status);
      return codes;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    const errors = a.filter((c) => c === 500).length;
    expect(errors).toBeGreaterThan(3);
    expect(errors).toBeLessThan(17);
  });

  it('limits faults to the given methods', async () => {
    sb.setFaults({ serverErrorRate: 1, methods: ['put'] });
    expect((await api.get('/clients/1')).status).toBe(200);
    expect((await api.put('/clients/1', { phone: '1' })).status).toBe(500);
  });

  it('rejects rates outside 0..1', () => {
    expect(() => sb.setFaults({ resetRate: 2 })).toThrow(/from 0 to 1/);
  });
});

describe('network switch', () => {
  it('refuses connections while offline and serves on the same port when back', async () => {
    const port = sb.port;
    expect((await api.get('/clients/1')).status).toBe(200);
    await sb.setNetwork(false);
    expect(sb.online).toBe(false);
    const code = await failure(api.get('/clients/1'));
    expect(code).toMatch(/ECONNREFUSED|UND_ERR_SOCKET|ECONNRESET/);
    expect(await failure(new Agent().request({ origin: sb.origin, path: '/api/v1/clients', method: 'GET' }))).toBe('ECONNREFUSED');
    await sb.setNetwork(true);
    expect(sb.port).toBe(port);
    expect((await api.get('/clients/1')).status).toBe(200);
  });

  it('destroys open connections when going offline, hung ones included', async () => {
    sb.setFaults({ hangAfterCommitRate: 1 });
    const pending = failure(api.get('/clients/2'));
    await new Promise((r) => setTimeout(r, 50));
    await sb.setNetwork(false);
    expect(await pending).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
    sb.clearFaults();
    await sb.setNetwork(true);
    expect((await api.get('/clients/2')).status).toBe(200);
  });
});
