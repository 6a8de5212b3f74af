// The quotation list, a page at a time. What it sorts, filters and searches
// by is kept in a narrow table, quotation_list (migration 11), one row per
// quotation with an index per order; triggers note the quotations whose row
// is out of date (quotation_list_dirty) and the list works those out before
// it answers (a pull as it writes each page: pulled.ts), since some keys
// need JavaScript: a draft's total from its lines, names folded without
// accents. A page is chosen from that table
// alone, then only its rows are read: a quotation as the service has it (no
// local draft, a known total) from the plain columns kept beside its record
// and its client's (migration 4), parsing no JSON; one with local work whole,
// as get() reads it. Drafts are few; service records are most of the list.
// The longer texts a search also looks in, the reference lines and the
// lines' descriptions, are in a full-text index beside it (quotation_search,
// migration 15), written when a noted row is worked out.
import type { Connection } from './connection';
import type { OutboxEntry } from '../../shared/outbox';
import type { LocalQuotation } from '../../shared/local';
import { withQueued } from './queued';
import { fold, matchExpression } from './search';
import type { QuotationSort } from '../../shared/bridge/quotation-list';

export interface QuotationListItem {
  id: string;
  serverId: number | null;
  savename: string | null;
  quotationreference: string | null;
  /** local id of the client the quotation is for */
  clientId: string | null;
  /** what a list shows of that client; null when it is not on this computer */
  client: ListedClient | null;
  /** the content's date, as text; null when empty */
  date: string | null;
  /** the service's total while the service's version stands unchanged, else null */
  serviceTotal: string | null;
  /** the service's total, or else the estimate from the lines */
  totalintax: string;
  /** sent, or a send is queued */
  sent: boolean;
  approved: boolean;
  customstatus: string;
  updatedAt: number;
}

/** Of the client as shown (local edits over the service's record); "" for an empty field. */
export interface ListedClient {
  clientnr: number | null;
  company: string;
  contact: string;
  currency: string;
}

/**
 * The state as a number, in the order the state column sorts: problems
 * first, then the way a quotation goes. The bridge names them (the same
 * rules as electron/bridge/to-views.ts, quotationState).
 */
export const STATE_RANK = { conflict: 0, attention: 1, local: 2, saved: 3, pending: 4, sent: 5, approved: 6 } as const;
export type RankedState = keyof typeof STATE_RANK;

export interface QuotationListOptions {
  /** drafts (not sent), sent ones, or all; default all */
  which?: 'drafts' | 'sent' | 'all';
  /** default 100 */
  limit?: number;
  offset?: number;
  includeDeleted?: boolean;
  /** a column and direction; default: most recently changed first */
  sort?: QuotationSort;
  /** only quotations in these states; an empty list leaves none */
  states?: readonly RankedState[];
  /**
   * every word must appear in the name, reference, number, client, contact, total, date or status, or begin a word of
   * the reference lines or of a line's description; case and accents do not matter
   */
  query?: string;
}

export interface QuotationListPage {
  items: QuotationListItem[];
  /** how many match, over all pages */
  total: number;
}

interface Row {
  rid: number;
  id: string;
  server_id: number | null;
  savename: string | null;
  quotationreference: string | null;
  updated_at: number;
  /** a service record without local work, whose total is known */
  plain: number;
  server_date: unknown;
  server_total: unknown;
  server_sent: number;
  server_approved: number;
  server_status: unknown;
  client_id: string | null;
  clientnr: number | null;
  company: unknown;
  contact: unknown;
  currency: unknown;
  /** the client's name as the service copied it onto the quotation, read only while the client is not here */
  copied_company: unknown;
  copied_contact: unknown;
  server_clientnr: unknown;
}

