// The quotation list: what a list shows of every quotation, in one query. A
// quotation as the service has it (no local draft, a known total) is summed
// up from the plain columns kept beside its record and its client's
// (migration 4), parsing no JSON; one with local work is read whole, as
// get() reads it. Drafts are few; service records are most of the list.
import type { Connection } from './context';
import type { OutboxEntry } from '../../shared/outbox';
import type { Quotations } from './quotations';
import { withQueued } from './queued';
import { fold } from './search';
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

export interface QuotationListOptions {
  /** drafts (not sent), sent ones, or all; default all */
  which?: 'drafts' | 'sent' | 'all';
  limit?: number;
  offset?: number;
  includeDeleted?: boolean;
  /** a column and direction; default: most recently changed first */
  sort?: QuotationSort;
}

interface Row {
  rid: number;
  /** the sort key as SQL computes it; null for an empty value, and for a draft's total (see below) */
  k: string | number | null;
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

// server_total is set only while there is a service record (its triggers
// clear it with the record), so the large server column is not looked at.
const QUERY = (includeDeleted: boolean, sort: QuotationSort | undefined) => `
  SELECT q.rid, q.id, q.server_id, q.savename, q.quotationreference, q.updated_at,
         q.draft IS NULL AND q.server_total IS NOT NULL AS plain,
         q.server_date, q.server_total, q.server_sent, q.server_approved, q.server_status,
         c.id AS client_id, c.clientnr, c.company, c.contact, c.currency,
         ${sort ? SORT_KEY[sort.key] : 'NULL'} AS k
  FROM quotations q
  LEFT JOIN clients c ON c.clientnr = q.server_clientnr AND q.draft IS NULL AND q.server_total IS NOT NULL
  ${includeDeleted ? '' : 'WHERE q.deleted = 0'}
  ORDER BY ${sort ? `k IS NULL, k ${sort.dir === 'asc' ? 'ASC' : 'DESC'}, q.rid DESC` : 'q.updated_at DESC, q.rid DESC'}`;

/** The client's name as the list shows it (company, else contact), folded: "Émile" sorts with "emile". */
const clientName = (alias: string) => `qd_fold(nullif(coalesce(nullif(${alias}.company, ''), ${alias}.contact), ''))`;

/**
 * Sort keys in SQL, the same for every row, as the list shows them: a draft's
 * own date and client, the service's for a record without local work. The
 * state's rank follows the bridge's states (electron/bridge/to-views.ts,
 * quotationState) from the outbox and open conflicts: problems first, then
 * the way a quotation goes. A draft's total is summed from its lines in
 * JavaScript, so SQL cannot order it; drafts are few and read whole anyway,
 * and are merged in by the same key (mergeTotals).
 */
const SORT_KEY: Record<QuotationSort['key'], string> = {
  date: `nullif(CASE WHEN q.draft IS NOT NULL THEN json_extract(q.draft, '$.date') ELSE q.server_date END, '')`,
  client: `CASE WHEN q.draft IS NOT NULL
      THEN (SELECT ${clientName('cd')} FROM clients cd WHERE cd.id = json_extract(q.draft, '$.clientId'))
      ELSE (SELECT ${clientName('cs')} FROM clients cs WHERE cs.clientnr = q.server_clientnr) END`,
  total: `CASE WHEN q.draft IS NULL AND q.server_total IS NOT NULL THEN CAST(q.server_total AS REAL) END`,
  state: `CASE
      WHEN EXISTS (SELECT 1 FROM conflicts f WHERE f.target = q.id AND f.resolved_at IS NULL) THEN 0
      WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.target = q.id AND o.state = 'parked') THEN 1
      WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.target = q.id AND o.state != 'done') THEN 4
      WHEN q.server_approved = 1 THEN 6
      WHEN q.server_sent = 1 THEN 5
      WHEN q.server_id IS NOT NULL THEN 3
      ELSE 2 END`,
};

/** The SQL function the client sort folds names with, once per connection. */
const folding = new WeakSet<object>();
function registerFold(ctx: Connection): void {
  if (folding.has(ctx.db)) return;
  ctx.db.function('qd_fold', { deterministic: true }, (v: unknown) => (v === null || v === undefined ? null : fold(String(v))));
  folding.add(ctx.db);
}

/** Most recently changed first, as Quotations.list orders them, or by `opts.sort`. */
export function listQuotations(ctx: Connection, quotations: Quotations, opts: QuotationListOptions = {}): QuotationListItem[] {
  if (opts.sort) registerFold(ctx);
  const rows = ctx.stmt<[], Row>(QUERY(opts.includeDeleted ?? false, opts.sort)).all();
  const ops = queuedChanges(ctx);
  const clientById = ctx.stmt<[string], ClientColumns>('SELECT clientnr, company, contact, currency FROM clients WHERE id = ?');
  const which = opts.which ?? 'all';
  const limit = opts.limit ?? 100;
  let skip = opts.offset ?? 0;
  const out: QuotationListItem[] = [];
  const toItem = (r: Row): QuotationListItem | null => {
    if (r.plain) {
      const queued = withQueued({ sent: r.server_sent === 1, approved: r.server_approved === 1 ? true : null, customstatus: str(r.server_status) }, ops.get(r.id) ?? []);
      const total = String(r.server_total);
      return {
        id: r.id,
        serverId: r.server_id,
        savename: r.savename,
        quotationreference: r.quotationreference,
        clientId: r.client_id,
        client: r.client_id === null ? null : listed(r),
        date: r.server_date ? String(r.server_date) : null,
        serviceTotal: total,
        totalintax: total,
        sent: queued.sent,
        approved: !!queued.approved,
        customstatus: queued.customstatus,
        updatedAt: r.updated_at,
      };
    }
    const row = quotations.findRow(r.id);
    if (!row) return null;
    const q = quotations.toLocal(row);
    const clientId = q.content.clientId;
    const client = clientId ? clientById.get(clientId) : undefined;
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
  };
  const ordered = opts.sort?.key === 'total' ? mergeTotals(rows, toItem, opts.sort.dir) : built(rows, toItem);
  for (const item of ordered) {
    if (which === 'drafts' && item.sent) continue;
    if (which === 'sent' && !item.sent) continue;
    if (skip-- > 0) continue;
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

function* built(rows: Row[], toItem: (r: Row) => QuotationListItem | null): Generator<QuotationListItem> {
  for (const r of rows) {
    const item = toItem(r);
    if (item) yield item;
  }
}

/**
 * Sorted by total: the service records come from SQL in order; the rest
 * (drafts, whose totals the lines give) are read, ordered by the same rule
 * (empty last, then the total, then the newest row first) and merged in.
 */
function* mergeTotals(rows: Row[], toItem: (r: Row) => QuotationListItem | null, dir: 'asc' | 'desc'): Generator<QuotationListItem> {
  type Keyed = { rid: number; k: number | null; item: QuotationListItem | null; row: Row | null };
  const sign = dir === 'asc' ? 1 : -1;
  const before = (a: Keyed, b: Keyed): boolean => {
    if ((a.k === null) !== (b.k === null)) return a.k !== null;
    if (a.k !== null && b.k !== null && a.k !== b.k) return sign * (a.k - b.k) < 0;
    return a.rid > b.rid;
  };
  const known: Keyed[] = [];
  const drafts: Keyed[] = [];
  for (const r of rows) {
    if (r.plain) {
      known.push({ rid: r.rid, k: r.k === null ? null : Number(r.k), item: null, row: r });
    } else {
      const item = toItem(r);
      const total = item ? Number(item.totalintax) : NaN;
      if (item) drafts.push({ rid: r.rid, k: Number.isFinite(total) ? total : null, item, row: null });
    }
  }
  drafts.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  let d = 0;
  for (const s of known) {
    while (d < drafts.length && before(drafts[d]!, s)) yield drafts[d++]!.item!;
    const item = toItem(s.row!);
    if (item) yield item;
  }
  while (d < drafts.length) yield drafts[d++]!.item!;
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

/**
 * Sent quotations that wait for an answer: sent (a queued send counts), not
 * approved, with no custom status completed or declined, queued changes
 * included. Soonest validity date first (the most overdue at the top); those
 * without one last; ties by the newest row. `today` is YYYY-MM-DD, local time.
 */
export function followUpQuotations(ctx: Connection, quotations: Quotations, today: string): FollowUpListItem[] {
  const validity = ctx.stmt<[string], { rid: number; datedue: unknown; date: unknown; period: unknown; sign_url: unknown }>(
    `SELECT rid, json_extract(server, '$.datedue') AS datedue,
            json_extract(coalesce(draft, server), '$.date') AS date,
            json_extract(coalesce(draft, server), '$.quotationperiod') AS period,
            json_extract(server, '$.sign_url') AS sign_url
     FROM quotations WHERE id = ?`,
  );
  const waiting = listQuotations(ctx, quotations, { which: 'sent', limit: Number.MAX_SAFE_INTEGER })
    .filter((q) => !q.approved && !CLOSED.has(q.customstatus))
    .map((q) => {
      const v = validity.get(q.id);
      const datedue = validUntil(v?.datedue, v?.date, v?.period);
      const daysLeft = datedue === null ? null : daysBetween(today, datedue);
      const item: FollowUpListItem = { ...q, datedue, daysLeft, expired: daysLeft !== null && daysLeft < 0, signUrl: v?.sign_url ? String(v.sign_url) : null };
      return { item, rid: v?.rid ?? 0 };
    });
  waiting.sort((a, b) => {
    const x = a.item.datedue;
    const y = b.item.datedue;
    if ((x === null) !== (y === null)) return x === null ? 1 : -1;
    if (x !== null && y !== null && x !== y) return x < y ? -1 : 1;
    return b.rid - a.rid;
  });
  return waiting.map((w) => w.item);
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
function queuedChanges(ctx: Connection): Map<string, Pick<OutboxEntry, 'kind' | 'payload'>[]> {
  const rows = ctx
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
