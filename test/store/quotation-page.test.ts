// The quotation list a page at a time, on a real SQLite file: every order
// both ways against a sort done here, pages that neither skip nor repeat,
// each filter, the accent-insensitive search, the totals and counts, and
// the list's keys following what changes after they were worked out.
import { describe, expect, it } from 'vitest';
import type { Client, Quotation } from '../../shared/schemas';
import type { QuotationListItem, Store } from '../../electron/store';
import type { QuotationSort } from '../../shared/bridge';
import { listedQuotationSummary, readPending } from '../../electron/bridge/to-views';
import { fold } from '../../shared/fold';
import { scratchStore } from './helpers';

const T = Date.UTC(2026, 2, 10, 9);
const NAMES = ["Café 't Hoekje", 'Bakkerij Zon', 'ÉMILE Dubois', 'Atelier Noord', 'Coöperatie Oost', 'émile dubois', 'Zeeman', ''];

/** A seeded pseudo-random sequence: the same list every run. */
function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** 40 clients, 400 service quotations with ties, empty dates and empty names, 6 drafts, a parked save and a conflict. */
function bigStore(): { store: Store } {
  const { store } = scratchStore();
  const r = rng(7);
  const clients = Array.from({ length: 40 }, (_, i) => ({
    clientnr: i + 1,
    company: NAMES[i % NAMES.length],
    contact: i % NAMES.length === 7 ? '' : `Contact ${i}`,
  }));
  store.pulled.putClients(clients as Client[], T);
  const records = Array.from({ length: 400 }, (_, i) => {
    const sent = r() < 0.6;
    return {
      id: 1000 + i,
      // every 9th without a client here, every 11th without a date
      clientnr: i % 9 === 0 ? 999 : 1 + Math.floor(r() * 40),
      date: i % 11 === 0 ? '' : `2025-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`,
      // few distinct totals: many ties
      totalintax: [10, 99.5, 250, 1200, 5][Math.floor(r() * 5)],
      sent,
      approved: sent && r() < 0.3 ? { name: 'X', date: '2025-02-01' } : false,
      customstatus: sent && r() < 0.2 ? 'progress' : '',
      savename: `s-${i}`,
      quotationreference: i % 13 === 0 ? '' : `OF2025-${String(i).padStart(4, '0')}`,
      lines: [],
    };
  });
  store.pulled.putQuotations(records as unknown as Quotation[], T);
  const ids = store.clients.list({ limit: 100 }).map((c) => c.id);
  for (let i = 0; i < 6; i++) {
    const d = store.quotations.create({ clientId: i === 5 ? null : ids[i]!, date: i === 4 ? null : `2025-05-0${i + 1}` });
    store.quotations.addLine(d.id, { description: 'Werk', amount: i + 1, price: 40 * i, tax_rate: 21 });
  }
  // one saved quotation with a save parked, one with a conflict
  const [parked, conflicted] = store.quotations.page({ states: ['saved'], limit: 2 }).items;
  store.quotations.updateHeader(parked!.id, { notes: 'changed' });
  store.outbox.park(store.outbox.forTarget(parked!.id)[0]!.id, { kind: 'validation', message: 'refused' });
  store.quotations.updateHeader(conflicted!.id, { notes: 'mine' });
  const op = store.outbox.forTarget(conflicted!.id)[0]!.id;
  store.conflicts.record({ kind: 'draft', targetKind: 'quotation', target: conflicted!.id, opId: op, mine: null, theirs: null, base: null });
  return { store };
}

const STATE_ORDER = ['conflict', 'attention', 'local', 'saved', 'pending', 'sent', 'approved'];

/** Every quotation as the list shows it, read whole, and its state. */
function everything(store: Store) {
  const pending = readPending(store);
  return store.quotations.summaries({ limit: 100_000 }).map((q) => ({ item: q, view: listedQuotationSummary(q, pending) }));
}

/** The column's value as a person reads it; null for an empty one. */
function keyOf(x: { item: QuotationListItem; view: ReturnType<typeof listedQuotationSummary> }, key: QuotationSort['key']): string | number | null {
  if (key === 'date') return x.view.date || null;
  if (key === 'reference') return x.view.quotationreference ? fold(x.view.quotationreference) : null;
  if (key === 'client') return x.view.client?.name ? fold(x.view.client.name) : null;
  if (key === 'total') return Number(x.view.totalintax);
  return STATE_ORDER.indexOf(x.view.state);
}

