// vue-i18n set up with the Dutch and English catalogues. Messages are
// compiled just in time (no eval), which a strict CSP requires.
import { createI18n } from 'vue-i18n';
import { en } from './en';
import { nl } from './nl';
import type { UiLanguage } from '../../shared/language';

export function createAppI18n(language: UiLanguage = 'nl') {
  return createI18n({
    legacy: false,
    locale: language,
    fallbackLocale: 'en',
    messages: { en, nl },
    missingWarn: false,
    fallbackWarn: false,
  });
}

export type AppI18n = ReturnType<typeof createAppI18n>;
