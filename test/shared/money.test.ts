import { describe, expect, it } from 'vitest';
import { addDays, lineTotal, priceInTax, quotationTotals } from '../../shared/money';

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
