// Product (docs/service-api.md, Products).
import { z } from 'zod';
import { bool, decimal, int, text } from '../fields/send';
import { lenientShape, readBool, readInt, readNumber, readText, settleUnread, type ReadExtras } from '../fields/read';

export const productWritable = {
  code: text(20),
  name: text(),
  price: decimal(3),
  taxes: int.refine((n) => n >= 0 && n <= 100, 'must be a percentage from 0 to 100'),
  priceintax: decimal(3),
  notes: text(),
  // the amount in stock when stock is used, otherwise false
  stock: z.union([z.literal(false), z.literal('false').transform(() => false as const), decimal(3)]),
  stock_use: bool,
} as const;

export const productInput = z.object(productWritable).partial();
export type ProductInput = z.output<typeof productInput>;

/** A product as the service returns it, read leniently (shared/fields/read.ts). */
export const productRecord = z
  .object({
    id: int,
    ...lenientShape({
      code: readText,
      name: readText,
      price: readNumber,
      taxes: readInt,
      priceintax: readNumber,
      notes: readText,
      stock: z.union([z.literal(false), z.literal('false').transform(() => false as const), readNumber]),
      stock_use: readBool,
    }),
  })
  .partial()
  .required({ id: true })
  .overwrite(settleUnread);
export type Product = z.output<typeof productRecord> & ReadExtras;
