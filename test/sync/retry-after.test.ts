// A 503 with Retry-After (a maintenance window, a gateway shedding load), in
// seconds and as an HTTP date, on a write and on a pull's page: nothing goes
// to the service again before the time it named (docs/retries.md).
import { describe, expect, it } from 'vitest';
import { rig, drain, type Rig } from './helpers';
import { apiFailure as failure } from '../helpers/api-failure';

const MIN = 60_000;

/** The requests the service has seen since `from`. */
const since = (r: Rig, from: number) => r.sb.requests().slice(from);

describe('Retry-After on a 503', () => {
  for (const form of ['seconds', 'an HTTP date'] as const) {
    it(`holds a write until the time named (${form}), then looks it up and sends it once`, async () => {
      // maxWaitMs 0: the transport never waits by itself (its sleep is in real time, the rig's clock is not)
      const r = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 }, clockedApi: true, api: { maxWaitMs: 0 } });
      const retryAfter = form === 'seconds' ? '120' : new Date(r.clock() + 2 * MIN).toUTCString();
      r.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 503, applied: false, retryAfter } });
      const c = r.store.clients.create({ company: 'Onderhoud BV', email: 'onderhoud@example.nl' });
      await r.engine.flush();
      const [entry] = r.store.outbox.list();
      // a 503 proves nothing of a write: it is looked up when it goes again, and not before the time named
      expect(entry).toMatchObject({ state: 'unknown_outcome', lastError: { kind: 'server', status: 503, messageKey: 'api.unavailable' } });
      const wait = entry!.nextAttemptAt - r.clock();
      // an HTTP date is in whole seconds
      expect(wait).toBeGreaterThan(2 * MIN - 1000);
      expect(wait).toBeLessThanOrEqual(2 * MIN);
      const seen = r.sb.requests().length;

      // nothing goes before then: not the entry, not a person's next action, not another entry
      r.clock.advance(wait - 1000);
      await r.engine.tick();
      r.store.clients.create({ company: 'Tweede BV', email: 'tweede@example.nl' });
      await r.engine.pushNow();
      expect(since(r, seen)).toEqual([]);
      // it waits untouched: the engine knows the time the service named
      expect(r.store.outbox.list().find((e) => e.target !== c.id)).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
      expect(r.engine.nextDueAt()).toBe(r.api.transport.heldUntil());

      r.clock.advance(1000);
      await drain(r);
      expect(since(r, seen).map((q) => q.method)).toEqual(['GET', 'POST', 'POST']);
      expect(r.sb.data.clients.all().filter((x) => x.company === 'Onderhoud BV')).toHaveLength(1);
      expect(r.sb.data.clients.all().filter((x) => x.company === 'Tweede BV')).toHaveLength(1);
      expect(r.store.outbox.pendingCount()).toBe(0);
    });
  }

  it('waits out a short Retry-After (seconds) on a pull page by itself, then reads the page', async () => {
    const r = await rig({ sandbox: { clients: 5, products: 0, quotations: 0 }, api: { readAttempts: 3 } });
    r.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'error', status: 503, applied: false, retryAfter: '2' } });
    const started = Date.now();
    const summary = await r.engine.pull();
    expect(summary.clients).toBe(5);
    const pages = r.sb.requests().filter((q) => q.url.startsWith('/api/v1/clients'));
    // the page again after the wait (and, as always for a short list, one more to see its end)
    expect(pages.map((q) => q.status)).toEqual([503, 200, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('ends a pull on a long Retry-After (an HTTP date) on its page, and sends nothing before that time', async () => {
    const r = await rig({ sandbox: { clients: 5, products: 0, quotations: 0 }, api: { readAttempts: 3, maxWaitMs: 0 }, clockedApi: true });
    const retryAfter = new Date(r.clock() + 10 * MIN).toUTCString();
    r.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'error', status: 503, applied: false, retryAfter } });
    const e = await failure(r.engine.pull());
    expect(e).toMatchObject({ kind: 'server', status: 503, messageKey: 'api.unavailable' });
    expect(e.retryAfterMs).toBeGreaterThan(10 * MIN - 1000);
    const seen = r.sb.requests().length;
    expect(r.api.transport.heldUntil()).toBe(r.clock() + e.retryAfterMs!);

    // a person's work meanwhile waits too: it goes when the time comes, not before
    r.store.clients.create({ company: 'Na het onderhoud', email: 'na@example.nl' });
    await r.engine.pushNow();
    r.clock.advance(9 * MIN);
    await r.engine.tick();
    expect(since(r, seen)).toEqual([]);
    const [entry] = r.store.outbox.list();
    expect(entry).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
    const due = r.engine.nextDueAt()!;
    expect(due).toBe(r.api.transport.heldUntil());

    r.clock.advance(due - r.clock());
    await drain(r);
    expect(since(r, seen).map((q) => q.method)).toEqual(['POST']);
    expect((await r.engine.pull()).clients).toBe(6);
  });
});
