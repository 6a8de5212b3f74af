// A priced line without a tax rate cannot be sent (shared/empty-line.ts,
// needsTaxRate): the send is refused naming each such line by its place
// (missingRateErrors), so a quotation never goes out at 0 % by an empty
// field. A draft may be saved without.
import { describe, expect, it } from 'vitest';
import { isPricedLine, needsTaxRate } from '../../shared/empty-line';
import { missingRateErrors, quotationToInput } from '../../shared/service-input';
import type { QuotationContent } from '../../shared/local';

describe('a line that needs a tax rate', () => {
  it('is a priced line that says something and has no rate', () => {
    expect(needsTaxRate({ description: 'Arbeid', amount: 8, price: 55 })).toBe(true);
    expect(needsTaxRate({ description: 'Arbeid', amount: 8, price: 55, tax_rate: null })).toBe(true);
    expect(needsTaxRate({ description: 'Arbeid', amount: 8, price: 55, tax_rate: '' })).toBe(true);
    expect(needsTaxRate({ description: 'Arbeid', amount: 8, price: 55, tax_rate: 0 })).toBe(false);
    expect(needsTaxRate({ description: 'Arbeid', amount: 8, price: 55, tax_rate: 21 })).toBe(false);
    // a text line, an empty line, a line whose every number was cleared
    expect(needsTaxRate({ description: 'Zie bijlage' })).toBe(false);
    expect(needsTaxRate({ amount: 1, description: '', tax_rate: null })).toBe(false);
    expect(needsTaxRate({ description: 'Nu tekst', amount: null, price: null, tax_rate: null, discount_pct: null })).toBe(false);
    expect(isPricedLine({ description: 'Nu tekst', amount: null, price: null, discount_pct: null })).toBe(false);
  });

  it('is named by its place among all lines; the draft itself may be saved', () => {
    const content: QuotationContent = {
      clientId: 'c',
      lines: [
        { id: 'a', amount: 1, description: '', tax_rate: null },
        { id: 'b', description: 'Materiaal', amount: 1, price: 10, tax_rate: 21 },
        { id: 'c', description: 'Arbeid', amount: 8, price: 55, tax_rate: null },
      ],
    };
    expect(missingRateErrors(content.lines)).toEqual([{ field: 'lines.2.tax_rate', message: 'choose a tax rate for this line; 0 when no VAT is charged' }]);
    const save = quotationToInput(content, { clientnr: 4, action: 'save' });
    expect(save.ok).toBe(true);
  });
});
