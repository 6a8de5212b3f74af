// The document and the editor's hints with what the service fills into the
// fields a draft leaves empty (renderer/lib/service-fills.ts), and which
// document each way of sending gives (renderer/lib/delivery.ts). The editor
// runs on the fake bridge, as the page would.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/bridge';
import { useEditorStore } from '../../renderer/stores/editor';
import { documentModel } from '../../renderer/lib/document';
import { filledPayment, filledPeriod, withServiceFills } from '../../renderer/lib/service-fills';
import { deliveredDocument, localOnlyParts } from '../../renderer/lib/delivery';
import { EMPTY_COMPANY, type QuotationView } from '../../shared/bridge';
import { FakeBridge } from './fake-bridge';

const TERM = 'Betaling binnen 30 dagen na factuurdatum';
const company = { ...EMPTY_COMPANY, logo: null, logoType: null, unreadableFile: null };
const learned: QuotationView['serviceFills'] = {
  paymentcondition: { value: TERM, from: 'service', at: 1 },
  quotationperiod: { value: 30, from: 'service', at: 1 },
};

let fake: FakeBridge;
beforeEach(() => {
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
});
afterEach(() => setBridge(null));

async function opened(extra: Partial<QuotationView>) {
  const q = fake.addQuotation([{ description: 'Schilderwerk', amount: 1, price: 100, tax_rate: 21 }], extra);
  const editor = useEditorStore();
  await editor.open(q.id);
  const model = documentModel({
    view: editor.view!,
    draft: editor.draft,
    lines: editor.lines,
    totals: editor.totals,
    taxType: editor.taxType,
    taxShifted: editor.taxShifted,
    lang: 'nl',
    company,
    clientFields: null,
    countryName: null,
  });
  return { editor, model };
}

describe('the document with what the service fills in', () => {
  it('prints the account’s payment condition and validity date where the draft left them empty', async () => {
    const { editor, model } = await opened({ quotationperiod: null, datedue: null, serviceFills: learned });
    expect(model.fields.find((f) => f.key === 'paymentcondition')).toBeUndefined();
    expect(model.validUntil).toBeNull();
    const shown = withServiceFills(model, editor.draft, editor.view!.serviceFills);
    expect(shown.fields.find((f) => f.key === 'paymentcondition')?.value).toBe(TERM);
    expect(shown.validUntil).toBe('2026-12-21');
    // the draft is not touched
    expect(editor.draft.paymentcondition).toBe('');
    expect(editor.draft.quotationperiod).toBeNull();
  });

  it('keeps what the person typed, and guesses nothing the service has not shown', async () => {
    const typed = await opened({ paymentcondition: 'Binnen 8 dagen', quotationperiod: 14, datedue: '2026-12-05', serviceFills: learned });
    const shown = withServiceFills(typed.model, typed.editor.draft, typed.editor.view!.serviceFills);
    expect(shown.fields.find((f) => f.key === 'paymentcondition')?.value).toBe('Binnen 8 dagen');
    expect(shown.validUntil).toBe('2026-12-05');

    setActivePinia(createPinia());
    const unknown = await opened({ quotationperiod: null, datedue: null, serviceFills: { paymentcondition: null, quotationperiod: null } });
    expect(filledPayment(unknown.editor.draft, unknown.editor.view!.serviceFills)).toBeNull();
    expect(filledPeriod(unknown.editor.draft, unknown.editor.view!.serviceFills)).toBeNull();
    expect(withServiceFills(unknown.model, unknown.editor.draft, unknown.editor.view!.serviceFills)).toBe(unknown.model);
  });
});

describe('which document the customer gets', () => {
  it('is the service’s for e-mail and the print center, ours when the person prints it', () => {
    expect(deliveredDocument('email')).toBe('service');
    expect(deliveredDocument('printcenter')).toBe('service');
    expect(deliveredDocument('mail')).toBe('ours');
  });

  it('names the parts kept only on this computer that the service’s layout leaves out', () => {
    expect(localOnlyParts(company)).toEqual([]);
    expect(localOnlyParts({ ...company, iban: 'NL91ABNA0417164300' })).toEqual(['details']);
    expect(localOnlyParts({ ...company, name: 'Studio', logo: 'data:image/png;base64,AAAA', logoType: 'image/png' })).toEqual(['logo', 'details']);
  });
});
