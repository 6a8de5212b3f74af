import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quotationTotals, type PricedLine } from '../../shared/money';
import { liveTotals, memoLineTotal } from '../../renderer/lib/totals';

const decimal = (max: number, places: number) => fc.integer({ min: -max * 10 ** places, max: max * 10 ** places }).map((n) => n / 10 ** places);

const line = fc.oneof(
  fc.record({ description: fc.constant('tekst') }),
  fc.record(
    {
      amount: decimal(1000, 3),
      price: decimal(100_000, 3),
      tax_rate: fc.constantFrom(0, 9, 21, 6.5),
      discount_pct: fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
    },
    { requiredKeys: [] },
  ),
);

describe('live totals', () => {
  it('equal the shared exact totals for any lines and discount', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.constantFrom('amount' as const, 'percentage' as const, '' as const),
        fc.integer({ min: 0, max: 20000 }).map((n) => n / 100),
        fc.constantFrom('intax' as const, 'extax' as const),
        (drawn, discounttype, discount, taxType) => {
          const lines = drawn as Array<PricedLine & { description?: string }>;
          const opts = { discounttype, discount, taxType };
          expect(liveTotals(lines, opts)).toEqual(quotationTotals(lines, opts));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('computes a line again only when it changed', () => {
    const l = { amount: 2, price: 1.25, tax_rate: 21 };
    expect(memoLineTotal(l)).toBe('2.50');
    l.price = 1.5;
    expect(memoLineTotal(l)).toBe('3.00');
    const text: PricedLine & { description?: string } = { description: 'x' };
    expect(memoLineTotal(text)).toBeNull();
  });
});
