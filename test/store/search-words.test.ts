// What the searches find besides names: a quotation by a word of its
// reference lines or of its lines' descriptions (the full-text index of
// migration 15), and a client by its number, in the lists and the type-ahead.
// Every typed word is the start of a word, accents and case aside; the lists
// keep their order and paging with it.
import { describe, expect, it } from 'vitest';
import type { Client, Quotation } from '../../shared/schemas';
import type { Store } from '../../electron/store';
import { scratchStore } from './helpers';

const T = Date.UTC(2026, 2, 10, 9);

/** A service quotation as a pull reads it. */
function record(id: number, fields: Partial<Quotation> & Record<string, unknown> = {}): Quotation {
  return {
    id,
    clientnr: 1,
    date: `2025-0${1 + (id % 9)}-1${id % 10}`,
    totalintax: '100.00',
    sent: true,
    approved: false,
    customstatus: '',
    quotationreference: `OF2025-${String(id).padStart(4, '0')}`,
    lines: [],
    ...fields,
  } as unknown as Quotation;
}

function ids(store: Store, query: string, more: Parameters<Store['quotations']['page']>[0] = {}): string[] {
  return store.quotations.page({ query, limit: 500, ...more }).items.map((q) => q.id);
}

/** The quotation's local id by its service id. */
const byServerId = (store: Store, id: number) => store.quotations.page({ limit: 500 }).items.find((q) => q.serverId === id)!.id;

/** The rows of the full-text index, to show it follows the quotations. */
const indexed = (store: Store) => (store.db.prepare('SELECT count(*) AS n FROM quotation_search').get() as { n: number }).n;

function weddingStore() {
  const { store, clock } = scratchStore();
  store.pulled.putClients([{ clientnr: 1, company: 'Banketbakkerij Jansen' } as Client], T);
  store.pulled.putQuotations(
    [
      record(11, {
        reference: { line1: 'Bruiloft Van Dijk & de Vries', line2: 'Zaal Hoogland, 12 juni', line3: '' },
        lines: [
          { description: 'Petitfours (per stuk)', amount: 120, price: 1.25, tax_rate: 9 },
          { description: 'Crème brûlée', amount: 60, price: 3.5, tax_rate: 9 },
          { description: 'Prijzen zijn geldig tot de vervaldatum.' },
        ],
      }),
      record(12, {
        reference: { line1: 'Jubileum', line2: '', line3: '' },
        lines: [{ description: 'Taart met marsepein', amount: 1, price: 45, tax_rate: 9 }],
      }),
      record(13, { lines: [{ description: 'Petitfours', amount: 40, price: 1.25, tax_rate: 9 }] }),
    ],
    T,
  );
  return { store, clock };
}

