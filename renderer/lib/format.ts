// Display formatting by Intl for the chosen language. Formatters are costly
// to build and a 500-line table formats thousands of cells, so each one is
// made once per language and option set.
import type { UiLanguage } from '../../shared/language';

const LOCALES: Record<UiLanguage, string> = { nl: 'nl-NL', en: 'en-GB' };
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: UiLanguage, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const k = `n|${language}|${key}`;
  let f = cache.get(k) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[language], options);
    cache.set(k, f);
  }
  return f;
}

function dateFormat(language: UiLanguage, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `d|${language}|${key}`;
  let f = cache.get(k) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[language], options);
    cache.set(k, f);
  }
  return f;
}

/** Money in a currency; exact decimal text is formatted without going through rounding twice. */
export function formatMoney(amount: string | number | null | undefined, currency: string, language: UiLanguage): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'EUR';
  return numberFormat(language, `money|${code}`, { style: 'currency', currency: code }).format(n);
}

/**
 * A price in a currency: the currency's own decimals, and up to 3 when the
 * price has them (the service keeps prices to 3 decimals: 0.125 is shown as
 * €0.125, never rounded to €0.13).
 */
export function formatPrice(amount: string | number | null | undefined, currency: string, language: UiLanguage): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'EUR';
  const money = numberFormat(language, `money|${code}`, { style: 'currency', currency: code });
  const places = money.resolvedOptions().minimumFractionDigits ?? 2;
  return numberFormat(language, `price|${code}`, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: places,
    maximumFractionDigits: Math.max(places, 3),
  }).format(n);
}

export function formatNumber(value: number | string | null | undefined, language: UiLanguage, maxDecimals = 3): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return numberFormat(language, `num|${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(n);
}

export function formatPercent(value: number | string, language: UiLanguage): string {
  return `${formatNumber(value, language, 2)}%`;
}

/** A YYYY-MM-DD date, read as a calendar day (no time zone shift). */
export function formatDate(iso: string | null | undefined, language: UiLanguage): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat(language, 'day', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** A moment (ISO timestamp) in local time, e.g. for "last sync". */
export function formatDateTime(iso: string | null | undefined, language: UiLanguage): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateFormat(language, 'moment', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(d);
}

export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
