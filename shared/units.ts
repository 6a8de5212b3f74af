// The units a line's quantity is counted in, offered as the unit field is
// typed: those used before come first, then a short list of a trade's
// usual ones in the page's language. The service keeps a line's unit as
// free text (`amount_desc`), so any other text is as good.
import type { UiLanguage } from './language';

export const USUAL_UNITS: Record<UiLanguage, readonly string[]> = {
  nl: ['m2', 'm1', 'uur', 'stuk', 'liter', 'keer', 'post'],
  en: ['m2', 'm1', 'hour', 'piece', 'litre', 'time', 'item'],
};

/** The longest unit a product keeps; a line's unit is the service's free text. */
export const UNIT_MAX = 30;

/** The units to offer: those used before (most used first), then the usual ones not among them; the same text once, whatever its case. */
export function unitSuggestions(used: readonly string[], language: UiLanguage): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const u of [...used, ...USUAL_UNITS[language]]) {
    const t = u.trim();
    const key = t.toLowerCase();
    if (t === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}
