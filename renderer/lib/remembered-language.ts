// The language the page last spoke, kept in the page's own storage. Until the
// settings are read, and when they cannot be (the web host restarted and this
// page's token is old, the main process gone), the page speaks it rather than
// the browser's language: a Dutch desk's error is in Dutch.
import type { UiLanguage } from '../../shared/language';

const KEY = 'quotedesk.language';

export function rememberedLanguage(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): UiLanguage | null {
  try {
    const v = storage?.getItem(KEY) ?? null;
    return v === 'nl' || v === 'en' ? v : null;
  } catch {
    // storage refused (a locked-down profile): nothing remembered
    return null;
  }
}

export function rememberLanguage(language: UiLanguage, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, language);
  } catch {
    // nothing kept; the settings still hold the language
  }
}
