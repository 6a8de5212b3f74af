import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numberToInput, parseNumber } from '../../renderer/lib/numbers';

describe('parseNumber', () => {
  it.each([
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1.234.567', 1234567],
    [' 7 ', 7],
    ['-3,5', -3.5],
    [',5', 0.5],
    ['1,2345', 1.2345],
    ['0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(parseNumber(text)).toEqual({ ok: true, value });
  });

  it('reads empty text as no value', () => {
    expect(parseNumber('')).toEqual({ ok: true, value: null });
    expect(parseNumber('  ')).toEqual({ ok: true, value: null });
  });

  it.each(['abc', '12,5,0', '1.2.3,4.5', '--1', '.', ',', '12a', '1.23.4'])('refuses %j', (text) => {
    expect(parseNumber(text).ok).toBe(false);
  });

  it('reads back what an input shows, in both languages', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.constantFrom('nl' as const, 'en' as const), (n, lang) => {
        const shown = numberToInput(n, lang);
        const back = parseNumber(shown);
        expect(back).toEqual({ ok: true, value: Object.is(n, -0) ? 0 : n });
      }),
      { numRuns: 300 },
    );
  });

  it('shows the language decimal separator without grouping', () => {
    expect(numberToInput(1234.5, 'nl')).toBe('1234,5');
    expect(numberToInput(1234.5, 'en')).toBe('1234.5');
    expect(numberToInput(null, 'nl')).toBe('');
  });

  it('pads to the decimals asked for, never rounds, and reads back the same number', () => {
    expect(numberToInput(95, 'en', 2)).toBe('95.00');
    expect(numberToInput(24.9, 'nl', 2)).toBe('24,90');
    expect(numberToInput(0.125, 'en', 2)).toBe('0.125');
    expect(numberToInput(-3, 'nl', 2)).toBe('-3,00');
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.constantFrom('nl' as const, 'en' as const), (n, lang) => {
        expect(parseNumber(numberToInput(n, lang, 2))).toEqual({ ok: true, value: Object.is(n, -0) ? 0 : n });
      }),
      { numRuns: 300 },
    );
  });
});
