// The units the unit fields suggest: those used before on this account
// (products and recent lines, most used first), then the usual ones in the
// page's language (shared/units.ts). Read again whenever a field that offers
// them is shown, so a unit typed a moment ago is among them.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call } from '../bridge';

export const useUnitsStore = defineStore('units', () => {
  const used = ref<string[]>([]);

  async function load(): Promise<void> {
    try {
      used.value = await call('units.used', {});
    } catch {
      // the usual units are still offered
    }
  }

  return { used, load };
});
