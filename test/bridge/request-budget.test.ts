// Drafting is local, and the hourly request budget is spent on what a person
// asks for: the real core and bridge handlers against the demo sandbox over
// real HTTP, with the sync engine's time simulated so minutes pass at once.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';
import { SimClock, settled } from '../helpers/sim-clock';

const MIN = 60_000;

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function start() {
  const clock = new SimClock();
  t = await startTestCore({ secrets: new MemoryKeychain(), autoSync: true, clock, demoSeed: { clients: 3, products: 2, quotations: 0 } });
  const core = t.core;
  const settle = () => settled(() => core.sync.idle());
  await settle();
  const sb = core.sandbox!;
  const requests = () => sb.requests();
  const writes = () => requests().filter((r) => r.method !== 'GET');
  const [client] = (await t.ok('clients.list', {})).items;
  return { t, core, clock, settle, sb, requests, writes, client: client! };
}

type Rig = Awaited<ReturnType<typeof start>>;

/** A draft of a few lines, as a person makes it. */
async function draft(r: Rig) {
  const q = await r.t.ok('quotations.create', { clientId: r.client.id });
  const line = await r.t.ok('lines.add', { quotationId: q.id, line: { amount: 1, description: 'Advies', price: 90, tax_rate: 21 } });
  return { q, line };
}

/** Types into a line every `everyMs` for `forMs`: a price edit each time, with the pauses a person makes. */
async function type(r: Rig, quotationId: string, lineId: string, forMs: number, everyMs = 5000) {
  for (let at = 0; at < forMs; at += everyMs) {
    await r.t.ok('lines.update', { quotationId, lineId, patch: { price: 90 + ((at / everyMs) % 50) } });
    await r.clock.advance(everyMs, r.settle);
  }
}

describe('drafting costs no requests', () => {
  it('typing into a draft for nine minutes makes no request; the tenth minute saves it once', async () => {
    const r = await start();
    const before = r.requests().length;
    const { q, line } = await draft(r);
    await type(r, q.id, line.id, 9 * MIN);
    expect(r.requests().length).toBe(before);
    expect((await r.t.ok('quotations.get', { id: q.id })).serverId).toBeNull();

    // ten minutes after the first unsaved edit the save goes by itself, once
    await type(r, q.id, line.id, 1.5 * MIN);
    const saves = r.writes().filter((w) => w.method === 'POST' && w.url.includes('/quotations'));
    expect(saves).toHaveLength(1);
    const saved = await r.t.ok('quotations.get', { id: q.id });
    expect(saved.serverId).not.toBeNull();

    // the next ten minutes of typing: again nothing until the rule comes round
    const after = r.writes().length;
    await type(r, q.id, line.id, 8 * MIN);
    expect(r.writes().length).toBe(after);
    await type(r, q.id, line.id, 3 * MIN);
    expect(r.writes().filter((w) => w.method === 'POST' && w.url.includes('/quotations'))).toHaveLength(2);
  }, 120_000);

  it('save, leave and send each push once; leaving with nothing new costs nothing', async () => {
    const r = await start();
    const { q, line } = await draft(r);
    await type(r, q.id, line.id, 30_000);
    const quotationWrites = () => r.writes().filter((w) => w.url.includes('/quotations'));

    await r.t.ok('quotations.saveToService', { id: q.id });
    await r.settle();
    expect(quotationWrites()).toHaveLength(1);
    const serverId = (await r.t.ok('quotations.get', { id: q.id })).serverId!;
    expect(r.sb.data.quotations.get(serverId)).toMatchObject({ sent: false });

    await type(r, q.id, line.id, 30_000);
    await r.t.ok('lines.update', { quotationId: q.id, lineId: line.id, patch: { description: 'Advies, tweede ronde' } });
    expect(quotationWrites()).toHaveLength(1);
    const left = await r.t.ok('quotations.leave', { id: q.id });
    expect(left.queued).not.toBeNull();
    await r.settle();
    expect(quotationWrites()).toHaveLength(2);
    expect(r.sb.data.quotations.get(serverId)!.lines[0]).toMatchObject({ description: 'Advies, tweede ronde' });

    const count = r.requests().length;
    expect(await r.t.ok('quotations.leave', { id: q.id })).toEqual({ queued: null });
    await r.clock.advance(15 * MIN, r.settle);
    // only the periodic pull (reads) spent anything meanwhile
    expect(
      r
        .requests()
        .slice(count)
        .filter((x) => x.method !== 'GET'),
    ).toEqual([]);

    // a draft never saved: sending it is one POST that saves and sends it
    const second = await draft(r);
    await type(r, second.q.id, second.line.id, 20_000);
    const writesBefore = quotationWrites().length;
    await r.t.ok('quotations.send', { id: second.q.id, sendmethod: 'email' });
    await r.settle();
    expect(
      quotationWrites()
        .slice(writesBefore)
        .map((w) => w.method),
    ).toEqual(['POST']);
    const sent = await r.t.ok('quotations.get', { id: second.q.id });
    expect(sent.sent).toBe(true);
    expect(r.sb.deliveries().filter((d) => d.quotationId === sent.serverId)).toHaveLength(1);
  }, 120_000);

  it('a shorter time rule in Settings applies to the draft being typed', async () => {
    const r = await start();
    const { q, line } = await draft(r);
    await type(r, q.id, line.id, 2 * MIN);
    expect((await r.t.ok('quotations.get', { id: q.id })).serverId).toBeNull();
    await r.t.ok('settings.set', { draftSaveEveryMinutes: 3 });
    await type(r, q.id, line.id, 1.5 * MIN);
    expect((await r.t.ok('quotations.get', { id: q.id })).serverId).not.toBeNull();
  }, 120_000);
});

