// The follow-up list and the sorted, accent-insensitive quotation list, on a
// real SQLite file with service records as a pull writes them.
import { describe, expect, it } from 'vitest';
import type { Client, Quotation } from '../../shared/schemas';
import type { Store } from '../../electron/store';
import type { QuotationPage } from '../../shared/bridge';
import { daysBetween, validUntil } from '../../electron/store/quotation-list';
import { listedQuotationSummary, readPending } from '../../electron/bridge/to-views';
import { quotationHandlers } from '../../electron/bridge/handlers/quotations';
import type { BridgeContext } from '../../electron/bridge/handlers/context';
import { fold } from '../../shared/fold';
import { fold as searchFold } from '../../electron/store/search';
import { scratchStore } from './helpers';

const T = Date.UTC(2026, 2, 10, 9);
const TODAY = '2026-03-10';

const clients: Client[] = [
  { clientnr: 1, company: "Café 't Hoekje", contact: 'Anna' },
  { clientnr: 2, company: 'Bakkerij Zon', contact: 'Bert' },
  { clientnr: 3, company: '', contact: 'émile Dubois' },
  { clientnr: 4, company: 'Atelier Noord', contact: 'Dirk' },
] as Client[];

let nextId = 100;
function record(fields: Partial<Quotation> & { clientnr: number }): Quotation {
  const id = nextId++;
  return {
    id,
    date: '2026-03-01',
    quotationperiod: 30,
    totalintax: 100,
    sent: true,
    approved: false,
    customstatus: '',
    savename: `s-${id}`,
    lines: [],
    ...fields,
  } as Quotation;
}

function seeded(records: Quotation[]): Store {
  const { store } = scratchStore();
  store.pulled.putClients(clients, T);
  store.pulled.putQuotations(records, T);
  return store;
}

const idOf = (store: Store, serverId: number) => store.quotations.rowByServerId(serverId)!.id;

describe('follow-up list', () => {
  it('holds sent quotations that wait for an answer, and nothing else', () => {
    const waiting = record({ clientnr: 1 });
    const approved = record({ clientnr: 1, approved: { name: 'Anna', date: '2026-03-05' } } as unknown as Partial<Quotation> & { clientnr: number });
    const completed = record({ clientnr: 2, customstatus: 'completed' });
    const declined = record({ clientnr: 2, customstatus: 'declined' });
    const inProgress = record({ clientnr: 2, customstatus: 'progress' });
    const billable = record({ clientnr: 3, customstatus: 'billable' });
    const draft = record({ clientnr: 3, sent: false });
    const toApprove = record({ clientnr: 4 });
    const toDecline = record({ clientnr: 4 });
    const toDelete = record({ clientnr: 4 });
    const store = seeded([waiting, approved, completed, declined, inProgress, billable, draft, toApprove, toDecline, toDelete]);
    // changes made here count at once, before the service has them
    store.quotations.approve(idOf(store, toApprove.id), { name: 'Dirk', date: TODAY });
    store.quotations.setCustomStatus(idOf(store, toDecline.id), 'declined');
    store.quotations.delete(idOf(store, toDelete.id));
    // a local draft sent here (the send waits in the outbox) waits for an answer too
    const c = store.clients.list({ limit: 1 })[0]!;
    const local = store.quotations.create({ clientId: c.id, date: '2026-03-08', quotationperiod: 14 });
    store.quotations.send(local.id, 'email');
    const unsent = store.quotations.create({ clientId: c.id });

    const ids = store.quotations.followUp({ today: TODAY }).items.map((q) => q.id);
    expect(new Set(ids)).toEqual(new Set([idOf(store, waiting.id), idOf(store, inProgress.id), idOf(store, billable.id), local.id]));
    expect(ids).not.toContain(unsent.id);
  });

  it('orders by validity date, marks those past it as expired and counts the days', () => {
    const later = record({ clientnr: 1, date: '2026-03-01', quotationperiod: 30, datedue: '2026-03-31', sign_url: 'https://sign.example/abc' });
    const expired = record({ clientnr: 2, date: '2026-01-01', quotationperiod: 14, datedue: '2026-01-15' });
    const today = record({ clientnr: 3, date: '2026-02-08', datedue: '2026-03-10' });
    // no datedue from the service: date + quotationperiod
    const computed = record({ clientnr: 4, date: '2026-03-02', quotationperiod: 10, datedue: undefined });
    const unknown = record({ clientnr: 4, date: '2026-03-02', quotationperiod: undefined, datedue: undefined });
    const sameDayOld = record({ clientnr: 1, datedue: '2026-03-31' });
    const store = seeded([later, expired, today, computed, unknown, sameDayOld]);

    const page = store.quotations.followUp({ today: TODAY });
    const list = page.items;
    expect(list.map((q) => q.serverId)).toEqual([expired.id, today.id, computed.id, sameDayOld.id, later.id, unknown.id]);
    expect(page).toMatchObject({ total: 6, expired: 1 });
    // a page at a time, in the same order
    const pages = [0, 2, 4].flatMap((offset) => store.quotations.followUp({ today: TODAY, offset, limit: 2 }).items.map((q) => q.serverId));
    expect(pages).toEqual(list.map((q) => q.serverId));
    expect(store.quotations.followUp({ today: TODAY, offset: 4, limit: 2 })).toMatchObject({ total: 6, expired: 1 });
    // expired is counted against the day asked for
    expect(store.quotations.followUp({ today: '2026-04-01', limit: 1 }).expired).toBe(5);
    // an approval made here takes it off the list and out of the counts at once
    store.quotations.approve(idOf(store, expired.id), { name: 'Dirk', date: TODAY });
    expect(store.quotations.followUp({ today: TODAY, limit: 1 })).toMatchObject({ total: 5, expired: 0 });
    const by = new Map(list.map((q) => [q.serverId, q]));
    expect(by.get(expired.id)).toMatchObject({ datedue: '2026-01-15', daysLeft: -54, expired: true });
    expect(by.get(today.id)).toMatchObject({ datedue: '2026-03-10', daysLeft: 0, expired: false });
    expect(by.get(computed.id)).toMatchObject({ datedue: '2026-03-12', daysLeft: 2, expired: false });
    expect(by.get(unknown.id)).toMatchObject({ datedue: null, daysLeft: null, expired: false, signUrl: null });
    // the signing link the panel offers comes with the row
    expect(by.get(later.id)).toMatchObject({ signUrl: 'https://sign.example/abc' });
  });

  it('works out the validity date as the service does', () => {
    expect(validUntil('2026-05-01', '2026-01-01', 10)).toBe('2026-05-01');
    expect(validUntil(undefined, '2026-02-20', '10')).toBe('2026-03-02');
    expect(validUntil(null, '2024-02-28', 1)).toBe('2024-02-29');
    expect(validUntil('', '2026-01-01', '')).toBeNull();
    expect(validUntil(undefined, 'yesterday', 10)).toBeNull();
    expect(validUntil(undefined, '2026-01-01', -3)).toBeNull();
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1);
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364);
  });
});

