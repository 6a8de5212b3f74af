// A send whose answer was lost is looked up among the newest quotations: a
// sent quotation has a number above every one there was, so in a list
// ordered by number it is at the end. One or two requests find it (or prove
// it never arrived), where a walk from the oldest read the whole list (31
// pages here, 101 at ten years' size). A list not ordered by number, or a
// send of an older version without the floor, walks the whole list as before.
import { describe, expect, it } from 'vitest';
import { Freshness } from '../../electron/sync/freshness';
import { drain, draft, rig, type Rig } from './helpers';

const listReads = (r: Rig, from: number) =>
  r.sb
    .requests()
    .slice(from)
    .filter((q) => q.method === 'GET' && q.url.includes('/quotations?'));

/** A desk that pulled the quotations and knows from their pages that they are ordered by number. */
async function ordered(opts: { listOrder?: 'id' | 'scrambled' } = {}) {
  const r = await rig({ sandbox: { clients: 20, products: 0, quotations: 3000, maxCount: 100, ...opts } });
  const summary = await r.engine.pull();
  const freshness = new Freshness({ store: r.store, api: r.api, now: r.clock });
  freshness.notePull(summary, r.clock());
  freshness.dispose();
  return r;
}

describe('a lost send is looked up among the newest quotations', () => {
  it('a send the service carried out and answered 504: found in one request of the list', async () => {
    const r = await ordered();
    const id = draft(r, 'nieuw');
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 504, applied: true } });
    await r.engine.flush();
    expect(r.store.outbox.list()[0]).toMatchObject({ kind: 'quotation.send', state: 'unknown_outcome' });
    const before = r.sb.requests().length;
    await drain(r);
    const local = r.store.quotations.get(id);
    expect(local.sent).toBe(true);
    expect(r.sb.data.quotations.all().filter((q) => q.savename === local.savename)).toHaveLength(1);
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(listReads(r, before).length).toBeLessThanOrEqual(2);
    // nothing went out again
    expect(
      r.sb
        .requests()
        .slice(before)
        .filter((q) => q.method === 'POST'),
    ).toEqual([]);
  });

  it('a send that never arrived (a 500 before the service acted) is proven absent in one or two requests, then sent once', async () => {
    const r = await ordered();
    const id = draft(r, 'nooit');
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 500, applied: false } });
    await r.engine.flush();
    const before = r.sb.requests().length;
    await drain(r);
    expect(r.store.quotations.get(id).sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(listReads(r, before).length).toBeLessThanOrEqual(2);
  });

  it('other quotations made on the service after the send do not hide it: the look-up reads back to the floor', async () => {
    const r = await ordered();
    const id = draft(r, 'later');
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 502, applied: true } });
    await r.engine.flush();
    // 150 quotations made by another desk meanwhile: the sent one is no longer on the last page
    const template = r.sb.data.quotations.get(r.sb.data.quotations.maxId())!;
    for (let i = 0; i < 150; i++) {
      const n = r.sb.data.nextId('quotations');
      r.sb.data.quotations.set({ ...template, id: n, savename: `ander-${n}`, quotationreference: `X-${n}` });
    }
    const before = r.sb.requests().length;
    await drain(r);
    expect(r.store.quotations.get(id).sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(listReads(r, before).length).toBeLessThanOrEqual(4);
  });

  it('a list not ordered by number: the look-up walks the whole list, and still finds it once', async () => {
    const r = await ordered({ listOrder: 'scrambled' });
    const id = draft(r, 'door elkaar');
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 504, applied: true } });
    await r.engine.flush();
    const before = r.sb.requests().length;
    await drain(r);
    expect(r.store.quotations.get(id).sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(listReads(r, before).length).toBeGreaterThan(2);
  });
});
