// Text typed in a quotation's number field that is no number: kept, said
// with what was typed, and never taken for a number by the checks that
// stand between the draft and the service.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isNotANumber, notANumber, sayTypedText, typedFields, typedText } from '../../shared/typed-number';
import { lineErrors, quotationToInput } from '../../shared/service-input';
import { isEmptyLine } from '../../shared/empty-line';
import { LINE_TABLE, QUOTATION_TABLE } from '../../shared/fields';
import type { QuotationContent } from '../../shared/local';

const draft = (over: Partial<QuotationContent> = {}): QuotationContent => ({
  clientId: 'c1',
  date: '2025-03-01',
  lines: [
    { id: 'a', amount: 1, description: 'Voorrijkosten', price: 45, tax_rate: 21 },
    { id: 'b', amount: 2, description: 'Schilderwerk', price: 385, tax_rate: 21 },
    { id: 'c', amount: 1, description: 'Verf', price: '12x', tax_rate: 21 },
  ],
  ...over,
});

describe('typedText', () => {
  it('is the text a number field holds in place of a number', () => {
    expect(typedText('12x')).toBe('12x');
    expect(typedText('€ 385,-  ')).toBe('€ 385,-  ');
    for (const v of [12, '12', '12.50', '-3', '', '  ', null, undefined, true]) expect(typedText(v)).toBeNull();
  });

  it('is never a text the wire would read as a number', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (s) => {
        if (typedText(s) !== null) expect(/^-?\d+(\.\d+)?$/.test(s.trim())).toBe(false);
      }),
    );
  });

  it('is looked for in number fields only', () => {
    expect(typedFields({ id: 'x', description: 'abc', price: '12x', amount: 3, discount_pct: 'tien' }, LINE_TABLE)).toEqual({
      price: '12x',
      discount_pct: 'tien',
    });
    expect(typedFields({ paymentcondition: 'binnen 14 dagen', discount: '5 euro', quotationperiod: '30d' }, QUOTATION_TABLE)).toEqual({
      discount: '5 euro',
      quotationperiod: '30d',
    });
    expect(typedFields({ price: 12 }, LINE_TABLE)).toBeUndefined();
  });
});

describe('a draft holding a number typed as text', () => {
  it('is not sent: the body is refused, naming the line, the field and what was typed', () => {
    const r = quotationToInput(draft(), { clientnr: 1, action: 'save' });
    expect(r).toEqual({ ok: false, errors: [{ field: 'lines.2.price', message: 'is not a number: 12x' }] });
  });

  it('names the line by its place among all lines, empty ones before it too', () => {
    const d = draft();
    d.lines.unshift({ id: 'e', amount: 1, description: '' });
    const r = quotationToInput(d, { clientnr: 1, action: 'send', sendmethod: 'email' });
    expect(r.ok ? [] : r.errors).toEqual([{ field: 'lines.3.price', message: 'is not a number: 12x' }]);
  });

  it('is refused for text in the header number fields too', () => {
    const r = quotationToInput(draft({ lines: [], discounttype: 'amount', discount: '25 euro', quotationperiod: 'een maand' }), {
      clientnr: 1,
      action: 'save',
    });
    expect(r.ok ? [] : r.errors).toEqual(
      expect.arrayContaining([
        { field: 'discount', message: 'is not a number: 25 euro' },
        { field: 'quotationperiod', message: 'is not a number: een maand' },
      ]),
    );
  });

  it("says a line's own problems the same way", () => {
    expect(lineErrors({ id: 'x', amount: 'twee', description: 'Verf', price: 10, tax_rate: 21 }, 4)).toEqual([
      { field: 'lines.4.amount', message: 'is not a number: twee' },
    ]);
    expect(lineErrors({ id: 'x', amount: 1, description: 'Verf', price: 10.12345, tax_rate: 21 }, 0)).toEqual([
      { field: 'lines.0.price', message: 'at most 3 decimals' },
    ]);
  });

  it('keeps a line with a rate typed as text, so it is not left out unseen', () => {
    expect(isEmptyLine({ amount: 1, description: '', tax_rate: '21x' })).toBe(false);
    expect(isEmptyLine({ amount: '0x1', description: '' })).toBe(false);
    expect(isEmptyLine({ amount: 1, description: '', tax_rate: 21 })).toBe(true);
  });

  it('leaves every other error as it was', () => {
    const errors = [{ field: 'lines.0.price', message: 'at most 3 decimals' }];
    expect(sayTypedText(errors, draft())).toEqual(errors);
    expect(isNotANumber({ field: 'x', message: notANumber('12x') })).toBe(true);
    expect(isNotANumber(errors[0]!)).toBe(false);
  });
});
