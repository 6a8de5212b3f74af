// Every request has a whole deadline, headers and body together: an answer
// whose body trickles in (a byte every 100 ms, well inside the gap timeout)
// is ended at the deadline. Every call can be ended from this side, and
// closing never waits for an answer that does not come.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi, type InvoicingApiOptions, type ApiError } from '../../electron/api';
import { apiFailure } from '../helpers/api-failure';
import { until } from '../helpers/until';

let sb: Sandbox;
const open: InvoicingApi[] = [];

function apiFor(opts: Partial<InvoicingApiOptions> = {}): InvoicingApi {
  const a = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }), backoff: { baseMs: 5, capMs: 20 }, ...opts });
  open.push(a);
  return a;
}

/** The ApiError the call fails with, and how long it took from here. */
async function failure(p: Promise<unknown>): Promise<{ error: ApiError; ms: number }> {
  const started = Date.now();
  const error = await apiFailure(p);
  return { error, ms: Date.now() - started };
}

const trickle = (method: string, path: string | RegExp) => sb.addFault({ method, path, times: Infinity, effect: { kind: 'stall', everyMs: 100 } });

/** Waits until a request made after the request log's first `from` entries stalls: the call is under way. */
const stalledAfter = (from: number) => until(() => sb.requestLog().some((q, i) => i >= from && q.fault === 'stall'), 'the page to stall');

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 3, products: 0, quotations: 0 });
});
afterEach(async () => {
  sb.clearFaults();
  while (open.length) await open.pop()!.close();
});
afterAll(() => sb.close());

describe('the whole deadline of a request', () => {
  it('ends a list page whose body never ends, and does not ask for it again at once', async () => {
    trickle('GET', '/clients');
    const api = apiFor({ deadlineMs: 600, bodyTimeoutMs: 5000, readAttempts: 3 });
    const { error, ms } = await failure(api.clients.list());
    expect(error).toMatchObject({ kind: 'timeout', outcome: 'not_applied', params: { code: 'deadline' }, messageKey: 'api.timeout' });
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(3000);
    // the same page would stall the same way: the caller's next pull is the better judge
    expect(sb.requestLog().filter((q) => q.fault === 'stall')).toHaveLength(1);
  });

  it('leaves a write whose answer never ends of unknown outcome', async () => {
    trickle('POST', '/clients');
    const { error } = await failure(apiFor({ deadlineMs: 400, bodyTimeoutMs: 5000 }).clients.create({ company: 'Traag BV' }));
    expect(error).toMatchObject({ kind: 'timeout', outcome: 'unknown', params: { code: 'deadline' } });
  });

  it('asks the deadline at each request, so a changed setting applies to the next one', async () => {
    trickle('GET', '/clients');
    let deadline = 300;
    const api = apiFor({ deadlineMs: () => deadline, bodyTimeoutMs: 5000, readAttempts: 1 });
    expect((await failure(api.clients.list())).ms).toBeLessThan(1500);
    deadline = 1500;
    expect((await failure(api.clients.list())).ms).toBeGreaterThanOrEqual(1400);
  });
});

describe('ending calls from this side', () => {
  it('ends every call under way at once when the app stops, and refuses new ones', async () => {
    trickle('GET', '/clients');
    const api = apiFor({ deadlineMs: 60_000, bodyTimeoutMs: 60_000 });
    const seen = sb.requestLog().length;
    const pending = failure(api.clients.list());
    await stalledAfter(seen);
    const started = Date.now();
    api.transport.abortAll();
    const { error } = await pending;
    const ms = Date.now() - started;
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(ms).toBeLessThan(1000);
    expect((await failure(api.clients.get(1))).error).toMatchObject({ kind: 'aborted', outcome: 'not_applied' });
  });

  it('ends the calls made in a signal scope when the signal aborts', async () => {
    trickle('GET', '/clients');
    const api = apiFor({ deadlineMs: 60_000, bodyTimeoutMs: 60_000 });
    const stop = new AbortController();
    const seen = sb.requestLog().length;
    const pending = failure(api.transport.withSignal(stop.signal, () => api.clients.list()));
    await stalledAfter(seen);
    stop.abort();
    expect((await pending).error).toMatchObject({ kind: 'aborted' });
    // outside the scope, calls go on
    sb.clearFaults();
    expect(await api.clients.list()).toHaveLength(3);
  });

  it('closes at once with an answer under way', async () => {
    trickle('GET', '/clients');
    const api = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }), deadlineMs: 60_000, bodyTimeoutMs: 60_000 });
    const seen = sb.requestLog().length;
    const pending = failure(api.clients.list());
    await stalledAfter(seen);
    const started = Date.now();
    await api.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await pending).error.kind).toBe('aborted');
  });
});
