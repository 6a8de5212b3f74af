// What is typed into Settings' form for connecting an account, kept while the
// person goes elsewhere in the app (to look up the address or the key, to
// finish a quotation) and comes back: the address, the username and the name
// for the account. Not the API key: that is held only by the form while it is
// on screen, and then by the system keychain. Emptied once the account is
// connected; the list of accounts shows it from then on.
import { defineStore } from 'pinia';
import { reactive } from 'vue';

export const useAccountFormStore = defineStore('accountForm', () => {
  const draft = reactive({ baseUrl: '', username: '', displayName: '' });

  function clear(): void {
    Object.assign(draft, { baseUrl: '', username: '', displayName: '' });
  }

  return { draft, clear };
});
