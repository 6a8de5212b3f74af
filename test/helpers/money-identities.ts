// The identities every set of totals must keep to the cent (docs/money.md),
// checked independently of shared/money.ts, and the random quotations the
// property tests draw: lines at several rates (0 among them), line discounts,
// both discount types, prices excl. and incl. tax, the tax shifted or not.
import Big from 'big.js';
import fc from 'fast-check';
import { expect } from 'vitest';
import { lineTotal, type TaxTotal, type TotalsOptions } from '../../shared/money';

/** A line as the editor holds it: numbers, or only a description. */
export interface DrawnLine {
  amount?: number;
  price?: number;
  tax_rate?: number;
  discount_pct?: number;
  description?: string;
}

export interface DrawnOptions {
  discounttype: 'amount' | 'percentage' | '';
  discount: number;
  taxType: 'intax' | 'extax';
  taxShifted: boolean;
}

/** A number with at most `places` decimals between min and max. */
const decimal = (min: number, max: number, places: number) =>
  fc.integer({ min: Math.round(min * 10 ** places), max: Math.round(max * 10 ** places) }).map((n) => n / 10 ** places);

export const RATES = [0, 9, 21, 6, 19.5] as const;

export const pricedLine: fc.Arbitrary<DrawnLine> = fc.record(
  {
    amount: fc.oneof(decimal(0, 20, 0), decimal(0, 1000, 3)),
    // mostly what a quotation holds; now and then a credit line
    price: fc.oneof({ weight: 8, arbitrary: decimal(0, 5000, 3) }, { weight: 1, arbitrary: decimal(-500, 0, 3) }),
    tax_rate: fc.constantFrom(...RATES),
    discount_pct: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: decimal(0, 100, 2) }),
  },
  { requiredKeys: ['amount', 'price', 'tax_rate'] },
);

export const line: fc.Arbitrary<DrawnLine> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ description: 'Alleen tekst' }) },
  { weight: 6, arbitrary: pricedLine },
);

export const options: fc.Arbitrary<DrawnOptions> = fc
  .record({
    discounttype: fc.constantFrom('amount' as const, 'percentage' as const, '' as const),
    amount: decimal(0, 3000, 3),
    pct: decimal(0, 100, 2),
    taxType: fc.constantFrom('intax' as const, 'extax' as const),
    taxShifted: fc.boolean(),
  })
  .map(({ discounttype, amount, pct, taxType, taxShifted }) => ({
    discounttype,
    discount: discounttype === 'percentage' ? pct : discounttype === 'amount' ? amount : 0,
    taxType,
    taxShifted,
  }));

/** Whole cents of a money text, which must have exactly two decimals. */
export function cents(s: string): bigint {
  expect(s, `${s} is not in cents`).toMatch(/^-?\d+\.\d{2}$/);
  return BigInt(s.replace('.', ''));
}

/** Money text of whole cents. */
export function money(c: bigint): string {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** What every quotation's totals must show, whoever computed them (the shared functions, the editor, the document, the sandbox). */
export interface ShownTotals {
  subtotal: string;
  discount: string;
  taxes: readonly TaxTotal[];
  totalextax: string;
  totalintax: string;
}

/**
 * Checks the totals of `lines` under `opts` to the cent:
 * the line totals add up to the subtotal; the discount is the one asked for
 * (a percentage rounded half-up to cents, never more than the subtotal);
 * subtotal − discount = the bases per rate = total excl. tax (prices excl.
 * tax) or total incl. tax (prices incl. tax); total excl. + the tax per rate
 * = total incl.; each rate's share of the discount is its exact share rounded
 * down or up (largest remainder), and each tax is its base × rate rounded
 * half-up; with the tax shifted there is no tax.
 */
export function expectAddsUp(lines: readonly DrawnLine[], opts: TotalsOptions, t: ShownTotals): void {
  const byRate = new Map<string, bigint>();
  for (const l of lines) {
    const total = lineTotal(l);
    if (total === null) continue;
    const rate = new Big(l.tax_rate ?? 0).toString();
    byRate.set(rate, (byRate.get(rate) ?? 0n) + cents(total));
  }
  const subtotal = cents(t.subtotal);
  expect(subtotal, 'the line totals add up to the subtotal').toBe(sum([...byRate.values()]));

  const value = new Big(opts.discount ?? 0);
  let asked = 0n;
  if (opts.discounttype === 'percentage') asked = BigInt(new Big(t.subtotal).times(value).div(100).round(2, 1).times(100).toFixed(0));
  if (opts.discounttype === 'amount') asked = BigInt(value.round(2, 1).times(100).toFixed(0));
  const expectedDiscount = asked > subtotal ? (subtotal > 0n ? subtotal : 0n) : asked < 0n ? 0n : asked;
  const discount = cents(t.discount);
  expect(discount, 'the discount asked for').toBe(expectedDiscount);

  const bases = t.taxes.map((x) => cents(x.sum_of));
  const taxes = t.taxes.map((x) => cents(x.sum));
  const extax = cents(t.totalextax);
  const intax = cents(t.totalintax);
  const incl = opts.taxType === 'intax';
  expect(sum(bases), 'subtotal − discount = the bases per rate').toBe(subtotal - discount);
  expect(sum(bases), incl ? 'the bases add up to the total incl. tax' : 'the bases add up to the total excl. tax').toBe(incl ? intax : extax);
  expect(extax + sum(taxes), 'total excl. tax + the tax per rate = total incl. tax').toBe(intax);
  if (opts.taxShifted) {
    expect(
      taxes.every((x) => x === 0n),
      'no tax when it is shifted',
    ).toBe(true);
    expect(intax, 'shifted: total incl. = total excl.').toBe(extax);
  }

  expect(t.taxes.map((x) => x.rate).sort(), 'one entry per rate used').toEqual([...byRate.keys()].sort());
  for (const x of t.taxes) {
    const net = byRate.get(x.rate)!;
    const share = net - cents(x.sum_of);
    // the exact share, in cents: discount × net / subtotal; the rounded share is its floor or its ceiling
    if (discount === 0n) expect(share, `rate ${x.rate} gets no discount`).toBe(0n);
    else {
      const exact = new Big(discount.toString()).times(net.toString()).div(subtotal.toString());
      expect(new Big(share.toString()).minus(exact).abs().lt(1), `rate ${x.rate}: share ${share} of exact ${exact.toString()}`).toBe(true);
    }
    const r = new Big(x.rate);
    const base = new Big(x.sum_of);
    const tax = opts.taxShifted ? new Big(0) : incl ? base.times(r).div(r.plus(100)) : base.times(r).div(100);
    expect(x.sum, `tax at ${x.rate}%`).toBe(tax.round(2, 1).toFixed(2));
  }
}
