// The write policy (electron/sync/write-policy.ts): what follows each answer
// to a write, as docs/retries.md's table says; and the engine carrying it
// out against the sandbox: the trouble hold and giving up.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/api';
import { errorFromStatus, errorFromTransport, loginPage, type FailedRequest } from '../../electron/api/classify';
import { badResponse } from '../../electron/api/parse';
import { listIncomplete } from '../../electron/sync/ops/common';
import { WritePolicy } from '../../electron/sync/write-policy';
import { rig, drain, serverClients } from './helpers';

const POST: FailedRequest = { operation: 'clients.create', method: 'POST', host: 'service.example', secrets: [] };
const NOW = 1_000_000;
const policy = new WritePolicy({ backoff: { baseMs: 1000, capMs: 300_000, random: () => 0.5 } });
const status = (s: number, headers: Record<string, string> = {}, body = '') => errorFromStatus(s, headers, body, POST, NOW);
const transport = (code: string) => errorFromTransport(Object.assign(new Error(code), { code }), POST, null);
const inFlight = { state: 'in_flight' as const, attempts: 0 };

describe('the write policy: what each answer leads to', () => {
  it('parks a refusal the person must deal with, and pauses the outbox for a refused key', () => {
    expect(policy.decide(inFlight, status(422, {}, '{"error":"bad","errors":[{"field":"email","message":"not an e-mail address"}]}'), NOW)).toMatchObject({
      do: 'park',
      lookupFirst: false,
      error: { kind: 'validation', status: 422, fieldErrors: [{ field: 'email' }] },
    });
    expect(policy.decide(inFlight, status(402), NOW)).toMatchObject({ do: 'park', error: { kind: 'credits' } });
    expect(policy.decide(inFlight, status(404), NOW)).toMatchObject({ do: 'park', error: { kind: 'not_found' } });
    expect(policy.decide(inFlight, status(401), NOW)).toMatchObject({ do: 'pause', reason: 'auth' });
    expect(policy.decide(inFlight, status(403, {}, 'IP blacklisted'), NOW)).toMatchObject({ do: 'pause', reason: 'forbidden' });
    // a 4xx the spec does not name is a refusal too
    expect(policy.decide(inFlight, status(409), NOW)).toMatchObject({ do: 'park', lookupFirst: false, error: { kind: 'other', status: 409 } });
    expect(policy.decide(inFlight, status(413), NOW)).toMatchObject({ do: 'park', error: { status: 413 } });
  });

  it('waits out a rate limit as the service says, without counting it and without a look-up', () => {
    expect(policy.decide(inFlight, status(429, { 'retry-after': '30' }), NOW)).toEqual(
      expect.objectContaining({ do: 'retry', at: NOW + 30_000, lookupFirst: false, counts: false }),
    );
  });

  it('looks up every answer that proves nothing before the write goes again: 5xx, a gateway page, a broken or timed-out answer', () => {
    for (const e of [
      status(500),
      status(502, {}, '<html>Bad Gateway</html>'),
      status(503),
      status(504),
      status(302),
      transport('ECONNRESET'),
      transport('UND_ERR_HEADERS_TIMEOUT'),
    ])
      expect(policy.decide(inFlight, e, NOW), `${e.kind} ${e.status ?? e.params.code}`).toMatchObject({ do: 'retry', lookupFirst: true });
    // a 503 naming its time is waited for
    expect(policy.decide(inFlight, status(503, { 'retry-after': '120' }), NOW)).toMatchObject({
      do: 'retry',
      at: NOW + 120_000,
      lookupFirst: true,
      counts: true,
    });
    // the line's trouble is the line's: not counted toward giving up
    expect(policy.decide(inFlight, transport('ECONNRESET'), NOW)).toMatchObject({ offline: true, counts: false });
    expect(policy.decide(inFlight, status(502), NOW)).toMatchObject({ offline: false, counts: true, error: { kind: 'server', status: 502 } });
  });

  it('goes again at once when nothing can have arrived: a refused connection, a call held back', () => {
    expect(policy.decide(inFlight, transport('ECONNREFUSED'), NOW)).toMatchObject({ do: 'retry', lookupFirst: false, offline: true, counts: false });
    const held = new ApiError({
      kind: 'rate_limited',
      messageKey: 'api.unavailable',
      outcome: 'not_applied',
      retryAfterMs: 5000,
      params: { status: 503, seconds: 5 },
    });
    expect(policy.decide(inFlight, held, NOW)).toMatchObject({ do: 'retry', at: NOW + 5000, lookupFirst: false, counts: false });
  });

  it('keeps an unknown outcome unknown while its look-up cannot finish, even on a refusal', () => {
    const unknown = { state: 'unknown_outcome' as const, attempts: 2 };
    expect(policy.decide(unknown, status(404), NOW)).toMatchObject({ do: 'retry', lookupFirst: true, counts: true });
    expect(policy.decide(unknown, status(500), NOW)).toMatchObject({ do: 'retry', lookupFirst: true });
  });

  it('gives up after the set number of failures the service answered, leaving the look-up for the person’s retry', () => {
    const last = { state: 'in_flight' as const, attempts: policy.giveUpAfter - 1 };
    const d = policy.decide(last, status(502), NOW);
    expect(d).toMatchObject({ do: 'park', lookupFirst: true, error: { kind: 'server', messageKey: 'parked.gave_up', status: 502, params: { attempts: 12 } } });
    // a pause doubles from a second, to five minutes at most
    expect([0, 1, 2, 3, 20].map((n) => policy.pause(n))).toEqual([500, 1000, 2000, 4000, 150_000]);
  });

  it('gives up sooner, after 5, when the answers cannot be read; other trouble still counts to 12', () => {
    const unreadable = badResponse('quotations.save', 'the answer is a record without a readable id').with({ outcome: 'unknown' });
    expect(policy.giveUpUnreadableAfter).toBe(5);
    expect(policy.decide({ state: 'in_flight', attempts: 3 }, unreadable, NOW)).toMatchObject({ do: 'retry', lookupFirst: true, counts: true });
    expect(policy.decide({ state: 'in_flight', attempts: 4 }, unreadable, NOW)).toMatchObject({
      do: 'park',
      lookupFirst: true,
      error: { kind: 'server', messageKey: 'parked.unreadable', params: { attempts: 5, detail: 'the answer is a record without a readable id' } },
    });
    const tooLarge = transport('UND_ERR_RES_EXCEEDED_MAX_SIZE');
    expect(policy.decide({ state: 'in_flight', attempts: 4 }, tooLarge, NOW)).toMatchObject({ do: 'park', error: { messageKey: 'parked.unreadable' } });
    // after a mix, the last answer decides which limit applies
    expect(policy.decide({ state: 'in_flight', attempts: 6 }, status(502), NOW)).toMatchObject({ do: 'retry' });
    expect(policy.decide({ state: 'unknown_outcome', attempts: 6 }, listIncomplete('quotations', 'quotations.list'), NOW)).toMatchObject({ do: 'retry' });
    expect(new WritePolicy({ giveUpAfter: 3 }).giveUpUnreadableAfter).toBe(3);
  });

  it("takes a network's login page as the line's trouble: looked up first, not counted", () => {
    const page = loginPage(POST, 200);
    expect(policy.decide(inFlight, page, NOW)).toMatchObject({
      do: 'retry',
      lookupFirst: true,
      offline: true,
      counts: false,
      error: { messageKey: 'api.login_page' },
    });
  });
});

