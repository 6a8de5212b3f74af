import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, lineTotal, priceInTax, quotationTotals, spreadByLargestRemainder } from '../../shared/money';
import { expectAddsUp, line, options } from '../helpers/money-identities';

describe('exact totals', () => {
  it('computes line totals without binary float error', () => {
    expect(lineTotal({ amount: 3, price: 0.1 })).toBe('0.30');
    expect(lineTotal({ amount: 1.5, price: 19.999, discount_pct: 10 })).toBe('27.00');
    expect(lineTotal({ amount: 1, price: 0.005 })).toBe('0.01');
    expect(lineTotal({})).toBeNull();
  });

  it('totals per tax rate with a percentage discount spread over the rates', () => {
    const t = quotationTotals([{ amount: 2, price: 26, tax_rate: 21 }, { amount: 1, price: 10, tax_rate: 9 }, {}], {
      discounttype: 'percentage',
      discount: 10,
    });
    expect(t.subtotal).toBe('62.00');
    expect(t.discount).toBe('6.20');
    expect(t.taxes).toEqual([
      { rate: '9', sum_of: '9.00', sum: '0.81' },
      { rate: '21', sum_of: '46.80', sum: '9.83' },
    ]);
    expect(t.totalintax).toBe('66.44');
  });

  it('handles prices incl. tax and an amount discount capped at the subtotal', () => {
    const t = quotationTotals([{ amount: 1, price: 121, tax_rate: 21 }], { taxType: 'intax' });
    expect(t.taxes[0]).toEqual({ rate: '21', sum_of: '121.00', sum: '21.00' });
    expect(t.totalintax).toBe('121.00');
    expect(t.totalextax).toBe('100.00');
    expect(quotationTotals([{ amount: 1, price: 5, tax_rate: 0 }], { discounttype: 'amount', discount: 9 }).totalintax).toBe('0.00');
  });

  it('derives price incl. tax and due dates', () => {
    expect(priceInTax(120, 21)).toBe('145.2');
    expect(addDays('2026-12-20', 14)).toBe('2027-01-03');
  });
});

// docs/money.md: the worked example of the issue. Each rate's share of the
// €25.00 rounded on its own (14.81 + 3.55 + 6.63) leaves a cent over, and the
// old totals said €1,663.05.
const KITCHEN = [
  { description: 'Keukenmontage, arbeid', amount: 8, price: 95, tax_rate: 21 },
  { description: 'Werkblad eiken', amount: 1, price: 240.14, tax_rate: 21 },
  { description: 'Kookboek "Seizoenen"', amount: 10, price: 23.99, tax_rate: 9 },
  { description: 'Kookcursus (vrijgesteld)', amount: 1, price: 448, tax_rate: 0 },
];

