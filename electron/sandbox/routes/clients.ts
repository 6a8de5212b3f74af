// Clients (docs/service-api.md, Clients and Endpoints).
import type { FastifyInstance } from 'fastify';
import type { ClientInput } from '../../../shared/schemas';
import { fieldErrorsFromZod, type FieldError } from '../../../shared/field-errors';
import { requireObject } from '../body';
import type { ServiceState } from '../service-state';
import { resolveCountry } from '../countries';
import { ApiError, invalid, notFound } from '../errors';
import { pageOf } from '../paging';
import { clientDefaults, emptyReference, type ClientRec } from '../records';
import { sendId, sendNoContent, sendRecord, sendTablePage, type Kind } from '../respond';
import { idParam, resource } from '../routing';

const KIND: Kind = { plural: 'clients', singular: 'client' };

/** Parses a create or update body; every rule broken is named (422). */
function readClient(ctx: ServiceState, body: unknown, base?: ClientRec): { input: ClientInput; country?: number; errors: FieldError[] } {
  const raw = requireObject(body, 'client');
  const parsed = ctx.rules.client.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrorsFromZod(parsed.error);
    // the one rule over two fields, checked on what was sent so it is named alongside the others
    if (base && !errors.some((e) => e.field === 'company')) needsName({ ...base, ...pickNames(raw) }, errors);
    throw invalid(errors);
  }
  const input = parsed.data;
  const country = input.country === undefined ? undefined : resolveCountry(input.country);
  return { input, country, errors: [] };
}

function merge(base: ClientRec, input: ClientInput, country: number | undefined): ClientRec {
  const { reference, country: _c, ...rest } = input;
  const next: ClientRec = { ...base };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
  if (reference)
    next.reference = { ...emptyReference(), ...base.reference, ...Object.fromEntries(Object.entries(reference).filter(([, v]) => v !== undefined)) };
  if (country !== undefined) next.country = country;
  return next;
}

function pickNames(raw: Record<string, unknown>): Partial<Pick<ClientRec, 'company' | 'contact'>> {
  const out: Partial<Pick<ClientRec, 'company' | 'contact'>> = {};
  if (typeof raw.company === 'string') out.company = raw.company;
  if (typeof raw.contact === 'string') out.contact = raw.contact;
  return out;
}

function needsName(c: ClientRec, errors: FieldError[]): void {
  if (c.company.trim() === '' && c.contact.trim() === '') errors.push({ field: 'company', message: 'company or contact is required' });
}

export function clientRoutes(app: FastifyInstance, ctx: ServiceState): void {
  const { data } = ctx;
  const one = (req: Parameters<typeof idParam>[0]) => {
    const id = idParam(req, 'client');
    if (!data.clients.has(id)) throw notFound(`No client with number ${id}. It may have been deleted; list the clients to find it.`);
    return id;
  };

  resource(app, '/api/v1/clients', {
    GET: async (req, reply) => {
      const { start, count } = pageOf(ctx.paging, 'clients', req.query as Record<string, unknown>);
      return sendTablePage(req, reply, KIND, data.clients, data.clients.pageIds(start, count, ctx.paging.order));
    },
    POST: async (req, reply) => {
      const { input, country, errors } = readClient(ctx, req.body, clientDefaults(0));
      const requested = input.clientnr;
      if (requested !== undefined && data.clients.has(requested)) {
        errors.push({ field: 'clientnr', message: `client number ${requested} is already used; leave it out to get a free number` });
      }
      const draft = merge(clientDefaults(requested ?? 0), input, country);
      needsName(draft, errors);
      if (errors.length > 0) throw invalid(errors);
      const clientnr = requested ?? data.nextId('clients');
      if (requested !== undefined) data.reserveId('clients', requested);
      data.clients.set({ ...draft, clientnr });
      return sendId(req, reply, 201, clientnr);
    },
  });

  resource(app, '/api/v1/clients/:id', {
    GET: async (req, reply) => sendRecord(req, reply, KIND, data.clients, one(req)),
    PUT: async (req, reply) => {
      const id = one(req);
      const { input, country, errors } = readClient(ctx, req.body, data.clients.get(id));
      if (input.clientnr !== undefined && input.clientnr !== id) {
        errors.push({ field: 'clientnr', message: `cannot be changed (this is client ${id})` });
      }
      const next = merge(data.clients.get(id)!, { ...input, clientnr: id }, country);
      needsName(next, errors);
      if (errors.length > 0) throw invalid(errors);
      data.clients.set(next);
      return sendId(req, reply, 200, id);
    },
    DELETE: async (req, reply) => {
      const id = one(req);
      const docs = data.documentsOf(id);
      const parts = [
        [docs.quotations, 'quotation'],
        [docs.invoices, 'invoice'],
        [docs.savedInvoices, 'saved invoice'],
        [docs.repeatingInvoices, 'repeating invoice'],
      ]
        .filter(([n]) => (n as number) > 0)
        .map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
      if (parts.length > 0) {
        throw new ApiError(403, `Client ${id} has documents (${parts.join(', ')}) and cannot be deleted. Make it non-active instead (active false).`);
      }
      data.clients.delete(id);
      return sendNoContent(reply);
    },
  });
}
