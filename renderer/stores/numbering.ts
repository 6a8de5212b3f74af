// The account's numbering of quotation references (docs/numbering.md): the
// scheme Settings edits, and the notices of numbers the service changed.
import { defineStore } from 'pinia';
import { call } from '../bridge';
import type { NumberingNotice, NumberingView, OperationInput, OperationResults } from '../../shared/bridge';

export const useNumberingStore = defineStore('numbering', () => {
  /** The scheme as stored, with the reference it gives next. */
  function get(): Promise<NumberingView> {
    return call('numbering.get', {});
  }

  /** Stores a scheme; the answer is the scheme as stored. */
  function set(scheme: OperationInput<'numbering.set'>): Promise<NumberingView> {
    return call('numbering.set', scheme);
  }

  /** The notices not dismissed yet: of one quotation, or of all. */
  function notices(of: OperationInput<'numbering.notices'>): Promise<NumberingNotice[]> {
    return call('numbering.notices', of);
  }

  function dismiss(quotationId: string): Promise<OperationResults['numbering.dismiss']> {
    return call('numbering.dismiss', { quotationId });
  }

  return { get, set, notices, dismiss };
});
