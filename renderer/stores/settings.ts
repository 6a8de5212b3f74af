// Language, default send method, how often a draft goes by itself, the longest wait for an answer, the share of
// the requests background reading may use, and the service accounts.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { languageFromLocales, type UiLanguage } from '../../shared/language';
import { call } from '../bridge';
import { rememberedLanguage } from '../lib/remembered-language';
import { asBridgeError, type AccountView, type BridgeError, type SendMethod, type Settings } from '../../shared/bridge';

export const useSettingsStore = defineStore('settings', () => {
  // null until read: the UI follows the browser meanwhile
  const settings = shallowRef<Settings>({
    language: null,
    defaultSendmethod: 'email',
    draftSaveEveryMinutes: 10,
    answerWaitSeconds: 120,
    backgroundSharePercent: 10,
  });
  /** whether the settings were read: until then (and when they cannot be) the page speaks the language it last spoke */
  const loaded = ref(false);
  const remembered = rememberedLanguage();
  /** the language shown: the one picked, else the system's (the main process knows it in Electron, the browser here) */
  const language = computed<UiLanguage>(
    () => settings.value.language ?? (loaded.value ? null : remembered) ?? languageFromLocales(navigator.languages ?? [navigator.language]),
  );
  const accounts = shallowRef<AccountView[]>([]);
  const error = shallowRef<BridgeError | null>(null);
  /** why the last Connect failed: shown by the Connect button, where the person is, not at the top of the page */
  const connectError = shallowRef<BridgeError | null>(null);
  const busy = ref(false);

  async function load(): Promise<void> {
    try {
      const [s, a] = await Promise.all([call('settings.get', {}), call('account.list', {})]);
      settings.value = s;
      loaded.value = true;
      accounts.value = a;
      error.value = null;
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  /** The accounts again, after one was connected, disconnected or switched to elsewhere. */
  async function loadAccounts(): Promise<void> {
    try {
      accounts.value = await call('account.list', {});
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  async function update(patch: {
    language?: UiLanguage;
    defaultSendmethod?: SendMethod;
    draftSaveEveryMinutes?: number;
    answerWaitSeconds?: number;
    backgroundSharePercent?: number;
  }): Promise<void> {
    // the language switches at once; the stored value follows
    settings.value = { ...settings.value, ...patch };
    try {
      settings.value = await call('settings.set', patch);
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  /** Tests the key against the service and stores it only when it works (the main process does both). */
  async function connect(form: { baseUrl: string; username: string; apiKey: string; displayName?: string }): Promise<AccountView | null> {
    busy.value = true;
    connectError.value = null;
    try {
      const a = await call('account.connect', form);
      accounts.value = await call('account.list', {});
      return a;
    } catch (e) {
      connectError.value = asBridgeError(e);
      return null;
    } finally {
      busy.value = false;
    }
  }

  async function disconnect(id: string): Promise<void> {
    error.value = null;
    try {
      await call('account.disconnect', { id });
      accounts.value = await call('account.list', {});
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  async function setActive(id: string | null): Promise<void> {
    error.value = null;
    try {
      await call('account.setActive', { id });
      accounts.value = await call('account.list', {});
    } catch (e) {
      error.value = asBridgeError(e);
    }
  }

  return { settings, language, accounts, error, connectError, busy, load, loadAccounts, update, connect, disconnect, setActive };
});
