// The UI language the app starts in before the person has picked one: the
// system's (Electron's app locale, or the browser's preferred languages in
// the web host). Dutch for any Dutch locale (nl, nl-NL, nl-BE), English for
// everything else, since English is the language more non-Dutch people read.

/** The languages the app is written in; every screen and formatter takes this one type. */
export type UiLanguage = 'nl' | 'en';

/**
 * The first of `locales` that is Dutch or English, in the order given (a
 * browser lists the person's preferences first); English when none is.
 */
export function languageFromLocales(locales: readonly (string | null | undefined)[]): UiLanguage {
  for (const l of locales) {
    const primary = (l ?? '').trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'nl') return 'nl';
    if (primary === 'en') return 'en';
  }
  return 'en';
}
