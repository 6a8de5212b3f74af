// Client and product lists a page at a time: the pages together are the whole
// list in the order of the names folded (accents and case aside), with no
// gaps or repeats, whichever end a page is read from; the filters, the
// totals after a write, and the search in the list (both ways of reading it).
import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';
import { fold } from '../../shared/fold';
import type { Store } from '../../electron/store';
import type { LocalClient, LocalProduct } from '../../shared/local';

const FIRST = [
  'Öztürk',
  'Oosterhout',
  'Müller',
  'Mulder',
  'Lefèvre',
  'Lemmens',
  'Émile',
  'Ezinge',
  'de Vries',
  'Dekker',
  'zeeman',
  'Zwart',
  'ålborg',
  'Aalbers',
];
const SECOND = ['Bouw', 'Bakkerij', 'Café', 'Techniek', 'Advies'];

/** 210 clients: accented and plain names, some with only a contact, some inactive; a few names twice (the rid decides). */
function clients(n = 210) {
  return Array.from({ length: n }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length]}`;
    const contactOnly = i % 23 === 5;
    return {
      clientnr: i + 1,
      company: contactOnly ? '' : name,
      contact: contactOnly ? name : `Contact ${i}`,
      city: i % 10 === 0 ? 'Zwolle' : 'Utrecht',
      active: i % 9 === 4 ? false : true,
    };
  });
}

const nameOf = (c: LocalClient) => String(c.fields.company || c.fields.contact || '');

/** The list as it should be: names folded, then the order they were stored in (the pull stores them by number). */
function expected(store: Store, keep: (c: LocalClient) => boolean): string[] {
  const all = store.clients.list({ limit: 500, includeInactive: true });
  const order = (c: LocalClient) => c.clientnr ?? Number.MAX_SAFE_INTEGER;
  return all
    .filter(keep)
    .map((c) => ({ c, key: fold(nameOf(c)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : order(a.c) - order(b.c)))
    .map((x) => x.c.id);
}

function walk(store: Store, opts: { includeInactive?: boolean; query?: string }, size: number): { ids: string[]; totals: Set<number> } {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += size) {
    const page = store.clients.page({ ...opts, offset, limit: size });
    totals.add(page.total);
    ids.push(...page.items.map((c) => c.id));
    if (offset + size >= page.total) break;
  }
  return { ids, totals };
}

describe('client list pages', () => {
  it('go through the whole list in the order of the names folded, without gaps or repeats, from either end', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(clients(), clock());
    const names = store.clients.list({ limit: 500, includeInactive: true }).map(nameOf);
    // accents and case aside: Öztürk among the O's, Émile among the E's, ålborg among the A's
    const folded = names.map(fold);
    expect(folded).toEqual([...folded].sort());
    expect(names.indexOf('Öztürk Bouw')).toBeLessThan(names.indexOf('Zwart Bouw'));
    expect(names.indexOf('ålborg Bouw')).toBeLessThan(names.indexOf('Dekker Bouw'));

    const whole = expected(store, () => true);
    for (const size of [1, 7, 100]) {
      const { ids, totals } = walk(store, { includeInactive: true }, size);
      expect(ids).toEqual(whole);
      expect([...totals]).toEqual([210]);
    }
    // a page deep in the second half, read from the end backwards, is in order too
    expect(store.clients.page({ includeInactive: true, offset: 190, limit: 15 }).items.map((c) => c.id)).toEqual(whole.slice(190, 205));
    expect(store.clients.page({ includeInactive: true, offset: 205, limit: 15 }).items.map((c) => c.id)).toEqual(whole.slice(205));
    expect(store.clients.page({ includeInactive: true, offset: 210, limit: 15 }).items).toEqual([]);
  });

  it('leave inactive clients out when asked to, and deleted ones always, with totals to match', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(clients(), clock());
    const active = expected(store, (c) => c.fields.active !== false);
    expect(active.length).toBe(210 - 23);
    const { ids, totals } = walk(store, { includeInactive: false }, 9);
    expect(ids).toEqual(active);
    expect([...totals]).toEqual([active.length]);
    expect(store.clients.count({ includeInactive: false })).toBe(active.length);

    // a write counts at once: the kept count is not used after it
    const gone = store.clients.list({ includeInactive: false, offset: 50, limit: 1 })[0]!;
    store.clients.delete(gone.id);
    expect(store.clients.page({ includeInactive: false, limit: 1 }).total).toBe(active.length - 1);
    expect(walk(store, { includeInactive: false }, 50).ids).toEqual(active.filter((id) => id !== gone.id));
    const made = store.clients.create({ company: 'Ängelholm Café' });
    expect(store.clients.count({ includeInactive: false })).toBe(active.length);
    const list = walk(store, { includeInactive: true }, 50).ids;
    expect(list.length).toBe(210);
    // ängelholm folds to angelholm: among the A's
    expect(list).toEqual(expected(store, () => true));
    expect(fold(nameOf(store.clients.get(list[list.indexOf(made.id) + 1]!))) > 'angelholm cafe').toBe(true);
  });

  it('search in the list: every match in name order with its true total, accents aside, read either way', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(clients(), clock());
    const byWords = (words: string[]) => (c: LocalClient) =>
      c.fields.active !== false &&
      words.every((w) =>
        [c.fields.company, c.fields.contact, c.fields.city].some((f) =>
          fold(String(f ?? ''))
            .split(/[^\p{L}\p{N}]+/u)
            .some((x) => x.startsWith(w)),
        ),
      );
    // "ozturk bouw" matches a few (read from the matches), "utrecht" most (read by walking the names)
    for (const query of ['ozturk bouw', 'ÖZTÜRK', 'muller', 'utrecht', 'cafe', 'c']) {
      const words = fold(query).split(/\s+/);
      const want = expected(store, byWords(words));
      expect(want.length, query).toBeGreaterThan(0);
      const { ids, totals } = walk(store, { includeInactive: false, query }, 6);
      expect(ids, query).toEqual(want);
      expect([...totals], query).toEqual([want.length]);
      expect(store.clients.count({ includeInactive: false, query }), query).toBe(want.length);
    }
    expect(store.clients.page({ query: 'nothing-like-it' })).toEqual({ items: [], total: 0 });
    expect(store.clients.page({ query: '  ,, ' })).toEqual({ items: [], total: 0 });
  });

  it('are read from the name index alone, never by a scan of the table', () => {
    const { store } = scratchStore();
    const plan = (sql: string) => (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    const key = `fold_key(coalesce(nullif(clients.company, ''), clients.contact, ''))`;
    expect(
      plan(
        `SELECT rid FROM clients INDEXED BY clients_by_name WHERE clients.deleted = 0 AND clients.active = 1 ORDER BY ${key} DESC, rid DESC LIMIT 10 OFFSET 10`,
      ),
    ).toMatch(/^SEARCH clients USING COVERING INDEX clients_by_name \(deleted=\?\)$/);
    expect(plan(`SELECT count(*) FROM clients INDEXED BY clients_by_name WHERE clients.deleted = 0 AND clients.active = 1`)).toMatch(
      /COVERING INDEX clients_by_name/,
    );
  });
});

describe('product list pages', () => {
  it('go through the catalogue by name folded, and search it by code or name', () => {
    const { store, clock } = scratchStore();
    const names = ['Écran', 'eikenhout', 'Zeep', 'appel', 'Ölfilter', 'Onderhoud per uur', 'montage', 'Montage per uur'];
    store.pulled.putProducts(
      Array.from({ length: 64 }, (_, i) => ({ id: i + 1, code: `P${String(i).padStart(3, '0')}`, name: `${names[i % names.length]} ${Math.floor(i / 8)}` })),
      clock(),
    );
    const all = store.products.list({ limit: 500 });
    const folded = all.map((p) => fold(String(p.fields.name)));
    expect(folded).toEqual([...folded].sort());
    const pages: LocalProduct[] = [];
    for (let offset = 0; offset < 64; offset += 5) pages.push(...store.products.page({ offset, limit: 5 }).items);
    expect(pages.map((p) => p.id)).toEqual(all.map((p) => p.id));
    expect(store.products.page({ offset: 60, limit: 5 }).total).toBe(64);

    const found = store.products.page({ query: 'montage per', limit: 100 });
    expect(found.total).toBe(8);
    expect(found.items.map((p) => String(p.fields.name))).toEqual(all.map((p) => String(p.fields.name)).filter((n) => n.startsWith('Montage per')));
    expect(store.products.page({ query: 'olfilter', limit: 3, offset: 6 })).toMatchObject({
      total: 8,
      items: [{ fields: { name: 'Ölfilter 6' } }, { fields: { name: 'Ölfilter 7' } }],
    });
    expect(store.products.page({ query: 'P063' }).items.map((p) => p.fields.code)).toEqual(['P063']);
    const gone = store.products.byProductId(1)!;
    store.products.delete(gone.id);
    expect(store.products.count()).toBe(63);
  });
});
