// A list that comes back empty, or with fewer than half of the records this
// desk holds, is read a second time before anything is swept from it: one
// `200 []` for clients once emptied a local cache of 38 clients
// (docs/paging.md, A list that shrinks).
import { describe, expect, it } from 'vitest';
import { toWire } from '../../shared/wire';
import { looksCollapsed } from '../../electron/sync/pull';
import { rig } from './helpers';

const SIZES = { clients: 38, products: 10, quotations: 6 };

const clientReads = (r: Awaited<ReturnType<typeof rig>>) => r.sb.requests().filter((q) => q.method === 'GET' && /^\/api\/v1\/clients\?/.test(q.url)).length;

describe('a list that shrinks is confirmed before anything is swept', () => {
  it('an empty answer once sweeps nothing: the second read brings every client back', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 } });
    await r.engine.pull();
    expect(r.store.pulled.count('clients')).toBe(38);
    // what one walk of the clients costs (docs/paging.md, What it costs)
    const walk = clientReads(r);
    await r.engine.pull();
    expect(clientReads(r) - walk).toBe(walk);
    const before = clientReads(r);
    r.sb.addFault({ method: 'GET', path: '/clients', times: 1, effect: { kind: 'body', body: '[]' } });
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 38, removed: 0, flagged: 0, confirmed: ['clients'] });
    expect(summary.incomplete).toBeUndefined();
    // the empty answer, then the whole walk again
    expect(clientReads(r) - before).toBe(1 + walk);
    expect(r.store.pulled.count('clients')).toBe(38);
    // the other lists were read once, as ever
    expect(r.store.pulled.count('products')).toBe(10);
  });

  it('a collapsed answer once (5 of 38) sweeps nothing', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 } });
    await r.engine.pull();
    const five = r.sb.data.clients
      .ids()
      .slice(0, 5)
      .map((n) => toWire(r.sb.data.clients.get(n)));
    r.sb.addFault({ method: 'GET', path: '/clients', times: 1, effect: { kind: 'body', body: JSON.stringify(five) } });
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 38, removed: 0, confirmed: ['clients'] });
    expect(r.store.pulled.count('clients')).toBe(38);
  });

  it('an empty list answered twice is confirmed, and swept', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 } });
    await r.engine.pull();
    r.sb.addFault({ method: 'GET', path: '/clients', times: 2, effect: { kind: 'body', body: '[]' } });
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 0, removed: 38, confirmed: ['clients'] });
    expect(r.store.pulled.count('clients')).toBe(0);
  });

  it('clients really deleted on the service are removed once the second read says the same', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 } });
    await r.engine.pull();
    const ids = r.sb.data.clients.ids();
    for (const n of ids.slice(10)) r.sb.data.clients.delete(n);
    const before = clientReads(r);
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 10, removed: 28, confirmed: ['clients'] });
    // two walks of a list shorter than a page the service gave: a request each
    expect(clientReads(r) - before).toBe(2);
    expect(r.store.pulled.count('clients')).toBe(10);
  });

  it('a list that shrinks by less than half is swept at once, with one read', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 } });
    await r.engine.pull();
    for (const n of r.sb.data.clients.ids().slice(20)) r.sb.data.clients.delete(n);
    const before = clientReads(r);
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 20, removed: 18 });
    expect(summary.confirmed).toBeUndefined();
    expect(clientReads(r) - before).toBe(1);
  });

  it('a second read that fails sweeps nothing, and names the list', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 5 } });
    await r.engine.pull();
    r.sb.addFault({ method: 'GET', path: '/products', times: 1, effect: { kind: 'body', body: '[]' } });
    r.sb.addFault({ method: 'GET', path: '/products', times: 1, effect: { kind: 'error', status: 503, applied: false } });
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ products: 0, removed: 0, confirmed: ['products'], incomplete: ['products'] });
    expect(summary.failed).toEqual([{ list: 'products', error: expect.objectContaining({ kind: 'server', status: 503 }) }]);
    expect(r.store.pulled.count('products')).toBe(10);
    expect(r.store.pulled.count('clients')).toBe(38);
  });
});

describe('what counts as collapsed', () => {
  it('empty, or under half of what is held', () => {
    expect(looksCollapsed(0, 38)).toBe(true);
    expect(looksCollapsed(18, 38)).toBe(true);
    expect(looksCollapsed(19, 38)).toBe(false);
    expect(looksCollapsed(0, 0)).toBe(false);
    expect(looksCollapsed(0, 1)).toBe(true);
    expect(looksCollapsed(40, 38)).toBe(false);
  });
});