describe('the engine carrying it out', () => {
  it('holds the rest of the outbox once two entries in a row were answered with errors', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 } });
    for (const name of ['Een', 'Twee', 'Drie', 'Vier']) r.store.clients.create({ company: `${name} BV`, email: `${name}@example.nl` });
    r.sb.setFaults({ serverErrorRate: 1 });
    const res = await r.engine.flush();
    expect(res).toMatchObject({ failed: 2, stopped: 'trouble' });
    // two tries, not four: the others wait with them
    expect(r.sb.requests()).toHaveLength(2);
    const first = r.store.outbox.list()[0]!;
    expect(r.engine.heldUntil).toBe(first.nextAttemptAt);
    expect((await r.engine.flush()).stopped).toBe('trouble');
    expect(r.sb.requests()).toHaveLength(2);
    r.sb.clearFaults();
    await drain(r);
    expect(serverClients(r.sb).filter((c) => / BV$/.test(c.company))).toHaveLength(4);
    // the two refused before the work were looked up (not found) and sent again
    expect(r.sb.requests().filter((q) => q.method === 'POST')).toHaveLength(6);
  });

  it('leaves an entry the service keeps failing to the person, and their retry looks it up first', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 }, engine: { giveUpAfter: 3 } });
    const c = r.store.clients.create({ company: 'Koppig BV', email: 'koppig@example.nl' });
    // carried out, then answered with a gateway's page, each time it goes
    r.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 502, applied: true } });
    r.sb.addFault({ method: 'GET', times: Infinity, effect: { kind: 'error', status: 502, applied: false } });
    await drain(r);
    const [parked] = r.store.outbox.parked();
    expect(parked).toMatchObject({
      kind: 'client.create',
      lastError: { kind: 'server', messageKey: 'parked.gave_up', lookUpFirst: true, params: { attempts: 3 } },
    });
    // one create, then only look-ups that failed
    expect(r.sb.requests().map((q) => q.method)).toEqual(['POST', 'GET', 'GET']);
    r.sb.clearFaults();
    r.store.outbox.retry(parked!.id);
    await drain(r);
    expect(serverClients(r.sb).filter((x) => x.company === 'Koppig BV')).toHaveLength(1);
    expect(r.store.clients.get(c.id).clientnr).toBe(serverClients(r.sb).find((x) => x.company === 'Koppig BV')!.clientnr);
    expect(r.sb.requests().filter((q) => q.method === 'POST')).toHaveLength(1);
  });
});
