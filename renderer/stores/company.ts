// The company printed on documents (Settings, the document preview).
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { call } from '../bridge';
import { asBridgeError, EMPTY_COMPANY, type BridgeError, type CompanyFields, type CompanyView } from '../../shared/bridge';
import type { LogoType } from '../../shared/document';

export const useCompanyStore = defineStore('company', () => {
  const company = shallowRef<CompanyView>({ ...EMPTY_COMPANY, logo: null, logoType: null, unreadableFile: null });
  const loaded = ref(false);
  const error = shallowRef<BridgeError | null>(null);

  async function load(): Promise<void> {
    try {
      company.value = await call('company.get', {});
      loaded.value = true;
      error.value = null;
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  /** true when stored; the error is kept for the form otherwise */
  async function save(fields: CompanyFields): Promise<boolean> {
    return run(() => call('company.set', { fields }));
  }

  async function setLogo(type: LogoType, dataBase64: string): Promise<boolean> {
    return run(() => call('company.setLogo', { type, dataBase64 }));
  }

  async function removeLogo(): Promise<boolean> {
    return run(() => call('company.removeLogo', {}));
  }

  async function run(task: () => Promise<CompanyView>): Promise<boolean> {
    error.value = null;
    try {
      company.value = await task();
      loaded.value = true;
      return true;
    } catch (e) {
      error.value = asBridgeError(e);
      return false;
    }
  }

  return { company, loaded, error, load, save, setLogo, removeLogo };
});