/** The order the list promises, worked out here: empty values last, then the value, then the newest row (updated later, or made later). */
function sortedHere(store: Store, sort: QuotationSort): string[] {
  const rid = new Map(store.quotations.summaries({ limit: 100_000 }).map((q) => [q.id, store.quotations.findRow(q.id)!.rid]));
  const all = everything(store);
  const sign = sort.dir === 'asc' ? 1 : -1;
  return all
    .map((x) => ({ id: x.item.id, k: keyOf(x, sort.key), rid: rid.get(x.item.id)! }))
    .sort((a, b) => {
      if ((a.k === null) !== (b.k === null)) return a.k === null ? 1 : -1;
      if (a.k !== null && b.k !== null && a.k !== b.k) return sign * (a.k < b.k ? -1 : 1);
      return b.rid - a.rid;
    })
    .map((x) => x.id);
}

/** The whole list read page by page. */
function paged(store: Store, opts: Parameters<Store['quotations']['page']>[0], size: number): { ids: string[]; totals: number[] } {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let offset = 0; ; offset += size) {
    const page = store.quotations.page({ ...opts, offset, limit: size });
    totals.push(page.total);
    ids.push(...page.items.map((q) => q.id));
    if (page.items.length < size) break;
  }
  return { ids, totals };
}

