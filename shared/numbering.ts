// The numbering scheme of quotation references: a pattern of literal text,
// an optional year and one running number, such as OF{YYYY}-{####} for
// OF2026-0008. Pure, so the store hands out numbers with it and the settings
// screen shows the same example and the same problems beside the field.

import { said, type Said } from './messages';

/** The service keeps at most 40 characters of a quotationreference (docs/service-api.md, Quotations). */
export const REFERENCE_MAX = 40;
/** The largest running number a person may set: nine digits are plenty and stay exact in JSON. */
export const NEXT_MAX = 999_999_999;

export const DEFAULT_PATTERN = 'OF{YYYY}-{####}';

export type NumberingScheme =
  /** our own references: `next` is the running number the next quotation gets, counted in `year` */
  | { mode: 'own'; pattern: string; next: number; year: number }
  /** no reference of ours: the service gives one when the quotation is sent */
  | { mode: 'service' };

export type PatternProblem =
  | { code: 'empty' }
  | { code: 'no_counter' }
  | { code: 'two_counters' }
  | { code: 'unknown_placeholder'; placeholder: string }
  | { code: 'bad_character'; character: string }
  | { code: 'too_long'; length: number; max: number };

export type NextProblem = { code: 'not_whole' } | { code: 'out_of_range'; max: number };

const TOKEN = /\{([^{}]*)\}/g;
const COUNTER = /^#{1,9}$/;
// what a reference on a document and in a file name can hold without surprises
const LITERAL = /^[A-Za-z0-9 ._\-/]$/;

/** What is wrong with a pattern, or null. The length is checked on the widest number the pattern can give this year. */
export function patternProblem(pattern: string, year = new Date().getFullYear()): PatternProblem | null {
  if (pattern.trim() === '') return { code: 'empty' };
  let counters = 0;
  for (const m of pattern.matchAll(TOKEN)) {
    const inner = m[1]!;
    if (COUNTER.test(inner)) counters++;
    else if (inner !== 'YYYY' && inner !== 'YY') return { code: 'unknown_placeholder', placeholder: `{${inner}}` };
  }
  const literal = pattern.replace(TOKEN, '');
  for (const ch of literal) if (!LITERAL.test(ch)) return { code: 'bad_character', character: ch };
  if (counters === 0) return { code: 'no_counter' };
  if (counters > 1) return { code: 'two_counters' };
  const widest = formatReference(pattern, year, NEXT_MAX);
  if (widest.length > REFERENCE_MAX) return { code: 'too_long', length: widest.length, max: REFERENCE_MAX };
  return null;
}

export function nextProblem(next: unknown): NextProblem | null {
  if (typeof next !== 'number' || !Number.isInteger(next)) return { code: 'not_whole' };
  if (next < 1 || next > NEXT_MAX) return { code: 'out_of_range', max: NEXT_MAX };
  return null;
}

/** The reference `n` gets under `pattern` in `year`: OF{YYYY}-{####}, 2026, 8 → OF2026-0008. */
export function formatReference(pattern: string, year: number, n: number): string {
  return pattern.replace(TOKEN, (_all, inner: string) => {
    if (inner === 'YYYY') return String(year).padStart(4, '0');
    if (inner === 'YY') return String(year % 100).padStart(2, '0');
    return String(n).padStart(inner.length, '0');
  });
}

/** Whether the running number starts again at 1 in a new year: only when the year is part of the reference. */
export function countsPerYear(pattern: string): boolean {
  return /\{YYYY\}|\{YY\}/.test(pattern);
}

/**
 * The running number `reference` carries under `pattern` in `year`, or null
 * when it is not a reference of that pattern and year.
 */
export function numberOf(pattern: string, year: number, reference: string): number | null {
  let re = '^';
  let last = 0;
  for (const m of pattern.matchAll(TOKEN)) {
    re += escape(pattern.slice(last, m.index));
    const inner = m[1]!;
    if (inner === 'YYYY') re += escape(String(year).padStart(4, '0'));
    else if (inner === 'YY') re += escape(String(year % 100).padStart(2, '0'));
    else re += `(\\d{${inner.length},})`;
    last = m.index! + m[0].length;
  }
  re += `${escape(pattern.slice(last))}$`;
  const hit = new RegExp(re).exec(reference);
  return hit && hit[1] !== undefined ? Number(hit[1]) : null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A pattern problem as the message catalogue says it (shared/messages/store.ts); literal braces go in as params. */
export function patternProblemSaid(p: PatternProblem): Said {
  switch (p.code) {
    case 'empty':
      return said('numbering.pattern.empty', { example: DEFAULT_PATTERN });
    case 'no_counter':
      return said('numbering.pattern.no_counter', { example: DEFAULT_PATTERN });
    case 'two_counters':
      return said('numbering.pattern.two_counters');
    case 'unknown_placeholder':
      return said('numbering.pattern.unknown_placeholder', { placeholder: p.placeholder, year: '{YYYY}', yy: '{YY}', counter: '{####}' });
    case 'bad_character':
      return said('numbering.pattern.bad_character', { character: p.character });
    case 'too_long':
      return said('numbering.pattern.too_long', { length: p.length, max: p.max });
  }
}

export function nextProblemSaid(p: NextProblem): Said {
  return p.code === 'not_whole' ? said('numbering.next.not_whole') : said('numbering.next.out_of_range', { max: p.max });
}

/** A problem in English, for field errors, logs and tests; the UI has its own words in both languages. */
export function describePatternProblem(p: PatternProblem): string {
  return patternProblemSaid(p).message;
}

export function describeNextProblem(p: NextProblem): string {
  return nextProblemSaid(p).message;
}

/** Told to the person when a quotation's number was taken by another one and it got the next free number. */
export interface NumberingNotice {
  quotationId: string;
  /** the number it had */
  from: string;
  /** the number it has now */
  to: string;
  /** service: the service refused `from` as used; pulled: a quotation read from the service holds `from` */
  why: 'service' | 'pulled';
  /** epoch ms */
  at: number;
}
