// What the service will put into the fields a draft leaves empty
// (shared/service-defaults.ts), for the screens that show the quotation: the
// editor's hints and the document drawn from it. The draft itself is never
// changed: what the person typed stays as typed, and an empty field goes
// out empty; these values are shown so that the preview is what the
// customer gets.
import { validUntil } from '../../shared/document';
import type { ServiceDefault, ServiceFills } from '../../shared/bridge';
import type { DocumentModel } from './document';
import type { DraftState } from './draft';
import { documentFields } from './shown-fields';

/** The payment condition the service will fill in, when this draft leaves it empty and the account's is known. */
export function filledPayment(draft: Pick<DraftState, 'paymentcondition'>, fills: ServiceFills): ServiceDefault | null {
  const fill = fills.paymentcondition;
  return draft.paymentcondition.trim() === '' && fill && typeof fill.value === 'string' ? fill : null;
}

/** The period the service will take, when this draft leaves it empty and the account's is known. */
export function filledPeriod(draft: Pick<DraftState, 'quotationperiod'>, fills: ServiceFills): ServiceDefault | null {
  const fill = fills.quotationperiod;
  return draft.quotationperiod === null && fill && typeof fill.value === 'number' ? fill : null;
}

/**
 * The document with what the service fills in: the payment condition among
 * the details, the validity date from the account's period. Everything
 * else is the model as drawn from the draft.
 */
export function withServiceFills(model: DocumentModel, draft: DraftState, fills: ServiceFills): DocumentModel {
  const payment = filledPayment(draft, fills);
  const period = filledPeriod(draft, fills);
  if (!payment && !period) return model;
  return {
    ...model,
    fields: payment ? documentFields({ ...draft, paymentcondition: payment.value }) : model.fields,
    validUntil: model.validUntil ?? (period ? validUntil(draft.date, period.value as number) : null),
  };
}
