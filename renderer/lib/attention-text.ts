// The attention panel's texts in the UI's language: what an operation is
// about and why it waits. The kind of the reason says enough for most; a
// reason of its own kind ("other") is said by its message key from the
// catalogue (shared/messages). One parked before the outbox kept keys has
// only English words: two of those are known by their words, any other
// keeps them as they are.
import type { ParkedOperation, SerializedError } from '../../shared/bridge';
import { OP_KINDS } from '../../shared/outbox';
import type { UiLanguage } from '../../shared/language';
import { hasErrorText, errorText } from '../i18n/errors';
import type { Translate } from './field-text';
import { quotationNumber } from './quotation-number';

const OPERATIONS = new Set<string>(OP_KINDS);

/** "Save quotation for Acme BV (OF2026-0002)", "Offerte voor Acme BV (concept) opslaan", "Klant Acme BV aanmaken". */
export function operationText(op: Pick<ParkedOperation, 'kind' | 'label' | 'reference' | 'clientName'>, t: Translate): string {
  if (!OPERATIONS.has(op.kind)) return op.label;
  const key = `attention.op.${op.kind.replace('.', '_')}`;
  // a product's operation carries the product's name where others carry the client's
  if (op.kind.startsWith('client.') || op.kind.startsWith('product.')) return t(key, { subject: op.clientName || op.label }).trim();
  // a quotation is named by its one number, "draft" before it has one
  const reference = quotationNumber({ quotationreference: op.reference }, t);
  const subject = op.clientName ? t('attention.quotationFor', { client: op.clientName, reference }) : reference;
  return t(key, { subject }).replace(/\s+/g, ' ').trim();
}

const KNOWN_OTHER: Array<[RegExp, string]> = [
  [/^This client does not exist on the service yet/, 'attention.reason.clientNotCreated'],
  [/^This quotation has not been sent/, 'attention.reason.notSent'],
];

const BY_KIND: Record<string, string> = {
  validation: 'attention.reason.validation',
  conflict: 'attention.reason.conflict',
  has_documents: 'client.hasDocuments',
  credits: 'attention.reason.credits',
  not_found: 'attention.reason.notFound',
  auth: 'attention.reason.auth',
  network: 'attention.reason.network',
  server: 'attention.reason.server',
  rate_limited: 'attention.reason.rateLimited',
};

/**
 * Why the operation waits. Returns the text, and for a reason only the
 * main process could word, `detail`: its own (English) words, to show as such.
 */
export function reasonText(
  reason: Pick<SerializedError, 'kind' | 'message' | 'params'> & { messageKey?: string },
  t: Translate,
  lang?: UiLanguage,
): { text: string; detail: string | null } {
  const own = reason.messageKey;
  if (!BY_KIND[reason.kind] && lang && own && own !== 'bridge.parked' && hasErrorText(own))
    return { text: errorText({ ...reason, messageKey: own }, lang), detail: null };
  const detail = typeof reason.params?.detail === 'string' ? reason.params.detail : reason.message;
  const key = BY_KIND[reason.kind] ?? KNOWN_OTHER.find(([re]) => re.test(detail))?.[1];
  if (key) return { text: t(key), detail: null };
  return { text: t('attention.reason.other'), detail };
}

/** "Waiting since …", "Tried once, on …", "Tried 3 times, first on …". */
export function attemptsText(attempts: number, date: string, t: Translate): string {
  if (attempts <= 0) return t('attention.waitingSince', { date });
  if (attempts === 1) return t('attention.triedOnce', { date });
  return t('attention.attempts', { n: attempts, date });
}
