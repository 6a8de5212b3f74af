// What a new quotation starts with (shared/quotation-defaults.ts): read and
// set in Settings. The main process puts them into each new quotation.
import { defineStore } from 'pinia';
import { call } from '../bridge';
import type { OperationInput, QuotationDefaults } from '../../shared/bridge';

export const useQuotationDefaultsStore = defineStore('quotationDefaults', () => {
  function get(): Promise<QuotationDefaults> {
    return call('quotationDefaults.get', {});
  }

  /** Sets the fields given (empty or null: none); the answer is what is kept. */
  function set(values: OperationInput<'quotationDefaults.set'>): Promise<QuotationDefaults> {
    return call('quotationDefaults.set', values);
  }

  return { get, set };
});
