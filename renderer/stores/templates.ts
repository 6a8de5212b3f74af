// The templates, read from the main process (they are few, and local): the
// list the Templates screen and the editor's picker show, searched there by
// name and line text with accents ignored.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { call } from '../bridge';
import { asBridgeError, type BridgeError, type OperationInput, type OperationResults, type TemplateSummary, type TemplateView } from '../../shared/bridge';

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

  /** The templates `query` finds (all of them without one), for a picker with its own search. */
  function find(query: string): Promise<TemplateSummary[]> {
    return call('templates.list', query ? { query } : {});
  }

  function get(id: string): Promise<TemplateView> {
    return call('templates.get', { id });
  }

  /** A template from a quotation: all its lines and its header, or the lines chosen. */
  function create(input: OperationInput<'templates.create'>): Promise<TemplateView> {
    return call('templates.create', input);
  }

  function rename(id: string, name: string): Promise<TemplateView> {
    return call('templates.rename', { id, name });
  }

  function remove(id: string): Promise<OperationResults['templates.delete']> {
    return call('templates.delete', { id });
  }

  /** Puts a template's lines into a quotation, after a line or at the end. */
  function insert(input: OperationInput<'templates.insert'>): Promise<OperationResults['templates.insert']> {
    return call('templates.insert', input);
  }

  /** A new quotation from a template; its client is chosen in the editor. */
  function newQuotation(id: string): Promise<OperationResults['templates.newQuotation']> {
    return call('templates.newQuotation', { id });
  }

  return { items, names, query, loaded, error, load, loadNames, find, get, create, rename, remove, insert, newQuotation };
});
