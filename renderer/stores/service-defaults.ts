// The account's values of the fields the service fills in when a quotation
// leaves them empty (shared/service-defaults.ts): read and stated in Settings.
import { defineStore } from 'pinia';
import { call } from '../bridge';
import type { OperationInput, ServiceDefaults } from '../../shared/bridge';

export const useServiceDefaultsStore = defineStore('serviceDefaults', () => {
  function get(): Promise<ServiceDefaults> {
    return call('serviceDefaults.get', {});
  }

  /** States the values (null or empty: not known); the answer is what is kept. */
  function set(values: OperationInput<'serviceDefaults.set'>): Promise<ServiceDefaults> {
    return call('serviceDefaults.set', values);
  }

  return { get, set };
});
