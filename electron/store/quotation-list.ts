// The quotation list: what a list shows of every quotation, in one query. A
// quotation as the service has it (no local draft, a known total) is summed
// up from the plain columns kept beside its record and its client's
// (migration 4), parsing no JSON; one with local work is read whole, as
// get() reads it. Drafts are few; service records are most of the list.
import type { Ctx } from './context';
import type { OutboxEntry } from '../../shared/outbox';
import type { Quotations } from './quotations';
import { withQueued } from './queued';

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
}

interface Row {
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
const QUERY = (includeDeleted: boolean) => `
  SELECT q.id, q.server_id, q.savename, q.quotationreference, q.updated_at,
         q.draft IS NULL AND q.server_total IS NOT NULL AS plain,
         q.server_date, q.server_total, q.server_sent, q.server_approved, q.server_status,
         c.id AS client_id, c.clientnr, c.company, c.contact, c.currency
  FROM quotations q
  LEFT JOIN clients c ON c.clientnr = q.server_clientnr AND q.draft IS NULL AND q.server_total IS NOT NULL
  ${includeDeleted ? '' : 'WHERE q.deleted = 0'}
  ORDER BY q.updated_at DESC, q.rid DESC`;

/** Most recently changed first, as Quotations.list orders them. */
export function listQuotations(ctx: Ctx, quotations: Quotations, opts: QuotationListOptions = {}): QuotationListItem[] {
  const rows = ctx.stmt<[], Row>(QUERY(opts.includeDeleted ?? false)).all();
  const ops = queuedChanges(ctx);
  const clientById = ctx.stmt<[string], ClientColumns>('SELECT clientnr, company, contact, currency FROM clients WHERE id = ?');
  const which = opts.which ?? 'all';
  const limit = opts.limit ?? 100;
  let skip = opts.offset ?? 0;
  const out: QuotationListItem[] = [];
  for (const r of rows) {
    let item: QuotationListItem;
    if (r.plain) {
      const queued = withQueued({ sent: r.server_sent === 1, approved: r.server_approved === 1 ? true : null, customstatus: str(r.server_status) }, ops.get(r.id) ?? []);
      const total = String(r.server_total);
      item = {
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
    } else {
      const row = quotations.findRow(r.id);
      if (!row) continue;
      const q = quotations.toLocal(row);
      const clientId = q.content.clientId;
      const client = clientId ? clientById.get(clientId) : undefined;
      item = {
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
    if (which === 'drafts' && item.sent) continue;
    if (which === 'sent' && !item.sent) continue;
    if (skip-- > 0) continue;
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

/** Queued sends, approvals and statuses of quotations, per quotation, oldest first. */
function queuedChanges(ctx: Ctx): Map<string, Pick<OutboxEntry, 'kind' | 'payload'>[]> {
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
