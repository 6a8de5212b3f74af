// The one place that decides what a catalogue product becomes on a new
// quotation line: its name, its tax rate and above all its unit price. The
// editor shows what this answers; it works nothing out itself, so the line,
// its total and the document always agree (docs/products.md, "A product on
// a quotation line").
import Big from 'big.js';
import { priceInTax } from '../../shared/money';
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

/** A price with a third decimal that is not 0 (0.125, not 0.120): one a person typed to the tenth of a cent. */
function hasThirdDecimal(price: number): boolean {
  return !new Big(price).round(2).eq(price);
}

/**
 * The unit price a product carries onto a line for this client, in euro.
 *
 * - A client billed excluding tax gets the product's `price` as it is, with
 *   its 3 decimals (0.125 stays 0.125).
 * - A client whose prices include tax gets a price incl. tax in cents, as a
 *   customer reads one: price × (100 + rate) / 100, half-up to the cent from
 *   the exact product (22.07 at 21 % is 26.7047, so 26.70), never from the
 *   service's 3-decimal figure, which would round twice (26.705, then 26.71).
 *   The service works out a product's `priceintax` to 3 decimals, and a
 *   line's price is what its customer sees: 26.705 on a document would be a
 *   third decimal nobody typed.
 * - Where the person did type a third decimal, it stays: a net price with one
 *   (0.125 at 21 % is 0.151, as the service keeps it, so 250 cards are
 *   250 × 0.151 = 37.75), and a price incl. tax set by hand (one that is not
 *   what the net price and rate work out to) is kept as it is.
 * - No usable price (or, for an intax client, neither a price incl. tax nor
 *   a price and a rate): null, for the person to give.
 *
 * Either way the line's price is one a line holds, at most 3 decimals, so
 * its total is the shown price times the quantity (docs/money.md, The
 * document's sums).
 */
export function cataloguePrice(product: ProductFields, intax: boolean): number | null {
  const price = valid(productWritable.price, product.price);
  if (!intax) return price;
  const gross = valid(productWritable.priceintax, product.priceintax);
  const rate = valid(productWritable.taxes, product.taxes);
  if (gross !== null && (price === null || rate === null || !workedOut(gross, price, rate))) return gross;
  if (price === null || rate === null) return null;
  return Number(priceInTax(price, rate, hasThirdDecimal(price) ? 3 : 2));
}

/**
 * Whether a price incl. tax is the net price and rate worked out to 3
 * decimals, as the service does when it is left empty, rounded whichever way
 * (half-up is our reading, docs/products.md): not one set by hand.
 */
function workedOut(gross: number, price: number, rate: number): boolean {
  const exact = new Big(price).times(new Big(100).plus(rate)).div(100);
  return [Big.roundDown, Big.roundUp].some((mode) => exact.round(3, mode).eq(gross));
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
