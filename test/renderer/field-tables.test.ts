// What the page takes from the field tables (shared/fields, docs/fields.md):
// the words for each field are in both catalogues, a new draft holds each
// header field empty, and the document and the sent quotation show the
// fields their table names, when they hold something.
import { describe, expect, it } from 'vitest';
import { CLIENT_TABLE, LINE_TABLE, PRODUCT_TABLE, QUOTATION_TABLE } from '../../shared/fields';
import { createAppI18n } from '../../renderer/i18n';
import { emptyDraft } from '../../renderer/lib/draft';
import { documentFields, sentFields } from '../../renderer/lib/shown-fields';

describe('the page and the field tables', () => {
  it('has the words for every label, document label and choice of the tables, in Dutch and English', () => {
    const keys = [QUOTATION_TABLE, LINE_TABLE, CLIENT_TABLE, PRODUCT_TABLE].flatMap((table) =>
      Object.values(table).flatMap((f) => [f.label, f.document, ...Object.values(f.options ?? {})].filter((k): k is string => k !== null)),
    );
    expect(keys.length).toBeGreaterThan(50);
    for (const lang of ['en', 'nl'] as const) {
      const i18n = createAppI18n(lang).global;
      expect(keys.filter((k) => !i18n.te(k))).toEqual([]);
    }
  });

  it('starts a draft with every header field empty, as the page sees an empty field', () => {
    expect(emptyDraft()).toEqual({
      clientId: null,
      client: null,
      reference: { line1: '', line2: '', line3: '' },
      date: null,
      quotationperiod: null,
      discounttype: null,
      discount: null,
      paymentcondition: '',
      notes: '',
      showtotals: true,
      profile: null,
      category: null,
      convert_prices_to_euro: false,
    });
  });

  it('prints the payment terms on the document, never the notes, and nothing blank', () => {
    const draft = { ...emptyDraft(), paymentcondition: 'Binnen 14 dagen', notes: 'intern' };
    expect(documentFields(draft)).toEqual([
      { key: 'paymentcondition', label: 'document.paymentcondition', kind: 'text', value: 'Binnen 14 dagen', block: false },
    ]);
    expect(documentFields({ ...draft, paymentcondition: '  ' })).toEqual([]);
  });

  it('shows the payment condition and the notes of a sent quotation, the notes as a block', () => {
    expect(sentFields({ paymentcondition: '30 dagen', notes: 'Regel 1\nRegel 2' })).toEqual([
      { key: 'paymentcondition', label: 'editor.paymentcondition', kind: 'text', value: '30 dagen', block: false },
      { key: 'notes', label: 'editor.notes', kind: 'text', value: 'Regel 1\nRegel 2', block: true },
    ]);
  });
});
