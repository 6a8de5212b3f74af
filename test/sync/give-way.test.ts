// A pull gives way to work a person asked for: between two pages at once,
// and by giving up the page it waits for when that is slow to come; it then
// walks on from where it was. Stopping ends a pull or a push under way.
import { describe, expect, it } from 'vitest';
import { rig } from './helpers';
import { until } from '../helpers/until';

describe('a pull giving way to a person', () => {
  it('lets a client made during a pull go between two pages, reads on, and sweeps the list next time', async () => {
    const r = await rig({ sandbox: { clients: 600, products: 0, quotations: 0 }, engine: { pageSize: 100 } });
    await r.engine.pull();
    // gone from the service since: the pull below must not remove it, a push wrote to the list meanwhile
    const gone = r.sb.data.clients.all()[10]!.clientnr;
    r.sb.data.clients.delete(gone);
    let made: string | null = null;
    r.engine.events.on('progress', (p) => {
      if (p.phase === 'clients' && p.pagesDone === 3 && made === null)
        made = r.store.clients.create({ company: 'Tussendoor BV', email: 'tussendoor@example.nl' }).id;
    });
    const before = r.sb.requests().length;
    const summary = await r.engine.pull();
    const log = r.sb.requests().slice(before);
    const post = log.findIndex((q) => q.method === 'POST');
    const pages = log.map((q, i) => (q.url.startsWith('/api/v1/clients?') ? i : -1)).filter((i) => i >= 0);
    // the create went while the pull was in the client list, not after it
    expect(post).toBeGreaterThan(pages[0]!);
    expect(post).toBeLessThan(pages.at(-1)!);
    expect(r.store.clients.get(made!).clientnr).toBe(r.sb.data.clients.all().find((c) => c.company === 'Tussendoor BV')!.clientnr);
    // every client read once, the new one too, and nothing removed this time
    expect(summary.incomplete ?? []).toEqual([]);
    expect(summary.removed).toBe(0);
    expect(r.store.clients.list({ limit: 1000, includeInactive: true }).filter((c) => c.fields.company === 'Tussendoor BV')).toHaveLength(1);
    expect(r.store.pulled.count('clients')).toBe(601);
    // the next pull, with nobody's work between its pages, sweeps it
    expect((await r.engine.pull()).removed).toBe(1);
    expect(r.store.pulled.count('clients')).toBe(600);
  });

  it('gives up a page that does not come, sends the person’s work, and reads the page again', async () => {
    const r = await rig({
      sandbox: { clients: 50, products: 0, quotations: 0 },
      engine: { giveWayAfterMs: 300 },
      api: { deadlineMs: 60_000, bodyTimeoutMs: 60_000 },
    });
    // the first answer to the client list trickles in for ever
    r.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'stall', everyMs: 100 } });
    const started = Date.now();
    const pulling = r.engine.pull();
    await until(() => r.sb.requestLog().some((q) => q.fault === 'stall'), 'the page to stall');
    r.store.clients.create({ company: 'Haast BV', email: 'haast@example.nl' });
    await r.engine.pushNow();
    const summary = await pulling;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.sb.data.clients.all().filter((c) => c.company === 'Haast BV')).toHaveLength(1);
    expect(summary.clients).toBe(51);
    expect(summary.incomplete ?? []).toEqual([]);
    expect(r.store.outbox.pendingCount()).toBe(0);
  });
});

describe('stopping', () => {
  it('ends a pull stuck on a page at once', async () => {
    const r = await rig({ sandbox: { clients: 5, products: 0, quotations: 0 }, api: { deadlineMs: 60_000, bodyTimeoutMs: 60_000 } });
    r.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'stall', everyMs: 100 } });
    const pulling = r.engine.pull().then(
      () => 'pulled',
      (e: Error) => e.name,
    );
    await until(() => r.sb.requestLog().some((q) => q.fault === 'stall'), 'the page to stall');
    const started = Date.now();
    await r.engine.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pulling).toBe('ApiError');
  });

  it('leaves a write under way of unknown outcome, and it is looked up after', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 }, api: { deadlineMs: 60_000, bodyTimeoutMs: 60_000, headersTimeoutMs: 60_000 } });
    r.sb.setFaults({ hangAfterCommitRate: 1, methods: ['POST'] });
    r.store.clients.create({ company: 'Onderweg BV', email: 'onderweg@example.nl' });
    const flushing = r.engine.flush();
    await until(() => r.sb.data.clients.all().some((c) => c.company === 'Onderweg BV'), 'the create to be carried out');
    const started = Date.now();
    await r.engine.stop();
    await flushing;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r.store.outbox.list()[0]).toMatchObject({ state: 'unknown_outcome' });
    r.sb.clearFaults();
    await r.engine.flush();
    expect(r.sb.data.clients.all().filter((c) => c.company === 'Onderweg BV')).toHaveLength(1);
    expect(r.store.outbox.pendingCount()).toBe(0);
  });
});
