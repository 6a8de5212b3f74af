// How a quotation is named where a person must know which one is meant (a
// delete): its reference, or, before it has one, the draft's client.
import type { Translate } from './field-text';

export function quotationName(q: { quotationreference?: string | null; client?: { name: string } | null }, t: Translate): string {
  if (q.quotationreference) return q.quotationreference;
  return q.client?.name ? t('confirm.draftFor', { client: q.client.name }) : t('confirm.draftNoClient');
}
