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

/** A quotation sent while the service answers `status` (after carrying the send out, or before): its id, the send of unknown outcome. */
async function sendLost(r: Rig, notes: string, status: number, applied: boolean): Promise<string> {
  const id = draft(r, notes);
  r.store.quotations.send(id, 'email');
  r.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status, applied } });
  await r.engine.flush();
  expect(r.store.outbox.list()[0]).toMatchObject({ kind: 'quotation.send', state: 'unknown_outcome' });
  return id;
}

/** Lets the look-up and what follows it run; the list pages it read. */
async function lookUp(r: Rig): Promise<number> {
  const before = r.sb.requests().length;
  await drain(r);
  return listReads(r, before).length;
}

describe('a lost send is looked up among the newest quotations', () => {
  it('a send the service carried out and answered 504: found in one request of the list', async () => {
    const r = await ordered();
    const id = await sendLost(r, 'nieuw', 504, true);
    const posts = r.sb.requests().filter((q) => q.method === 'POST').length;
    expect(await lookUp(r)).toBeLessThanOrEqual(2);
    const local = r.store.quotations.get(id);
    expect(local.sent).toBe(true);
    expect(r.sb.data.quotations.all().filter((q) => q.savename === local.savename)).toHaveLength(1);
    expect(r.sb.deliveries()).toHaveLength(1);
    // nothing went out again
    expect(r.sb.requests().filter((q) => q.method === 'POST')).toHaveLength(posts);
  });

  it('a send that never arrived (a 500 before the service acted) is proven absent in one or two requests, then sent once', async () => {
    const r = await ordered();
    const id = await sendLost(r, 'nooit', 500, false);
    expect(await lookUp(r)).toBeLessThanOrEqual(2);
    expect(r.store.quotations.get(id).sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
  });

  it('other quotations made on the service after the send do not hide it: the look-up reads back to the floor', async () => {
    const r = await ordered();
    const id = await sendLost(r, 'later', 502, true);
    // 150 quotations made by another desk meanwhile: the sent one is no longer on the last page
    const template = r.sb.data.quotations.get(r.sb.data.quotations.maxId())!;
    for (let i = 0; i < 150; i++) {
      const n = r.sb.data.nextId('quotations');
      r.sb.data.quotations.set({ ...template, id: n, savename: `ander-${n}`, quotationreference: `X-${n}` });
    }
    expect(await lookUp(r)).toBeLessThanOrEqual(4);
    expect(r.store.quotations.get(id).sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
  });

  it('a list not ordered by number: the look-up walks the whole list, and still finds it once', async () => {
    const r = await ordered({ listOrder: 'scrambled' });
    const id = await sendLost(r, 'door elkaar', 504, true);
    expect(await lookUp(r)).toBeGreaterThan(2);
    expect(r.store.quotations.get(id).sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
  });
});
