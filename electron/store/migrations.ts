// Versioned schema changes, run at open inside one transaction each.
// PRAGMA user_version holds the version. Never edit a released migration:
// add a new one, and a fixture builder for it in test/store/fixtures.ts.
import type Database from 'better-sqlite3';
import { registerSqlFunctions } from './sql-functions';

type Db = Database.Database;

export interface Migration {
  version: number;
  description: string;
  up(db: Db): void;
}

const OUTBOX_STATES = `'pending', 'in_flight', 'unknown_outcome', 'parked', 'done'`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'cache of service records, local drafts and clients, outbox, conflicts, settings',
    up(db) {
      db.exec(`
        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;

        CREATE TABLE countries (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL
        ) STRICT;

        CREATE TABLE products (
          id INTEGER PRIMARY KEY,
          data TEXT NOT NULL,
          pulled_at INTEGER NOT NULL
        ) STRICT;

        -- One row per client, whether known only from the service, edited
        -- locally, or created offline. id is the local id the UI uses.
        CREATE TABLE clients (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          clientnr INTEGER UNIQUE,
          server TEXT,            -- last record read from the service
          base TEXT,              -- service record the local edits started from
          local TEXT,             -- the local version while it differs from the service
          deleted INTEGER NOT NULL DEFAULT 0,   -- deleted here, delete not yet done on the service
          gone INTEGER NOT NULL DEFAULT 0,      -- vanished from the service while local work refers to it
          pulled_at INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;

        CREATE TABLE quotations (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          server_id INTEGER UNIQUE,
          savename TEXT UNIQUE,
          quotationreference TEXT UNIQUE,
          client_id TEXT,         -- local client id the draft is for
          server TEXT,
          base TEXT,
          draft TEXT,             -- local content (header and lines) while it differs from the service
          deleted INTEGER NOT NULL DEFAULT 0,
          gone INTEGER NOT NULL DEFAULT 0,
          pulled_at INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX quotations_client ON quotations(client_id) WHERE client_id IS NOT NULL;
        CREATE INDEX quotations_updated ON quotations(updated_at);

        CREATE TABLE outbox (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          target TEXT NOT NULL,   -- local id of the client or quotation
          depends_on INTEGER,     -- outbox id that must be done first
          payload TEXT NOT NULL DEFAULT '{}',
          sent TEXT,              -- the body of the last attempt, for outcome lookups
          state TEXT NOT NULL CHECK (state IN (${OUTBOX_STATES})),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX outbox_state ON outbox(state, id);
        CREATE INDEX outbox_target ON outbox(target, id);

        CREATE TABLE conflicts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,     -- fields | draft | deleted
          target_kind TEXT NOT NULL,
          target TEXT NOT NULL,
          op_id INTEGER,
          mine TEXT,
          theirs TEXT,
          base TEXT,
          fields TEXT NOT NULL DEFAULT '[]',
          created_at INTEGER NOT NULL,
          resolved_at INTEGER,
          resolution TEXT
        ) STRICT;
        CREATE INDEX conflicts_open ON conflicts(target) WHERE resolved_at IS NULL;
      `);
    },
  },
  {
    version: 2,
    description: 'type-ahead search over clients and products (prefix, accent-insensitive)',
    up(db) {
      const tokenize = `tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3'`;
      const clientCols = (row: string) =>
        ['company', 'contact', 'email', 'city'].map((f) => `coalesce(json_extract(coalesce(${row}.local, ${row}.server), '$.${f}'), '')`).join(', ');
      const productCols = (row: string) => ['code', 'name'].map((f) => `coalesce(json_extract(${row}.data, '$.${f}'), '')`).join(', ');
      db.exec(`
        CREATE VIRTUAL TABLE client_search USING fts5(company, contact, email, city, ${tokenize});
        CREATE VIRTUAL TABLE product_search USING fts5(code, name, ${tokenize});

        CREATE TRIGGER clients_search_ins AFTER INSERT ON clients BEGIN
          INSERT INTO client_search(rowid, company, contact, email, city) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_upd AFTER UPDATE OF server, local ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
          INSERT INTO client_search(rowid, company, contact, email, city) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_del AFTER DELETE ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
        END;

        CREATE TRIGGER products_search_ins AFTER INSERT ON products BEGIN
          INSERT INTO product_search(rowid, code, name) VALUES (new.id, ${productCols('new')});
        END;
        CREATE TRIGGER products_search_upd AFTER UPDATE OF data ON products BEGIN
          DELETE FROM product_search WHERE rowid = old.id;
          INSERT INTO product_search(rowid, code, name) VALUES (new.id, ${productCols('new')});
        END;
        CREATE TRIGGER products_search_del AFTER DELETE ON products BEGIN
          DELETE FROM product_search WHERE rowid = old.id;
        END;

        INSERT INTO client_search(rowid, company, contact, email, city) SELECT c.rid, ${clientCols('c')} FROM clients c;
        INSERT INTO product_search(rowid, code, name) SELECT p.id, ${productCols('p')} FROM products p;
      `);
    },
  },
  {
    version: 3,
    description: 'search index without word positions, filled once per pulled page instead of once per row',
    up(db) {
      // Type-ahead asks for rows holding words that start with what was
      // typed; it never asks for phrases, so the index keeps no positions
      // (detail = none): a fifth of the size, and faster to fill and to ask.
      //
      // Per row, the insert triggers cost more than storing the record. A
      // writer of many rows (a pulled page) puts a row in search_bulk, fills
      // the index for its rows in one statement, and empties search_bulk
      // again, all in one transaction: no other writer ever sees that row,
      // and every other insert keeps its trigger.
      const tokenize = `tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3', detail = none`;
      const clientCols = (row: string) =>
        ['company', 'contact', 'email', 'city'].map((f) => `coalesce(json_extract(coalesce(${row}.local, ${row}.server), '$.${f}'), '')`).join(', ');
      const productCols = (row: string) => ['code', 'name'].map((f) => `coalesce(json_extract(${row}.data, '$.${f}'), '')`).join(', ');
      db.exec(`
        DROP TRIGGER clients_search_ins;
        DROP TRIGGER clients_search_upd;
        DROP TRIGGER clients_search_del;
        DROP TRIGGER products_search_ins;
        DROP TRIGGER products_search_upd;
        DROP TRIGGER products_search_del;
        DROP TABLE client_search;
        DROP TABLE product_search;

        CREATE TABLE search_bulk (
          one INTEGER PRIMARY KEY CHECK (one = 1)
        ) STRICT;

        CREATE VIRTUAL TABLE client_search USING fts5(company, contact, email, city, ${tokenize});
        CREATE VIRTUAL TABLE product_search USING fts5(code, name, ${tokenize});

        CREATE TRIGGER clients_search_ins AFTER INSERT ON clients WHEN NOT EXISTS (SELECT 1 FROM search_bulk) BEGIN
          INSERT INTO client_search(rowid, company, contact, email, city) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_upd AFTER UPDATE OF server, local ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
          INSERT INTO client_search(rowid, company, contact, email, city) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_del AFTER DELETE ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
        END;

        CREATE TRIGGER products_search_ins AFTER INSERT ON products WHEN NOT EXISTS (SELECT 1 FROM search_bulk) BEGIN
          INSERT INTO product_search(rowid, code, name) VALUES (new.id, ${productCols('new')});
        END;
        CREATE TRIGGER products_search_upd AFTER UPDATE OF data ON products BEGIN
          DELETE FROM product_search WHERE rowid = old.id;
          INSERT INTO product_search(rowid, code, name) VALUES (new.id, ${productCols('new')});
        END;
        CREATE TRIGGER products_search_del AFTER DELETE ON products BEGIN
          DELETE FROM product_search WHERE rowid = old.id;
        END;

        INSERT INTO client_search(rowid, company, contact, email, city) SELECT c.rid, ${clientCols('c')} FROM clients c;
        INSERT INTO product_search(rowid, code, name) SELECT p.id, ${productCols('p')} FROM products p;
      `);
    },
  },
  {
    version: 4,
    description: 'what lists show of clients and quotations, kept in plain columns so listing parses no records',
    up(db) {
      // A scalar of a JSON record as stored in an ANY column: true and false
      // as the text JavaScript would make of them (json_extract gives 1 and 0).
      const scalar = (json: string, field: string) =>
        `CASE json_type(${json}, '$.${field}') WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE json_extract(${json}, '$.${field}') END`;
      const shown = (row: string) =>
        (['company', 'contact', 'currency'] as const).map((f) => `${f} = ${scalar(`coalesce(${row}.local, ${row}.server)`, f)}`).join(', ');
      const server = (row: string) =>
        [
          `server_clientnr = ${scalar(`${row}.server`, 'clientnr')}`,
          `server_date = ${scalar(`${row}.server`, 'date')}`,
          `server_total = ${scalar(`${row}.server`, 'totalintax')}`,
          `server_sent = coalesce(json_type(${row}.server, '$.sent') = 'true', 0)`,
          `server_approved = coalesce(json_type(${row}.server, '$.approved') = 'object', 0)`,
          `server_status = ${scalar(`${row}.server`, 'customstatus')}`,
        ].join(', ');
      db.exec(`
        -- Inserts of a pulled page: while this holds a row, the writer
        -- provides what the insert triggers would derive (search index, the
        -- columns below), for all its rows at once.
        ALTER TABLE search_bulk RENAME TO bulk_insert;

        -- Of the client as shown: the local version over the service's.
        ALTER TABLE clients ADD COLUMN company ANY;
        ALTER TABLE clients ADD COLUMN contact ANY;
        ALTER TABLE clients ADD COLUMN currency ANY;

        -- Of the service's version of the quotation (server), when there is one.
        ALTER TABLE quotations ADD COLUMN server_clientnr ANY;
        ALTER TABLE quotations ADD COLUMN server_date ANY;
        ALTER TABLE quotations ADD COLUMN server_total ANY;
        ALTER TABLE quotations ADD COLUMN server_sent INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE quotations ADD COLUMN server_approved INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE quotations ADD COLUMN server_status ANY;

        CREATE TRIGGER clients_shown_ins AFTER INSERT ON clients WHEN NOT EXISTS (SELECT 1 FROM bulk_insert) BEGIN
          UPDATE clients SET ${shown('new')} WHERE rid = new.rid;
        END;
        CREATE TRIGGER clients_shown_upd AFTER UPDATE OF server, local ON clients BEGIN
          UPDATE clients SET ${shown('new')} WHERE rid = new.rid;
        END;
        CREATE TRIGGER quotations_server_ins AFTER INSERT ON quotations WHEN new.server IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bulk_insert) BEGIN
          UPDATE quotations SET ${server('new')} WHERE rid = new.rid;
        END;
        CREATE TRIGGER quotations_server_upd AFTER UPDATE OF server ON quotations BEGIN
          UPDATE quotations SET ${server('new')} WHERE rid = new.rid;
        END;

        UPDATE clients SET ${shown('clients')};
        UPDATE quotations SET ${server('quotations')} WHERE server IS NOT NULL;
      `);
    },
  },
  {
    version: 5,
    description: 'clients listed by name a page at a time: whether a client is active in a column, the name order in an index',
    up(db) {
      const scalar = (json: string, field: string) =>
        `CASE json_type(${json}, '$.${field}') WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE json_extract(${json}, '$.${field}') END`;
      // inactive only when it says so: false, or the text "false"
      const active = (json: string) =>
        `CASE WHEN json_type(${json}, '$.active') = 'false' OR (json_type(${json}, '$.active') = 'text' AND json_extract(${json}, '$.active') = 'false') THEN 0 ELSE 1 END`;
      const shown = (row: string) => {
        const json = `coalesce(${row}.local, ${row}.server)`;
        return [...(['company', 'contact', 'currency'] as const).map((f) => `${f} = ${scalar(json, f)}`), `active = ${active(json)}`].join(', ');
      };
      db.exec(`
        ALTER TABLE clients ADD COLUMN active INTEGER NOT NULL DEFAULT 1;

        DROP TRIGGER clients_shown_ins;
        DROP TRIGGER clients_shown_upd;
        CREATE TRIGGER clients_shown_ins AFTER INSERT ON clients WHEN NOT EXISTS (SELECT 1 FROM bulk_insert) BEGIN
          UPDATE clients SET ${shown('new')} WHERE rid = new.rid;
        END;
        CREATE TRIGGER clients_shown_upd AFTER UPDATE OF server, local ON clients BEGIN
          UPDATE clients SET ${shown('new')} WHERE rid = new.rid;
        END;

        UPDATE clients SET ${shown('clients')};
        -- the order of client lists (store/clients.ts NAME_ORDER)
        CREATE INDEX clients_by_name ON clients(lower(coalesce(nullif(company, ''), contact, '')), rid);
      `);
    },
  },
  {
    version: 6,
    description: 'outbox: draft saves held while the person types (hold_until), and whether a person asked for an entry (asked)',
    up(db) {
      // Entries queued before this version go out as they always did: asked, not held.
      db.exec(`
        ALTER TABLE outbox ADD COLUMN hold_until INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE outbox ADD COLUMN asked INTEGER NOT NULL DEFAULT 1;
      `);
    },
  },
  {
    version: 7,
    description:
      'pull_prints: the pages of the last complete pull of each list, by a digest of their text, and a count of the writes to what the service holds of its records',
    up(db) {
      // A page whose text is the same as then holds the same records, which
      // are stored as they came: it need not be read again. That holds only
      // while nothing but the pull wrote what the service holds of a list's
      // records. The triggers count every such write (a push's read-back, a
      // resolution, a removal) in \`writes\`; prints are good while
      // \`printed_at\` still equals it (store/pull-prints.ts).
      const bump = (list: string) => `BEGIN UPDATE pull_prints SET writes = writes + 1 WHERE list = '${list}'; END`;
      db.exec(`
        CREATE TABLE pull_prints (
          list TEXT PRIMARY KEY,
          writes INTEGER NOT NULL DEFAULT 0,
          printed_at INTEGER,     -- the value of writes when prints was kept
          prints TEXT             -- JSON: {digest: [key, ...]} per page
        );
        INSERT INTO pull_prints (list) VALUES ('clients'), ('products'), ('quotations');
        CREATE TRIGGER clients_prints_update AFTER UPDATE OF clientnr, server, gone ON clients ${bump('clients')};
        CREATE TRIGGER clients_prints_delete AFTER DELETE ON clients ${bump('clients')};
        CREATE TRIGGER products_prints_update AFTER UPDATE OF id, data ON products ${bump('products')};
        CREATE TRIGGER products_prints_delete AFTER DELETE ON products ${bump('products')};
        CREATE TRIGGER quotations_prints_update AFTER UPDATE OF server_id, server, gone, savename, quotationreference ON quotations ${bump('quotations')};
        CREATE TRIGGER quotations_prints_delete AFTER DELETE ON quotations ${bump('quotations')};
      `);
    },
  },
  {
    version: 8,
    description: 'profiles and categories as last read from the service, and whether the service offers each list',
    up(db) {
      // position keeps the service's order, which is the order its own
      // screens show. A list the service answered 404 for is 'unavailable';
      // no row in list_reads means it was never read.
      db.exec(`
        CREATE TABLE profiles (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          is_default INTEGER NOT NULL DEFAULT 0,
          position INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE categories (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          position INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE list_reads (
          list TEXT PRIMARY KEY CHECK (list IN ('profiles', 'categories')),
          state TEXT NOT NULL CHECK (state IN ('available', 'unavailable')),
          read_at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 9,
    description:
      'products edited here as clients are: a local id, the service version, the version an edit started from, the local version, deleted and gone flags',
    up(db) {
      // The table is rebuilt: its key was the service's id, and a product
      // created offline has none yet. Pulled rows keep their key as rid, so
      // the search index (rowid = rid) stays as it is.
      const productCols = (row: string) =>
        ['code', 'name'].map((f) => `coalesce(json_extract(coalesce(${row}.local, ${row}.server), '$.${f}'), '')`).join(', ');
      const bump = `BEGIN UPDATE pull_prints SET writes = writes + 1 WHERE list = 'products'; END`;
      db.exec(`
        DROP TRIGGER products_search_ins;
        DROP TRIGGER products_search_upd;
        DROP TRIGGER products_search_del;
        DROP TRIGGER products_prints_update;
        DROP TRIGGER products_prints_delete;
        ALTER TABLE products RENAME TO products_v8;

        CREATE TABLE products (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,            -- local id the UI and the outbox use
          product_id INTEGER UNIQUE,          -- the service's id, once it has the product
          server TEXT,                        -- last record read from the service
          base TEXT,                          -- service record the local edits started from
          local TEXT,                         -- the local version while it differs from the service
          deleted INTEGER NOT NULL DEFAULT 0, -- deleted here, delete not yet done on the service
          gone INTEGER NOT NULL DEFAULT 0,    -- vanished from the service while local work refers to it
          pulled_at INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        INSERT INTO products (rid, id, product_id, server, pulled_at, created_at, updated_at)
          SELECT id, lower(hex(randomblob(16))), id, data, pulled_at, pulled_at, pulled_at FROM products_v8;
        DROP TABLE products_v8;
        -- the list's order
        CREATE INDEX products_by_name ON products(lower(coalesce(json_extract(coalesce(local, server), '$.name'), '')), rid);

        CREATE TRIGGER products_search_ins AFTER INSERT ON products WHEN NOT EXISTS (SELECT 1 FROM bulk_insert) BEGIN
          INSERT INTO product_search(rowid, code, name) VALUES (new.rid, ${productCols('new')});
        END;
        CREATE TRIGGER products_search_upd AFTER UPDATE OF server, local ON products BEGIN
          DELETE FROM product_search WHERE rowid = old.rid;
          INSERT INTO product_search(rowid, code, name) VALUES (new.rid, ${productCols('new')});
        END;
        CREATE TRIGGER products_search_del AFTER DELETE ON products BEGIN
          DELETE FROM product_search WHERE rowid = old.rid;
        END;
        CREATE TRIGGER products_prints_update AFTER UPDATE OF product_id, server, gone ON products ${bump};
        CREATE TRIGGER products_prints_delete AFTER DELETE ON products ${bump};

        DELETE FROM product_search;
        INSERT INTO product_search(rowid, code, name) SELECT p.rid, ${productCols('p')} FROM products p;
      `);
    },
  },
  {
    version: 10,
    description: 'templates: named groups of quotation lines (and header fields to reuse), kept on this computer only, searchable by name and line text',
    up(db) {
      // Templates never go to the service: no outbox, no server columns.
      // name_key is the name folded (no case, no accents): two templates a
      // person could not tell apart in a list cannot both exist.
      // The search index holds the name and the lines' texts, with the same
      // tokenizer as the type-ahead of clients and products (migration 3).
      const tokenize = `tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3', detail = none`;
      const lineText = (row: string) =>
        `(SELECT coalesce(group_concat(trim(coalesce(json_extract(value, '$.description'), '') || ' ' || coalesce(json_extract(value, '$.amount_desc'), '')), ' '), '') FROM json_each(${row}.lines))`;
      db.exec(`
        CREATE TABLE templates (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL UNIQUE,
          header TEXT,            -- JSON: quotation fields a new quotation takes over; NULL: lines only
          lines TEXT NOT NULL,    -- JSON array of line fields, in order, values as they were typed
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE VIRTUAL TABLE template_search USING fts5(name, lines, ${tokenize});
        CREATE TRIGGER templates_search_ins AFTER INSERT ON templates BEGIN
          INSERT INTO template_search(rowid, name, lines) VALUES (new.rid, new.name, ${lineText('new')});
        END;
        CREATE TRIGGER templates_search_upd AFTER UPDATE OF name, lines ON templates BEGIN
          DELETE FROM template_search WHERE rowid = old.rid;
          INSERT INTO template_search(rowid, name, lines) VALUES (new.rid, new.name, ${lineText('new')});
        END;
        CREATE TRIGGER templates_search_del AFTER DELETE ON templates BEGIN
          DELETE FROM template_search WHERE rowid = old.rid;
        END;
      `);
    },
  },
  {
    version: 11,
    description:
      'the quotation list paged, sorted, filtered and searched in SQL: its keys in a narrow table with an index per order, kept up to date from what changed',
    up(db) {
      // What the list sorts, filters and searches by, one narrow row per
      // quotation (store/quotation-list.ts): scanning it reads none of the
      // large JSON of the records. Some keys need JavaScript (a draft's total
      // from its lines, names folded without accents), so the triggers only
      // note which quotations changed (quotation_list_dirty) and the list
      // works them out before it answers. Every insert is noted, pulled
      // pages too: a note costs one small row.
      //
      // Empty values sort last in both directions (K IS NULL first in each
      // index), then the value, then the newest row; rank and sent ride
      // along so a filtered page is read from the index alone.
      const dirty = (rids: string) => `INSERT OR IGNORE INTO quotation_list_dirty (rid) ${rids};`;
      const byTarget = (row: string) => dirty(`SELECT rid FROM quotations WHERE id = ${row}.target`);
      const byClient = (row: string) =>
        dirty(`SELECT rid FROM quotations WHERE server_clientnr = ${row}.clientnr UNION SELECT rid FROM quotations WHERE client_id = ${row}.id`);
      const keyIndexes = ['date', 'client', 'total', 'reference']
        .map(
          (k) => `
        CREATE INDEX quotation_list_${k}_asc ON quotation_list(deleted, ${k} IS NULL, ${k}, rid DESC, rank, sent);
        CREATE INDEX quotation_list_${k}_desc ON quotation_list(deleted, ${k} IS NULL, ${k} DESC, rid DESC, rank, sent);`,
        )
        .join('');
      db.exec(`
        CREATE TABLE quotation_list (
          rid INTEGER PRIMARY KEY,      -- the quotation's rid
          deleted INTEGER NOT NULL,
          updated INTEGER NOT NULL,     -- updated_at: the order without a sort
          date TEXT,                    -- as the list shows it; NULL when empty
          client TEXT,                  -- the client's name, folded; NULL without one
          total REAL,                   -- incl. tax; NULL when unknown
          reference TEXT,               -- quotationreference, folded; NULL when none
          rank INTEGER NOT NULL,        -- the state: 0 conflict, 1 attention, 2 local, 3 saved, 4 pending, 5 sent, 6 approved
          sent INTEGER NOT NULL,        -- sent, or a send is queued
          words TEXT NOT NULL,          -- what the search looks in, folded
          client_id TEXT,               -- the local id of the client shown, whose name is read with the page
          shown_total TEXT NOT NULL     -- the total as shown: the service's, or a draft's from its lines
        ) STRICT;
        CREATE TABLE quotation_list_dirty (
          rid INTEGER PRIMARY KEY
        ) STRICT;
        ${keyIndexes}
        CREATE INDEX quotation_list_updated ON quotation_list(deleted, updated DESC, rid DESC, rank, sent);
        CREATE INDEX quotation_list_state_asc ON quotation_list(deleted, rank, rid DESC, sent);
        CREATE INDEX quotation_list_state_desc ON quotation_list(deleted, rank DESC, rid DESC, sent);
        -- quotations of a client whose name changed
        CREATE INDEX quotations_server_clientnr ON quotations(server_clientnr) WHERE server_clientnr IS NOT NULL;

        CREATE TRIGGER quotations_list_ins AFTER INSERT ON quotations BEGIN ${dirty('VALUES (new.rid)')} END;
        CREATE TRIGGER quotations_list_upd AFTER UPDATE OF server_id, savename, quotationreference, client_id, server, draft, deleted, updated_at ON quotations BEGIN
          ${dirty('VALUES (new.rid)')}
        END;
        CREATE TRIGGER quotations_list_del AFTER DELETE ON quotations BEGIN
          DELETE FROM quotation_list WHERE rid = old.rid;
          DELETE FROM quotation_list_dirty WHERE rid = old.rid;
        END;
        CREATE TRIGGER clients_list_ins AFTER INSERT ON clients BEGIN ${byClient('new')} END;
        CREATE TRIGGER clients_list_upd AFTER UPDATE OF clientnr, server, local ON clients BEGIN ${byClient('old')} ${byClient('new')} END;
        CREATE TRIGGER clients_list_del AFTER DELETE ON clients BEGIN ${byClient('old')} END;
        CREATE TRIGGER outbox_list_ins AFTER INSERT ON outbox BEGIN ${byTarget('new')} END;
        CREATE TRIGGER outbox_list_upd AFTER UPDATE OF state, target ON outbox BEGIN ${byTarget('old')} ${byTarget('new')} END;
        CREATE TRIGGER outbox_list_del AFTER DELETE ON outbox BEGIN ${byTarget('old')} END;
        CREATE TRIGGER conflicts_list_ins AFTER INSERT ON conflicts BEGIN ${byTarget('new')} END;
        CREATE TRIGGER conflicts_list_upd AFTER UPDATE OF resolved_at, target ON conflicts BEGIN ${byTarget('old')} ${byTarget('new')} END;
        CREATE TRIGGER conflicts_list_del AFTER DELETE ON conflicts BEGIN ${byTarget('old')} END;

        INSERT INTO quotation_list_dirty (rid) SELECT rid FROM quotations;
      `);
    },
  },
  {
    version: 12,
    description: 'clients and products listed by their names folded (case and accents aside), a page at a time from an index that holds all a page needs',
    up(db) {
      // fold_key is ours (sql-functions.ts). Each index holds what the list
      // filters on, the sort key and the row key, so a page and a count read
      // the index alone, never the records' JSON (store/name-pages.ts). These replace the indexes
      // by lower() of migrations 5 and 9, which left accented names last.
      db.exec(`
        DROP INDEX clients_by_name;
        CREATE INDEX clients_by_name ON clients(deleted, fold_key(coalesce(nullif(company, ''), contact, '')), rid, active);
        -- a search with few matches joins them here (store/name-pages.ts)
        CREATE INDEX clients_by_rid ON clients(rid, deleted, active, fold_key(coalesce(nullif(company, ''), contact, '')));
        DROP INDEX products_by_name;
        CREATE INDEX products_by_name ON products(deleted, fold_key(json_extract(coalesce(local, server), '$.name')), rid);
      `);
    },
  },
  {
    version: 13,
    description: 'the follow-up list paged in SQL: whether a quotation waits for an answer and until when it is valid, kept beside the list keys',
    up(db) {
      // waiting: sent (or its send queued), not approved, no closing custom
      // status, with what waits in the outbox counted as done; valid_until:
      // the validity date (docs/follow-up.md); sign_url: the signing link the
      // row's panel offers (read from the record's JSON, a page's worth of
      // which cost more than the rest of the page). They are worked out with the
      // other list keys (store/quotation-list.ts), so the follow-up screen
      // reads a page from this index instead of every sent quotation.
      db.exec(`
        ALTER TABLE quotation_list ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE quotation_list ADD COLUMN valid_until TEXT;
        ALTER TABLE quotation_list ADD COLUMN sign_url TEXT;
        CREATE INDEX quotation_list_follow_up ON quotation_list(valid_until IS NULL, valid_until, rid DESC) WHERE waiting = 1 AND deleted = 0;
        INSERT OR IGNORE INTO quotation_list_dirty (rid) SELECT rid FROM quotation_list WHERE sent = 1;
      `);
    },
  },
  {
    version: 14,
    description: 'an outbox entry is claimed by the desk that pushes it, in one conditional update, so two desks on one database never send one entry twice',
    up(db) {
      // claim: the token of the open store (one desk) working on the entry,
      // from picking it until its attempt has ended; null while nobody is.
      db.exec(`ALTER TABLE outbox ADD COLUMN claim TEXT;`);
    },
  },
  {
    version: 15,
    description:
      "searches find more: a client by its number, a quotation by the words of its reference lines and of its lines' descriptions (a full-text index of their own)",
    up(db) {
      // client_search gains the client's number, as text: a number typed is a
      // prefix like every other word ("17512" finds client 17512, and 175120
      // where there is one). FTS5 tables take no new column, so the index is
      // made again and filled from the rows, as migration 3 did; its update
      // trigger now also follows the number, which a client made here gets
      // when its create is done.
      //
      // quotation_search holds what the quotation list's narrow keys leave out
      // because it is long: the three reference lines and the lines'
      // descriptions, of the content as a person sees it (the local draft,
      // else the service's record). Like the list keys it is worked out when a
      // noted quotation is (store/quotation-list.ts, catchUpList), so no
      // trigger parses a record; a quotation removed takes its row along.
      const tokenize = `tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3', detail = none`;
      const clientCols = (row: string) =>
        [
          ...['company', 'contact', 'email', 'city'].map((f) => `coalesce(json_extract(coalesce(${row}.local, ${row}.server), '$.${f}'), '')`),
          `coalesce(CAST(${row}.clientnr AS TEXT), '')`,
        ].join(', ');
      const content = `coalesce(q.draft, q.server)`;
      const reference = ['line1', 'line2', 'line3'].map((l) => `coalesce(json_extract(${content}, '$.reference.${l}'), '')`).join(` || ' ' || `);
      const lines = `(SELECT coalesce(group_concat(json_extract(l.value, '$.description'), ' '), '') FROM json_each(${content}, '$.lines') l)`;
      db.exec(`
        DROP TRIGGER clients_search_ins;
        DROP TRIGGER clients_search_upd;
        DROP TRIGGER clients_search_del;
        DROP TABLE client_search;
        CREATE VIRTUAL TABLE client_search USING fts5(company, contact, email, city, clientnr, ${tokenize});
        CREATE TRIGGER clients_search_ins AFTER INSERT ON clients WHEN NOT EXISTS (SELECT 1 FROM bulk_insert) BEGIN
          INSERT INTO client_search(rowid, company, contact, email, city, clientnr) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_upd AFTER UPDATE OF server, local, clientnr ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
          INSERT INTO client_search(rowid, company, contact, email, city, clientnr) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_del AFTER DELETE ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
        END;
        INSERT INTO client_search(rowid, company, contact, email, city, clientnr) SELECT c.rid, ${clientCols('c')} FROM clients c;

        CREATE VIRTUAL TABLE quotation_search USING fts5(reference, lines, ${tokenize});
        CREATE TRIGGER quotations_search_del AFTER DELETE ON quotations BEGIN
          DELETE FROM quotation_search WHERE rowid = old.rid;
        END;
        INSERT INTO quotation_search(rowid, reference, lines)
          SELECT q.rid, trim(${reference}), ${lines} FROM quotations q WHERE json_valid(${content});
      `);
    },
  },
  {
    version: 16,
    description:
      'when each record was last seen on the service (checked_at): a page of a sweep, a check of the newest, or a read by id; what a whole sweep did not see is looked up by id before it is removed',
    up(db) {
      // No trigger watches the column (they name the columns they follow),
      // so marking a page's records checked moves neither the pull prints'
      // count nor the quotation list's rows.
      db.exec(`
        ALTER TABLE clients ADD COLUMN checked_at INTEGER;
        ALTER TABLE products ADD COLUMN checked_at INTEGER;
        ALTER TABLE quotations ADD COLUMN checked_at INTEGER;
      `);
    },
  },
  {
    version: 17,
    description: "the quotation list's search words leave out the service's id, which no screen shows (docs/numbering.md, One number per quotation)",
    up(db) {
      // noted, the rows are worked out again by the next list call (catchUpList), from the words as they are now
      db.exec(`INSERT OR IGNORE INTO quotation_list_dirty (rid) SELECT rid FROM quotation_list;`);
    },
  },
  {
    version: 18,
    description: 'a client is found by its postcode, VAT number, phone and mobile too, as typed or without spaces and punctuation',
    up(db) {
      // client_search gains a column of those words (client_codes,
      // shared/client-codes.ts): FTS5 tables take no new column, so the index
      // is made again and filled from the rows, as migration 15 did, and the
      // triggers are made again with it.
      const tokenize = `tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3', detail = none`;
      const field = (row: string, f: string) => `json_extract(coalesce(${row}.local, ${row}.server), '$.${f}')`;
      const clientCols = (row: string) =>
        [
          ...['company', 'contact', 'email', 'city'].map((f) => `coalesce(${field(row, f)}, '')`),
          `coalesce(CAST(${row}.clientnr AS TEXT), '')`,
          `client_codes(${['zipcode', 'taxnumber', 'phone', 'mobile'].map((f) => field(row, f)).join(', ')})`,
        ].join(', ');
      const cols = 'rowid, company, contact, email, city, clientnr, codes';
      db.exec(`
        DROP TRIGGER clients_search_ins;
        DROP TRIGGER clients_search_upd;
        DROP TRIGGER clients_search_del;
        DROP TABLE client_search;
        CREATE VIRTUAL TABLE client_search USING fts5(company, contact, email, city, clientnr, codes, ${tokenize});
        CREATE TRIGGER clients_search_ins AFTER INSERT ON clients WHEN NOT EXISTS (SELECT 1 FROM bulk_insert) BEGIN
          INSERT INTO client_search(${cols}) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_upd AFTER UPDATE OF server, local, clientnr ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
          INSERT INTO client_search(${cols}) VALUES (new.rid, ${clientCols('new')});
        END;
        CREATE TRIGGER clients_search_del AFTER DELETE ON clients BEGIN
          DELETE FROM client_search WHERE rowid = old.rid;
        END;
        INSERT INTO client_search(${cols}) SELECT c.rid, ${clientCols('c')} FROM clients c;
      `);
    },
  },
  {
    version: 19,
    description: "a product's unit, and what a new quotation started with, kept on this computer",
    up(db) {
      // the service's product has no unit field (docs/products.md); the start is the app's own (electron/store/quotation-starts.ts);
      // each row goes with its product or quotation
      db.exec(`
        CREATE TABLE product_units (id TEXT PRIMARY KEY, unit TEXT NOT NULL) STRICT;
        CREATE TRIGGER product_units_del AFTER DELETE ON products BEGIN
          DELETE FROM product_units WHERE id = old.id;
        END;
        CREATE TABLE quotation_starts (id TEXT PRIMARY KEY, start TEXT NOT NULL) STRICT;
        CREATE TRIGGER quotation_starts_del AFTER DELETE ON quotations BEGIN
          DELETE FROM quotation_starts WHERE id = old.id;
        END;
      `);
    },
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function readVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings the schema from its current version up to `target`, one transaction per step. */
export function migrate(db: Db, target: number = LATEST_VERSION): void {
  // the schema's indexes call them: before any step, and before the store writes
  registerSqlFunctions(db);
  const current = readVersion(db);
  for (const m of MIGRATIONS) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}
