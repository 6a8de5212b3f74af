// The countries the service knows, named in a language: a client's address,
// the document's address lines, the send dialog's postal address.
import { defineStore } from 'pinia';
import { call } from '../bridge';
import type { CountryView, OperationInput } from '../../shared/bridge';

export const useCountriesStore = defineStore('countries', () => {
  function list(lang: OperationInput<'countries.list'>['lang']): Promise<CountryView[]> {
    return call('countries.list', { lang });
  }

  return { list };
});
