import { describe, expect, it } from 'vitest';
import { clientFieldProblem, discountProblem, draftFieldProblem, indexFieldErrors, lineFieldProblem, problemFromMessage } from '../../renderer/lib/validation';

describe('inline validation with the shared schemas', () => {
  it('marks a 4th decimal on a price and a tax rate over 100', () => {
    expect(lineFieldProblem('price', 1.2345)).toMatchObject({ code: 'maxDecimals', params: { places: 3 } });
    expect(lineFieldProblem('price', 1.234)).toBeNull();
    expect(lineFieldProblem('tax_rate', 121)).toMatchObject({ code: 'percentage' });
    expect(lineFieldProblem('discount_pct', 10.555)).toMatchObject({ code: 'maxDecimals', params: { places: 2 } });
  });

  it('allows empty values while drafting', () => {
    expect(lineFieldProblem('amount', undefined)).toBeNull();
    expect(draftFieldProblem('date', null)).toBeNull();
  });

  it('checks client fields by the attribute table', () => {
    expect(clientFieldProblem('zipcode', '12345678')).toMatchObject({ code: 'maxChars', params: { max: 7 } });
    expect(clientFieldProblem('email', 'not-an-address')).toMatchObject({ code: 'email' });
    expect(clientFieldProblem('currency', 'eu')).toMatchObject({ code: 'currency' });
    expect(clientFieldProblem('email', 'a@b.nl')).toBeNull();
  });

  it('knows the discount rules', () => {
    expect(discountProblem('percentage', 120)).toMatchObject({ code: 'percentage' });
    expect(discountProblem('amount', 120)).toBeNull();
    expect(discountProblem('amount', -1)).toMatchObject({ code: 'min0' });
    expect(draftFieldProblem('quotationperiod', 1.5)).toMatchObject({ code: 'wholeNumber' });
  });

  it('puts service field errors on the line they name', () => {
    const map = indexFieldErrors(
      [
        { field: 'lines.1.price', message: 'at most 3 decimals' },
        { field: 'clientnr', message: 'must be a client number' },
        { field: 'discount', message: 'something the service said' },
      ],
      ['a', 'b'],
    );
    expect(map.get('line:b:price')).toMatchObject({ code: 'maxDecimals' });
    expect(map.get('client')).toMatchObject({ code: 'clientnr' });
    expect(map.get('discount')).toEqual({ code: '', params: {}, message: 'something the service said' });
  });

  it('keeps an unknown message as it is', () => {
    expect(problemFromMessage('weird')).toEqual({ code: '', params: {}, message: 'weird' });
  });
});
