// Dates as a person types and reads them in the UI's language, not the
// browser's: Chromium's own date input follows the browser's locale and
// cannot be told otherwise (11/23/2026 in a Dutch window), so date fields
// are text with these rules.
//
// Shown: Dutch 23-11-2026, English 23/11/2026 (day first in both: the
// app's people are in the Netherlands and Belgium, and the format hint
// beside the field says so). Read, in either language: 23-11-2026,
// 23/11/2026, 23.11.2026, 23 11 2026, a two-digit year (26 is 2026), day and
// month alone (this year), 2026-11-23, and a month by its name in Dutch or
// English (23 nov 2026, 23 november, 23 Nov. 2026, 23 mrt, 1 mei).
import type { UiLanguage } from '../../shared/language';

const MONTHS: Record<string, number> = {};
const NAMES: Array<[number, string[]]> = [
  [1, ['jan', 'januari', 'january']],
  [2, ['feb', 'februari', 'february']],
  [3, ['mrt', 'maa', 'maart', 'mar', 'march']],
  [4, ['apr', 'april']],
  [5, ['mei', 'may']],
  [6, ['jun', 'juni', 'june']],
  [7, ['jul', 'juli', 'july']],
  [8, ['aug', 'augustus', 'august']],
  [9, ['sep', 'sept', 'september']],
  [10, ['okt', 'oktober', 'oct', 'october']],
  [11, ['nov', 'november']],
  [12, ['dec', 'december']],
];
for (const [m, names] of NAMES) for (const n of names) MONTHS[n] = m;

/** The format hint beside a date field. */
export const DATE_HINT: Record<UiLanguage, string> = { nl: 'dd-mm-jjjj', en: 'dd/mm/yyyy' };

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1000 || y > 9999) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function year(text: string | undefined, thisYear: number): number {
  if (!text) return thisYear;
  const n = Number(text);
  return text.length <= 2 ? 2000 + n : n;
}

/**
 * The ISO date (YYYY-MM-DD) a typed text means; '' for an empty field; null
 * when it is not a date (the field keeps the text and says how to type it).
 */
export function parseDate(text: string, today = new Date()): string | '' | null {
  const s = text.trim().toLowerCase();
  if (s === '') return '';
  const thisYear = today.getFullYear();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s*[-/. ]\s*(\d{1,2})(?:\s*[-/. ]\s*(\d{4}|\d{2}))?$/.exec(s);
  if (m) return iso(year(m[3], thisYear), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\.?\s*[- ]?\s*([a-z]+)\.?(?:\s*[- ,]?\s*(\d{4}|\d{2}))?$/.exec(s);
  if (m) {
    const month = MONTHS[m[2]!];
    return month ? iso(year(m[3], thisYear), month, Number(m[1])) : null;
  }
  return null;
}

/** An ISO date as the field shows it in `language`; '' for none; an unreadable value as it is. */
export function dateToInput(value: string | null | undefined, language: UiLanguage): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return language === 'nl' ? `${m[3]}-${m[2]}-${m[1]}` : `${m[3]}/${m[2]}/${m[1]}`;
}
