// Small composables the screens share: the UI language, error texts and
// formatting bound to it.
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { errorText } from '../i18n/errors';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPrice } from './format';
import type { UiLanguage } from '../../shared/language';
import { shortcutLabel, SHORTCUTS, type ShortcutName } from './shortcuts';
import type { SerializedError } from '../../shared/bridge';
import { anyFieldLabel, withReadableFields, type Entity } from './error-fields';
import { useProblemText } from './problems';
import { problemFromMessage } from './validation';

export function useLang() {
  const { locale } = useI18n();
  return computed<UiLanguage>(() => (locale.value === 'en' ? 'en' : 'nl'));
}

export function useFormat() {
  const lang = useLang();
  const { t } = useI18n();
  const problemText = useProblemText();
  return {
    lang,
    money: (v: string | number | null | undefined, currency: string) => formatMoney(v, currency, lang.value),
    /** a unit price: up to 3 decimals (formatPrice) */
    price: (v: string | number | null | undefined, currency: string) => formatPrice(v, currency, lang.value),
    number: (v: string | number | null | undefined, max = 3) => formatNumber(v, lang.value, max),
    /** a count, its thousands grouped as the language writes them ("20.000 in de lijst") */
    count: (n: number) => formatNumber(n, lang.value, 0),
    date: (v: string | null | undefined) => formatDate(v, lang.value),
    moment: (v: string | null | undefined) => formatDateTime(v, lang.value),
    /** an error's text, its fields (if any) named as the editors label them, never as raw paths */
    error: (e: Pick<SerializedError, 'messageKey' | 'message' | 'params' | 'fieldErrors'> | null | undefined, entity?: Entity) =>
      e
        ? withReadableFields(
            errorText(e, lang.value),
            e.fieldErrors,
            (f) => anyFieldLabel(f, t, entity),
            (m) => problemText(problemFromMessage(m)),
          )
        : '',
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
