// The price incl. tax the product list shows: as a line of a client whose
// prices include tax gets it (catalogueGross, shared/money.ts), so the list
// never shows a third decimal nobody typed ("€ 26,705": the service works a
// product's price incl. tax out to 3 decimals).
import { catalogueGross } from '../../shared/money';
import type { ProductView } from '../../shared/bridge';

const finite = (n: number | null): number | null => (n !== null && Number.isFinite(n) ? n : null);

export function listedPriceInTax(p: Pick<ProductView, 'price' | 'taxes' | 'priceintax'>): number | null {
  if (p.priceintax === null) return null;
  return catalogueGross(finite(p.price), finite(p.taxes), finite(p.priceintax));
}
