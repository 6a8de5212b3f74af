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

  it('searches every word in the name, reference, client, contact, date, total and status, without accents or case; not the service id, which no screen shows', () => {
    const { store } = bigStore();
    const all = everything(store);
    const hay = (x: (typeof all)[number]) =>
      fold(
        [x.item.savename, x.item.quotationreference, x.item.client?.company, x.item.client?.contact, x.item.totalintax, x.item.date, x.item.customstatus]
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

/** The list's rows as stored, and whether any quotation waits to have its row worked out. */
function listRows(store: Store): { rows: unknown[]; dirty: number } {
  return {
    rows: store.db.prepare('SELECT * FROM quotation_list ORDER BY rid').all(),
    dirty: (store.db.prepare('SELECT count(*) AS n FROM quotation_list_dirty').get() as { n: number }).n,
  };
}

/** The rows worked out again from nothing, by the catch-up a list call runs. */
function rowsFromScratch(store: Store): unknown[] {
  store.db.exec('DELETE FROM quotation_list; INSERT OR IGNORE INTO quotation_list_dirty (rid) SELECT rid FROM quotations');
  store.quotations.page({ limit: 1 });
  const { rows, dirty } = listRows(store);
  expect(dirty).toBe(0);
  return rows;
}

describe('the quotation list after a pull', () => {
  it('has the rows of what the pull wrote worked out page by page, as from scratch, with nothing left for the first list call', () => {
    const { store } = bigStore();
    // local edits leave their notes for the next list call, as before
    expect(listRows(store).dirty).toBeGreaterThan(0);
    store.quotations.page({ limit: 1 });
    // a later pull: a page of clients renames one (its quotations' names and search words change),
    // a page of quotations changes some and brings new ones, and the sweep removes one
    const clients = Array.from({ length: 40 }, (_, i) => ({
      clientnr: i + 1,
      company: i === 2 ? 'Émile Zola' : NAMES[i % NAMES.length],
      contact: `Contact ${i}`,
    }));
    store.pulled.putClients(clients as Client[], T + 1);
    expect(listRows(store).dirty).toBe(0);
    const changed = Array.from({ length: 30 }, (_, i) => ({
      id: 1000 + i * 7,
      clientnr: 3,
      date: '2026-01-0' + (1 + (i % 9)),
      totalintax: String(5000 + i),
      sent: true,
      approved: false,
      customstatus: '',
      savename: `s-${i * 7}`,
      quotationreference: `OF2026-${String(i).padStart(4, '0')}`,
      lines: [],
    }));
    const added = Array.from({ length: 120 }, (_, i) => ({
      id: 5000 + i,
      clientnr: 1 + (i % 45),
      date: i % 10 === 0 ? '' : '2026-02-1' + (i % 9),
      totalintax: String(i * 3.25),
      sent: i % 2 === 0,
      approved: false,
      customstatus: i % 5 === 0 ? 'progress' : '',
      savename: `n-${i}`,
      quotationreference: `NEW-${i}`,
      lines: [],
    }));
    store.pulled.putQuotations(changed as unknown as Quotation[], T + 1);
    expect(listRows(store).dirty).toBe(0);
    store.pulled.putQuotations(added as unknown as Quotation[], T + 1);
    expect(listRows(store).dirty).toBe(0);
    store.pulled.sweepClients(clients.slice(1).map((c) => c.clientnr));
    expect(listRows(store).dirty).toBe(0);
    const pulled = listRows(store).rows;
    expect(pulled.length).toBe(406 + 120);
    expect(pulled).toEqual(rowsFromScratch(store));
    // and the pages read from them show what reading each quotation whole shows
    const whole = new Map(everything(store).map((x) => [x.item.id, x.item]));
    for (const item of store.quotations.page({ query: 'zola', limit: 500 }).items) expect(item).toEqual(whole.get(item.id));
    expect(store.quotations.page({ query: 'zola' }).total).toBe([...whole.values()].filter((q) => q.client?.company === 'Émile Zola').length);
  });

  it('leaves no quotation to be worked out after a first pull into an empty store', () => {
    const { store } = scratchStore();
    store.pulled.putClients([{ clientnr: 1, company: 'Müller Bouw', contact: '' }] as Client[], T);
    const page = (from: number) =>
      Array.from({ length: 250 }, (_, i) => ({
        id: from + i,
        clientnr: i % 3 === 0 ? 2 : 1,
        date: '2025-03-01',
        totalintax: String(from + i),
        sent: true,
        approved: i % 4 === 0 ? { name: 'X', date: '2025-03-02' } : false,
        customstatus: '',
        savename: `p-${from + i}`,
        quotationreference: `Q-${from + i}`,
        lines: [],
      }));
    for (const from of [1, 251, 501]) {
      store.pulled.putQuotations(page(from) as unknown as Quotation[], T);
      expect(listRows(store)).toEqual({ rows: expect.any(Array), dirty: 0 });
      expect(listRows(store).rows.length).toBe(from + 249);
    }
    // the client a third of them name arrives later: their names follow without a list call
    store.pulled.putClients([{ clientnr: 2, company: 'Lefèvre', contact: '' }] as Client[], T);
    expect(listRows(store).dirty).toBe(0);
    const pulled = listRows(store).rows;
    expect(pulled).toEqual(rowsFromScratch(store));
    // 84 of each page of 250
    expect(store.quotations.page({ query: 'lefevre' }).total).toBe(3 * 84);
  });

  it('writes a page of the service although a damaged draft here cannot be listed, leaving only that one noted', () => {
    const { store } = scratchStore();
    store.db.prepare(`INSERT INTO quotations (id, savename, draft, created_at, updated_at) VALUES ('damaged', 'x-1', '{}', 0, 0)`).run();
    const records = [1, 2, 3].map((id) => ({ id, clientnr: 1, date: '2025-01-01', totalintax: '10', sent: true, lines: [], savename: `r-${id}` }));
    store.pulled.putQuotations(records as unknown as Quotation[], T);
    expect(store.pulled.count('quotations')).toBe(3);
    const { rows, dirty } = listRows(store);
    expect(rows.length).toBe(3);
    expect(dirty).toBe(1);
  });
});