describe('a quotation discount spread over several rates', () => {
  it('adds up: €1,688.04 less €25.00 is €1,663.04, and so are the bases per rate', () => {
    const t = quotationTotals(KITCHEN, { discounttype: 'amount', discount: 25 });
    expect(t.subtotal).toBe('1688.04');
    expect(t.discount).toBe('25.00');
    expect(t.totalextax).toBe('1663.04');
    // exact shares 6.6349…, 3.5529…, 14.8122…: the cent left over goes to 0 %, whose remainder is largest
    expect(t.taxes).toEqual([
      { rate: '0', sum_of: '441.36', sum: '0.00' },
      { rate: '9', sum_of: '236.35', sum: '21.27' },
      { rate: '21', sum_of: '985.33', sum: '206.92' },
    ]);
    expect(t.totalintax).toBe('1891.23');
    expectAddsUp(KITCHEN, { discounttype: 'amount', discount: 25 }, t);
  });

  it('hands the leftover cents to the largest remainders, the highest rate first on a tie', () => {
    // 0.02 over three equal parts: 0.00666… each, a tie for both cents: the two last (highest) rates
    expect(spreadByLargestRemainder(2n, [100n, 100n, 100n])).toEqual([0n, 1n, 1n]);
    expect(
      quotationTotals(
        [
          { amount: 1, price: 1, tax_rate: 0 },
          { amount: 1, price: 1, tax_rate: 9 },
          { amount: 1, price: 1, tax_rate: 21 },
        ],
        { discounttype: 'amount', discount: 0.02 },
      ).taxes.map((x) => x.sum_of),
    ).toEqual(['1.00', '0.99', '0.99']);
    expect(spreadByLargestRemainder(1n, [1n, 3n])).toEqual([0n, 1n]);
    expect(spreadByLargestRemainder(0n, [5n, 7n])).toEqual([0n, 0n]);
    expect(spreadByLargestRemainder(5n, [])).toEqual([]);
  });

  it('spreads any amount exactly, each part its exact share rounded down or up, the cents to the largest remainders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -10_000n, max: 500_000n }), { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 0n, max: 500_000n }),
        (weights, drawn) => {
          const total = weights.reduce((a, b) => a + b, 0n);
          fc.pre(total > 0n);
          const amount = drawn > total ? total : drawn;
          const parts = spreadByLargestRemainder(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(amount);
          // in units of 1/total cent: the exact share is amount × weight
          const floors = weights.map((w) => {
            const n = amount * w;
            const q = n / total;
            return n % total !== 0n && n < 0n ? q - 1n : q;
          });
          const remainders = weights.map((w, i) => amount * w - floors[i]! * total);
          const up = parts.map((p, i) => p - floors[i]!);
          for (const u of up) expect(u === 0n || u === 1n).toBe(true);
          // no part left down has a larger remainder than one rounded up, nor an equal one at a later place
          for (const [i, ui] of up.entries())
            for (const [j, uj] of up.entries()) {
              if (ui !== 1n || uj !== 0n) continue;
              expect(remainders[j]! < remainders[i]! || (remainders[j] === remainders[i] && j < i)).toBe(true);
            }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps every identity to the cent for any lines, rates, line discounts, discount, tax type, shifted or not', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), options, (lines, opts) => {
        expectAddsUp(lines, opts, quotationTotals(lines, opts));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps them with several rates each holding a share of a discount, the case that went wrong', () => {
    const rates = fc.uniqueArray(fc.constantFrom(0, 9, 21, 6, 19.5), { minLength: 2, maxLength: 5 });
    fc.assert(
      fc.property(
        rates.chain((rs) => fc.tuple(...rs.map((r) => fc.integer({ min: 1, max: 500_000 }).map((c) => ({ amount: 1, price: c / 100, tax_rate: r }))))),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('intax' as const, 'extax' as const),
        (lines, discountCents, taxType) => {
          const opts = { discounttype: 'amount' as const, discount: discountCents / 100, taxType };
          expectAddsUp(lines, opts, quotationTotals(lines, opts));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('a client whose tax is shifted to the receiver', () => {
  it('is charged no tax: every rate 0.00 on its base, total incl. = total excl.', () => {
    const t = quotationTotals(KITCHEN, { discounttype: 'amount', discount: 25, taxShifted: true });
    expect(t.taxShifted).toBe(true);
    expect(t.taxes.map((x) => [x.rate, x.sum_of, x.sum])).toEqual([
      ['0', '441.36', '0.00'],
      ['9', '236.35', '0.00'],
      ['21', '985.33', '0.00'],
    ]);
    expect(t.totalextax).toBe('1663.04');
    expect(t.totalintax).toBe('1663.04');
    expect(quotationTotals(KITCHEN).taxShifted).toBe(false);
  });

  it('with prices incl. tax, takes the prices as what is charged: no tax is taken out of them', () => {
    const t = quotationTotals([{ amount: 1, price: 121, tax_rate: 21 }], { taxType: 'intax', taxShifted: true });
    expect(t.taxes).toEqual([{ rate: '21', sum_of: '121.00', sum: '0.00' }]);
    expect(t.totalextax).toBe('121.00');
    expect(t.totalintax).toBe('121.00');
  });
});
