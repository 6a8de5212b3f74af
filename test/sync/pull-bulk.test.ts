import { describe, expect, it } from 'vitest';
import { rig } from './helpers';

const interval = (r: { store: { db: { pragma(s: string, o: { simple: true }): unknown } } }) => r.store.db.pragma('wal_autocheckpoint', { simple: true });

describe('a pull writing many pages', () => {
  it('copies the write-ahead log back less often while it writes, and as usual again once it ended', async () => {
    const r = await rig({ sandbox: { clients: 250, products: 20, quotations: 30 }, engine: { pageSize: 100 } });
    const during: unknown[] = [];
    r.engine.events.on('progress', (p) => {
      if (p.phase === 'clients' || p.phase === 'products') during.push(interval(r));
    });
    expect(interval(r)).toBe(1000);
    await r.engine.pull();
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((n) => n === 10_000)).toBe(true);
    expect(interval(r)).toBe(1000);
  });

  it('sets the usual interval back when a page fails', async () => {
    const r = await rig({ sandbox: { clients: 250, products: 20, quotations: 30 }, engine: { pageSize: 100 } });
    r.engine.events.on('progress', (p) => {
      if (p.phase === 'clients' && p.pagesDone === 2) r.sb.setFaults({ serverErrorRate: 1 });
    });
    await expect(r.engine.pull()).rejects.toThrow();
    expect(interval(r)).toBe(1000);
  });
});
