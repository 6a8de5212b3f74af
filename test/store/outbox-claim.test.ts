// Two desks on one database (the data folder's lock forbids it; this holds
// anyway): an entry is claimed by one desk in one conditional update, only
// that desk may mark it in flight, and a desk let in beside another leaves
// that desk's requests in flight alone at open.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store';
import { ClaimedElsewhere } from '../../electron/store/outbox';
import { closeLater, scratchStore } from './helpers';

describe('claiming outbox entries', () => {
  it('gives each entry to one desk; the other takes the next, and the first again once released', () => {
    const { store: a, path, clock } = scratchStore();
    const b = closeLater(openStore(path, { clock, recoverInFlight: false }));
    a.clients.create({ company: 'Een' });
    a.clients.create({ company: 'Twee' });
    const [one, two] = a.outbox.list();
    expect(a.outbox.claimNext(clock())?.id).toBe(one!.id);
    expect(b.outbox.claimNext(clock())?.id).toBe(two!.id);
    // nothing left for either: both are claimed
    expect(a.outbox.claimNext(clock())).toBeNull();
    expect(b.outbox.ready(clock(), 10)).toEqual([]);
    expect(b.outbox.nextDueAt()).toBeNull();
    // the other desk's claim is not its to release
    b.outbox.release(one!.id);
    expect(b.outbox.claimNext(clock())).toBeNull();
    a.outbox.release(one!.id);
    expect(b.outbox.claimNext(clock())?.id).toBe(one!.id);
  });

  it('lets only the desk that claimed an entry mark it in flight', () => {
    const { store: a, path, clock } = scratchStore();
    const b = closeLater(openStore(path, { clock, recoverInFlight: false }));
    a.clients.create({ company: 'Een' });
    const entry = a.outbox.claimNext(clock())!;
    expect(() => b.outbox.markInFlight(entry.id, { company: 'Een' })).toThrow(ClaimedElsewhere);
    expect(a.outbox.get(entry.id)).toMatchObject({ state: 'pending', sent: null });
    a.outbox.markInFlight(entry.id, { company: 'Een' });
    expect(a.outbox.get(entry.id)).toMatchObject({ state: 'in_flight', sent: { company: 'Een' } });
  });

  it('leaves another desk’s request in flight alone when opened beside it; the one desk settles it at its next start', () => {
    const { store: a, path, clock } = scratchStore();
    a.clients.create({ company: 'Een' });
    const entry = a.outbox.claimNext(clock())!;
    a.outbox.markInFlight(entry.id, { company: 'Een' });
    const beside = closeLater(openStore(path, { clock, recoverInFlight: false }));
    expect(beside.recoveredInFlight).toBe(0);
    expect(beside.outbox.get(entry.id).state).toBe('in_flight');
    a.close();
    // the desk that had it stopped (crashed): the folder's one desk opens the database
    const next = closeLater(openStore(path, { clock }));
    expect(next.recoveredInFlight).toBe(1);
    expect(next.outbox.get(entry.id).state).toBe('unknown_outcome');
    // and its claim went with it
    expect(next.outbox.claimNext(clock())?.id).toBe(entry.id);
  });

  it('tries a parked entry whose last attempt may have arrived by looking it up first', () => {
    const { store, clock } = scratchStore();
    store.clients.create({ company: 'Een' });
    const entry = store.outbox.list()[0]!;
    store.outbox.markInFlight(entry.id, { company: 'Een' });
    store.outbox.park(entry.id, { kind: 'server', message: 'gave up', lookUpFirst: true });
    store.outbox.retry(entry.id);
    expect(store.outbox.get(entry.id)).toMatchObject({ state: 'unknown_outcome', attempts: 0 });
    expect(store.outbox.ready(clock(), 1)[0]?.id).toBe(entry.id);
  });
});
