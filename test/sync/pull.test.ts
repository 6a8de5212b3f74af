import { describe, expect, it } from 'vitest';
import { rig } from './helpers';

describe('pull', () => {
  it('reads every list with one request per page and reports progress', async () => {
    const r = await rig({ sandbox: { clients: 250, products: 40, quotations: 120 }, engine: { pageSize: 100 } });
    const progress: { pagesDone: number; pagesEstimated: number }[] = [];
    r.engine.events.on('progress', (p) => progress.push(p));
    const summary = await r.engine.pull();
    expect(summary).toMatchObject({ clients: 250, products: 40, quotations: 120 });
    expect(summary.countries).toBeGreaterThan(10);
    // countries 1, clients 3, products 1, quotations 2; the first pull also reads profiles and categories, 1 each
    const gets = r.sb.requests().filter((q) => q.method === 'GET');
    expect(gets).toHaveLength(9);
    expect(summary.requests).toBe(9);
    expect(gets.every((g) => /count=100/.test(g.url) || /countrylist|profiles|categories/.test(g.url))).toBe(true);
    expect(progress.map((p) => p.pagesDone)).toEqual([1, 2, 3, 4, 5, 6, 7, 7]);
    expect(progress.at(-1)).toEqual(expect.objectContaining({ pagesDone: 7, pagesEstimated: 7 }));
    expect(r.store.pulled.count('clients')).toBe(250);
    expect(r.store.pulled.count('quotations')).toBe(120);
    expect(r.store.search.clients(r.sb.data.clients.all()[0]!.company.slice(0, 4)).length).toBeGreaterThan(0);

    // the second pull knows what to expect
    progress.length = 0;
    await r.engine.pull();
    expect(progress[0]!.pagesEstimated).toBe(7);
  });

  it('removes what vanished from the service, keeping and flagging what local work needs', async () => {
    const r = await rig({ sandbox: { clients: 5, products: 3, quotations: 0 } });
    await r.engine.pull();
    const [a, b, c] = r.store.clients.list();
    r.store.clients.update(b!.id, { notes: 'edited here' });
    const draft = r.store.quotations.create({ clientId: c!.id });
    // keep the outbox from pushing: its entries fail once and wait out a backoff, so the pull has nothing to give way to
    r.sb.setFaults({ serverErrorRate: 1 });
    await r.engine.flush();
    for (const x of [a!, b!, c!]) r.sb.data.clients.delete(x.clientnr!);
    r.sb.data.products.delete(r.sb.data.products.all()[0]!.id);
    r.sb.clearFaults();
    const summary = await r.engine.pull();
    expect(summary.removed).toBe(2);
    expect(summary.flagged).toBe(2);
    expect(r.store.clients.find(a!.id)).toBeNull();
    expect(r.store.clients.get(b!.id)).toMatchObject({ gone: true, fields: { notes: 'edited here' } });
    expect(r.store.clients.get(c!.id).gone).toBe(true);
    expect(r.store.quotations.get(draft.id).content.clientId).toBe(c!.id);
    expect(r.store.pulled.count('products')).toBe(2);
  });

  it('takes in changes made on the service, leaving local edits alone', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    const [a, b] = r.store.clients.list();
    r.store.clients.update(a!.id, { city: 'Local' });
    r.sb.data.clients.patch(a!.clientnr!, { city: 'Remote A' });
    r.sb.data.clients.patch(b!.clientnr!, { city: 'Remote B' });
    await r.engine.pull();
    expect(r.store.clients.get(a!.id).fields.city).toBe('Local');
    expect(r.store.clients.get(b!.id).fields.city).toBe('Remote B');
  });

  it('a failed pull changes nothing it did not finish, and removes nothing', async () => {
    const r = await rig({ sandbox: { clients: 30, products: 0, quotations: 0 }, engine: { pageSize: 10 } });
    await r.engine.pull();
    r.sb.setFaults({ serverErrorRate: 1 });
    await expect(r.engine.pull()).rejects.toMatchObject({ kind: 'server' });
    expect(r.store.pulled.count('clients')).toBe(30);
  });
});
