// The one place that decides what a catalogue product becomes on a new
// quotation line: its name, its tax rate and above all its unit price. The
// editor shows what this answers; it works nothing out itself, so the line,
// its total and the document always agree (docs/products.md, "A product on
// a quotation line").
import { catalogueGross } from '../../shared/money';
import { productWritable } from '../../shared/schemas/product';
import type { LineFields, ProductFields } from '../../shared/local';

/** What of the quotation's client decides a product's price on a line. */
export interface LineClient {
  /** `intax`: the client's prices include tax */
  tax_type?: unknown;
  /** the quotation's currency; empty is the service's default, euro */
  currency?: unknown;
}

export interface ProductLine {
  /** the new line's fields: amount 1, the product's unit, name, rate and price */
  line: LineFields;
  /** the client pays in another currency: the euro price is not carried over */
  foreign: boolean;
  /** the client's prices include tax, and so does `cataloguePrice` */
  intax: boolean;
  /**
   * The catalogue's euro price for this client (incl. tax for an intax
   * client), also when it is not put on the line; null when the product
   * has no usable price.
   */
  cataloguePrice: number | null;
}

/** No currency (the service's default) or EUR: the catalogue's own currency. */
export function isEuro(currency: unknown): boolean {
  const c = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  return c === '' || c === 'EUR';
}

/**
 * A product's field as a number the service would take (at most 3 decimals,
 * the rate a whole percentage), or null: empty, or kept as typed with a
 * problem (the product's editor shows that problem; the line does not
 * inherit it).
 */
function valid(schema: (typeof productWritable)['price' | 'priceintax' | 'taxes'], value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = schema.safeParse(value);
  return parsed.success && typeof parsed.data === 'number' ? parsed.data : null;
}

/**
 * The unit price a product carries onto a line for this client, in euro: a
 * client billed excluding tax gets the product's `price` as it is, with its
 * 3 decimals (0.125 stays 0.125); a client whose prices include tax gets it
 * as the customer reads it (`catalogueGross`, shared/money.ts). No usable
 * price: null, for the person to give. Either way its total is the shown
 * price times the quantity (docs/money.md, The document's sums).
 */
export function cataloguePrice(product: ProductFields, intax: boolean): number | null {
  const price = valid(productWritable.price, product.price);
  if (!intax) return price;
  return catalogueGross(price, valid(productWritable.taxes, product.taxes), valid(productWritable.priceintax, product.priceintax));
}

/**
 * A product as a new line for a quotation of this client (null: no client
 * yet, billed excluding tax in euro). The catalogue's prices are in euro and
 * a line's price is in the client's currency (docs/service-api.md,
 * Currencies): for a client in another currency the price is left for the
 * person to give, never carried over as the same number in another currency.
 */
/**
 * What a product becomes on a new line for this client. `unit`: the
 * product's unit, kept on this computer (electron/store/product-units.ts);
 * the line takes it as its own, where it can be changed like any typed unit.
 */
export function productLine(product: ProductFields, client: LineClient | null, unit = ''): ProductLine {
  const intax = client?.tax_type === 'intax';
  const foreign = !isEuro(client?.currency);
  const euro = cataloguePrice(product, intax);
  const name = typeof product.name === 'string' ? product.name : '';
  return {
    line: {
      amount: 1,
      ...(unit.trim() !== '' ? { amount_desc: unit.trim() } : {}),
      description: name,
      price: foreign ? null : euro,
      tax_rate: valid(productWritable.taxes, product.taxes),
    },
    foreign,
    intax,
    cataloguePrice: euro,
  };
}
