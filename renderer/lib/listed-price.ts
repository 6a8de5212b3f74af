// The price incl. tax the product list shows. The service works a product's
// price incl. tax out itself, to 3 decimals (22.07 at 21 % is 26.705), and
// "€ 26,705" is a third decimal nobody typed: the list shows such a price in
// cents, rounded from the exact product (26.7047, so € 26,70), as a line of a
// client whose prices include tax gets it (docs/products.md, A product on a
// quotation line). A third decimal the person typed stays: a net price with
// one (0.125), or a price incl. tax set by hand (one the net price and rate do
// not work out to).
import Big from 'big.js';
import type { ProductView } from '../../shared/bridge';

export function listedPriceInTax(p: Pick<ProductView, 'price' | 'taxes' | 'priceintax'>): number | null {
  if (p.priceintax === null) return null;
  if (!Number.isFinite(p.price) || !Number.isFinite(p.taxes) || !Number.isFinite(p.priceintax)) return p.priceintax;
  const price = new Big(p.price);
  if (!price.round(2).eq(price)) return p.priceintax;
  const exact = price.times(new Big(100).plus(p.taxes)).div(100);
  // the service's figure, however it rounds its third decimal
  const worked = [Big.roundDown, Big.roundUp].some((mode) => exact.round(3, mode).eq(p.priceintax!));
  return worked ? Number(exact.round(2, Big.roundHalfUp)) : p.priceintax;
}
