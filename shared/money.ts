// Exact decimal totals of a quotation, shared by the sandbox and the UI.
// Rounding: each line total and each tax amount is rounded half-up to cents,
// the way invoices are printed; everything before that is exact (big.js).
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
  /** the tax ("10.92") */
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
}

/**
 * Subtotal, discount, tax per rate and total incl. tax. The quotation
 * discount is spread over the tax rates in proportion to their line totals,
 * so each rate's tax is computed on what is really charged.
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

  const share = subtotal.eq(0) ? new Big(0) : subtotal.minus(discount).div(subtotal);
  const intax = opts.taxType === 'intax';
  const taxes: TaxTotal[] = [];
  let taxSum = new Big(0);
  let charged = new Big(0);
  const rates = [...byRate.keys()].sort((a, b) => new Big(a).cmp(new Big(b)));
  for (const rate of rates) {
    const base = byRate.get(rate)!.times(share).round(2, HALF_UP);
    const r = new Big(rate);
    const tax = intax ? base.times(r).div(r.plus(100)).round(2, HALF_UP) : base.times(r).div(100).round(2, HALF_UP);
    taxes.push({ rate, sum_of: base.toFixed(2), sum: tax.toFixed(2) });
    taxSum = taxSum.plus(tax);
    charged = charged.plus(base);
  }

  const totalextax = intax ? charged.minus(taxSum) : charged;
  const totalintax = intax ? charged : charged.plus(taxSum);
  return {
    subtotal: subtotal.toFixed(2),
    discount: discount.toFixed(2),
    taxes,
    totalextax: totalextax.toFixed(2),
    totalintax: totalintax.toFixed(2),
  };
}

/** Price incl. tax from a price excl. tax, at most 3 decimals (product priceintax). */
export function priceInTax(price: number | string, taxes: number | string): string {
  return big(price)
    .times(new Big(100).plus(big(taxes)))
    .div(100)
    .round(3, HALF_UP)
    .toString();
}

/** Adds a number of days to a YYYY-MM-DD date (datedue = date + quotationperiod). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
