import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numberToInput, parseNumber } from '../../renderer/lib/numbers';

const read = (value: number, explain = false) => ({ ok: true, value, explain });

describe('parseNumber in Dutch: "." groups thousands, "," is the decimal separator', () => {
  it.each([
    ['1.350', 1350, true],
    ['1.350,00', 1350, false],
    ['1,350', 1.35, true],
    ['1,350.00', 1350, true],
    ['12,5', 12.5, false],
    ['12.5', 12.5, true],
    ['1 350', 1350, false],
    ['-3', -3, false],
    ['1.350.000', 1350000, false],
    ['1.234.567,89', 1234567.89, false],
    ['+7', 7, false],
    ['€ 1.350,50', 1350.5, false],
    ['1.350 €', 1350, true],
    ['-€ 12,50', -12.5, false],
    ['€-12,50', -12.5, false],
    ['21%', 21, false],
    [' 7 ', 7, false],
    ['-3,5', -3.5, false],
    [',5', 0.5, false],
    ['12,', 12, false],
    ['0.350', 0.35, true],
    ['1,2345', 1.2345, false],
    ['0', 0, false],
    ['1\u00a0350,25', 1350.25, false],
    ['1,350,000', 1350000, true],
  ])('reads %j as %d (says how: %s)', (text, value, explain) => {
    expect(parseNumber(text, 'nl')).toEqual(read(value, explain));
  });
});

describe('parseNumber in English: "," groups thousands, "." is the decimal separator', () => {
  it.each([
    ['1.350', 1.35, true],
    ['1.350,00', 1350, true],
    ['1,350', 1350, true],
    ['1,350.00', 1350, false],
    ['12,5', 12.5, true],
    ['12.5', 12.5, false],
    ['1 350', 1350, false],
    ['-3', -3, false],
    ['1.350.000', 1350000, true],
    ['1,350,000', 1350000, false],
    ['+7', 7, false],
    ['€1,350.50', 1350.5, false],
    ['-€12.50', -12.5, false],
    ['\u22123.5', -3.5, false],
    ['.5', 0.5, false],
    [',5', 0.5, true],
    ['0,350', 0.35, true],
    ['1,2345', 1.2345, true],
    ['12,50', 12.5, true],
  ])('reads %j as %d (says how: %s)', (text, value, explain) => {
    expect(parseNumber(text, 'en')).toEqual(read(value, explain));
  });
});

describe('parseNumber: what cannot be read', () => {
  it('reads empty text as no value', () => {
    for (const lang of ['nl', 'en'] as const) {
      expect(parseNumber('', lang)).toEqual({ ok: true, value: null, explain: false });
      expect(parseNumber('  ', lang)).toEqual({ ok: true, value: null, explain: false });
    }
  });

  it.each([
    '1,2,3',
    '12.34.5',
    'abc',
    '1..2',
    '12,5,0',
    '1.2.3,4.5',
    '--1',
    '+-1',
    '.',
    ',',
    '12a',
    '1.23.4',
    '13 50',
    '1 350.000,5',
    '1,350.000.5',
    '5-',
    '€',
    '0.350.000',
  ])('refuses %j in both languages', (text) => {
    expect(parseNumber(text, 'nl').ok).toBe(false);
    expect(parseNumber(text, 'en').ok).toBe(false);
  });
});

describe('numberToInput', () => {
  it('shows the language decimal separator and groups thousands', () => {
    expect(numberToInput(1234.5, 'nl')).toBe('1.234,5');
    expect(numberToInput(1234.5, 'en')).toBe('1,234.5');
    expect(numberToInput(1350, 'nl', 2)).toBe('1.350,00');
    expect(numberToInput(-1234567, 'en')).toBe('-1,234,567');
    expect(numberToInput(999, 'nl')).toBe('999');
    expect(numberToInput(1234, 'nl', 0, false)).toBe('1234');
    expect(numberToInput(null, 'nl')).toBe('');
  });

  it('pads to the decimals asked for and never rounds', () => {
    expect(numberToInput(95, 'en', 2)).toBe('95.00');
    expect(numberToInput(24.9, 'nl', 2)).toBe('24,90');
    expect(numberToInput(0.125, 'en', 2)).toBe('0.125');
    expect(numberToInput(-3, 'nl', 2)).toBe('-3,00');
    expect(numberToInput(1e-7, 'nl')).toBe('0,0000001');
  });

  it('reads back what an input shows, in both languages, grouped or not, with or without padding', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.constantFrom('nl' as const, 'en' as const),
        fc.constantFrom(0, 2),
        fc.boolean(),
        (n, lang, min, group) => {
          const back = parseNumber(numberToInput(n, lang, min, group), lang);
          expect(back).toEqual({ ok: true, value: Object.is(n, -0) ? 0 : n, explain: expect.any(Boolean) as boolean });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('says nothing about a number it showed itself unless the other language would read it otherwise', () => {
    expect(parseNumber(numberToInput(1350, 'nl', 2), 'nl')).toEqual(read(1350, false));
    expect(parseNumber(numberToInput(12.5, 'en'), 'en')).toEqual(read(12.5, false));
    // a quantity of 1350 shown as 1.350 is 1.35 in English, so the text alone is ambiguous
    expect(parseNumber(numberToInput(1350, 'nl'), 'nl')).toEqual(read(1350, true));
  });
});
