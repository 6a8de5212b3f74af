// A product's fields (docs/service-api.md, Products), declared once: what
// derives from them is in docs/fields.md. The product's editor hands the
// bridge its numbers as typed (a number, or the text typed), so that what
// was typed is kept and its problem shown beside the field. Stock is an
// amount, or false when stock is not used (own); how a price incl. tax
// follows the price is the service's rule (docs/products.md).
import { z } from 'zod';
import { decimal, flag, int, own, PATCH, text } from './builders';
import { readNumber } from './read';
import { decimal as sendDecimal } from './send';

const typedNumber = z.union([PATCH.number, PATCH.text]).nullable();

export const PRODUCT_TABLE = {
  id: int({ readOnly: true, required: true }),
  code: text({ max: 20, label: 'product.field.code' }),
  name: text({ label: 'product.field.name' }),
  price: decimal({ places: 3, patch: typedNumber, label: 'product.field.price' }),
  taxes: int({ min: 0, max: 100, message: 'must be a percentage from 0 to 100', patch: typedNumber, default: 21, label: 'product.field.taxes' }),
  priceintax: decimal({ places: 3, patch: typedNumber, label: 'product.field.priceintax' }),
  notes: text({ label: 'product.field.notes' }),
  // the amount in stock when stock is used, otherwise false
  stock: own({
    send: z.union([z.literal(false), z.literal('false').transform(() => false as const), sendDecimal(3)]),
    read: z.union([z.literal(false), z.literal('false').transform(() => false as const), readNumber]),
    patch: z.union([PATCH.number, PATCH.text, z.literal(false)]).nullable(),
    default: false as number | false,
    label: 'product.field.stock',
  }),
  stock_use: flag({ label: 'product.field.stock_use' }),
};
