// Numbers as people type them, read as the person's language writes them:
// in Dutch "." groups thousands and "," is the decimal separator, in English
// the other way round. "1.350" is thirteen hundred and fifty in a Dutch field
// and one point three five in an English one; the bridge only ever sees
// numbers. The rules are in docs/everyday-defaults.md, "Numbers".

import type { UiLanguage } from '../../shared/language';

/**
 * What a typed number reads as. `explain`: the field says how it was read
 * ("Read as 1,350"), because the other language would read the same text as
 * another number, or because a separator was taken in the role the other
 * language gives it ("12,5" in English, "12.5" in Dutch).
 */
export type Parsed = { ok: true; value: number | null; explain: boolean } | { ok: false };

const SEPARATORS: Record<UiLanguage, { decimal: string; group: string }> = {
  nl: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
};

/** Spaces (also the no-break ones Intl writes) and the apostrophe group thousands in either language. */
const SPACE = /[\s\u00a0\u202f']/;
const FAIL = { ok: false } as const;
/** "€" or "EUR" before the number; after it, either of those or "%". */
const CURRENCY_BEFORE = /^(?:€|eur)\s*/i;
const CURRENCY_OR_PERCENT_AFTER = /\s*(?:€|%|eur)$/i;
/** A separator after the last digit, then a dash or two (or an en or em dash) for no cents. */
const WHOLE_AMOUNT = /(\d)([.,])(?:--?|\u2013|\u2014)$/;

/**
 * Reads a typed number in `language`.
 *
 * - Around the number: spaces, a "€" (or "EUR") before or after it, a "%"
 *   after it, and one sign ("-", "+", "−") in front (before or after the "€").
 * - A whole amount as prices are written: ",-" (or ",--", ",–", ".-") after
 *   the digits is no cents, "385,-" is 385 and "1.250,-" 1250; the digits
 *   before it are whole, grouped by the other separator or by spaces.
 * - Both "." and ",": the last one is the decimal separator (once only) and
 *   the other groups thousands, in either language ("1.350,00" and
 *   "1,350.00" are both 1350).
 * - The language's group separator alone ("1.350" in Dutch) groups when
 *   exactly three digits follow it and one to three digits, not starting
 *   with 0, come before it; otherwise it cannot be a group and is read as
 *   the decimal separator ("12.5" in Dutch is 12,5).
 * - The language's decimal separator alone is the decimal separator, once;
 *   more than once, either separator groups ("1.350.000", "1,350,000").
 * - Spaces (or apostrophes) between digits group thousands: "1 350"; a
 *   separator beside them is the decimal separator.
 * - Groups are exact: one to three digits first, then three each. "1,2,3",
 *   "12.34.5", "1..2" and "abc" are no number.
 *
 * Empty text is `null` (no value).
 */
export function parseNumber(text: string, language: UiLanguage): Parsed {
  let rest = text.trim();
  if (rest === '') return { ok: true, value: null, explain: false };
  let sign = '';
  const takeSign = (): boolean => {
    const m = /^[-+\u2212]\s*/.exec(rest);
    if (!m) return true;
    if (sign) return false;
    sign = m[0][0] === '+' ? '+' : '-';
    rest = rest.slice(m[0].length);
    return true;
  };
  if (!takeSign()) return FAIL;
  rest = rest.replace(CURRENCY_BEFORE, '');
  if (!takeSign()) return FAIL;
  rest = rest.replace(CURRENCY_OR_PERCENT_AFTER, '');
  // a whole amount as prices are written ("385,-", "1.250,--"): read as "385," is, its separator the decimal one with no decimals
  rest = rest.replace(WHOLE_AMOUNT, '$1$2');
  if (!/^[\d.,\s\u00a0\u202f']+$/.test(rest) || !/\d/.test(rest)) return FAIL;

  const own = SEPARATORS[language];
  const read = readBody(rest, own);
  if (!read) return FAIL;
  const value = toNumber(sign, read);
  if (!Number.isFinite(value)) return FAIL;
  // the same text in the other language: a different number (or none) is worth a word
  const other = read.foreign ? null : readBody(rest, SEPARATORS[language === 'nl' ? 'en' : 'nl']);
  const explain = read.foreign || !other || toNumber(sign, other) !== value;
  return { ok: true, value: value === 0 ? 0 : value, explain };
}

function toNumber(sign: string, read: { int: string; frac: string }): number {
  return Number(`${sign === '-' ? '-' : ''}${read.int || '0'}.${read.frac || '0'}`);
}

/** The digits before and after the decimal separator; `foreign`: a separator was read in the other language's role. */
function readBody(body: string, own: { decimal: string; group: string }): { int: string; frac: string; foreign: boolean } | null {
  const commas = count(body, ',');
  const dots = count(body, '.');
  const spaced = SPACE.test(body);
  if (commas > 0 && dots > 0) {
    if (spaced) return null;
    const decimal = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    if (count(body, decimal) > 1) return null;
    const [int = '', frac = ''] = body.split(decimal);
    const digits = grouped(int, group);
    if (digits === null || !/^\d*$/.test(frac)) return null;
    return { int: digits, frac, foreign: decimal !== own.decimal };
  }
  const sep = commas > 0 ? ',' : dots > 0 ? '.' : null;
  const n = commas + dots;
  if (spaced) {
    // spaces group: a separator beside them is the decimal one
    if (n > 1) return null;
    const [int = '', frac = ''] = sep ? body.split(sep) : [body];
    const digits = grouped(int, SPACE);
    if (digits === null || !/^\d*$/.test(frac)) return null;
    return { int: digits, frac, foreign: sep !== null && sep !== own.decimal };
  }
  if (sep === null) return { int: body, frac: '', foreign: false };
  if (n > 1) {
    const digits = grouped(body, sep);
    return digits === null ? null : { int: digits, frac: '', foreign: sep !== own.group };
  }
  const [int = '', frac = ''] = body.split(sep);
  if (int === '' && frac === '') return null;
  if (sep === own.group && /^[1-9]\d{0,2}$/.test(int) && /^\d{3}$/.test(frac)) return { int: int + frac, frac: '', foreign: false };
  // a lone group separator that cannot group is the decimal separator, as the other language writes it
  return { int, frac, foreign: sep !== own.decimal };
}

/** The digits of an integer part grouped by `group` (one to three digits first, then three each), or null. */
function grouped(int: string, group: string | RegExp): string | null {
  if (int === '') return '';
  const parts = typeof group === 'string' ? int.split(group) : int.split(new RegExp(group.source));
  if (parts.length === 1) return /^\d+$/.test(int) ? int : null;
  const [first = '', ...others] = parts;
  if (!/^[1-9]\d{0,2}$/.test(first)) return null;
  if (!others.every((p) => /^\d{3}$/.test(p))) return null;
  return parts.join('');
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/**
 * The value a number field takes from what is typed in it: the number it
 * reads as, null when it is empty, or the text itself when it reads as no
 * number. Every number cell of the quotation takes its value here, and is
 * marked invalid exactly when it holds text, which counts for nothing and
 * cannot be saved or sent (shared/typed-number.ts): so the mark and the
 * value used never disagree.
 */
export function typedValue(text: string, language: UiLanguage): number | null | string {
  const p = parseNumber(text, language);
  return p.ok ? p.value : text;
}

/** The whole number `text` reads as in `language`; null when it is empty, no number, or not whole. */
export function wholeNumber(text: string, language: UiLanguage): number | null {
  const p = parseNumber(text, language);
  return p.ok && p.value !== null && Number.isInteger(p.value) ? p.value : null;
}

/**
 * A number as an input shows it, in the language's own way: its decimal
 * separator, thousands grouped (`group`, on by default; off for a number that
 * is a code or a counter), no rounding, and at least `minDecimals` decimals,
 * padded with zeros (a price reads 95,00, not 95). Read back in the same
 * language it gives the same number.
 */
export function numberToInput(value: number | null | undefined, language: UiLanguage, minDecimals = 0, group = true): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const s = plainDecimal(value);
  const negative = s.startsWith('-');
  const [int = '', fracPart = ''] = (negative ? s.slice(1) : s).split('.');
  const frac = fracPart.length < minDecimals ? fracPart + '0'.repeat(minDecimals - fracPart.length) : fracPart;
  const { decimal, group: groupChar } = SEPARATORS[language];
  const whole = group ? int.replace(/\B(?=(\d{3})+(?!\d))/g, groupChar) : int;
  return `${negative ? '-' : ''}${whole}${frac ? decimal + frac : ''}`;
}

/** Decimal text without exponent, e.g. 1e-7 → "0.0000001", exactly the digits JS prints. */
function plainDecimal(value: number): string {
  const s = String(value);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
  if (!m) return s;
  const digits = m[2]! + (m[3] ?? '');
  const point = 1 + Number(m[4]);
  let body: string;
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) body = digits + '0'.repeat(point - digits.length);
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return m[1] + body;
}
