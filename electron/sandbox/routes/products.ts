// Products (docs/service-api.md, Products and Endpoints).
import type { FastifyInstance } from 'fastify';
import Big from 'big.js';
import type { ProductInput } from '../../../shared/schemas';
import { fieldErrorsFromZod, type FieldError } from '../../../shared/field-errors';
import { priceInTax } from '../../../shared/money';
import { requireObject } from '../body';
import type { ServiceState } from '../service-state';
import { invalid, notFound } from '../errors';
import { pageOf } from '../paging';
import { productDefaults, type ProductRec } from '../records';
import { jsonKeys, PRODUCT_TABLE } from '../../../shared/fields';
import { sendId, sendNoContent, sendRecord, sendTablePage, type Kind } from '../respond';
import { idParam, resource } from '../routing';

const KIND: Kind = { plural: 'products', singular: 'product' };

function priceFromInTax(priceintax: number, taxes: number): number {
  return Number(new Big(priceintax).times(100).div(new Big(100).plus(taxes)).round(3, 1).toString());
}

/** The fields applied by rules of their own (apply). */
const OWN_RULES: readonly string[] = ['priceintax', 'stock', 'stock_use'];

/**
 * Applies a body to a product. Stock: a number turns stock use on, false or
 * stock_use false turns it off; priceintax follows price and taxes unless given
 * (and price follows priceintax when only that is given).
 */
function apply(base: ProductRec, input: ProductInput, creating: boolean): { next: ProductRec; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const next: ProductRec = { ...base };
  // every field of the table (shared/fields/product.ts) is kept as sent, but for those with rules of their own, below
  for (const k of jsonKeys(PRODUCT_TABLE)) {
    const v = (input as Record<string, unknown>)[k];
    if (v !== undefined && !OWN_RULES.includes(k)) (next as Record<string, unknown>)[k] = v;
  }
  if (input.priceintax !== undefined) {
    next.priceintax = input.priceintax;
    if (input.price === undefined) next.price = priceFromInTax(input.priceintax, next.taxes);
  } else if (creating || input.price !== undefined || input.taxes !== undefined) {
    next.priceintax = Number(priceInTax(next.price, next.taxes));
  }

  if (input.stock_use === false || input.stock === false) {
    next.stock_use = false;
    next.stock = false;
  } else {
    if (input.stock_use === true) next.stock_use = true;
    if (typeof input.stock === 'number') {
      next.stock_use = true;
      next.stock = input.stock;
    }
    if (next.stock_use && next.stock === false) next.stock = 0;
  }
  return { next, errors };
}

function readInput(schema: ServiceState['rules']['productCreate' | 'productUpdate'], body: unknown): ProductInput {
  const parsed = schema.safeParse(requireObject(body, 'product'));
  if (!parsed.success) throw invalid(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

export function productRoutes(app: FastifyInstance, ctx: ServiceState): void {
  const { data } = ctx;
  const one = (req: Parameters<typeof idParam>[0]) => {
    const id = idParam(req, 'product');
    if (!data.products.has(id)) throw notFound(`No product with id ${id}. It may have been deleted; list the products to find it.`);
    return id;
  };

  resource(app, '/api/v1/products', {
    GET: async (req, reply) => {
      const { start, count } = pageOf(ctx.paging, 'products', req.query as Record<string, unknown>);
      return sendTablePage(req, reply, KIND, data.products, data.products.pageIds(start, count, ctx.paging.order));
    },
    POST: async (req, reply) => {
      const { next, errors } = apply(productDefaults(0), readInput(ctx.rules.productCreate, req.body), true);
      if (errors.length > 0) throw invalid(errors);
      const id = data.nextId('products');
      data.products.set({ ...next, id });
      return sendId(req, reply, 201, id);
    },
  });

  resource(app, '/api/v1/products/:id', {
    GET: async (req, reply) => sendRecord(req, reply, KIND, data.products, one(req)),
    PUT: async (req, reply) => {
      const id = one(req);
      const { next, errors } = apply(data.products.get(id)!, readInput(ctx.rules.productUpdate, req.body), false);
      if (errors.length > 0) throw invalid(errors);
      data.products.set(next);
      return sendId(req, reply, 200, id);
    },
    DELETE: async (req, reply) => {
      data.products.delete(one(req));
      return sendNoContent(reply);
    },
  });
}