interface ClientColumns {
  clientnr: number | null;
  company: unknown;
  contact: unknown;
  currency: unknown;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function listed(c: ClientColumns): ListedClient {
  return { clientnr: c.clientnr, company: str(c.company), contact: str(c.contact), currency: str(c.currency) };
}

/**
 * The client as the service copied it onto the quotation (company and
 * contact are on every quotation it answers), for a quotation whose client
 * is not here yet: at a large account the first load reads the clients last,
 * and a list of "no client" would be no list at all. Null without a name.
 */
function copied(r: { copied_company: unknown; copied_contact: unknown; server_clientnr: unknown }): ListedClient | null {
  const company = str(r.copied_company);
  const contact = str(r.copied_contact);
  if (company === '' && contact === '') return null;
  const n = Number(r.server_clientnr);
  return { clientnr: Number.isSafeInteger(n) && n > 0 ? n : null, company, contact, currency: '' };
}

/** The copied names, read from the quotation's record only where the client is not here (`client` is the joined table's alias). */
const COPIED = (client: string) =>
  `CASE WHEN ${client}.rid IS NULL THEN json_extract(q.server, '$.company') END AS copied_company,
   CASE WHEN ${client}.rid IS NULL THEN json_extract(q.server, '$.contact') END AS copied_contact, q.server_clientnr`;

// server_total is set only while there is a service record (its triggers
// clear it with the record), so the large server column is not looked at.
const COLUMNS = `q.rid, q.id, q.server_id, q.savename, q.quotationreference, q.updated_at,
         q.draft IS NULL AND q.server_total IS NOT NULL AS plain,
         q.server_date, q.server_total, q.server_sent, q.server_approved, q.server_status,
         c.id AS client_id, c.clientnr, c.company, c.contact, c.currency, ${COPIED('c')}`;
const CLIENT_JOIN = `LEFT JOIN clients c ON c.clientnr = q.server_clientnr AND q.draft IS NULL AND q.server_total IS NOT NULL`;

/** The state's rank (STATE_RANK) from the outbox and the open conflicts, as the bridge names states. */
const RANK = `CASE
      WHEN EXISTS (SELECT 1 FROM conflicts f WHERE f.target = q.id AND f.resolved_at IS NULL) THEN 0
      WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.target = q.id AND o.state = 'parked') THEN 1
      WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.target = q.id AND o.state != 'done') THEN 4
      WHEN q.server_approved = 1 THEN 6
      WHEN q.server_sent = 1 THEN 5
      WHEN q.server_id IS NOT NULL THEN 3
      ELSE 2 END`;

/** The list's column of each sort; every index puts empty values last, then the value, then the newest row. */
const SORT_COLUMN: Record<QuotationSort['key'], string> = { date: 'date', reference: 'reference', client: 'client', total: 'total', state: 'rank' };

function orderBy(sort: QuotationSort | undefined): string {
  if (!sort) return 'updated DESC, rid DESC';
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  const col = SORT_COLUMN[sort.key];
  // the rank is never empty
  return sort.key === 'state' ? `rank ${dir}, rid DESC` : `${col} IS NULL, ${col} ${dir}, rid DESC`;
}

/**
 * What the list needs of the quotations (Quotations has it): one read whole,
 * as the editor sees it. Named here, not imported, because quotations.ts
 * imports this file for its list methods.
 */
export interface WholeQuotations {
  find(id: string): LocalQuotation | null;
}

/** Reads what a page shows of the quotations, the service records from plain columns, the rest whole. */
class ItemReader {
  private readonly ops: Map<string, Pick<OutboxEntry, 'kind' | 'payload'>[]>;
  private readonly clientById;

  constructor(
    private readonly conn: Connection,
    private readonly quotations: WholeQuotations,
  ) {
    this.ops = queuedChanges(conn);
    this.clientById = conn.stmt<[string], ClientColumns>('SELECT clientnr, company, contact, currency FROM clients WHERE id = ?');
  }

