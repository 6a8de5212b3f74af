// One path, its methods, and 405 (with Allow) for every other method (docs/service-api.md, Status codes).
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ApiError } from './errors';

export type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ALL: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

export function resource(app: FastifyInstance, url: string, handlers: Partial<Record<Method, Handler>>): void {
  const allowed = Object.keys(handlers) as Method[];
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  for (const method of allowed) app.route({ method, url, handler: handlers[method]! });
  const others = ALL.filter((m) => !allowed.includes(m as Method));
  app.route({
    method: others,
    url,
    handler: async (req) => {
      throw new ApiError(405, `${req.method} is not allowed on ${url.replace(/:(\w+)/g, '{$1}')}. Allowed: ${allow}.`, undefined, { Allow: allow });
    },
  });
}

/** A numeric id from the path; anything else names no record (404). */
export function idParam(req: FastifyRequest, what: string): number {
  const raw = (req.params as { id?: string }).id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new ApiError(404, `No ${what} with id "${raw}". Ids are positive whole numbers; list the ${what}s to find one.`);
  return id;
}
