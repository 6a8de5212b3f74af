// The language a first start picks from the system's locales.
import { describe, expect, it } from 'vitest';
import { languageFromLocales } from '../../shared/language';

describe('languageFromLocales', () => {
  it('is Dutch for any Dutch locale, English otherwise', () => {
    for (const l of ['nl', 'nl-NL', 'nl-BE', 'NL_nl', 'nl-SR']) expect(languageFromLocales([l]), l).toBe('nl');
    for (const l of ['en', 'en-GB', 'en-US', 'de-DE', 'fr', '', 'nld']) expect(languageFromLocales([l]), l).toBe('en');
    expect(languageFromLocales([])).toBe('en');
  });

  it('takes the first preference it has a translation for', () => {
    expect(languageFromLocales(['de-DE', 'nl-NL', 'en-US'])).toBe('nl');
    expect(languageFromLocales(['fr-FR', 'en-GB', 'nl'])).toBe('en');
    expect(languageFromLocales([undefined, null, 'nl'])).toBe('nl');
  });
});
