// The engine and the request budget, with a small hourly limit at the
// sandbox: a person's queued action pushes with priority through every call
// its handler makes; a draft save nobody asked for waits at the reserve,
// without an error, until the person asks for it.
import { describe, expect, it } from 'vitest';
import { rig, serverClients } from './helpers';

const MIN = 60_000;

async function lowBudget() {
  // no waiting in the client: a call held back fails at once, so a held call cannot hide
  const r = await rig({ sandbox: { rateLimit: 20, clients: 2, products: 0, quotations: 0 }, api: { maxWaitMs: 0 }, draftSaveEveryMs: 10 * MIN });
  await r.engine.pull();
  const budget = r.api.transport.budget;
  expect(budget.reserve).toBe(4);
  while ((budget.snapshot.remaining ?? 0) > budget.reserve + 1) await r.api.verify();
  return { r, budget };
}

describe('pushing within the request budget', () => {
  it("a person's client edit goes below the reserve: the handler's calls inherit the priority", async () => {
    const { r, budget } = await lowBudget();
    const [client] = r.store.clients.list();
    r.store.clients.update(client!.id, { city: 'Zeist' });
    const before = r.sb.requests().length;
    const result = await r.engine.flush();
    expect(result).toMatchObject({ done: 1, failed: 0 });
    expect(r.sb.requests().length - before).toBeGreaterThanOrEqual(2);
    expect(budget.snapshot.remaining).toBeLessThan(budget.reserve);
    expect(serverClients(r.sb).find((c) => c.clientnr === client!.clientnr)).toMatchObject({ city: 'Zeist' });
  });

  it('a draft save nobody asked for waits at the reserve, without an error; asking for it sends it', async () => {
    const { r, budget } = await lowBudget();
    const [client] = r.store.clients.list();
    const q = r.store.quotations.create({ clientId: client!.id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 50, tax_rate: 21 });
    expect(await r.engine.flush()).toMatchObject({ done: 0 });

    r.clock.advance(11 * MIN);
    const before = r.sb.requests().length;
    expect(await r.engine.tick()).toMatchObject({ done: 0, failed: 0 });
    expect(r.sb.requests().length).toBe(before);
    const [entry] = r.store.outbox.forTarget(q.id);
    expect(entry).toMatchObject({ kind: 'quotation.save', state: 'pending', lastError: null, asked: false, attempts: 0 });
    // held for the window, not retried every tick
    expect(entry!.holdUntil).toBeGreaterThan(r.clock() + 30 * MIN);
    expect(budget.snapshot.remaining).toBeGreaterThan(budget.reserve);

    expect(r.store.outbox.ask(q.id)).toBe(1);
    expect(await r.engine.flush()).toMatchObject({ done: 1 });
    expect(r.store.quotations.get(q.id).serverId).not.toBeNull();
  });

  it('the time rule: the save is held ten minutes from the first unsaved edit, later edits do not move it', async () => {
    const r = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 }, draftSaveEveryMs: 10 * MIN });
    await r.engine.pull();
    const [client] = r.store.clients.list();
    const q = r.store.quotations.create({ clientId: client!.id });
    const line = r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 50 });
    for (let i = 0; i < 9; i++) {
      r.clock.advance(MIN);
      r.store.quotations.updateLine(q.id, line.id, { price: 50 + i });
      expect(await r.engine.tick()).toMatchObject({ done: 0 });
    }
    expect(r.store.outbox.list()).toHaveLength(1);
    r.clock.advance(MIN);
    expect(await r.engine.tick()).toMatchObject({ done: 1 });
    expect(r.sb.data.quotations.get(r.store.quotations.get(q.id).serverId!)!.lines[0]).toMatchObject({ price: 58 });
    // the next edit starts a new ten minutes
    r.store.quotations.updateLine(q.id, line.id, { price: 99 });
    r.clock.advance(9 * MIN);
    expect(await r.engine.tick()).toMatchObject({ done: 0 });
    r.clock.advance(MIN);
    expect(await r.engine.tick()).toMatchObject({ done: 1 });
  });
});
