// Quotations (docs/service-api.md: Quotations, States of a quotation, Endpoints); the rules live in ../quotations.ts.
import type { FastifyInstance } from 'fastify';
import type { ServiceState } from '../service-state';
import { notFound } from '../errors';
import { pageOf } from '../paging';
import { createQuotation, deleteQuotation, updateQuotation } from '../quotations';
import { sendId, sendNoContent, sendRecord, sendTablePage, type Kind } from '../respond';
import { idParam, resource } from '../routing';

const KIND: Kind = { plural: 'quotations', singular: 'quotation' };

export function quotationRoutes(app: FastifyInstance, ctx: ServiceState): void {
  const { data } = ctx;
  resource(app, '/api/v1/quotations', {
    GET: async (req, reply) => {
      const { start, count } = pageOf(ctx.paging, 'quotations', req.query as Record<string, unknown>);
      return sendTablePage(req, reply, KIND, data.quotations, data.quotations.pageIds(start, count, ctx.paging.order));
    },
    POST: async (req, reply) => sendId(req, reply, 201, createQuotation(ctx, req.body)),
  });
  resource(app, '/api/v1/quotations/:id', {
    GET: async (req, reply) => {
      const id = idParam(req, 'quotation');
      if (!data.quotations.has(id)) throw notFound(`No quotation with id ${id}. A sent draft gets a new id; list the quotations to find it.`);
      return sendRecord(req, reply, KIND, data.quotations, id);
    },
    PUT: async (req, reply) => sendId(req, reply, 200, updateQuotation(ctx, idParam(req, 'quotation'), req.body, req.ip)),
    DELETE: async (req, reply) => {
      deleteQuotation(ctx, idParam(req, 'quotation'));
      return sendNoContent(reply);
    },
  });
}
