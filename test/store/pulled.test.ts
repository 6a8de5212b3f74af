import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Client, Quotation } from '../../shared/schemas';
import type { Store } from '../../electron/store';
import { scratchStore } from './helpers';

/** What the search index holds for each row, in rowid order. */
function indexed(store: ReturnType<typeof scratchStore>['store'], table: 'client_search' | 'product_search') {
  return store.db.prepare(`SELECT rowid, * FROM ${table} ORDER BY rowid`).all();
}

describe('the pull writing service records', () => {
  it('writes pages and rewrites only what changed', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(
      [
        { clientnr: 1, company: 'A' },
        { clientnr: 2, company: 'B' },
      ],
      clock(),
    );
    const before = store.clients.byClientnr(1)!;
    clock.advance(1000);
    store.pulled.putClients(
      [
        { clientnr: 1, company: 'A' },
        { clientnr: 2, company: 'B2' },
      ],
      clock(),
    );
    expect(store.clients.byClientnr(1)!.updatedAt).toBe(before.updatedAt);
    expect(store.clients.byClientnr(1)!.id).toBe(before.id);
    expect(store.clients.byClientnr(2)!.fields.company).toBe('B2');
    expect(store.pulled.count('clients')).toBe(2);
  });

  it('removes clients gone from the service, but keeps and flags those local work needs', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(
      [1, 2, 3, 4].map((n) => ({ clientnr: n, company: `C${n}` })),
      clock(),
    );
    const edited = store.clients.byClientnr(2)!;
    store.clients.update(edited.id, { city: 'Here' });
    const usedByDraft = store.clients.byClientnr(3)!;
    store.quotations.create({ clientId: usedByDraft.id });
    const local = store.clients.create({ company: 'Local only' });

    clock.advance(60_000);
    store.pulled.putClients([{ clientnr: 4, company: 'C4' }], clock());
    const swept = store.pulled.sweepClients([4]);
    expect(swept.removed).toBe(1);
    expect(swept.flagged.sort()).toEqual([edited.id, usedByDraft.id].sort());
    expect(store.clients.byClientnr(1)).toBeNull();
    expect(store.clients.get(edited.id)).toMatchObject({ gone: true, fields: { city: 'Here' } });
    expect(store.clients.get(usedByDraft.id).gone).toBe(true);
    expect(store.clients.get(local.id).gone).toBe(false);
    // back on the service: the flag goes
    store.pulled.putClients([{ clientnr: 2, company: 'C2' }], clock());
    expect(store.clients.get(edited.id).gone).toBe(false);
  });

  it('removes products and quotations gone from the service; flags edited drafts', () => {
    const { store, clock } = scratchStore();
    store.pulled.putProducts(
      [
        { id: 1, name: 'p1' },
        { id: 2, name: 'p2' },
      ],
      clock(),
    );
    store.pulled.putQuotations(
      [
        { id: 1, clientnr: 1, sent: true, lines: [] },
        { id: 2, clientnr: 1, sent: false, lines: [] },
      ],
      clock(),
    );
    const draft = store.quotations.byServerId(2)!;
    store.quotations.updateHeader(draft.id, { notes: 'mine' });
    clock.advance(1000);
    store.pulled.putProducts([{ id: 2, name: 'p2' }], clock());
    store.pulled.putQuotations([], clock());
    expect(store.pulled.sweepProducts([2]).removed).toBe(1);
    expect(store.pulled.sweepQuotations([])).toEqual({ removed: 1, flagged: [draft.id] });
    expect(store.pulled.product(1)).toBeNull();
    expect(store.quotations.byServerId(1)).toBeNull();
    expect(store.quotations.get(draft.id)).toMatchObject({ gone: true, content: { notes: 'mine' } });
  });

  it('adopts a record carrying a local draft’s savename instead of duplicating it', () => {
    const { store, clock } = scratchStore();
    const q = store.quotations.create({ notes: 'offline' });
    // its send went out, the answer was lost; a pull now sees the result
    store.pulled.putQuotations([{ id: 77, clientnr: 1, sent: true, savename: q.savename!, quotationreference: 'OF2026-0001', lines: [] }], clock());
    expect(store.quotations.list({ includeDeleted: true })).toHaveLength(1);
    expect(store.quotations.get(q.id).serverId).toBe(77);
  });

  it('replaces the country list', () => {
    const { store } = scratchStore();
    store.pulled.putCountries([
      { id: 146, name: 'Nederland' },
      { id: 21, name: 'België' },
    ]);
    store.pulled.putCountries([{ id: 146, name: 'Netherlands' }]);
    expect(store.pulled.countries()).toEqual([{ id: 146, name: 'Netherlands' }]);
  });

  it('indexes a pulled page for search exactly as the per-row triggers index single inserts', () => {
    const page: Client[] = [
      { clientnr: 1, company: 'Bakkerij Müller', contact: 'Hans', email: 'hans@muller.de', city: 'Enschede' },
      { clientnr: 2, company: 'Café de Zwaan', city: 'Zwolle' },
      { clientnr: 3, contact: 'Zoë Janssen' },
    ];
    const bulk = scratchStore();
    bulk.store.pulled.putClients(page, bulk.clock());
    bulk.store.pulled.putProducts(
      [
        { id: 7, code: 'CRM-2', name: 'Crème brûlée' },
        { id: 8, name: 'Uurtarief' },
      ],
      bulk.clock(),
    );
    // the same rows, one insert each, through the triggers
    const single = scratchStore();
    for (const c of page) single.store.pulled.putClients([c], single.clock());
    const product = single.store.db.prepare(
      'INSERT INTO products (rid, id, product_id, server, pulled_at, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1, 1)',
    );
    product.run(1, 'p-7', 7, JSON.stringify({ id: 7, code: 'CRM-2', name: 'Crème brûlée' }));
    product.run(2, 'p-8', 8, JSON.stringify({ id: 8, name: 'Uurtarief' }));
    expect(indexed(bulk.store, 'client_search')).toEqual(indexed(single.store, 'client_search'));
    expect(indexed(bulk.store, 'product_search')).toEqual(indexed(single.store, 'product_search'));
    expect(indexed(bulk.store, 'client_search')).toHaveLength(3);
    expect(bulk.store.search.clients('mull').map((h) => h.clientnr)).toEqual([1]);
    expect(bulk.store.search.products('creme').map((h) => h.productId)).toEqual([7]);
    // the hold on the triggers ends with the page: later inserts and edits are indexed by them
    expect(bulk.store.db.prepare('SELECT count(*) AS n FROM bulk_insert').get()).toEqual({ n: 0 });
    const local = bulk.store.clients.create({ company: 'Schröder' });
    expect(bulk.store.search.clients('schro').map((h) => h.id)).toEqual([local.id]);
    bulk.store.clients.update(bulk.store.clients.byClientnr(2)!.id, { company: 'Van Dam' });
    expect(bulk.store.search.clients('zwaan')).toEqual([]);
    expect(bulk.store.search.clients('dam').map((h) => h.clientnr)).toEqual([2]);
  });

  it('writes the list columns of a pulled page as the triggers derive them for single writes', () => {
    const clients: Client[] = [
      { clientnr: 1, company: 'Bakkerij Müller', contact: 'Hans', currency: 'EUR' },
      { clientnr: 2, contact: 'Zoë Janssen', currency: 'USD' },
      { clientnr: 3, active: false },
    ];
    const quotations = [
      {
        id: 1,
        clientnr: 1,
        date: '2026-01-05',
        totalintax: 1971.27,
        sent: true,
        customstatus: 'progress',
        approved: { name: 'A', date: '2026-01-06' },
        lines: [],
      },
      { id: 2, clientnr: 2, date: '2026-01-07', totalintax: 100, sent: false, customstatus: '', approved: null, lines: [] },
      { id: 3, clientnr: 3, lines: [] },
    ] as Quotation[];
    const bulk = scratchStore();
    bulk.store.pulled.putClients(clients, 1);
    bulk.store.pulled.putQuotations(quotations, 1);
    const single = scratchStore();
    for (const c of clients) {
      single.store.db
        .prepare('INSERT INTO clients (id, clientnr, server, created_at, updated_at) VALUES (?, ?, ?, 0, 0)')
        .run(`c${c.clientnr}`, c.clientnr, JSON.stringify(c));
    }
    for (const q of quotations) {
      single.store.db
        .prepare('INSERT INTO quotations (id, server_id, server, created_at, updated_at) VALUES (?, ?, ?, 0, 0)')
        .run(`q${q.id}`, q.id, JSON.stringify(q));
    }
    const listColumns = (store: Store) => ({
      clients: store.db.prepare('SELECT clientnr, company, contact, currency, active FROM clients ORDER BY clientnr').all(),
      quotations: store.db
        .prepare('SELECT server_id, server_clientnr, server_date, server_total, server_sent, server_approved, server_status FROM quotations ORDER BY server_id')
        .all(),
    });
    expect(listColumns(bulk.store)).toEqual(listColumns(single.store));
    expect(listColumns(bulk.store).quotations[0]).toEqual({
      server_id: 1,
      server_clientnr: 1,
      server_date: '2026-01-05',
      server_total: 1971.27,
      server_sent: 1,
      server_approved: 1,
      server_status: 'progress',
    });
    // a local edit and a changed service record are followed by the update triggers
    expect(listColumns(bulk.store).clients.map((c) => (c as { active: number }).active)).toEqual([1, 1, 0]);
    bulk.store.clients.update(bulk.store.clients.byClientnr(2)!.id, { company: 'Janssen BV', currency: 'GBP' });
    bulk.store.clients.update(bulk.store.clients.byClientnr(3)!.id, { active: 'true' });
    expect(bulk.store.db.prepare('SELECT active FROM clients WHERE clientnr = 3').get()).toEqual({ active: 1 });
    bulk.store.pulled.putQuotations([{ ...quotations[1]!, totalintax: 120.5, sent: true }], 2);
    expect(bulk.store.db.prepare('SELECT company, contact, currency FROM clients WHERE clientnr = 2').get()).toEqual({
      company: 'Janssen BV',
      contact: 'Zoë Janssen',
      currency: 'GBP',
    });
    expect(bulk.store.db.prepare('SELECT server_total, server_sent FROM quotations WHERE server_id = 2').get()).toEqual({
      server_total: 120.5,
      server_sent: 1,
    });
  });

  it('follows changed records in the index on the next pull, and takes the last of a record named twice', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients(
      [
        { clientnr: 1, company: 'Alpha' },
        { clientnr: 2, company: 'Beta' },
      ],
      clock(),
    );
    store.pulled.putProducts([{ id: 1, name: 'Koffie' }], clock());
    clock.advance(1000);
    store.pulled.putClients(
      [
        { clientnr: 1, company: 'Alpha' },
        { clientnr: 2, company: 'Gamma' },
        { clientnr: 3, company: 'Delta' },
        { clientnr: 3, company: 'Epsilon' },
      ],
      clock(),
    );
    store.pulled.putProducts(
      [
        { id: 1, name: 'Thee' },
        { id: 2, name: 'Melk' },
        { id: 2, name: 'Room' },
      ],
      clock(),
    );
    const names = (q: string) => store.search.clients(q).map((h) => h.title);
    expect(names('beta')).toEqual([]);
    expect(names('gamma')).toEqual(['Gamma']);
    expect(names('delta')).toEqual([]);
    expect(names('epsilon')).toEqual(['Epsilon']);
    expect(store.search.products('koffie')).toEqual([]);
    expect(store.search.products('thee').map((h) => h.productId)).toEqual([1]);
    expect(store.search.products('room').map((h) => h.productId)).toEqual([2]);
    expect(indexed(store, 'client_search')).toHaveLength(3);
    expect(indexed(store, 'product_search')).toHaveLength(2);
    // what changed is written, what did not is left alone
    const before = clock() - 1000;
    expect(store.db.prepare('SELECT clientnr, pulled_at FROM clients ORDER BY clientnr').all()).toEqual([
      { clientnr: 1, pulled_at: before },
      { clientnr: 2, pulled_at: clock() },
      { clientnr: 3, pulled_at: clock() },
    ]);
  });

  it('leaves an unchanged record as it is, only clearing its gone flag', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 1, company: 'Alpha' }], clock());
    const id = store.clients.byClientnr(1)!.id;
    store.db.prepare('UPDATE clients SET gone = 1 WHERE id = ?').run(id);
    const before = store.db.prepare('SELECT server, updated_at FROM clients WHERE id = ?').get(id);
    clock.advance(5000);
    store.pulled.putClients([{ clientnr: 1, company: 'Alpha' }], clock());
    expect(store.db.prepare('SELECT server, updated_at FROM clients WHERE id = ?').get(id)).toEqual(before);
    expect(store.clients.get(id).gone).toBe(false);
    expect(store.db.prepare('SELECT pulled_at FROM clients WHERE id = ?').get(id)).toEqual({ pulled_at: clock() - 5000 });
    // a quotation likewise
    store.pulled.putQuotations([{ id: 9, clientnr: 1, lines: [] }], clock());
    const q = store.quotations.byServerId(9)!;
    store.db.prepare('UPDATE quotations SET gone = 1 WHERE id = ?').run(q.id);
    store.pulled.putQuotations([{ id: 9, clientnr: 1, lines: [] }], clock() + 1);
    expect(store.quotations.get(q.id).gone).toBe(false);
  });

  it('a page that fails halfway inside a transaction that goes on leaves the index whole', () => {
    const { store, clock } = scratchStore();
    store.transaction(() => {
      // a record the database refuses (a clientnr that is not a whole number) ends the page early
      expect(() =>
        store.pulled.putClients(
          [
            { clientnr: 1, company: 'Alpha' },
            { clientnr: 'x' as unknown as number, company: 'Bad' },
          ],
          clock(),
        ),
      ).toThrow();
      store.clients.create({ company: 'After' });
    });
    expect(store.db.prepare('SELECT count(*) AS n FROM bulk_insert').get()).toEqual({ n: 0 });
    expect(store.search.clients('alpha').map((h) => h.clientnr)).toEqual([1]);
    expect(store.search.clients('after')).toHaveLength(1);
  });

  it('writes quotation pages exactly as looking up each record by itself would', () => {
    // The plain way: every record looks itself up, by id and then by name.
    let made = 0;
    function oneByOne(store: Store, records: Quotation[], pulledAt: number): void {
      const db = store.db;
      store.transaction(() => {
        for (const q of records) {
          const json = JSON.stringify(q);
          const savename = q.savename || null;
          const reference = q.quotationreference || null;
          const row = (db.prepare('SELECT id, server FROM quotations WHERE server_id = ?').get(q.id) ??
            (savename
              ? db
                  .prepare(
                    `SELECT id, server FROM quotations WHERE savename = ? AND (server_id IS NULL OR (? = 1 AND json_extract(server, '$.sent') IS NOT 1)) LIMIT 1`,
                  )
                  .get(savename, q.sent ? 1 : 0)
              : undefined)) as { id: string; server: string | null } | undefined;
          if (row && row.server === json) {
            db.prepare('UPDATE quotations SET gone = 0 WHERE id = ?').run(row.id);
            continue;
          }
          const id = row?.id ?? `new-${++made}`;
          if (savename || reference) {
            db.prepare(
              `UPDATE quotations SET savename = CASE WHEN savename = ? THEN NULL ELSE savename END,
                 quotationreference = CASE WHEN quotationreference = ? THEN NULL ELSE quotationreference END
               WHERE id != ? AND (savename = ? OR quotationreference = ?)`,
            ).run(savename, reference, id, savename, reference);
          }
          if (row) {
            db.prepare(
              'UPDATE quotations SET server_id = ?, server = ?, savename = ?, quotationreference = ?, pulled_at = ?, gone = 0, updated_at = ? WHERE id = ?',
            ).run(q.id, json, savename, reference, pulledAt, 0, id);
            if (!db.prepare(`SELECT 1 FROM outbox WHERE target = ? AND state != 'done'`).get(id))
              db.prepare('UPDATE quotations SET draft = NULL, base = NULL WHERE id = ? AND draft IS NOT NULL').run(id);
          } else {
            db.prepare(
              'INSERT INTO quotations (id, server_id, server, savename, quotationreference, pulled_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0)',
            ).run(id, q.id, json, savename, reference, pulledAt);
          }
        }
      });
    }
    // local ids of new rows are random: rows are compared by what they hold, drafts by their fixed ids
    const contents = (store: Store) =>
      store.db
        .prepare(
          `SELECT CASE WHEN id LIKE 'draft-%' THEN id END AS draft_id, server_id, savename, quotationreference, server, draft IS NOT NULL AS has_draft, pulled_at, gone FROM quotations ORDER BY server_id, draft_id, savename, quotationreference`,
        )
        .all();

    const names = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'];
    const name = fc.option(fc.constantFrom(...names), { nil: '' });
    const record = fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      savename: name,
      quotationreference: name,
      notes: fc.constantFrom('a', 'b'),
      sent: fc.boolean(),
    });
    // pages that repeat ids or names, and pages that do not (as the service sends them)
    const page = fc.oneof(
      fc.array(record, { maxLength: 6 }),
      fc.uniqueArray(record, { maxLength: 4, selector: (r) => [r.id, r.savename || r.id, r.quotationreference || -r.id] }),
    );
    const draft = fc.record({ savename: fc.option(fc.constantFrom(...names), { nil: null }), reference: fc.option(fc.constantFrom(...names), { nil: null }) });
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 3 }), fc.array(page, { minLength: 1, maxLength: 3 }), (drafts, pages) => {
        const a = scratchStore();
        const b = scratchStore();
        for (const s of [a.store, b.store]) {
          const taken = new Set<string>();
          drafts.forEach((d, i) => {
            // names are unique in the table; a draft takes only the free ones
            const sn = d.savename && !taken.has(`s:${d.savename}`) ? d.savename : null;
            const rf = d.reference && !taken.has(`r:${d.reference}`) ? d.reference : null;
            if (sn) taken.add(`s:${sn}`);
            if (rf) taken.add(`r:${rf}`);
            s.db
              .prepare(`INSERT INTO quotations (id, savename, quotationreference, draft, created_at, updated_at) VALUES (?, ?, ?, '{}', 0, 0)`)
              .run(`draft-${i}`, sn, rf);
          });
        }
        // the first page once more at the end: records seen before, unchanged
        [...pages, pages[0]!].forEach((page, n) => {
          const records = page.map((r) => ({ ...r, clientnr: 1, lines: [] }) as Quotation);
          a.store.pulled.putQuotations(records, 100 + n);
          oneByOne(b.store, records, 100 + n);
          expect(contents(a.store)).toEqual(contents(b.store));
        });
        a.store.close();
        b.store.close();
      }),
      { numRuns: 60 },
    );
  });
});
