// What a new quotation starts with (shared/quotation-defaults.ts), set once
// in Settings. Kept per account in its key-value table, as the numbering
// scheme is: the payment condition and the opening words are the company's,
// so each account (and the demo) has its own, and they follow the account's
// database, not the computer.
import type { KeyValues } from './key-values';
import type { QuotationHeader } from '../../shared/local';
import { readQuotationDefaults, type QuotationDefaults } from '../../shared/quotation-defaults';

export const QUOTATION_DEFAULTS_KEY = 'quotations.newDefaults';

export class QuotationDefaultsStore {
  constructor(private readonly keyValues: KeyValues) {}

  all(): QuotationDefaults {
    return readQuotationDefaults(this.keyValues.get(QUOTATION_DEFAULTS_KEY));
  }

  /** The header fields a new quotation takes: only those set. */
  header(): QuotationHeader {
    const d = this.all();
    return {
      ...(d.paymentcondition !== '' ? { paymentcondition: d.paymentcondition } : {}),
      ...(d.quotationperiod !== null ? { quotationperiod: d.quotationperiod } : {}),
    };
  }

  /** Changes the fields given (empty or null: none) and answers what is kept. */
  set(values: Partial<QuotationDefaults>): QuotationDefaults {
    const next = readQuotationDefaults({ ...this.all(), ...values });
    this.keyValues.set(QUOTATION_DEFAULTS_KEY, next);
    return next;
  }
}
