// What a new quotation starts with, set once per account in Settings: the
// payment condition, the validity in days, and a standard opening and
// closing text that go in as text-only lines, first and last. Unlike the
// values the service fills into an empty field (shared/service-defaults.ts),
// these are the person's own, typed into the new quotation and sent as
// typed. A template may hold its own (docs/templates.md).
import { PAYMENT_CONDITION_MAX, PERIOD_MAX } from './service-defaults';

/** The longest opening or closing text kept: a few paragraphs. */
export const STANDARD_TEXT_MAX = 4000;

export interface QuotationDefaults {
  /** '' for none */
  paymentcondition: string;
  /** days; null for none */
  quotationperiod: number | null;
  /** the text-only line a new quotation starts with; '' for none */
  opening: string;
  /** the text-only line it ends with; '' for none */
  closing: string;
}

export const NO_QUOTATION_DEFAULTS: QuotationDefaults = { paymentcondition: '', quotationperiod: null, opening: '', closing: '' };

/** Text kept as typed, or '' when blank or too long to be meant. */
function text(v: unknown, max: number): string {
  return typeof v === 'string' && v.trim() !== '' && v.length <= max ? v : '';
}

function days(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= PERIOD_MAX ? v : null;
}

/** The defaults as kept: any value that does not read as its field's is none. */
export function readQuotationDefaults(v: unknown): QuotationDefaults {
  const o = v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  return {
    paymentcondition: text(o.paymentcondition, PAYMENT_CONDITION_MAX),
    quotationperiod: days(o.quotationperiod),
    opening: text(o.opening, STANDARD_TEXT_MAX),
    closing: text(o.closing, STANDARD_TEXT_MAX),
  };
}
