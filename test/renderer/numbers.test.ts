import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numberToInput, parseNumber, typedValue } from '../../renderer/lib/numbers';

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

describe('parseNumber: a whole amount as prices are written ("385,-")', () => {
  it.each([
    ['385,-', 385, false],
    ['€ 385,-', 385, false],
    ['€385,-', 385, false],
    ['385,--', 385, false],
    ['385,\u2013', 385, false],
    ['385,\u2014', 385, false],
    ['385,- €', 385, false],
    ['€ 1.250,-', 1250, false],
    ['1 250,-', 1250, false],
    ['-€ 385,-', -385, false],
    ['EUR 385,-', 385, false],
    ['385 EUR', 385, false],
    ['eur 1.250,50', 1250.5, false],
  ])('reads %j in Dutch as %d (says how: %s)', (text, value, explain) => {
    expect(parseNumber(text, 'nl')).toEqual(read(value, explain));
  });

  it.each([
    ['385,-', 385],
    ['€385.-', 385],
    ['€ 1,250.-', 1250],
    ['1.250,-', 1250],
  ])('reads %j in English as %d', (text, value) => {
    expect(parseNumber(text, 'en')).toMatchObject({ ok: true, value });
  });

  it.each(['12x', '385,-5', '385,---', ',-', '€,-', '385-', '385, -', '1,250,-', '1.250.-', '12,50,-', 'x385,-', '385,-x', '12 x'])(
    'refuses %j in both languages',
    (text) => {
      expect(parseNumber(text, 'nl').ok).toBe(false);
      expect(parseNumber(text, 'en').ok).toBe(false);
    },
  );

  it('reads any whole amount written with ",-" as itself, with or without the euro sign and its thousands grouped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.constantFrom('', '€', '€ ', 'EUR '),
        fc.constantFrom(',-', ',--', ',\u2013'),
        fc.boolean(),
        (n, euro, dash, group) => {
          const digits = numberToInput(Math.abs(n), 'nl', 0, group);
          const text = `${n < 0 ? '-' : ''}${euro}${digits}${dash}`;
          expect(parseNumber(text, 'nl')).toEqual({ ok: true, value: n === 0 ? 0 : n, explain: false });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('typedValue: the value a number field takes from its text', () => {
  it('is the number read, none for empty text, or the text itself when it is no number', () => {
    expect(typedValue('€ 385,-', 'nl')).toBe(385);
    expect(typedValue('1.250,50', 'nl')).toBe(1250.5);
    expect(typedValue('1,250.50', 'en')).toBe(1250.5);
    expect(typedValue('  ', 'nl')).toBeNull();
    expect(typedValue('12x', 'nl')).toBe('12x');
  });

  it('never turns text that is no number into a number: either it reads whole, or it is kept as typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.constantFrom('nl' as const, 'en' as const), (text, lang) => {
        const v = typedValue(text, lang);
        const p = parseNumber(text, lang);
        if (p.ok) expect(v).toBe(p.value);
        else expect(v).toBe(text);
      }),
      { numRuns: 500 },
    );
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
