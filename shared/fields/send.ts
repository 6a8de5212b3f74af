// Field types of the attributes (docs/service-api.md, Field types), each accepting both typed
// values and the live wire form, where every scalar arrives as a string
// (docs/wire-format.md: "true"/"false", "42", "120.5", "" for an empty date).
import { z } from 'zod';
import { NOT_CHEAP, withCheapPath } from './cheap';

/** Text of at most `max` characters; numbers are accepted as their text. */
export function text(max?: number) {
  const base = max === undefined ? z.string() : z.string().max(max, { message: `at most ${max} characters`, abort: true });
  return withCheapPath(
    z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : (v ?? '')), base),
    (v) => (typeof v === 'string' && (max === undefined || v.length <= max) ? v : NOT_CHEAP),
  );
}

/** true/false, also as "true"/"false", "1"/"0" and 1/0; "" means false. */
export const bool = withCheapPath(
  z.preprocess(
    (v) => {
      if (v === 'true' || v === '1' || v === 1) return true;
      if (v === 'false' || v === '0' || v === 0 || v === '') return false;
      return v;
    },
    z.boolean({ error: 'must be true or false' }),
  ),
  (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : NOT_CHEAP),
);

/** A number from its text ("42", "-1.5"); "" is absent; anything else as it is. */
export function numeric(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  // dot as the decimal separator, no thousands separator (docs/service-api.md, Field types)
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
}

/** Whole number; "" reads as absent. */
export const int = withCheapPath(
  z.preprocess(numeric, z.number({ error: 'must be a whole number' }).int('must be a whole number')),
  // up to 15 digits: always a safe integer
  (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : NOT_CHEAP),
);

/** Number with at most `places` decimals ("12.345"), dot as separator. */
export function decimal(places = 3) {
  // up to 12 whole digits and `places` decimals: finite, and never more decimals once a number
  const plain = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${places}})?$`);
  return withCheapPath(
    z.preprocess(
      numeric,
      z
        .number({ error: 'must be a number with a dot as decimal separator' })
        .finite('must be a finite number')
        .refine((n) => decimalPlaces(n) <= places, `at most ${places} decimals`),
    ),
    (v) => (typeof v === 'string' && plain.test(v) ? Number(v) : NOT_CHEAP),
  );
}

export function decimalPlaces(n: number): number {
  const s = String(n);
  if (/e/i.test(s)) return Number.POSITIVE_INFINITY;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** YYYY-MM-DD; the wire's "" (and null) read as null, an empty date. */
export const date = withCheapPath(
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().refine(isValidDate, 'must be a date as YYYY-MM-DD').nullable()),
  (v) => (v === '' || v === null ? null : typeof v === 'string' && isValidDate(v) ? v : NOT_CHEAP),
);

/** One of the allowed values; `allowEmpty` lets "" through where the spec allows it. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<unknown>(values);
  return withCheapPath(z.enum(values, { error: `must be one of: ${values.join(', ')}` }), (v) => (allowed.has(v) ? v : NOT_CHEAP));
}

/** E-mail address, or empty. */
const isEmailOrEmpty = (s: string) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
export const emailOrEmpty = withCheapPath(text(255).refine(isEmailOrEmpty, 'must be an e-mail address like name@example.com'), (v) =>
  typeof v === 'string' && v.length <= 255 && isEmailOrEmpty(v) ? v : NOT_CHEAP,
);
