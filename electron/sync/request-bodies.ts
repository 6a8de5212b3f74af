// The bodies a push sends to the service. Whether the fields pass is decided
// in shared/service-input.ts, because the store shows the same field errors
// beside the fields before anything is pushed; what is protocol is decided
// here: which action, the savename the app looks a lost request up by, the
// person's reference, overwrite_if_exist for a draft saved before, the send
// method, and the client's number on the service.
import type { QuotationContent } from '../../shared/local';
import { quotationToInput, type Checked } from '../../shared/service-input';
import type { QuotationCreate } from '../../shared/schemas';

export { clientToInput, productToInput, type Checked } from '../../shared/service-input';

/** The names a quotation goes to the service under. */
export interface QuotationNames {
  savename: string | null;
  quotationreference: string | null;
}

/**
 * The body that saves a draft under its savename. `overwrite` for a draft
 * saved before, or one an earlier attempt may have created: saving again then
 * replaces it instead of making a copy.
 */
export function saveBody(content: QuotationContent, names: QuotationNames, clientnr: number | null, overwrite?: boolean): Checked<QuotationCreate> {
  return quotationToInput(content, { clientnr, action: 'save', ...names, ...(overwrite !== undefined ? { overwrite_if_exist: overwrite } : {}) });
}

/** The body that sends a draft never saved on the service (POST with action send). */
export function sendBody(content: QuotationContent, names: QuotationNames, clientnr: number | null, sendmethod: string): Checked<QuotationCreate> {
  return quotationToInput(content, { clientnr, action: 'send', ...names, sendmethod });
}
