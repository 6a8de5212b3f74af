// Product (docs/service-api.md, Products), made from its field table
// (shared/fields/product.ts; docs/fields.md).
import { z } from 'zod';
import { settleUnread, type ReadExtras } from '../fields/read';
import { recordShape, requiredMask, sendShape } from '../fields/derive';
import { PRODUCT_TABLE } from '../fields/product';

export const productWritable = sendShape(PRODUCT_TABLE);

export const productInput = z.object(productWritable).partial();
export type ProductInput = z.output<typeof productInput>;

/** A product as the service returns it, read leniently (shared/fields/read.ts). */
export const productRecord = z.object(recordShape(PRODUCT_TABLE)).partial().required(requiredMask(PRODUCT_TABLE)).overwrite(settleUnread);
export type Product = z.output<typeof productRecord> & ReadExtras;
