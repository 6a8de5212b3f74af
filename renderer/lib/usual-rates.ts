// The tax rates the account uses (electron/store/tax-rates.ts), for the
// notice beside a line's rate that is not one of them: a gentle word, not an
// error, since such a rate can be meant.
import { ref, watch, type Ref } from 'vue';
import type { UiLanguage } from '../../shared/language';
import type { Translate } from './field-text';

/** The notice for a rate: null when it is usual (or no rate is given). */
export function unusualRateNotice(
  usual: readonly number[],
  lang: UiLanguage,
  t: Translate,
): (rate: number | null | undefined) => { short: string; full: string } | null {
  const known = new Set(usual);
  const rates = new Intl.ListFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { type: 'disjunction' }).format(
    usual.map((r) => `${String(r).replace('.', lang === 'nl' ? ',' : '.')}%`),
  );
  // a narrow cell holds a word or two; the whole sentence is its title and what a screen reader says
  const text = { short: t('line.unusualRateShort'), full: t('line.unusualRate', { rates }) };
  return (rate) => (typeof rate === 'number' && Number.isFinite(rate) && !known.has(rate) ? text : null);
}

/** The usual rates for the quotation `id` (its own lines left out), read with `read` again when it changes. */
export function useUsualRates(id: Ref<string | undefined>, read: (quotationId: string | undefined) => Promise<number[]>): Ref<number[] | undefined> {
  const rates = ref<number[] | undefined>(undefined);
  watch(
    id,
    async (q) => {
      try {
        rates.value = await read(q);
      } catch {
        // without the list there is simply no notice
        rates.value = undefined;
      }
    },
    { immediate: true },
  );
  return rates;
}
