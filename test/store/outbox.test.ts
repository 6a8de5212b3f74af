import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';

describe('outbox', () => {
  it('hands out entries oldest first, each record in order, waiting on time and dependencies', () => {
    const { store, clock } = scratchStore();
    const a = store.clients.create({ company: 'A' });
    const b = store.clients.create({ company: 'B' });
    const [ca, cb] = store.outbox.list();
    store.outbox.markInFlight(ca!.id, {});
    store.clients.update(a.id, { city: 'x' });
    expect(store.outbox.ready(clock(), 10).map((o) => o.target)).toEqual([b.id]);
    store.outbox.retryAt(cb!.id, clock() + 5000, { kind: 'server', message: '500' });
    expect(store.outbox.ready(clock(), 10)).toEqual([]);
    expect(store.outbox.nextDueAt()).toBe(clock() + 5000);
    clock.advance(5000);
    expect(store.outbox.ready(clock(), 10).map((o) => o.id)).toEqual([cb!.id]);
    expect(store.outbox.get(cb!.id).lastError).toMatchObject({ kind: 'server', message: '500' });
    expect(store.outbox.blockedBy(store.outbox.forTarget(a.id)[1]!.id)?.id).toBe(ca!.id);
  });

  it('parks with the reason and field errors; an edit of the draft puts it back in line', () => {
    const { store, clock } = scratchStore();
    const c = store.clients.create({ company: 'A', email: 'bad' });
    const op = store.outbox.list()[0]!;
    store.outbox.markInFlight(op.id, {});
    store.outbox.park(op.id, { kind: 'validation', status: 422, message: 'invalid', fieldErrors: [{ field: 'email', message: 'must be an e-mail address' }] });
    expect(store.outbox.parked()[0]!.lastError).toMatchObject({ kind: 'validation', fieldErrors: [{ field: 'email' }] });
    expect(store.outbox.ready(clock(), 10)).toEqual([]);
    store.clients.update(c.id, { email: 'a@b.nl' });
    expect(store.outbox.get(op.id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('keeps other parked entries parked through edits, until retried', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    const op = store.outbox.list()[0]!;
    store.outbox.park(op.id, { kind: 'credits', status: 402, message: 'not enough credits' });
    store.clients.update(c.id, { city: 'x' });
    expect(store.outbox.get(op.id).state).toBe('parked');
    store.outbox.retry(op.id);
    expect(store.outbox.get(op.id).state).toBe('pending');
    expect(() => store.outbox.retry(op.id)).toThrow(/not parked/);
  });

  it('counts what waits, and prunes finished entries after a while', () => {
    const { store, clock } = scratchStore();
    store.clients.create({ company: 'A' });
    store.clients.create({ company: 'B' });
    const [a] = store.outbox.list();
    store.outbox.markInFlight(a!.id, {});
    store.outbox.markDone(a!.id);
    expect(store.outbox.pendingCount()).toBe(1);
    expect(store.outbox.counts()).toMatchObject({ pending: 1, done: 1 });
    clock.advance(1000);
    expect(store.outbox.pruneDone(clock())).toBe(1);
  });

  it('refuses to withdraw an entry that is already out', () => {
    const { store } = scratchStore();
    store.clients.create({ company: 'A' });
    const [a] = store.outbox.list();
    store.outbox.markInFlight(a!.id, {});
    expect(() => store.outbox.cancel([a!.id])).toThrow(/already on its way/);
  });

  it('discards an operation with the local change it carried', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 1, company: 'Service' }], clock());
    const c = store.clients.byClientnr(1)!;
    store.clients.update(c.id, { company: 'Mine' });
    const op = store.outbox.list()[0]!;
    store.outbox.park(op.id, { kind: 'validation', message: 'no' });
    store.discardOperation(op.id);
    expect(store.clients.get(c.id)).toMatchObject({ state: 'synced', fields: { company: 'Service' } });
    expect(store.outbox.list()).toEqual([]);

    const d = store.clients.create({ company: 'Fresh' });
    store.quotations.create({ clientId: d.id });
    const create = store.outbox.forTarget(d.id)[0]!;
    expect(() => store.discardOperation(create.id)).toThrow(/used by 1 quotation/);

    store.clients.delete(c.id);
    store.discardOperation(store.outbox.forTarget(c.id)[0]!.id);
    expect(store.clients.get(c.id).state).toBe('synced');
  });

  it('signals committed changes once per transaction', () => {
    const { store } = scratchStore();
    const seen: string[][] = [];
    store.events.on('changed', (e) => seen.push([...e].sort()));
    store.clients.create({ company: 'A' });
    expect(seen).toEqual([['clients', 'outbox']]);
    expect(() =>
      store.transaction(() => {
        store.clients.create({ company: 'B' });
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(seen).toHaveLength(1);
    expect(store.clients.count()).toBe(1);
  });
});
