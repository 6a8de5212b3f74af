// Numbers as people type them. Dutch users write "12,50", English users
// "12.50"; both are understood in either language, and the bridge only ever
// sees numbers.

import type { UiLanguage } from '../../shared/language';

export type Parsed = { ok: true; value: number | null } | { ok: false };

/**
 * Reads a typed number. A single separator (comma or dot) is the decimal
 * separator; when both appear, the last one is, and the other groups
 * thousands; a separator repeated more than once groups thousands.
 * Empty text is `null` (no value).
 */
export function parseNumber(text: string): Parsed {
  let t = text.replace(/[\s\u00a0\u202f']/g, '');
  if (t === '') return { ok: true, value: null };
  let sign = '';
  if (t[0] === '-' || t[0] === '+' || t[0] === '\u2212') {
    sign = t[0] === '+' ? '' : '-';
    t = t.slice(1);
  }
  if (!/^[\d.,]+$/.test(t) || !/\d/.test(t)) return { ok: false };
  const commas = count(t, ',');
  const dots = count(t, '.');
  let normalized: string;
  if (commas > 0 && dots > 0) {
    const decimal = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    if (count(t, decimal) > 1) return { ok: false };
    normalized = t.split(group).join('').replace(decimal, '.');
  } else if (commas > 1 || dots > 1) {
    const group = commas > 1 ? ',' : '.';
    if (!groupedCorrectly(t, group)) return { ok: false };
    normalized = t.split(group).join('');
  } else {
    normalized = t.replace(',', '.');
  }
  if (!/^\d*\.?\d*$/.test(normalized) || normalized === '.') return { ok: false };
  const value = Number(sign + (normalized.startsWith('.') ? '0' + normalized : normalized));
  return Number.isFinite(value) ? { ok: true, value } : { ok: false };
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

function groupedCorrectly(t: string, group: string): boolean {
  const parts = t.split(group);
  return parts.slice(1).every((p) => p.length === 3) && (parts[0] ?? '').length > 0 && (parts[0] ?? '').length <= 3;
}

/**
 * A number as an input shows it: the language's decimal separator, no
 * grouping (so reading it back gives the same number), no rounding; at least
 * `minDecimals` decimals, padded with zeros (a price reads 95.00, not 95).
 */
export function numberToInput(value: number | null | undefined, language: UiLanguage, minDecimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let s = plainDecimal(value);
  if (minDecimals > 0) {
    const point = s.indexOf('.');
    const have = point < 0 ? 0 : s.length - point - 1;
    if (have < minDecimals) s = (point < 0 ? `${s}.` : s) + '0'.repeat(minDecimals - have);
  }
  return language === 'nl' ? s.replace('.', ',') : s;
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
