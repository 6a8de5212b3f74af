// The one number a quotation goes by wherever a person reads it (a list, a
// title, a dialog, a message): the reference the numbering gave it
// (docs/numbering.md), or "draft" before it has one. The service's own id
// changes when a draft is sent and is never the number a person quotes, so
// it is not shown (docs/numbering.md, One number per quotation).
import type { Translate } from './field-text';

export interface Numbered {
  quotationreference?: string | null;
  /** sent without a reference of ours: the service gives it one, which is not back yet */
  sent?: boolean;
}

export function quotationNumber(q: Numbered, t: Translate): string {
  const reference = q.quotationreference?.trim();
  if (reference) return reference;
  return t(q.sent ? 'numbering.fromService' : 'numbering.draft');
}

/** The window's title while a quotation is open: its number and its client, then the app. */
export function quotationWindowTitle(q: Numbered, client: string | null | undefined, t: Translate): string {
  const number = quotationNumber(q, t);
  const title = client ? t('editor.windowTitle', { number, client }) : t('editor.windowTitleNoClient', { number });
  return `${title} — quotedesk`;
}