describe('the quotation search, in the reference lines and the lines', () => {
  it('finds a word of a reference line or of a line, as its start, accents and case aside', () => {
    const { store } = weddingStore();
    const [wedding, jubilee, small] = [11, 12, 13].map((id) => byServerId(store, id));
    expect(ids(store, 'bruiloft')).toEqual([wedding]);
    expect(ids(store, 'BRUIL')).toEqual([wedding]);
    expect(ids(store, 'hoogland')).toEqual([wedding]);
    expect(ids(store, 'jubileum')).toEqual([jubilee]);
    expect(new Set(ids(store, 'petitfours'))).toEqual(new Set([wedding, small]));
    expect(ids(store, 'creme brulee')).toEqual([wedding]);
    expect(ids(store, 'brûlée')).toEqual([wedding]);
    expect(ids(store, 'marsepein')).toEqual([jubilee]);
    // every word is needed, wherever each is found: a reference line, a line, the client's name, the number
    expect(ids(store, 'bruiloft petitfours')).toEqual([wedding]);
    expect(ids(store, 'petitfours jansen OF2025-0013')).toEqual([small]);
    expect(ids(store, 'bruiloft marsepein')).toEqual([]);
    // the start of a word, as the other searches: not any part of it
    expect(ids(store, 'loft')).toEqual([]);
    expect(store.quotations.page({ query: 'petitfours' }).total).toBe(2);
  });

  it('finds what is typed into a draft here, and follows each edit, a pull and a delete', () => {
    const { store } = weddingStore();
    const client = store.clients.list({ limit: 10 })[0]!;
    const draft = store.quotations.create({ clientId: client.id, date: '2026-03-10' });
    store.quotations.updateHeader(draft.id, { reference: { line1: 'Doopfeest Öztürk' } });
    const line = store.quotations.addLine(draft.id, { description: 'Bonbons, luxe', amount: 2, price: 12, tax_rate: 9 });
    expect(ids(store, 'doopfeest')).toEqual([draft.id]);
    expect(ids(store, 'ozturk bonbons')).toEqual([draft.id]);

    store.quotations.updateLine(draft.id, line.id, { description: 'Macarons' });
    expect(ids(store, 'bonbons')).toEqual([]);
    expect(ids(store, 'macarons')).toEqual([draft.id]);
    store.quotations.updateHeader(draft.id, { reference: { line1: '', line2: 'Babyborrel' } });
    expect(ids(store, 'doopfeest')).toEqual([]);
    expect(ids(store, 'babyborrel')).toEqual([draft.id]);
    store.quotations.removeLine(draft.id, line.id);
    expect(ids(store, 'macarons')).toEqual([]);

    // the service's record changed by a pull: its new words, not its old ones
    const wedding = byServerId(store, 11);
    store.pulled.putQuotations(
      [record(11, { reference: { line1: 'Huwelijk Van Dijk', line2: '', line3: '' }, lines: [{ description: 'Bonbons', amount: 1, price: 1, tax_rate: 9 }] })],
      T + 1,
    );
    expect(ids(store, 'bruiloft')).toEqual([]);
    expect(ids(store, 'huwelijk bonbons')).toEqual([wedding]);

    // removed: out of the index too
    const before = indexed(store);
    store.quotations.delete(draft.id);
    expect(ids(store, 'babyborrel')).toEqual([]);
    expect(indexed(store)).toBe(before - 1);
  });

  it('keeps the order and the pages of the list for a word many quotations hold', () => {
    const { store } = scratchStore();
    store.pulled.putClients([{ clientnr: 1, company: 'Bakkerij Zon' } as Client], T);
    const records = Array.from({ length: 90 }, (_, i) =>
      record(100 + i, {
        totalintax: [10, 99.5, 250][i % 3],
        // every other one holds the word in a line, every fifth in a reference line
        lines: [{ description: i % 2 === 0 ? 'Petitfours' : 'Brood', amount: 1, price: 1, tax_rate: 9 }],
        reference: { line1: i % 5 === 0 ? 'Petitfours voor de receptie' : '', line2: '', line3: '' },
      }),
    );
    store.pulled.putQuotations(records, T);
    const holding = new Set(records.filter((_, i) => i % 2 === 0 || i % 5 === 0).map((r) => byServerId(store, r.id)));
    for (const sort of [undefined, { key: 'total', dir: 'desc' }, { key: 'date', dir: 'asc' }] as const) {
      const whole = store.quotations
        .page({ limit: 500, sort })
        .items.map((q) => q.id)
        .filter((id) => holding.has(id));
      const paged: string[] = [];
      for (let offset = 0; offset < 100; offset += 7) {
        const page = store.quotations.page({ query: 'petit', sort, offset, limit: 7 });
        expect(page.total).toBe(holding.size);
        paged.push(...page.items.map((q) => q.id));
      }
      expect(paged, JSON.stringify(sort)).toEqual(whole);
    }
  });
});

describe('the client search, by number', () => {
  function numbered(store: Store) {
    const clients = Array.from({ length: 210 }, (_, i) => ({
      clientnr: i + 1,
      company: `Klant ${String.fromCharCode(65 + (i % 26))}`,
      city: i % 2 ? 'Utrecht' : 'Zwolle',
    }));
    store.pulled.putClients(clients as Client[], T);
  }
  const numbers = (items: { clientnr: number | null }[]) => items.map((c) => c.clientnr).sort((a, b) => a! - b!);

  it('finds a client by its number typed whole, and those whose number starts with what is typed', () => {
    const { store } = scratchStore();
    numbered(store);
    expect(numbers(store.clients.page({ query: '175' }).items)).toEqual([175]);
    expect(numbers(store.clients.page({ query: '17' }).items)).toEqual([17, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179]);
    expect(store.clients.page({ query: '17' }).total).toBe(11);
    // with other words, every one needed
    expect(numbers(store.clients.page({ query: '17 zwolle' }).items)).toEqual([17, 171, 173, 175, 177, 179]);
    expect(numbers(store.clients.page({ query: '1751' }).items)).toEqual([]);
    // the list's order stays the names'
    const page = store.clients.page({ query: '1' }).items.map((c) => String(c.fields.company));
    expect(page).toEqual([...page].sort());
    // the quotation editor's type-ahead finds it too, the exact number first
    expect(store.search.clients('175').map((h) => h.clientnr)).toEqual([175]);
    expect(store.search.clients('20')[0]!.clientnr).toBe(20);
  });

  it('finds a client made here by its number once the service has given it one', () => {
    const { store } = scratchStore();
    numbered(store);
    const made = store.clients.create({ company: 'Nieuw BV' });
    expect(store.clients.page({ query: '9001' }).items).toEqual([]);
    const entry = store.outbox.forTarget(made.id)[0]!;
    store.clients.recordCreated(entry.id, made.id, 9001, { clientnr: 9001, company: 'Nieuw BV' }, null);
    expect(store.clients.page({ query: '9001' }).items.map((c) => c.id)).toEqual([made.id]);
    expect(store.search.clients('9001').map((h) => h.id)).toEqual([made.id]);
  });
});
