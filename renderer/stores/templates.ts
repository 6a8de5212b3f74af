// The templates, read from the main process (they are few, and local): the
// list the Templates screen and the editor's picker show, searched there by
// name and line text with accents ignored.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { asBridgeError, call } from '../bridge';
import type { BridgeError, TemplateSummary } from '../../shared/bridge';

export const useTemplatesStore = defineStore('templates', () => {
  const items = shallowRef<TemplateSummary[]>([]);
  /** every template's name, for checking a new name as it is typed */
  const names = shallowRef<string[]>([]);
  const query = ref('');
  const loaded = ref(false);
  const error = shallowRef<BridgeError | null>(null);
  let asked = 0;

  async function load(): Promise<void> {
    const mine = ++asked;
    const q = query.value.trim();
    try {
      const [found, all] = await Promise.all([call('templates.list', q ? { query: q } : {}), q ? call('templates.list', {}) : null]);
      // an answer to an older query must not overwrite a newer one
      if (mine !== asked) return;
      items.value = found;
      names.value = (all ?? found).map((t) => t.name);
      error.value = null;
    } catch (e) {
      if (mine === asked) error.value = asBridgeError(e);
    } finally {
      if (mine === asked) loaded.value = true;
    }
  }

  /** Every template's name, whatever the screen's search (for checking a new name). */
  async function loadNames(): Promise<void> {
    names.value = (await call('templates.list', {})).map((t) => t.name);
  }

  return { items, names, query, loaded, error, load, loadNames };
});
