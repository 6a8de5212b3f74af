// One place that turns a Problem (inline validation or a service field
// error) into the text shown under the field.
import { useI18n } from 'vue-i18n';
import type { Problem } from './validation';

export function useProblemText() {
  const { t, te } = useI18n();
  return (p: Problem | null | undefined): string => {
    if (!p) return '';
    if (p.code && te(`problem.${p.code}`)) return t(`problem.${p.code}`, { ...p.params, at: '@' });
    return t('problem.fromService', { message: p.message });
  };
}
