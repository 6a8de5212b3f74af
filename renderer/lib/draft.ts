// The header of the quotation open in the editor, as typed: the editor's
// store holds it (renderer/stores/editor.ts), the document is drawn from it
// (renderer/lib/document.ts).
import type { ClientRef } from '../../shared/bridge';

export type Reference = { line1: string; line2: string; line3: string };

export interface DraftState {
  clientId: string | null;
  client: ClientRef | null;
  reference: Reference;
  date: string | null;
  quotationperiod: number | null;
  discounttype: 'amount' | 'percentage' | null;
  discount: number | null;
  paymentcondition: string;
  notes: string;
  showtotals: boolean;
  /** null: the service's default layout */
  profile: number | null;
  /** null: no category */
  category: number | null;
  /** the service converts the prices (in the client's currency) to euro */
  convert_prices_to_euro: boolean;
}
