// GET /search/{area}/{field}/{query} (docs/service-api.md, Search) over all five areas.
// Text fields match case-insensitively anywhere in the value; number fields
// match by value, with a dot as the decimal separator ("145.2" finds 145.20);
// dates match by prefix ("2026-03"). Field `all` tries every field.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WireObject } from '../../../shared/wire';
import type { ServiceState } from '../service-state';
import type { SandboxData } from '../data';
import { badRequest } from '../errors';
import { pageOf, type ListOrder } from '../paging';
import { sendRows, type Kind } from '../respond';
import { resource } from '../routing';

type FieldType = 'text' | 'number' | 'date';

interface Searchable {
  listIds(order: ListOrder): readonly number[];
  wire(id: number): WireObject | undefined;
}

interface Area {
  kind: Kind;
  table: (d: SandboxData) => Searchable;
  fields: Record<string, FieldType>;
}

const t = (names: string): Record<string, FieldType> => Object.fromEntries(names.split(' ').map((n) => [n, 'text' as const]));
const n = (names: string): Record<string, FieldType> => Object.fromEntries(names.split(' ').map((x) => [x, 'number' as const]));
const d = (names: string): Record<string, FieldType> => Object.fromEntries(names.split(' ').map((x) => [x, 'date' as const]));

export const AREAS: Record<string, Area> = {
  clients: {
    kind: { plural: 'clients', singular: 'client' },
    table: (x) => x.clients,
    fields: {
      ...n('clientnr country top stddiscount default_category'),
      ...t('contact company address address_addon zipcode city phone mobile email addon bankcode biccode taxnumber sendmethod paymentmethod mailintro notes'),
      ...t('default_doclang email_reminder currency mandate_id collecttype tax_type'),
      ...d('lastinvoice mandate_date'),
    },
  },
  products: {
    kind: { plural: 'products', singular: 'product' },
    table: (x) => x.products,
    fields: { ...n('id price taxes priceintax stock'), ...t('code name notes') },
  },
  invoices: {
    kind: { plural: 'invoices', singular: 'invoice' },
    table: (x) => x.invoices,
    fields: { ...n('id clientnr totalintax'), ...t('invoicenr company contact email city status'), ...d('date datedue') },
  },
  invoices_saved: {
    kind: { plural: 'invoices_saved', singular: 'invoice_saved' },
    table: (x) => x.savedInvoices,
    fields: { ...n('id clientnr totalintax'), ...t('savename company'), ...d('date') },
  },
  invoices_repeated: {
    kind: { plural: 'invoices_repeated', singular: 'invoice_repeated' },
    table: (x) => x.repeatingInvoices,
    fields: { ...n('id clientnr totalintax'), ...t('company frequency'), ...d('startdate nextdate') },
  },
};

const NUMBER = /^-?\d+(\.\d+)?$/;

function matcher(type: FieldType, query: string): ((value: string) => boolean) | null {
  if (type === 'number') {
    if (!NUMBER.test(query)) return null;
    const wanted = Number(query);
    return (v) => v !== '' && NUMBER.test(v) && Number(v) === wanted;
  }
  const q = query.toLowerCase();
  if (type === 'date') return (v) => v.startsWith(q);
  return (v) => v.toLowerCase().includes(q);
}

/** Decodes what it can: clients do not always percent-encode search values. */
function lenientDecode(s: string): string {
  return s.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const SEARCH = '/api/v1/search/';

/**
 * Re-encodes the query segment before routing, so a raw "%", "/" or space in
 * a search value reaches the search instead of failing in the router.
 */
export function normalizeSearchUrl(url: string): string {
  if (!url.startsWith(SEARCH)) return url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const rest = path.slice(SEARCH.length).split('/');
  if (rest.length < 3) return url;
  const [area, field, ...query] = rest;
  const value = lenientDecode(query.join('/').replace(/\/+$/, ''));
  return `${SEARCH}${area}/${field}/${encodeURIComponent(value)}${q < 0 ? '' : url.slice(q)}`;
}

export function searchRoutes(app: FastifyInstance, ctx: ServiceState): void {
  const run = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = req.params as { area: string; field?: string; query?: string };
    const area = AREAS[p.area];
    if (!area) {
      throw badRequest(`Unknown search area "${p.area}". Search one of: ${Object.keys(AREAS).join(', ')}.`, [
        { field: 'area', message: `must be one of: ${Object.keys(AREAS).join(', ')}` },
      ]);
    }
    const field = p.field ?? '';
    const query = (p.query ?? '').trim();
    if (field !== 'all' && !(field in area.fields)) {
      throw badRequest(`Unknown field "${field}" in ${p.area}. Search all, or one of: ${Object.keys(area.fields).join(', ')}.`, [
        { field: 'field', message: `must be all or a field of ${p.area}` },
      ]);
    }
    if (query === '') throw badRequest('The search query is missing. Use /search/{area}/{field}/{query}.', [{ field: 'query', message: 'is required' }]);
    const paging = pageOf(ctx.paging, 'search', req.query as Record<string, unknown>);

    const tests: [string, (v: string) => boolean][] = [];
    for (const [name, type] of Object.entries(area.fields)) {
      if (field !== 'all' && name !== field) continue;
      const m = matcher(type, query);
      if (m) tests.push([name, m]);
      else if (field !== 'all') {
        throw badRequest(`${field} is a number: search it with digits and a dot as decimal separator, like 145.20.`, [
          { field: 'query', message: 'must be a number with a dot as decimal separator' },
        ]);
      }
    }
    const table = area.table(ctx.data);
    const found: WireObject[] = [];
    let skipped = 0;
    // the order of the lists: a search answers its finds as the list would
    for (const id of table.listIds(ctx.paging.order)) {
      const row = table.wire(id)!;
      if (!tests.some(([name, test]) => test(String(row[name] ?? '')))) continue;
      if (skipped++ < paging.start) continue;
      found.push(row);
      if (found.length >= paging.count) break;
    }
    return sendRows(req, reply, area.kind, found);
  };
  resource(app, '/api/v1/search/:area/:field/:query', { GET: run });
  // an incomplete search path is a malformed search, not an unknown endpoint
  resource(app, '/api/v1/search/:area/:field', { GET: run });
  resource(app, '/api/v1/search/:area', { GET: run });
}
