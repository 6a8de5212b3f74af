// The header of the quotation open in the editor, as typed: the editor's
// store holds it (renderer/stores/editor.ts), the document is drawn from it
// (renderer/lib/document.ts). Besides the client, it holds one value for
// each header field of the quotation's table (shared/fields/quotation.ts):
// its type, its empty value and its value from a view all come from there.
import type { ClientRef, QuotationView } from '../../shared/bridge';
import { draftFields, QUOTATION_TABLE, type DraftFields } from '../../shared/fields';
import type { QuotationHeaderField } from '../../shared/local';

export type DraftState = {
  clientId: string | null;
  client: ClientRef | null;
} & DraftFields<typeof QUOTATION_TABLE>;

export type Reference = DraftState['reference'];

/** The header fields the editor sets one by one (setField); the reference lines are set line by line (setReference). */
export type SettableField = Exclude<QuotationHeaderField, 'reference'>;

/** A new draft's header: every field empty, as the page sees a field with nothing in it. */
export function emptyDraft(): DraftState {
  return { clientId: null, client: null, ...draftFields(QUOTATION_TABLE, {}) };
}

export function draftFromView(v: QuotationView): DraftState {
  return { clientId: v.client?.id ?? null, client: v.client, ...draftFields(QUOTATION_TABLE, v) };
}
