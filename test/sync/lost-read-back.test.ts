// A save of a draft is answered, but reading the saved draft back fails (the
// line drops just then, or the service answers errors): the next save still
// tells a change made on the service from its own work, by what it sent.
// Nothing either side typed is overwritten unasked, and no conflict is made
// of what the service filled in itself. Real sandbox over HTTP, real SQLite.
import { describe, expect, it } from 'vitest';
import { rig } from './helpers';

async function savedWithoutReadBack() {
  const r = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 } });
  await r.engine.pull();
  const client = r.store.clients.list()[0]!;
  const q = r.store.quotations.create({ clientId: client.id, notes: 'basis' });
  r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 10, tax_rate: 21 });
  // every read of a single quotation fails while the save goes
  r.sb.addFault({ method: 'GET', path: /^\/quotations\/\d+$/, times: Infinity, effect: { kind: 'error', status: 503, applied: false } });
  await r.engine.flush();
  r.sb.clearFaults();
  const serverId = r.store.quotations.get(q.id).serverId!;
  expect(serverId).toBeGreaterThan(0);
  const reads = r.sb.requestLog().filter((x) => x.method === 'GET' && x.url.endsWith(`/quotations/${serverId}`));
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.every((x) => x.status === 503)).toBe(true);
  expect(r.store.outbox.pendingCount()).toBe(0);
  return { r, q, serverId };
}

describe('a save whose read-back was lost', () => {
  it('both sides changed the notes: a conflict, and the service keeps theirs until the person decides', async () => {
    const { r, q, serverId } = await savedWithoutReadBack();
    r.store.quotations.updateHeader(q.id, { notes: 'Mijn notitie' });
    r.sb.data.quotations.patch(serverId, { notes: 'Hun notitie' });
    await r.engine.flush();
    const [c] = r.store.conflicts.open();
    expect(c).toBeDefined();
    expect(r.sb.data.quotations.get(serverId)!.notes).toBe('Hun notitie');
    expect(r.store.quotations.get(q.id).content.notes).toBe('Mijn notitie');
  });

  it('each side changed another field: both are kept, unasked', async () => {
    const { r, q, serverId } = await savedWithoutReadBack();
    r.store.quotations.updateHeader(q.id, { notes: 'Mijn notitie' });
    r.sb.data.quotations.patch(serverId, { paymentcondition: 'Binnen 14 dagen' });
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    expect(r.sb.data.quotations.get(serverId)).toMatchObject({ notes: 'Mijn notitie', paymentcondition: 'Binnen 14 dagen' });
  });

  it('only this computer changed it: saved, no conflict made of what the service filled in', async () => {
    const { r, q, serverId } = await savedWithoutReadBack();
    r.store.quotations.updateHeader(q.id, { notes: 'Mijn notitie' });
    r.store.quotations.addLine(q.id, { description: 'Reiskosten', amount: 1, price: 25, tax_rate: 21 });
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    const there = r.sb.data.quotations.get(serverId)!;
    expect(there.notes).toBe('Mijn notitie');
    expect((there.lines as { description: string }[]).map((l) => l.description)).toEqual(['Werk', 'Reiskosten']);
    expect(r.store.quotations.get(q.id).state).toBe('synced');
  });
});