  item(r: Row): QuotationListItem | null {
    if (r.plain) {
      const queued = withQueued(
        { sent: r.server_sent === 1, approved: r.server_approved === 1 ? true : null, customstatus: str(r.server_status) },
        this.ops.get(r.id) ?? [],
      );
      const total = String(r.server_total);
      return {
        id: r.id,
        serverId: r.server_id,
        savename: r.savename,
        quotationreference: r.quotationreference,
        clientId: r.client_id,
        client: r.client_id === null ? copied(r) : listed(r),
        date: r.server_date ? String(r.server_date) : null,
        serviceTotal: total,
        totalintax: total,
        sent: queued.sent,
        approved: !!queued.approved,
        customstatus: queued.customstatus,
        updatedAt: r.updated_at,
      };
    }
    const q = this.quotations.find(r.id);
    if (!q) return null;
    const clientId = q.content.clientId;
    const client = clientId ? this.clientById.get(clientId) : undefined;
    return {
      id: q.id,
      serverId: q.serverId,
      savename: q.savename,
      quotationreference: q.quotationreference,
      clientId,
      client: client ? listed(client) : null,
      date: q.content.date ? String(q.content.date) : null,
      serviceTotal: null,
      totalintax: q.totals.totalintax,
      sent: q.sent,
      approved: !!q.approved,
      customstatus: q.customstatus,
      updatedAt: q.updatedAt,
    };
  }
}

/**
 * Fills the full-text index of the quotations whose rids it gets (a JSON
 * array), as migration 15 filled it: the reference lines and the lines'
 * descriptions of the content as shown (the draft, else the service's
 * record). Worked out in SQL, a batch in one statement, so a pulled page's
 * records are not parsed again; a quotation whose JSON is damaged is left
 * out rather than failing the batch.
 */
const CONTENT = 'coalesce(q.draft, q.server)';
const TEXT_INDEX = `INSERT INTO quotation_search (rowid, reference, lines)
  SELECT q.rid,
    trim(${['line1', 'line2', 'line3'].map((l) => `coalesce(json_extract(${CONTENT}, '$.reference.${l}'), '')`).join(` || ' ' || `)}),
    (SELECT coalesce(group_concat(json_extract(l.value, '$.description'), ' '), '') FROM json_each(${CONTENT}, '$.lines') l)
  FROM quotations q WHERE q.rid IN (SELECT value FROM json_each(?)) AND json_valid(${CONTENT})`;

/** Rows worked out per transaction while catching up: a pulled page's worth. */
const CATCH_UP_BATCH = 500;

/**
 * Brings quotation_list up to date with the quotations the triggers noted.
 * It writes only that table, which nothing shows, so it signals nothing.
 *
 * The pull calls it with `skipUnreadable` for each page it writes
 * (pulled.ts): a quotation that cannot be read (a damaged draft) then stays
 * noted, for the next list call to report as it always did, rather than
 * failing the service's page.
 */
export function catchUpList(conn: Connection, quotations: WholeQuotations, opts: { skipUnreadable?: boolean } = {}): void {
  const pending = conn.stmt<[], { n: number }>('SELECT count(*) AS n FROM quotation_list_dirty');
  if (pending.get()!.n === 0) return;
  // past the last row read, since a row left unread stays noted
  const read = conn.stmt<[number, number], Row & { rank: number; deleted: number }>(
    `SELECT ${COLUMNS}, ${RANK} AS rank, q.deleted
     FROM (SELECT rid FROM quotation_list_dirty WHERE rid > ? ORDER BY rid LIMIT ?) d JOIN quotations q ON q.rid = d.rid
     ${CLIENT_JOIN}`,
  );
  // An upsert, not INSERT OR REPLACE: with the table's eleven indexes a new
  // row (every row of a pulled page) costs half as much this way, as
  // measured (10,000 rows: 0.14 s against 0.28 s).
  const put = conn.stmt(
    `INSERT INTO quotation_list (rid, deleted, updated, date, client, total, reference, rank, sent, words, client_id, shown_total, waiting, valid_until, sign_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (rid) DO UPDATE SET deleted = excluded.deleted, updated = excluded.updated, date = excluded.date, client = excluded.client,
       total = excluded.total, reference = excluded.reference, rank = excluded.rank, sent = excluded.sent, words = excluded.words,
       client_id = excluded.client_id, shown_total = excluded.shown_total, waiting = excluded.waiting, valid_until = excluded.valid_until,
       sign_url = excluded.sign_url`,
  );
  // read only for a quotation that waits for an answer: few of a pulled page's, and the JSON is read for nothing else
  const validity = conn.stmt<[number], { datedue: unknown; date: unknown; period: unknown; sign_url: unknown }>(
    `SELECT json_extract(server, '$.datedue') AS datedue, json_extract(server, '$.sign_url') AS sign_url,
            json_extract(coalesce(draft, server), '$.date') AS date,
            json_extract(coalesce(draft, server), '$.quotationperiod') AS period
     FROM quotations WHERE rid = ?`,
  );
  const drop = conn.stmt('DELETE FROM quotation_list WHERE rid = ?');
  const done = conn.stmt('DELETE FROM quotation_list_dirty WHERE rid IN (SELECT value FROM json_each(?))');
  const unindex = conn.stmt('DELETE FROM quotation_search WHERE rowid IN (SELECT value FROM json_each(?))');
  const index = conn.stmt(TEXT_INDEX);
  const orphans = conn.stmt('DELETE FROM quotation_list_dirty WHERE rid NOT IN (SELECT rid FROM quotations)');
  conn.tx([], () => {
    orphans.run();
    const reader = new ItemReader(conn, quotations);
    const itemOf = (r: Row) => {
      if (!opts.skipUnreadable) return reader.item(r);
      try {
        return reader.item(r);
      } catch {
        return undefined;
      }
    };
    for (let after = 0; ;) {
      const rows = read.all(after, CATCH_UP_BATCH);
      if (rows.length === 0) break;
      const worked: number[] = [];
      for (const r of rows) {
        after = Math.max(after, r.rid);
        const item = itemOf(r);
        if (item === undefined) continue;
        worked.push(r.rid);
        if (!item) {
          drop.run(r.rid);
          continue;
        }
        const name = item.client ? item.client.company || item.client.contact : '';
        const total = Number(item.totalintax);
        // what a row shows, and the savename: the service's id is shown nowhere, so a search does not find by it
        const words = [item.savename, item.quotationreference, item.client?.company, item.client?.contact, item.totalintax, item.date, item.customstatus]
          .map(str)
          .filter((w) => w !== '')
          .join(' ');
        const waiting = item.sent && !item.approved && !CLOSED.has(item.customstatus);
        const v = waiting ? validity.get(r.rid) : undefined;
        put.run(
          r.rid,
          r.deleted,
          item.updatedAt,
          item.date || null,
          name ? fold(name) : null,
          item.totalintax.trim() !== '' && Number.isFinite(total) ? total : null,
          item.quotationreference ? fold(item.quotationreference) : null,
          r.rank,
          item.sent ? 1 : 0,
          fold(words),
          item.clientId,
          item.totalintax,
          waiting ? 1 : 0,
          v ? validUntil(v.datedue, v.date, v.period) : null,
          v?.sign_url ? String(v.sign_url) : null,
        );
      }
      const rids = JSON.stringify(worked);
      unindex.run(rids);
      index.run(rids);
      done.run(rids);
    }
  });
}

/** The words of a search, folded; at most 8, as the other searches take. */
function searchWords(query: string | undefined): string[] {
  return query ? fold(query).split(/\s+/).filter(Boolean).slice(0, 8) : [];
}

function where(opts: QuotationListOptions): { sql: string; params: (string | number)[] } {
  const terms: string[] = [];
  const params: (string | number)[] = [];
  if (!opts.includeDeleted) terms.push('deleted = 0');
  if (opts.which === 'sent') terms.push('sent = 1');
  if (opts.which === 'drafts') terms.push('sent = 0');
  if (opts.states) {
    const ranks = [...new Set(opts.states.map((s) => STATE_RANK[s]))];
    terms.push(ranks.length === 0 ? '0' : `rank IN (${ranks.join(', ')})`);
  }
  for (const w of searchWords(opts.query)) {
    // the words are folded already: LIKE's own case folding has nothing left to do
    const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // or the start of a word of its reference lines or lines (the full-text index, accents aside)
    const match = matchExpression(w);
    if (match === null) {
      terms.push(`words LIKE ? ESCAPE '\\'`);
      params.push(like);
    } else {
      terms.push(`(words LIKE ? ESCAPE '\\' OR rid IN (SELECT rowid FROM quotation_search WHERE quotation_search MATCH ?))`);
      params.push(like, match);
    }
  }
  return { sql: terms.length > 0 ? `WHERE ${terms.join(' AND ')}` : '', params };
}

/** A page of the list, sorted, filtered and searched in SQL, and how many match over all pages. */
export function pageQuotations(conn: Connection, quotations: WholeQuotations, opts: QuotationListOptions = {}): QuotationListPage {
  catchUpList(conn, quotations);
  const { sql, params } = where(opts);
  const limit = Math.max(0, Math.min(opts.limit ?? 100, Number.MAX_SAFE_INTEGER));
  const offset = Math.max(0, opts.offset ?? 0);
  const count = () => conn.stmt<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM quotation_list ${sql}`).get(...params)!.n;
  let rids: number[];
  let total: number | null = null;
  if (searchWords(opts.query).length > 0) {
    // A search looks at every row's words anyway: one pass over the narrow
    // table, sorting what matches and counting it, beats walking an order's
    // index to every row (about 1 ms at 10,000 quotations, against 5).
    const rows = conn
      .stmt<(string | number)[], { rid: number; n: number }>(
        `SELECT rid, count(*) OVER () AS n FROM quotation_list NOT INDEXED ${sql} ORDER BY ${orderBy(opts.sort)} LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    rids = rows.map((r) => r.rid);
    if (rows.length > 0) total = rows[0]!.n;
  } else {
    rids = conn
      .stmt<(string | number)[], { rid: number }>(`SELECT rid FROM quotation_list ${sql} ORDER BY ${orderBy(opts.sort)} LIMIT ? OFFSET ?`)
      .all(...params, limit, offset)
      .map((r) => r.rid);
  }
  // a short first page holds every match
  if (total === null) total = offset === 0 && rids.length < limit ? rids.length : count();
  return { items: readItems(conn, rids), total };
}

