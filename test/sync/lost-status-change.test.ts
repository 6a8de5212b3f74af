// An approval or status change whose answer was lost, and another desk's
// change of the same quotation before it goes again. The repeat never
// replaces a state set on the service since: the quotation is read first.
// Nor does a first attempt replace a state set there since this desk last
// read it: the person is asked.
import { describe, expect, it } from 'vitest';
import { drain, rig, type Rig } from './helpers';

const PUT = (r: Rig, serverId: number) => r.sb.requestLog().filter((q) => q.method === 'PUT' && q.url === `/api/v1/quotations/${serverId}`);

/** A sent quotation without a custom status, on both desks: its local id on each, and its service id. */
async function sentOnBoth(b: Rig, a: Rig): Promise<{ onB: string; onA: string; serverId: number }> {
  await b.engine.pull();
  await a.engine.pull();
  const q = b.sb.data.quotations.all().find((x) => x.sent && !x.customstatus && !x.approved)!;
  expect(q).toBeDefined();
  return { onB: b.store.quotations.byServerId(q.id)!.id, onA: a.store.quotations.byServerId(q.id)!.id, serverId: q.id };
}

describe('an approval or status change whose answer was lost', () => {
  it('does not go again over a status the other desk set since: that one stands, here too', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 8 } });
    const a = b.otherDesk();
    const { onB, onA, serverId } = await sentOnBoth(b, a);
    b.store.quotations.setCustomStatus(onB, 'progress');
    b.sb.addFault({ method: 'PUT', path: `/quotations/${serverId}`, effect: { kind: 'error', status: 502, applied: true } });
    await b.engine.flush();
    expect(b.store.outbox.list()).toMatchObject([{ kind: 'quotation.status', state: 'unknown_outcome' }]);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('progress');

    // A sees "in progress" and moves it on
    await a.engine.pull();
    a.store.quotations.setCustomStatus(onA, 'completed');
    await drain(a);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('completed');

    await drain(b);
    expect(b.store.outbox.list()).toEqual([]);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('completed');
    expect(b.store.quotations.get(onB).customstatus).toBe('completed');
    expect(PUT(b, serverId)).toHaveLength(2); // B's lost one, A's
  });

  it('goes again when the service still holds the state from before, and is recorded once when it arrived', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 8 } });
    const a = b.otherDesk();
    const { onB, serverId } = await sentOnBoth(b, a);
    // refused before the service acted, and then answered by a gateway after it acted
    b.store.quotations.approve(onB, { name: 'Jan de Vries', date: '2026-11-27' });
    b.sb.addFault({ method: 'PUT', path: `/quotations/${serverId}`, effect: { kind: 'error', status: 500, applied: false } });
    await b.engine.flush();
    expect(b.store.outbox.list()).toMatchObject([{ kind: 'quotation.approve', state: 'unknown_outcome' }]);
    await drain(b);
    expect(b.sb.data.quotations.get(serverId)!.approved).toMatchObject({ name: 'Jan de Vries' });
    expect(PUT(b, serverId)).toHaveLength(2);

    b.store.quotations.setCustomStatus(onB, 'progress');
    b.sb.addFault({ method: 'PUT', path: `/quotations/${serverId}`, effect: { kind: 'error', status: 504, applied: true } });
    await b.engine.flush();
    await drain(b);
    expect(b.store.outbox.list()).toEqual([]);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('progress');
    expect(b.store.quotations.get(onB).customstatus).toBe('progress');
    expect(PUT(b, serverId)).toHaveLength(3);
  });

  it('asks before it sets a status over one the other desk set since this desk last read it; Retry sets it knowingly', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 8 } });
    const a = b.otherDesk();
    const { onB, onA, serverId } = await sentOnBoth(b, a);
    // B, offline, marks it in progress; A meanwhile declines it on the service
    b.store.quotations.setCustomStatus(onB, 'progress');
    a.store.quotations.setCustomStatus(onA, 'declined');
    await drain(a);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('declined');

    await drain(b);
    const parked = b.store.outbox.parked();
    expect(parked).toMatchObject([{ kind: 'quotation.status', lastError: { messageKey: 'parked.quotation.changed_there', params: { now: 'declined' } } }]);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('declined');
    expect(PUT(b, serverId)).toHaveLength(1); // A's

    // the person has seen it and sets theirs anyway
    b.store.outbox.retry(parked[0]!.id);
    await drain(b);
    expect(b.store.outbox.list()).toEqual([]);
    expect(b.sb.data.quotations.get(serverId)!.customstatus).toBe('progress');
  });
});
