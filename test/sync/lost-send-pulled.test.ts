// A saved draft is sent, the service sends it (a new id) but a gateway
// answers 504, and the desk reads the quotations before it looks the send up
// (a check of the newest, a sweep, a whole pull). The quotation the service
// sent carries this desk's savename: it is the desk's own row, moved to its
// new id, never a second row beside it, and its name is never dropped. The
// look-up after it finds the send done, and nothing goes twice.
import { describe, expect, it } from 'vitest';
import { drain, draft, rig, type Rig } from './helpers';

/** Every quotation the desk lists, with its service id and savename. */
const listed = (r: Rig) => r.store.quotations.list({ limit: 1000 }).map((q) => ({ id: q.id, serverId: q.serverId, savename: q.savename, sent: q.sent }));

describe('a send whose answer was lost, read by the desk before its look-up', () => {
  it('keeps one row, under the new id, with its savename; the look-up finds it sent and sends nothing again', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 4 } });
    await r.engine.pull();
    const id = draft(r, 'verloren antwoord');
    await drain(r);
    const before = r.store.quotations.get(id);
    expect(before.serverId).not.toBeNull();
    const savename = before.savename!;
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'PUT', path: `/quotations/${before.serverId}`, effect: { kind: 'error', status: 504, applied: true } });
    await r.engine.flush();
    expect(r.store.outbox.list()[0]).toMatchObject({ kind: 'quotation.send', state: 'unknown_outcome' });
    const sent = r.sb.data.quotations.all().find((q) => q.savename === savename)!;
    expect(sent.sent).toBe(true);
    expect(sent.id).not.toBe(before.serverId);

    // the desk reads the quotations before the look-up runs
    const counts = r.store.quotations.list({ limit: 1000 }).length;
    await r.engine.pull();
    const mine = listed(r).filter((q) => q.savename === savename || q.id === id);
    expect(mine).toEqual([{ id, serverId: sent.id, savename, sent: true }]);
    expect(r.store.quotations.list({ limit: 1000 })).toHaveLength(counts);

    // the look-up: done, once
    await drain(r);
    expect(r.store.outbox.parked()).toEqual([]);
    expect(r.store.outbox.pendingCount()).toBe(0);
    expect(listed(r).filter((q) => q.savename === savename)).toEqual([{ id, serverId: sent.id, savename, sent: true }]);
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(r.sb.data.quotations.all().filter((q) => q.savename === savename)).toHaveLength(1);
  });
});
