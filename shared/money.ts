// Exact decimal totals of a quotation, shared by the sandbox and the UI
// (docs/money.md). Rounding: each line total and each tax amount is rounded
// half-up to cents, the way invoices are printed; the quotation discount is
// spread over the tax rates by largest remainder, so the rounded parts add
// up to it exactly. Everything else is exact (big.js, and whole cents as bigint).
import Big from 'big.js';

export type TaxType = 'extax' | 'intax';

export interface PricedLine {
  amount?: number | string;
  price?: number | string;
  tax_rate?: number | string;
  discount_pct?: number | string;
}

export interface TaxTotal {
  /** tax percentage, as text ("21") */
  rate: string;
  /** amount the tax is computed over, after the quotation discount ("52.00") */
  sum_of: string;
  /** the tax ("10.92"); "0.00" when the tax is shifted to the receiver */
  sum: string;
}

export interface Totals {
  /** sum of the line totals, as priced (excl. tax for extax, incl. for intax) */
  subtotal: string;
  /** the quotation discount taken off the subtotal */
  discount: string;
  taxes: TaxTotal[];
  totalextax: string;
  totalintax: string;
  /** the tax is shifted to the receiver (the client's tax_shifted): no tax is charged, totalintax = totalextax */
  taxShifted: boolean;
}

const HALF_UP = 1 as const; // Big.roundHalfUp

function big(v: number | string | undefined): Big {
  if (v === undefined || v === '') return new Big(0);
  return new Big(v);
}

function isPriced(line: PricedLine): boolean {
  return line.amount !== undefined || line.price !== undefined || line.tax_rate !== undefined || line.discount_pct !== undefined;
}

/** Quantity × price less the line discount, in cents; null for a text-only line. */
export function lineTotal(line: PricedLine): string | null {
  if (!isPriced(line)) return null;
  const gross = big(line.amount).times(big(line.price));
  const kept = new Big(100).minus(big(line.discount_pct)).div(100);
  return gross.times(kept).round(2, HALF_UP).toFixed(2);
}

export interface TotalsOptions {
  discounttype?: 'amount' | 'percentage' | '';
  discount?: number | string;
  /** whether prices include tax (a client's tax_type); extax when absent */
  taxType?: TaxType | '';
  /** the client's tax_shifted: the tax is shifted to the receiver, so no tax is charged on any rate */
  taxShifted?: boolean;
}

/** Whole cents of an amount that has at most 2 decimals. */
function toCents(v: Big): bigint {
  return BigInt(v.times(100).toFixed(0));
}

function fromCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** Division rounded towards minus infinity (bigint division truncates towards zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * `amount` (whole cents) in parts proportional to `weights` (whole cents),
 * each part whole cents and the parts adding up to `amount` exactly:
 * largest remainder (Hamilton). Each exact share amount × weight / Σ weights
 * is rounded down to the cent; the cents left over go one each to the parts
 * with the largest remainders. Ties go to the **later** part first (the
 * quotation's rates are given from low to high, so the highest rate first).
 * Exact: the remainders are compared as whole numbers over one denominator.
 * All zeros when there is nothing to spread or nothing to spread it over.
 */
export function spreadByLargestRemainder(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, w) => a + w, 0n);
  if (amount === 0n || total <= 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => floorDiv(amount * w, total));
  const remainders = weights.map((w, i) => amount * w - parts[i]! * total);
  let left = amount - parts.reduce((a, p) => a + p, 0n);
  const order = weights.map((_, i) => i).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : b - a));
  for (const i of order) {
    if (left <= 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts;
}

/**
 * Subtotal, discount, tax per rate and total incl. tax (docs/money.md).
 * The quotation discount is spread over the tax rates in proportion to their
 * line totals by largest remainder (spreadByLargestRemainder, the highest
 * rate first on a tie), so each rate's tax is computed on what is really
 * charged and every amount adds up to the cent:
 *
 * - subtotal − discount = the sum of the bases per rate (`sum_of`), which is
 *   totalextax for prices excl. tax and totalintax for prices incl. tax;
 * - totalextax + the tax per rate = totalintax.
 *
 * With `taxShifted` no tax is charged: every rate's tax is 0.00 and
 * totalintax = totalextax (for prices incl. tax too: the prices are taken
 * as what is charged, and no tax is taken out of them).
 */
export function quotationTotals(lines: readonly PricedLine[], opts: TotalsOptions = {}): Totals {
  const byRate = new Map<string, Big>();
  let subtotal = new Big(0);
  for (const line of lines) {
    const total = lineTotal(line);
    if (total === null) continue;
    const rate = big(line.tax_rate).toString();
    byRate.set(rate, (byRate.get(rate) ?? new Big(0)).plus(total));
    subtotal = subtotal.plus(total);
  }

  let discount = new Big(0);
  const value = big(opts.discount);
  if (opts.discounttype === 'percentage') discount = subtotal.times(value).div(100).round(2, HALF_UP);
  else if (opts.discounttype === 'amount') discount = value.round(2, HALF_UP);
  if (discount.gt(subtotal)) discount = subtotal;
  if (discount.lt(0)) discount = new Big(0);

  const intax = opts.taxType === 'intax';
  const shifted = opts.taxShifted === true;
  const rates = [...byRate.keys()].sort((a, b) => new Big(a).cmp(new Big(b)));
  const priced = rates.map((rate) => toCents(byRate.get(rate)!));
  const shares = spreadByLargestRemainder(toCents(discount), priced);
  const taxes: TaxTotal[] = [];
  let taxSum = 0n;
  let charged = 0n;
  rates.forEach((rate, i) => {
    const baseCents = priced[i]! - shares[i]!;
    const base = new Big(fromCents(baseCents));
    const r = new Big(rate);
    const tax = shifted ? new Big(0) : intax ? base.times(r).div(r.plus(100)).round(2, HALF_UP) : base.times(r).div(100).round(2, HALF_UP);
    taxes.push({ rate, sum_of: base.toFixed(2), sum: tax.toFixed(2) });
    taxSum += toCents(tax);
    charged += baseCents;
  });

  const totalextax = intax ? charged - taxSum : charged;
  const totalintax = intax ? charged : charged + taxSum;
  return {
    subtotal: subtotal.toFixed(2),
    discount: discount.toFixed(2),
    taxes,
    totalextax: fromCents(totalextax),
    totalintax: fromCents(totalintax),
    taxShifted: shifted,
  };
}

/**
 * The service's total of a quotation when it differs from the one worked out
 * here (docs/money.md, A total the service reports differently): the editor
 * and the sent view show it in place of ours and name both. null when they
 * agree, when the service's total is not known, or while ours is an estimate
 * of edits the service has not seen.
 */
export function differingServiceTotal(totals: Pick<Totals, 'totalintax'> | null, serviceTotal: string | null, estimate: boolean): string | null {
  if (!totals || serviceTotal === null || estimate) return null;
  try {
    return new Big(serviceTotal).eq(totals.totalintax) ? null : new Big(serviceTotal).toFixed(2);
  } catch {
    return null;
  }
}

/**
 * Price incl. tax from a price excl. tax, half-up to `places` decimals: 3 as
 * the service keeps a product's priceintax, 2 for a price in cents.
 */
export function priceInTax(price: number | string, taxes: number | string, places: 2 | 3 = 3): string {
  return big(price)
    .times(new Big(100).plus(big(taxes)))
    .div(100)
    .round(places, HALF_UP)
    .toString();
}

/**
 * A product's unit price incl. tax as a customer reads it (docs/products.md,
 * A product on a quotation line): in cents, worked out from the exact net
 * price (22.07 at 21 % is 26.7047, so 26.70), never from the service's
 * 3-decimal `priceintax` (26.705, which would round twice to 26.71). A
 * third decimal stays where the person typed one: a net price with one
 * (0.125 at 21 % is 0.151), or a price incl. tax set by hand (one the net
 * price and rate do not work out to), which is kept as it is. Null: no
 * price to give. The product list and a product's line both show it so.
 */
export function catalogueGross(price: number | null, rate: number | null, gross: number | null): number | null {
  if (gross !== null && (price === null || rate === null || !workedOut(gross, price, rate))) return gross;
  if (price === null || rate === null) return null;
  const thirdDecimal = !new Big(price).round(2).eq(price);
  return Number(priceInTax(price, rate, thirdDecimal ? 3 : 2));
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

/** Adds a number of days to a YYYY-MM-DD date (datedue = date + quotationperiod). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