describe('the reserve of the request budget', () => {
  it("background work stops at the reserve; a person's send still goes", async () => {
    const r = await start();
    const budget = r.core.space.api.transport.budget;
    // a small hourly limit, most of it spent by the person's other tools
    r.sb.setRateLimit(40);
    r.sb.resetRateLimit();
    for (;;) {
      await r.core.space.api.verify();
      if ((budget.snapshot.remaining ?? 0) <= budget.reserve + 2) break;
    }
    expect(budget.reserve).toBe(8);
    const { q, line } = await draft(r);
    const before = r.requests().length;

    // half an hour of typing: the time rule comes due, and the background's pace; what is above the reserve may be read, never more
    await type(r, q.id, line.id, 30 * MIN, 30_000);
    expect(r.requests().length - before).toBeLessThanOrEqual(2);
    expect(r.writes().filter((w) => w.url.includes('/quotations'))).toEqual([]);
    const waiting = r.core.space.store.outbox.forTarget(q.id);
    expect(waiting.map((e) => [e.kind, e.state, e.lastError])).toEqual([['quotation.save', 'pending', null]]);
    expect(budget.snapshot.remaining).toBeGreaterThanOrEqual(budget.reserve);
    const status = await r.t.ok('sync.status', {});
    expect(status.budget).toMatchObject({ limit: 40, reserve: 8 });

    // the person sends it: that may spend the reserve
    await r.t.ok('quotations.send', { id: q.id, sendmethod: 'email' });
    await r.settle();
    const sent = await r.t.ok('quotations.get', { id: q.id });
    expect(sent.sent).toBe(true);
    expect(r.sb.deliveries().filter((d) => d.quotationId === sent.serverId)).toHaveLength(1);
    expect(budget.snapshot.remaining).toBeLessThanOrEqual(budget.reserve + 2);
  }, 120_000);

  it("Sync now is a person's pull: it goes at the reserve, and takes held drafts along", async () => {
    const r = await start();
    const budget = r.core.space.api.transport.budget;
    r.sb.setRateLimit(60);
    r.sb.resetRateLimit();
    while ((budget.snapshot.remaining ?? 0) > budget.reserve) await r.core.space.api.verify();
    expect(budget.reserve).toBe(12);
    const { q } = await draft(r);
    const before = r.requests().length;
    expect(await r.t.ok('sync.pullNow', {})).toEqual({ started: true });
    await r.settle();
    expect(
      r
        .requests()
        .slice(before)
        .some((x) => x.url.includes('/clients?')),
    ).toBe(true);
    expect((await r.t.ok('quotations.get', { id: q.id })).serverId).not.toBeNull();
  }, 120_000);
});
