// Small composables the screens share: the UI language, error texts and
// formatting bound to it.
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { errorText } from '../i18n/errors';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPrice } from './format';
import type { Language } from './numbers';
import { shortcutLabel, SHORTCUTS, type ShortcutName } from './shortcuts';
import type { SerializedError } from '../../shared/bridge';

export function useLang() {
  const { locale } = useI18n();
  return computed<Language>(() => (locale.value === 'en' ? 'en' : 'nl'));
}

export function useFormat() {
  const lang = useLang();
  return {
    lang,
    money: (v: string | number | null | undefined, currency: string) => formatMoney(v, currency, lang.value),
    /** a unit price: up to 3 decimals (formatPrice) */
    price: (v: string | number | null | undefined, currency: string) => formatPrice(v, currency, lang.value),
    number: (v: string | number | null | undefined, max = 3) => formatNumber(v, lang.value, max),
    date: (v: string | null | undefined) => formatDate(v, lang.value),
    moment: (v: string | null | undefined) => formatDateTime(v, lang.value),
    error: (e: Pick<SerializedError, 'messageKey' | 'message' | 'params'> | null | undefined) => (e ? errorText(e, lang.value) : ''),
  };
}

/** Tooltip text and aria-keyshortcuts for a control with a shortcut. */
export function useShortcut() {
  const { t } = useI18n();
  return (name: ShortcutName, label: string) => ({
    title: t('shortcut.tip', { label, keys: shortcutLabel(name) }),
    'aria-keyshortcuts': SHORTCUTS[name],
  });
}
