// The quotation list read from plain columns gives what reading every
// quotation whole gives, for service records, drafts, queued changes and
// missing clients alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi } from '../../electron/api';
import { pull } from '../../electron/sync';
import type { Store } from '../../electron/store';
import { listedQuotationSummary, lookupFor, quotationSummary, readPending } from '../../electron/bridge/to-views';
import { scratchStore } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 25, products: 5, quotations: 60, seed: 7 });
});
afterAll(() => sb.close());

async function pulled(): Promise<Store> {
  const { store } = scratchStore();
  const api = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }) });
  try {
    await pull(store, api, Date.now);
  } finally {
    await api.close();
  }
  return store;
}

/** The list the slow way: every quotation read whole, mapped as the single view maps it. */
function wholeList(store: Store, opts: Parameters<Store['quotations']['list']>[0] = {}) {
  const lookup = lookupFor(store);
  return store.quotations.list({ limit: 1_000_000, ...opts }).map((q) => quotationSummary(q, lookup));
}

function listed(store: Store, opts: Parameters<Store['quotations']['summaries']>[0] = {}) {
  const pending = readPending(store);
  return store.quotations.summaries({ limit: 1_000_000, ...opts }).map((q) => listedQuotationSummary(q, pending));
}

describe('quotation list', () => {
  it('summarises every quotation as reading it whole does', async () => {
    const store = await pulled();
    const all = store.quotations.list({ limit: 1000 });
    const sent = all.filter((q) => q.sent && q.serverId !== null);
    const drafts = all.filter((q) => !q.sent && q.serverId !== null);
    expect(sent.length).toBeGreaterThan(3);
    expect(drafts.length).toBeGreaterThan(3);

    // local work of every kind
    const [c1, c2, c3] = store.clients.list({ limit: 3 });
    store.clients.update(c1!.id, { company: 'Hernoemd BV', currency: 'USD' });
    store.clients.update(c2!.id, { company: '', contact: 'Alleen Contact' });
    const fresh = store.quotations.create({ clientId: c3!.id });
    store.quotations.addLine(fresh.id, { description: 'Werk', amount: 2, price: 40.5, tax_rate: 21 });
    store.quotations.create({});
    store.quotations.updateHeader(drafts[0]!.id, { notes: 'local edit' });
    store.quotations.send(drafts[1]!.id, 'email');
    store.quotations.approve(sent[0]!.id, { name: 'Klant', date: '2026-02-01' });
    store.quotations.setCustomStatus(sent[1]!.id, 'billable');
    store.quotations.setCustomStatus(sent[2]!.id, 'clear');
    store.quotations.delete(sent[3]!.id);
    // a service record whose client is not on this computer
    const orphan = store.quotations.rowByServerId(drafts[2]!.serverId!)!;
    store.db.prepare('DELETE FROM clients WHERE clientnr = ?').run(JSON.parse(orphan.server!).clientnr);
    // a service record without a total
    const noTotal = store.quotations.rowByServerId(drafts[3]!.serverId!)!;
    const { totalintax: _t, ...rest } = JSON.parse(noTotal.server!);
    store.db.prepare('UPDATE quotations SET server = ? WHERE id = ?').run(JSON.stringify(rest), noTotal.id);

    const expected = wholeList(store);
    expect(listed(store)).toEqual(expected);
    expect(expected.map((s) => s.state)).toEqual(expect.arrayContaining(['pending', 'saved', 'sent', 'approved']));
    expect(expected.some((s) => s.client?.name === 'Hernoemd BV' && s.currency === 'USD')).toBe(true);
    expect(expected.some((s) => s.client?.name === 'Alleen Contact')).toBe(true);
    expect(expected.find((s) => s.id === orphan.id)?.client).toBeNull();

    for (const which of ['drafts', 'sent'] as const) expect(listed(store, { which })).toEqual(wholeList(store, { which }));
    expect(listed(store, { includeDeleted: true })).toEqual(wholeList(store, { includeDeleted: true }));
    expect(listed(store, { offset: 5, limit: 7, which: 'sent' })).toEqual(wholeList(store, { offset: 5, limit: 7, which: 'sent' }));
  });

  it('lists a few thousand quotations in a few milliseconds', async () => {
    const store = await pulled();
    // many more of the pulled records, as a large account has
    const rows = store.db.prepare('SELECT server FROM quotations WHERE server IS NOT NULL').all() as { server: string }[];
    const records = Array.from({ length: 3000 }, (_, i) => ({
      ...JSON.parse(rows[i % rows.length]!.server),
      id: 100_000 + i,
      savename: `bulk ${i}`,
      quotationreference: '',
    }));
    for (let i = 0; i < records.length; i += 1000) store.pulled.putQuotations(records.slice(i, i + 1000), Date.now());
    expect(store.quotations.summaries({ limit: 1_000_000 }).length).toBeGreaterThan(3000);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      store.quotations.summaries({ limit: 1_000_000 });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    // generous for a loaded machine; reading every record whole takes some 100 ms here
    expect(times[3]).toBeLessThan(40);
  });

  it('finds a quotation by its number, not by the service id no screen shows (docs/numbering.md)', async () => {
    const store = await pulled();
    const row = store.db.prepare('SELECT server FROM quotations WHERE server IS NOT NULL LIMIT 1').get() as { server: string };
    const record = { ...JSON.parse(row.server), id: 987_654, savename: 'qd-elsewhere', quotationreference: 'OF2026-4321', totalintax: '10.00' };
    store.pulled.putQuotations([record], Date.now());
    const found = (query: string) => store.quotations.page({ query }).items.map((q) => q.quotationreference);
    expect(found('OF2026-4321')).toEqual(['OF2026-4321']);
    expect(found('987654')).toEqual([]);
  });
});
