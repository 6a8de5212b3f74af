// Builds a database as an earlier version of quotedesk left it: the schema up
// to that version, filled the way that version filled it. One builder per
// version; add one with every new migration.
import Database from 'better-sqlite3';
import { migrate } from '../../electron/store/migrations';

type Db = Database.Database;
const T = Date.UTC(2026, 0, 10);

const CAFE = JSON.stringify({ id: 1, code: 'CAFE-01', name: 'Café crème', price: 2.5, taxes: 9 });

function v1(db: Db, products = (d: Db) => d.prepare(`INSERT INTO products (id, data, pulled_at) VALUES (1, ?, ?)`).run(CAFE, T)): void {
  db.prepare(`INSERT INTO settings (key, value) VALUES ('pull.lastAt', ?)`).run(JSON.stringify(T));
  db.prepare(`INSERT INTO countries (id, name) VALUES (146, 'Nederland'), (226, 'Verenigde Staten')`).run();
  products(db);
  const client = db.prepare(`INSERT INTO clients (id, clientnr, server, base, local, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  client.run('c-1', 1, JSON.stringify({ clientnr: 1, company: 'Müller & Zoon', city: 'Groningen' }), null, null, T, T);
  const base = JSON.stringify({ clientnr: 2, company: 'Old name', city: 'Assen' });
  client.run('c-2', 2, base, base, JSON.stringify({ company: 'Coöperatie Fietsen', city: 'Assen' }), T, T);
  client.run('c-new', null, null, null, JSON.stringify({ company: 'Nieuw BV', email: 'nieuw@example.nl' }), T, T);
  const draft = { clientId: 'c-new', date: '2026-01-10', lines: [{ id: 'l-1', description: 'Werk', amount: 2, price: 50, tax_rate: 21 }] };
  db.prepare(`INSERT INTO quotations (id, savename, quotationreference, client_id, draft, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
    'q-1',
    'qd-fixture',
    'QD-260110-FIXTURE00000',
    'c-new',
    JSON.stringify(draft),
    T,
    T,
  );
  const op = db.prepare(`INSERT INTO outbox (kind, target, depends_on, payload, sent, state, created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?, ?, ?)`);
  op.run('client.create', 'c-new', null, JSON.stringify({ company: 'Nieuw BV' }), 'in_flight', T, T);
  op.run('quotation.save', 'q-1', 1, null, 'pending', T, T);
  op.run('client.update', 'c-2', null, null, 'pending', T, T);
}

/** A product created offline at version 9, its create waiting. */
function d9(db: Db, local: string): void {
  db.prepare(`INSERT INTO products (id, local, created_at, updated_at) VALUES ('p-new', ?, ?, ?)`).run(local, T, T);
  db.prepare(`INSERT INTO outbox (kind, target, payload, state, created_at, updated_at) VALUES ('product.create', 'p-new', '{}', 'pending', ?, ?)`).run(T, T);
}

export const FIXTURE_BUILDERS: Record<number, (db: Db) => void> = {
  0: () => {},
  1: v1,
  // version 2 added only the search index, built from the tables above
  // version 3 rebuilt that index (no word positions, bulk fill of pulled pages)
  // version 6 added outbox.hold_until and outbox.asked, whose defaults keep older entries going as before
  // version 8 added the kept lists of profiles and categories, empty until a pull reads them
  // version 9 keyed products by a local id, with the service's id beside it and room for local edits
  9: (db) => {
    v1(db, (d) =>
      d.prepare(`INSERT INTO products (id, product_id, server, pulled_at, created_at, updated_at) VALUES ('p-1', 1, ?, ?, ?, ?)`).run(CAFE, T, T, T),
    );
    const local = JSON.stringify({ code: 'THEE-01', name: 'Thé vert', price: 0.125, taxes: 9 });
    d9(db, local);
  },
  // version 10 added templates, kept on this computer only and empty until a person makes one
  // version 11 added the quotation list's keys (quotation_list), worked out from the quotations when the list is first read
  // version 12 changed only the indexes of the client and product lists (names folded by fold_key), built from the rows above;
  // here with a sent quotation from the service whose list row version 12 had worked out, before the follow-up list had keys
  12: (db) => {
    FIXTURE_BUILDERS[9]!(db);
    const sent = { id: 7, clientnr: 1, date: '2026-01-10', quotationperiod: 14, sent: true, totalintax: '60.50', lines: [] };
    db.prepare(`INSERT INTO quotations (id, server_id, server, created_at, updated_at) VALUES ('q-sent', 7, ?, ?, ?)`).run(JSON.stringify(sent), T, T);
    const { rid } = db.prepare(`SELECT rid FROM quotations WHERE id = 'q-sent'`).get() as { rid: number };
    db.prepare(
      `INSERT INTO quotation_list (rid, deleted, updated, date, client, total, reference, rank, sent, words, client_id, shown_total)
       VALUES (?, 0, ?, '2026-01-10', 'muller & zoon', 60.5, NULL, 5, 1, 'muller 60.50', 'c-1', '60.50')`,
    ).run(rid, T);
    db.prepare(`DELETE FROM quotation_list_dirty`).run();
  },
  // version 13 added the follow-up list's keys, version 14 the outbox's claim column
  // version 14, before the searches looked in reference lines, lines and client numbers: a sent wedding
  // quotation whose list row was worked out (its words, but nothing of its reference lines or lines)
  14: (db) => {
    FIXTURE_BUILDERS[12]!(db);
    const wedding = {
      id: 8,
      clientnr: 2,
      date: '2026-01-09',
      sent: true,
      totalintax: '181.50',
      quotationreference: 'OF2026-0008',
      reference: { line1: 'Bruiloft Van Dijk', line2: 'Zaal Hoogland', line3: '' },
      lines: [{ description: 'Petitfours (per stuk)', amount: 120, price: 1.25, tax_rate: 21 }],
    };
    db.prepare(
      `INSERT INTO quotations (id, server_id, quotationreference, server, created_at, updated_at) VALUES ('q-wedding', 8, 'OF2026-0008', ?, ?, ?)`,
    ).run(JSON.stringify(wedding), T, T);
    const { rid } = db.prepare(`SELECT rid FROM quotations WHERE id = 'q-wedding'`).get() as { rid: number };
    db.prepare(
      `INSERT INTO quotation_list (rid, deleted, updated, date, client, total, reference, rank, sent, words, client_id, shown_total, waiting, valid_until)
       VALUES (?, 0, ?, '2026-01-09', 'cooperatie fietsen', 181.5, 'of2026-0008', 5, 1, '8 of2026-0008 cooperatie fietsen 181.50 2026-01-09', 'c-2', '181.50', 1, NULL)`,
    ).run(rid, T);
    db.prepare(`DELETE FROM quotation_list_dirty`).run();
  },
  // version 16, before a client was found by its postcode, VAT number or phone: one pulled with them
  16: (db) => {
    FIXTURE_BUILDERS[14]!(db);
    const painter = { clientnr: 3, company: 'Schilder Smit', zipcode: '3512 AB', taxnumber: 'NL812345678B01', phone: '06-98765432' };
    db.prepare(`INSERT INTO clients (id, clientnr, server, created_at, updated_at) VALUES ('c-3', 3, ?, ?, ?)`).run(JSON.stringify(painter), T, T);
  },
};

/** Writes a database file at `version` with that version's sample data. */
export function buildFixture(path: string, version: number): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  migrate(db, version);
  for (let v = version; v >= 0; v--) {
    const build = FIXTURE_BUILDERS[v];
    if (build) {
      build(db);
      break;
    }
  }
  db.close();
}
