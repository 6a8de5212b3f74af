// A user's action that queues work (a conflict resolved, a parked entry
// retried) is pushed at once, even when the engine last saw the service
// offline and its next probe is minutes away.
import { describe, expect, it } from 'vitest';
import { rig, serverQuotations, type Rig } from './helpers';
import { until } from '../helpers/until';

/** Offline for a while: probes refused until the next one is far off; then the network is back unnoticed. */
async function longSpellOffline(r: Rig): Promise<void> {
  await r.sb.setNetwork(false);
  // a broken connection says less than a refused one: a few in a row
  for (let i = 0; i < 5 && r.engine.online !== false; i++) await r.engine.pull().catch(() => undefined);
  expect(r.engine.online).toBe(false);
  for (let i = 0; i < 6; i++) {
    r.clock.advance(r.engine.connectivity.nextProbeAt! - r.clock());
    await r.engine.tick();
  }
  expect(r.engine.connectivity.nextProbeAt! - r.clock()).toBeGreaterThan(30_000);
  await r.sb.setNetwork(true);
  // what the engine would do on its own now: nothing until that probe
  expect((await r.engine.flush()).stopped).toBe('offline');
}

async function draftConflict() {
  const r = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 } });
  await r.engine.pull();
  const client = r.store.clients.list()[0]!;
  const q = r.store.quotations.create({ clientId: client.id });
  r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 100 });
  await r.engine.flush();
  const serverId = r.store.quotations.get(q.id).serverId!;
  r.store.quotations.updateHeader(q.id, { notes: 'mine' });
  r.sb.data.quotations.patch(serverId, { notes: 'theirs' });
  await r.engine.flush();
  const [c] = r.store.conflicts.open();
  expect(c).toBeDefined();
  return { r, q, serverId, c: c! };
}

describe('pushing at once after a user action', () => {
  it('keep mine, after a spell offline: saved without waiting for the next probe', async () => {
    const { r, q, serverId, c } = await draftConflict();
    await longSpellOffline(r);
    r.store.conflicts.resolve(c.id, 'keep_mine');
    const res = await r.engine.pushNow();
    expect(res).toMatchObject({ done: 1, parked: 0 });
    expect(r.engine.online).toBe(true);
    expect(r.sb.data.quotations.get(serverId)!.notes).toBe('mine');
    expect(r.store.quotations.get(q.id).state).toBe('synced');
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('keep both: the local version is saved as a new draft at once', async () => {
    const { r, q, c } = await draftConflict();
    await longSpellOffline(r);
    r.store.conflicts.resolve(c.id, 'keep_both');
    expect((await r.engine.pushNow()).done).toBe(1);
    expect(
      serverQuotations(r.sb)
        .map((x) => x.notes)
        .sort(),
    ).toEqual(['mine', 'theirs']);
    expect(r.store.quotations.get(q.id).serverId).not.toBeNull();
  });

  it('a retried parked entry goes at once too', async () => {
    const r = await rig({ sandbox: { clients: 0, products: 0, quotations: 0 } });
    const c = r.store.clients.create({ company: 'Verkeerd land', country: 'Atlantis' });
    await r.engine.flush();
    const [op] = r.store.outbox.list();
    expect(op).toMatchObject({ state: 'parked' });
    await longSpellOffline(r);
    r.store.clients.update(c.id, { country: 146 });
    if (r.store.outbox.get(op!.id).state === 'parked') r.store.outbox.retry(op!.id);
    expect((await r.engine.pushNow()).done).toBe(1);
    expect(r.store.clients.get(c.id).clientnr).toBeGreaterThan(0);
  });

  it('still offline: one probe, no pushes, and the entry waits', async () => {
    const { r, c } = await draftConflict();
    await longSpellOffline(r);
    await r.sb.setNetwork(false);
    r.store.conflicts.resolve(c.id, 'keep_mine');
    const before = r.engine.connectivity.nextProbeAt!;
    expect(await r.engine.pushNow()).toMatchObject({ done: 0, stopped: 'offline' });
    expect(r.engine.connectivity.nextProbeAt!).toBeGreaterThanOrEqual(before);
    expect(r.store.outbox.pendingCount()).toBe(1);
  });

  it('asked while a pull runs that then finds the line down: pushed once the pull ends, not at the next probe', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 }, api: { deadlineMs: 60_000, bodyTimeoutMs: 60_000 } });
    await r.engine.pull();
    expect(r.engine.online).toBe(true);
    r.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'stall', everyMs: 100 } });
    const pulling = r.engine.pull().catch(() => undefined);
    await until(() => r.sb.requestLog().some((q) => q.fault === 'stall'), 'the page to stall');
    r.store.clients.create({ company: 'Haast BV', email: 'haast@example.nl' });
    // asked while the engine still sees the line up
    const pushing = r.engine.pushNow();
    // the pull ahead of it then finds the line down, and the next probe far off, as after a long spell offline
    for (let i = 0; i < 10; i++) r.engine.connectivity.unreachable('the line is down');
    expect(r.engine.connectivity.nextProbeAt! - r.clock()).toBeGreaterThan(30_000);
    r.engine.cancelPull();
    await pulling;
    expect(await pushing).toMatchObject({ done: 1 });
    expect(r.engine.online).toBe(true);
    expect(r.sb.data.clients.all().filter((c) => c.company === 'Haast BV')).toHaveLength(1);
  });
});