describe('sorting the quotation list', () => {
  function sortedStore() {
    const a = record({ clientnr: 2, date: '2026-02-01', totalintax: 250.0, sent: false });
    const b = record({ clientnr: 1, date: '2026-03-01', totalintax: 99.5, sent: true });
    const c = record({
      clientnr: 3,
      date: '2026-01-15',
      totalintax: 1200.0,
      sent: true,
      approved: { name: 'X', date: '2026-01-20' },
    } as unknown as Partial<Quotation> & { clientnr: number });
    // a tie with c on the date, on the client with b
    const d = record({ clientnr: 1, date: '2026-01-15', totalintax: 5.0, sent: true });
    const store = seeded([a, b, c, d]);
    // drafts: totals from their lines, one with no date and no client
    const bakker = store.clients.list({ limit: 10 }).find((x) => x.fields.company === 'Bakkerij Zon')!;
    const draft = store.quotations.create({ clientId: bakker.id, date: '2026-02-15' });
    store.quotations.addLine(draft.id, { description: 'Werk', amount: 3, price: 100, tax_rate: 0 });
    const empty = store.quotations.create({});
    store.quotations.updateHeader(empty.id, { date: null });
    return { store, a: idOf(store, a.id), b: idOf(store, b.id), c: idOf(store, c.id), d: idOf(store, d.id), draft: draft.id, empty: empty.id };
  }

  const order = (store: Store, key: 'date' | 'client' | 'total' | 'state', dir: 'asc' | 'desc') =>
    store.quotations.summaries({ limit: 1000, sort: { key, dir } }).map((q) => q.id);

  it('sorts by each column both ways, empty values last and ties by the newest first', () => {
    const { store, a, b, c, d, draft, empty } = sortedStore();
    // c and d share a date: the newer row (d) first in both directions
    expect(order(store, 'date', 'asc')).toEqual([d, c, a, draft, b, empty]);
    expect(order(store, 'date', 'desc')).toEqual([b, draft, a, d, c, empty]);
    // Bakkerij Zon, Café 't Hoekje (b, d: newer first), émile Dubois (no company: the contact, accent folded)
    expect(order(store, 'client', 'asc')).toEqual([draft, a, d, b, c, empty]);
    expect(order(store, 'client', 'desc')).toEqual([c, d, b, draft, a, empty]);
    // the draft's total (300.00) comes from its lines and is merged between the service's
    // the empty draft totals 0.00: a total, not an empty value
    expect(order(store, 'total', 'asc')).toEqual([empty, d, b, a, draft, c]);
    expect(order(store, 'total', 'desc')).toEqual([c, draft, a, b, d, empty]);
  });

  it('sorts by state as the list names them, problems first', () => {
    const { store, a, b, c, d, draft, empty } = sortedStore();
    const states = new Map(store.quotations.summaries({ limit: 100 }).map((q) => [q.id, listedQuotationSummary(q, readPending(store)).state]));
    expect([a, b, c, d, draft, empty].map((x) => states.get(x))).toEqual(['saved', 'sent', 'approved', 'sent', 'pending', 'local']);
    // local, saved, pending, sent (b, d: newer first), approved
    expect(order(store, 'state', 'asc')).toEqual([empty, a, draft, d, b, c]);
    expect(order(store, 'state', 'desc')).toEqual([c, d, b, draft, a, empty]);
  });

  it('gives the bridge the list in the order asked for', () => {
    const { store, a, b, c, d, draft, empty } = sortedStore();
    const ctx = { store: () => store } as unknown as BridgeContext;
    const list = quotationHandlers(ctx)['quotations.list'];
    expect((list({ sort: { key: 'total', dir: 'desc' } }) as QuotationPage).items.map((q) => q.id)).toEqual([c, draft, a, b, d, empty]);
  });

  it('folds accents for the list as the clients search does', () => {
    for (const s of ['Café', 'ÉMILE', 'Coöperatie', 'Müller']) expect(fold(s)).toBe(searchFold(s));
  });
});
