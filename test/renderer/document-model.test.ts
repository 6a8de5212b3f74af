// The document's model of the quotation open in the editor (renderer/lib/
// document.ts): every amount it prints adds up to the cent, whatever the lines,
// the discount, the tax type, and with the tax shifted to the receiver or not
// (docs/money.md). The editor runs on the fake bridge, as the page would.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/bridge';
import { useEditorStore } from '../../renderer/stores/editor';
import { documentModel, type DocumentModel } from '../../renderer/lib/document';
import { documentTaxes } from '../../renderer/lib/document-sums';
import { memoLineTotal } from '../../renderer/lib/totals';
import { EMPTY_COMPANY } from '../../shared/bridge/company';
import { FakeBridge } from './fake-bridge';
import { cents, expectAddsUp, line, options, type DrawnLine, type DrawnOptions } from '../helpers/money-identities';

let fake: FakeBridge;
beforeEach(() => {
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
});
afterEach(() => setBridge(null));

const company = { ...EMPTY_COMPANY, name: 'Studio Verhoef', logo: null, logoType: null, unreadableFile: null };

/** Opens a quotation with these lines in the editor and draws its document as the preview does. */
async function documentOf(lines: readonly DrawnLine[], opts: DrawnOptions, clientFields: Record<string, unknown> | null = null): Promise<DocumentModel> {
  const q = fake.addQuotation(
    lines.map((l) => ({ ...l })),
    {
      discounttype: opts.discounttype === '' ? null : opts.discounttype,
      discount: opts.discounttype === '' ? null : opts.discount,
      taxType: opts.taxType,
      taxShifted: opts.taxShifted,
    },
  );
  const editor = useEditorStore();
  await editor.open(q.id);
  return documentModel({
    view: editor.view!,
    draft: editor.draft,
    lines: editor.lines,
    totals: editor.totals,
    taxType: editor.taxType,
    taxShifted: editor.taxShifted,
    lang: 'nl',
    company,
    clientFields,
    countryName: null,
  });
}

/** What the document prints, read from its model as QuotationDocument.vue does, checked to add up. */
function expectDocumentAddsUp(model: DocumentModel, lines: readonly DrawnLine[], opts: DrawnOptions): void {
  const t = model.totals!;
  expect(t).not.toBeNull();
  expectAddsUp(lines, opts, t);
  // the amounts on the lines printed add up to the subtotal printed (a line nobody filled in is not printed, and is 0.00)
  const printed = model.lines.map((l) => memoLineTotal(l)).filter((x): x is string => x !== null);
  expect(printed.reduce((a, x) => a + cents(x), 0n)).toBe(cents(t.subtotal));
  // the tax rows printed: total excl. + their tax = total incl.
  const rows = documentTaxes(t, model.taxShifted);
  expect(cents(t.totalextax) + rows.reduce((a, r) => a + cents(r.sum), 0n)).toBe(cents(t.totalintax));
  if (!model.taxShifted) expect(rows.reduce((a, r) => a + cents(r.sum_of), 0n)).toBe(cents(t.subtotal) - cents(t.discount));
  else {
    expect(rows).toEqual([]);
    expect(t.totalintax).toBe(t.totalextax);
  }
}

describe('the document of the quotation in the editor', () => {
  it('prints amounts that add up to the cent for any lines, discount and tax type, shifted or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), options, async (lines, opts) => {
        fake = new FakeBridge();
        setBridge(fake);
        setActivePinia(createPinia());
        const model = await documentOf(lines, opts);
        expect(model.taxShifted).toBe(opts.taxShifted);
        expectDocumentAddsUp(model, lines, opts);
      }),
      { numRuns: 150 },
    );
  });

  it('adds up for the issue’s quotation: €1.688,04 less €25,00 is €1.663,04 on the document', async () => {
    const lines = [
      { description: 'Keukenmontage, arbeid', amount: 8, price: 95, tax_rate: 21 },
      { description: 'Werkblad eiken', amount: 1, price: 240.14, tax_rate: 21 },
      { description: 'Kookboek', amount: 10, price: 23.99, tax_rate: 9 },
      { description: 'Kookcursus (vrijgesteld)', amount: 1, price: 448, tax_rate: 0 },
    ];
    const opts: DrawnOptions = { discounttype: 'amount', discount: 25, taxType: 'extax', taxShifted: false };
    const model = await documentOf(lines, opts);
    expect(model.totals).toMatchObject({ subtotal: '1688.04', discount: '25.00', totalextax: '1663.04' });
    expect(documentTaxes(model.totals, false).map((t) => new Big(t.sum_of).toFixed(2))).toEqual(['441.36', '236.35', '985.33']);
    expectDocumentAddsUp(model, lines, opts);
  });

  it('for a client whose tax is shifted: no tax rows, the client’s VAT number for the note', async () => {
    const lines = [{ description: 'Stucwerk', amount: 12, price: 48.5, tax_rate: 21 }];
    const opts: DrawnOptions = { discounttype: '', discount: 0, taxType: 'extax', taxShifted: true };
    const model = await documentOf(lines, opts, { company: 'Bouwbedrijf Van Dam', tax_shifted: true, taxnumber: ' NL812345678B01 ' });
    expect(model.taxShifted).toBe(true);
    expect(model.clientTaxNumber).toBe('NL812345678B01');
    expect(documentTaxes(model.totals, model.taxShifted)).toEqual([]);
    expect(model.totals).toMatchObject({ totalextax: '582.00', totalintax: '582.00' });
    // a client without a number: the note without one
    setActivePinia(createPinia());
    expect((await documentOf(lines, opts, { company: 'Bouwbedrijf Van Dam', tax_shifted: true })).clientTaxNumber).toBe('');
  });
});
