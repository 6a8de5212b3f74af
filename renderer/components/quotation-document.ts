// The document of the quotation open in the editor, kept up to date as it
// is edited, for the components that draw it (the preview screen and the
// live document below the editor). What it shows is worked out in
// renderer/lib/document.ts; this reads the client and the country names it
// needs through their stores, and hears a change of the client.
import { computed, onScopeDispose, ref, shallowRef, watch, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import { useEditorStore } from '../stores/editor';
import { useCompanyStore } from '../stores/company';
import { useClientsStore } from '../stores/clients';
import { useCountriesStore } from '../stores/countries';
import { documentModel, type DocumentModel } from '../lib/document';
import { headingSubtotals, optionKey } from '../lib/heading-subtotals';
import { documentLanguage, type DocumentLanguage } from '../../shared/document';

/** The document of the quotation open in the editor, kept up to date as it is edited. */
export function useQuotationDocument(): ComputedRef<DocumentModel | null> {
  const editor = useEditorStore();
  const company = useCompanyStore();
  const clients = useClientsStore();
  const countryNames = useCountriesStore();
  const { locale } = useI18n();
  const clientFields = shallowRef<Record<string, unknown> | null>(null);
  const countries = ref<Record<DocumentLanguage, Map<string, string>>>({ nl: new Map(), en: new Map() });

  if (!company.loaded) void company.load();

  async function loadClient(id: string | null): Promise<void> {
    if (!id) {
      clientFields.value = null;
      return;
    }
    try {
      const c = await clients.get(id);
      if (editor.draft.clientId === id) clientFields.value = c.fields;
    } catch {
      // a client that cannot be read: the document shows the name the quotation has
      if (editor.draft.clientId === id) clientFields.value = null;
    }
  }
  watch(
    () => editor.draft.clientId,
    (id) => void loadClient(id),
    { immediate: true },
  );
  // an edit of the client's address elsewhere shows here too
  try {
    const off = clients.onChanged((e) => {
      if (e.entity === 'client' && editor.draft.clientId && (e.ids === 'all' || e.ids.includes(editor.draft.clientId))) void loadClient(editor.draft.clientId);
    });
    onScopeDispose(off);
  } catch {
    // no bridge (unit tests): nothing to listen to
  }

  const lang = computed<DocumentLanguage>(() => {
    const v = editor.view as (typeof editor.view & { language?: string | null }) | null;
    const client = clientFields.value?.default_doclang;
    return documentLanguage({ quotation: v?.language ?? null, client: typeof client === 'string' ? client : null, ui: locale.value === 'en' ? 'en' : 'nl' });
  });
  watch(
    lang,
    async (l) => {
      if (countries.value[l].size > 0) return;
      try {
        const list = await countryNames.list(l);
        countries.value = { ...countries.value, [l]: new Map(list.map((c) => [String(c.id), c.name])) };
      } catch {
        // no country names: the address goes without its country line
      }
    },
    { immediate: true },
  );

  return computed<DocumentModel | null>(() => {
    const v = editor.view;
    if (!v) return null;
    const fields = clientFields.value;
    return documentModel({
      view: v,
      draft: editor.draft,
      lines: editor.lines,
      totals: editor.totals,
      taxType: editor.taxType,
      taxShifted: editor.taxShifted,
      lang: lang.value,
      company: company.company,
      clientFields: fields,
      countryName: fields ? (countries.value[lang.value].get(String(fields.country)) ?? null) : null,
      headingSubtotals: headingSubtotals(optionKey(v)),
    });
  });
}