interface PageRow {
  rid: number;
  id: string;
  server_id: number | null;
  savename: string | null;
  quotationreference: string | null;
  updated_at: number;
  plain: number;
  server_sent: number;
  server_approved: number;
  server_status: unknown;
  date: string | null;
  shown_total: string;
  client_id: string | null;
  clientnr: number | null;
  company: unknown;
  contact: unknown;
  currency: unknown;
  known_client: number;
  copied_company: unknown;
  copied_contact: unknown;
  server_clientnr: unknown;
}

/**
 * The quotations of `rids`, in that order. What needs a draft read whole
 * (its date, its total from the lines, its client) was worked out when its
 * list row was (catchUpList); the client's name is read now, and what waits
 * in the outbox is laid over the service's sent, approval and status, as
 * get() does.
 */
function readItems<T = QuotationListItem>(conn: Connection, rids: number[], more?: (rid: number, item: QuotationListItem) => T): T[] {
  if (rids.length === 0) return [];
  const rows = conn
    .stmt<[string], PageRow>(
      `SELECT q.rid, q.id, q.server_id, q.savename, q.quotationreference, q.updated_at,
              q.draft IS NULL AND q.server_total IS NOT NULL AS plain, q.server_sent, q.server_approved, q.server_status,
              l.date, l.shown_total, l.client_id, c.clientnr, c.company, c.contact, c.currency, c.rid IS NOT NULL AS known_client,
              ${COPIED('c')}
       FROM quotation_list l JOIN quotations q ON q.rid = l.rid LEFT JOIN clients c ON c.id = l.client_id
       WHERE l.rid IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(rids));
  const byRid = new Map(rows.map((r) => [r.rid, r]));
  const ops = queuedChanges(conn);
  const out: T[] = [];
  for (const rid of rids) {
    const r = byRid.get(rid);
    if (!r) continue;
    const queued = withQueued(
      { sent: r.server_sent === 1, approved: r.server_approved === 1 ? true : null, customstatus: str(r.server_status) },
      ops.get(r.id) ?? [],
    );
    const item: QuotationListItem = {
      id: r.id,
      serverId: r.server_id,
      savename: r.savename,
      quotationreference: r.quotationreference,
      clientId: r.client_id,
      client: r.known_client ? listed(r) : r.plain ? copied(r) : null,
      date: r.date,
      serviceTotal: r.plain ? r.shown_total : null,
      totalintax: r.shown_total,
      sent: queued.sent,
      approved: !!queued.approved,
      customstatus: queued.customstatus,
      updatedAt: r.updated_at,
    };
    out.push(more ? more(rid, item) : (item as T));
  }
  return out;
}

/** Most recently changed first, as Quotations.list orders them, or by `opts.sort`. */
export function listQuotations(conn: Connection, quotations: WholeQuotations, opts: QuotationListOptions = {}): QuotationListItem[] {
  return pageQuotations(conn, quotations, opts).items;
}

/** How many quotations (not deleted) are in each state. */
export function stateCounts(conn: Connection, quotations: WholeQuotations): Record<RankedState, number> {
  catchUpList(conn, quotations);
  const out: Record<RankedState, number> = { conflict: 0, attention: 0, local: 0, saved: 0, pending: 0, sent: 0, approved: 0 };
  const names = Object.keys(STATE_RANK) as RankedState[];
  for (const { rank, n } of conn
    .stmt<[], { rank: number; n: number }>('SELECT rank, count(*) AS n FROM quotation_list WHERE deleted = 0 GROUP BY rank')
    .all()) {
    const name = names.find((s) => STATE_RANK[s] === rank);
    if (name) out[name] = n;
  }
  return out;
}

export interface FollowUpListItem extends QuotationListItem {
  datedue: string | null;
  daysLeft: number | null;
  expired: boolean;
  signUrl: string | null;
}

/** Custom statuses that close a quotation: no answer is awaited any more. */
const CLOSED = new Set(['completed', 'declined']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FollowUpPage {
  items: FollowUpListItem[];
  /** how many quotations wait for an answer, over all pages */
  total: number;
  /** how many of them are past their validity date */
  expired: number;
}

/**
 * Sent quotations that wait for an answer, a page at a time: sent (a queued
 * send counts), not approved, with no custom status completed or declined,
 * queued changes included. Soonest validity date first (the most overdue at
 * the top); those without one last; ties by the newest row. `today` is
 * YYYY-MM-DD, local time. Whether a quotation waits and its validity date are
 * list keys (catchUpList): a page is read from their index, and only the
 * page's rows are read whole.
 */
export function followUpPage(conn: Connection, quotations: WholeQuotations, today: string, opts: { offset?: number; limit?: number } = {}): FollowUpPage {
  catchUpList(conn, quotations);
  const limit = Math.max(0, Math.min(opts.limit ?? 100, Number.MAX_SAFE_INTEGER));
  const offset = Math.max(0, opts.offset ?? 0);
  // The planner, left to itself, walks the state index and sorts every
  // quotation; the follow-up index holds the order and the validity date, so
  // the page and both counts are read from it alone.
  const rids = conn
    .stmt<[number, number], { rid: number }>(
      `SELECT rid FROM quotation_list INDEXED BY quotation_list_follow_up WHERE waiting = 1 AND deleted = 0
       ORDER BY valid_until IS NULL, valid_until, rid DESC LIMIT ? OFFSET ?`,
    )
    .all(limit, offset)
    .map((r) => r.rid);
  const counts = conn
    .stmt<[string], { total: number; expired: number }>(
      `SELECT count(*) AS total, coalesce(sum(valid_until < ?), 0) AS expired
       FROM quotation_list INDEXED BY quotation_list_follow_up WHERE waiting = 1 AND deleted = 0`,
    )
    .get(today)!;
  const byRid = new Map(
    conn
      .stmt<[string], { rid: number; valid_until: string | null; sign_url: string | null }>(
        `SELECT rid, valid_until, sign_url FROM quotation_list WHERE rid IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(rids))
      .map((r) => [r.rid, r]),
  );
  const items = readItems(conn, rids, (rid, q) => {
    const keys = byRid.get(rid);
    const datedue = keys?.valid_until ?? null;
    const daysLeft = datedue === null ? null : daysBetween(today, datedue);
    return { ...q, datedue, daysLeft, expired: daysLeft !== null && daysLeft < 0, signUrl: keys?.sign_url ?? null };
  });
  return { items, total: counts.total, expired: counts.expired };
}

