// The quotation as the customer reads it: what the document needs that is
// not money (shared/money.ts does the amounts). Pure functions, no Node and
// no DOM, so both processes and the tests use the same rules.
import { addDays } from './money';

export type DocumentLanguage = 'nl' | 'en';

/** The validity date printed on the document: the date plus the quotation period in days; null when either is missing. */
export function validUntil(date: string | null | undefined, periodDays: number | null | undefined): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  if (periodDays === null || periodDays === undefined || !Number.isInteger(periodDays) || periodDays < 0) return null;
  return addDays(date, periodDays);
}

/**
 * The language the document is written in: the quotation's own when it has
 * one, else the client's document language, else the language of the app.
 * The service knows more document languages (de, fr, …); the document is
 * drawn in nl or en only, so any other falls through to the next choice.
 */
export function documentLanguage(choices: { quotation?: string | null; client?: string | null; ui: DocumentLanguage }): DocumentLanguage {
  for (const c of [choices.quotation, choices.client]) if (c === 'nl' || c === 'en') return c;
  return choices.ui;
}

/** A line with a description only: printed as a heading or a note, without amounts. */
export function isTextLine(line: { amount?: unknown; price?: unknown; tax_rate?: unknown; discount_pct?: unknown }): boolean {
  const absent = (v: unknown) => v === undefined || v === null || v === '';
  return absent(line.amount) && absent(line.price) && absent(line.tax_rate) && absent(line.discount_pct);
}

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const REFUSED = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
// names Windows keeps for devices, whatever the extension
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME = 120;

/**
 * The PDF's file name: reference and client, e.g. "OF2026-0008 Bakkerij Jansen.pdf".
 * Characters file systems refuse become "-", runs of spaces one space, and a
 * name ending in dots or spaces (Windows drops them) is trimmed. Never empty.
 */
export function documentFileName(reference: string | null | undefined, clientName: string | null | undefined, fallback = 'quotation'): string {
  const clean = (s: string | null | undefined) =>
    (s ?? '')
      .normalize('NFC')
      // tabs and line breaks are spaces first; other control characters are refused
      .replace(/\s+/g, ' ')
      .replace(REFUSED, '-')
      .trim();
  let base = [clean(reference), clean(clientName)].filter(Boolean).join(' ');
  if (base.length > MAX_NAME) base = base.slice(0, MAX_NAME);
  base = base.replace(/[. ]+$/, '').replace(/^[. ]+/, '');
  if (base === '' || RESERVED.test(base)) base = base === '' ? fallback : `${base}-`;
  return `${base}.pdf`;
}

/** IBAN lengths per country for the countries a Dutch freelancer meets most; others are checked by format and checksum only. */
const IBAN_LENGTHS: Record<string, number> = {
  NL: 18,
  BE: 16,
  DE: 22,
  FR: 27,
  GB: 22,
  LU: 20,
  ES: 24,
  IT: 27,
  AT: 20,
  CH: 21,
  IE: 22,
  DK: 18,
  SE: 24,
  PT: 25,
  PL: 28,
  FI: 18,
  NO: 15,
};

/** An IBAN as people write it (spaces, lower case) in its electronic form. */
export function normalizeIban(iban: string): string {
  return iban.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * Why an IBAN is not valid, or null when it is (or is empty: the field is
 * optional). 'format': not two letters, two digits and 11–30 letters or
 * digits; 'length': wrong length for its country; 'checksum': the check
 * digits do not match (ISO 13616, mod 97 = 1), which catches a mistyped digit.
 */
export function ibanProblem(iban: string): 'format' | 'length' | 'checksum' | null {
  const s = normalizeIban(iban);
  if (s === '') return null;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return 'format';
  const expected = IBAN_LENGTHS[s.slice(0, 2)];
  if (expected !== undefined && s.length !== expected) return 'length';
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1 ? null : 'checksum';
}

/** An IBAN in groups of four, as it is printed. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The logo: PNG, JPEG or SVG, at most this many bytes (a logo is printed small; this keeps settings quick to read). */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/**
 * The image type the bytes really are, from their first bytes (a file's name
 * or the type a browser guesses are not trusted); null when none of the three.
 */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // SVG is text: an <svg element near the start, after an optional BOM, XML declaration, comments or doctype
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}