describe('the quotation list in pages', () => {
  it('sorts by each column both ways as a sort done here does, empty values last', () => {
    const { store } = bigStore();
    for (const key of ['date', 'reference', 'client', 'total', 'state'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const wanted = sortedHere(store, { key, dir });
        expect(wanted.length).toBe(406);
        expect(paged(store, { sort: { key, dir } }, 100).ids, `${key} ${dir}`).toEqual(wanted);
      }
    }
  });

  it('pages without gaps or repeats, whatever the page size, and counts every match on every page', () => {
    const { store } = bigStore();
    const whole = store.quotations.page({ limit: 1000 }).items.map((q) => q.id);
    expect(new Set(whole).size).toBe(406);
    for (const size of [1, 7, 100, 406, 500]) {
      const { ids, totals } = paged(store, { sort: { key: 'total', dir: 'desc' } }, size);
      expect(ids).toEqual(sortedHere(store, { key: 'total', dir: 'desc' }));
      expect(new Set(totals)).toEqual(new Set([406]));
    }
    // past the end: nothing, and still the count
    expect(store.quotations.page({ offset: 5000, limit: 10 })).toEqual({ items: [], total: 406 });
    // the default order: most recently changed first, as before
    expect(paged(store, {}, 50).ids).toEqual(everything(store).map((x) => x.item.id));
  });

  it('shows each quotation as reading the whole list does', () => {
    const { store } = bigStore();
    const whole = new Map(everything(store).map((x) => [x.item.id, x.item]));
    let seen = 0;
    for (let offset = 0; offset < 406; offset += 37) {
      for (const item of store.quotations.page({ sort: { key: 'client', dir: 'asc' }, offset, limit: 37 }).items) {
        expect(item).toEqual(whole.get(item.id));
        seen++;
      }
    }
    expect(seen).toBe(406);
  });

  it('filters by state, by the chips and by sent, and counts each state', () => {
    const { store } = bigStore();
    const all = everything(store);
    const counts = store.quotations.stateCounts();
    for (const state of STATE_ORDER) {
      const wanted = all.filter((x) => x.view.state === state).map((x) => x.item.id);
      expect(counts[state as keyof typeof counts], state).toBe(wanted.length);
      const { ids, totals } = paged(store, { states: [state as keyof typeof counts] }, 30);
      expect(ids, state).toEqual(wanted);
      expect(totals[0]).toBe(wanted.length);
    }
    expect(counts.conflict).toBe(1);
    expect(counts.attention).toBe(1);
    const drafts = all.filter((x) => ['local', 'pending', 'saved'].includes(x.view.state)).map((x) => x.item.id);
    expect(paged(store, { states: ['local', 'pending', 'saved'] }, 50).ids).toEqual(drafts);
    expect(paged(store, { which: 'sent' }, 50).ids).toEqual(all.filter((x) => x.item.sent).map((x) => x.item.id));
    expect(store.quotations.page({ states: [] })).toEqual({ items: [], total: 0 });
  });

  it('searches every word in the name, reference, number, client, contact, date, total and status, without accents or case', () => {
    const { store } = bigStore();
    const all = everything(store);
    const hay = (x: (typeof all)[number]) =>
      fold(
        [
          x.item.savename,
          x.item.quotationreference,
          x.item.client?.company,
          x.item.client?.contact,
          x.item.serverId,
          x.item.totalintax,
          x.item.date,
          x.item.customstatus,
        ]
          .filter((v) => v !== null && v !== undefined)
          .join(' '),
      );
    for (const query of [
      'emile',
      'ÉMILE',
      'café hoekje',
      'cafe 1200',
      'coop',
      'OF2025-01',
      'progress',
      '2025-03',
      'contact 3',
      '1007',
      '99.5',
      'nothing like it',
      '%',
      '_',
    ]) {
      const words = fold(query).split(/\s+/).filter(Boolean);
      const wanted = all.filter((x) => words.every((w) => hay(x).includes(w))).map((x) => x.item.id);
      const { ids, totals } = paged(store, { query, sort: { key: 'date', dir: 'asc' } }, 25);
      expect(new Set(ids), query).toEqual(new Set(wanted));
      expect(ids.length, query).toBe(wanted.length);
      expect(totals[0], query).toBe(wanted.length);
    }
    // accents either way round find the same
    expect(paged(store, { query: 'emile' }, 100).ids).toEqual(paged(store, { query: 'Émile' }, 100).ids);
    expect(paged(store, { query: 'emile' }, 100).ids.length).toBeGreaterThan(0);
    // search and filter together
    const sentCafe = paged(store, { query: 'cafe', states: ['sent'] }, 100).ids;
    expect(sentCafe).toEqual(all.filter((x) => x.view.state === 'sent' && hay(x).includes('cafe')).map((x) => x.item.id));
  });

  it('follows what changes after the keys were worked out: a client renamed, a draft edited, an outbox entry parked, a quotation deleted', () => {
    const { store } = bigStore();
    const byClient = () => paged(store, { sort: { key: 'client', dir: 'asc' } }, 100).ids;
    expect(byClient()).toEqual(sortedHere(store, { key: 'client', dir: 'asc' }));
    // a client of many service quotations renamed here: they move to the front
    const zeeman = store.clients.list({ limit: 100 }).find((c) => c.fields.company === 'Zeeman')!;
    store.clients.update(zeeman.id, { company: 'Aardbei' });
    expect(byClient()).toEqual(sortedHere(store, { key: 'client', dir: 'asc' }));
    expect(store.quotations.page({ query: 'aardbei' }).total).toBe(everything(store).filter((x) => x.view.client?.name === 'Aardbei').length);
    expect(store.quotations.page({ query: 'aardbei' }).total).toBeGreaterThan(0);
    // a draft's total grows with its lines
    const draft = store.quotations.page({ states: ['pending'], sort: { key: 'total', dir: 'desc' } }).items.find((q) => q.serviceTotal === null)!;
    store.quotations.addLine(draft.id, { description: 'Meer', amount: 1, price: 100_000, tax_rate: 0 });
    expect(store.quotations.page({ sort: { key: 'total', dir: 'desc' }, limit: 1 }).items[0]!.id).toBe(draft.id);
    expect(paged(store, { sort: { key: 'total', dir: 'desc' } }, 100).ids).toEqual(sortedHere(store, { key: 'total', dir: 'desc' }));
    // a save parked: the state follows
    const attention = store.quotations.stateCounts().attention;
    store.outbox.park(store.outbox.forTarget(draft.id)[0]!.id, { kind: 'validation', message: 'refused' });
    expect(store.quotations.stateCounts().attention).toBe(attention + 1);
    expect(store.quotations.page({ states: ['attention'] }).items.map((q) => q.id)).toContain(draft.id);
    // deleted: gone from the list and its counts
    const before = store.quotations.page({}).total;
    store.quotations.delete(draft.id);
    expect(store.quotations.page({}).total).toBe(before - 1);
    expect(paged(store, {}, 100).ids).not.toContain(draft.id);
    expect(paged(store, { sort: { key: 'state', dir: 'asc' } }, 100).ids).toEqual(sortedHere(store, { key: 'state', dir: 'asc' }));
  });
});