/** The service's datedue when it gave one, else date + quotationperiod days. */
export function validUntil(datedue: unknown, date: unknown, period: unknown): string | null {
  if (typeof datedue === 'string' && ISO_DATE.test(datedue)) return datedue;
  const days = typeof period === 'number' || typeof period === 'string' ? Number(period) : NaN;
  if (typeof date !== 'string' || !ISO_DATE.test(date) || String(period).trim() === '' || !Number.isInteger(days) || days < 0) return null;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Queued sends, approvals and statuses of quotations, per quotation, oldest first. */
function queuedChanges(conn: Connection): Map<string, Pick<OutboxEntry, 'kind' | 'payload'>[]> {
  const rows = conn
    .stmt<[], { target: string; kind: OutboxEntry['kind']; payload: string }>(
      `SELECT target, kind, payload FROM outbox WHERE state != 'done' AND kind IN ('quotation.send', 'quotation.approve', 'quotation.status') ORDER BY id`,
    )
    .all();
  const out = new Map<string, Pick<OutboxEntry, 'kind' | 'payload'>[]>();
  for (const r of rows) {
    const entry = { kind: r.kind, payload: JSON.parse(r.payload) as Record<string, unknown> };
    const list = out.get(r.target);
    if (list) list.push(entry);
    else out.set(r.target, [entry]);
  }
  return out;
}
