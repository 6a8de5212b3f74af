// GET /profiles and /categories: the account's layouts and categories, a bare
// array with every scalar a string, as every list is (docs/wire-format.md).
// The spec shows neither; what the sandbox answers is what the client assumes
// (docs/service-api.md). Whole unless count/start are given, as /countrylist.
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { toWire, type WireObject } from '../../../shared/wire';
import type { ServiceState } from '../service-state';
import type { DocumentList } from '../data';
import { notFound } from '../errors';
import { parsePaging } from '../paging';
import { sendRows, type Kind } from '../respond';
import { resource } from '../routing';

const KINDS: Record<DocumentList, Kind> = {
  profiles: { plural: 'profiles', singular: 'profile' },
  categories: { plural: 'categories', singular: 'category' },
};

function answer(ctx: ServiceState, list: DocumentList, req: FastifyRequest, reply: FastifyReply) {
  // a service without the list knows no such endpoint: the same 404 as any unknown path
  if (ctx.data.hiddenLists.has(list)) throw notFound(`No such endpoint: GET /api/v1/${list}. This account's service does not offer it.`);
  const rows = ctx.data.account[list].map((r) => toWire(r) as WireObject);
  const query = req.query as Record<string, unknown>;
  if (query.count === undefined && query.start === undefined) return sendRows(req, reply, KINDS[list], rows);
  const { start, count } = parsePaging(query);
  return sendRows(req, reply, KINDS[list], rows.slice(start, start + count));
}

export function documentListRoutes(app: FastifyInstance, ctx: ServiceState): void {
  for (const list of ['profiles', 'categories'] as const) {
    resource(app, `/api/v1/${list}`, { GET: async (req, reply) => answer(ctx, list, req, reply) });
  }
}
