// The document as printed (docs/money.md, The document's sums): for random
// quotations, every tax type, the tax shifted or not, prices excl. or incl.
// tax, subtotals per heading on or off, the strings the document prints are
// read back as a customer reads them and checked to the cent: each line's
// amount is its quantity × its shown price less its discount, each tax row's
// base is in the basis its rate applies to, and the totals read top to bottom
// without a contradiction. Independently of renderer/lib/document-sums.ts:
// only the printed text is looked at.
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { documentModel, type DocumentModel } from '../../renderer/lib/document';
import { printedDocument, type PrintedDocument, type PrintedRow } from '../../renderer/lib/document-text';
import { emptyDraft } from '../../renderer/lib/draft';
import { quotationTotals } from '../../shared/money';
import { EMPTY_COMPANY } from '../../shared/bridge/company';
import type { LineView, QuotationView } from '../../shared/bridge';
import type { DocumentLanguage } from '../../shared/document';
import { line, options, type DrawnLine, type DrawnOptions } from '../helpers/money-identities';

const i18n = createAppI18n('nl');
const company = { ...EMPTY_COMPANY, name: 'Schildersbedrijf De Kwast', logo: null, logoType: null, unreadableFile: null };

/** The model the preview draws for these lines, the totals the editor shows for them. */
function modelOf(
  lines: readonly DrawnLine[],
  opts: DrawnOptions,
  extra: { lang: DocumentLanguage; headingSubtotals: boolean; showTotals?: boolean },
): DocumentModel {
  const draft = {
    ...emptyDraft(),
    discounttype: opts.discounttype === '' ? null : opts.discounttype,
    discount: opts.discounttype === '' ? null : opts.discount,
    showtotals: extra.showTotals ?? true,
  };
  const views: LineView[] = lines.map((l, i) => ({ id: `l${i}`, ...l }));
  return documentModel({
    view: { id: 'q1', savename: 'qd-test', quotationreference: 'OF2026-0042', currency: 'EUR' } as QuotationView,
    draft,
    lines: views,
    totals: quotationTotals(lines, opts),
    taxType: opts.taxType,
    taxShifted: opts.taxShifted,
    lang: extra.lang,
    company,
    clientFields: null,
    countryName: null,
    headingSubtotals: extra.headingSubtotals,
  });
}

function print(model: DocumentModel): PrintedDocument {
  return printedDocument(model, (key, named = {}) => i18n.global.t(`document.${key}`, named, { locale: model.lang }));
}

/** A number as the document writes it in its language ("€ 1.234,567", "−€ 25,00", "19,5%", "1.000,5"), exactly. */
function read(text: string, lang: DocumentLanguage): Big {
  const negative = /[−-]/.test(text);
  const group = lang === 'nl' ? '.' : ',';
  const digits = text
    .replace(/[^\d.,]/g, '')
    .split(group)
    .join('')
    .replace(',', '.');
  expect(digits, `"${text}" is a number`).toMatch(/^\d+(\.\d+)?$/);
  const n = new Big(digits);
  return negative ? n.neg() : n;
}

/** Money text: two decimals, read as whole cents. */
function cents(text: string, lang: DocumentLanguage): bigint {
  const n = read(text, lang);
  expect(n.times(100).eq(n.times(100).round(0)), `"${text}" is in cents`).toBe(true);
  return BigInt(n.times(100).toFixed(0));
}

const decimals = (b: Big) => Math.max(0, b.c.length - b.e - 1);
const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** The part of a label after "over" / "on": the base the rate is applied to. */
function baseOf(label: string, lang: DocumentLanguage): bigint {
  const m = (lang === 'nl' ? / over (.+)$/ : / on (.+)$/).exec(label);
  expect(m, `"${label}" names its base`).not.toBeNull();
  return cents(m![1]!, lang);
}

function rateOf(label: string, lang: DocumentLanguage): Big {
  const m = /(-?[\d.,]+)%/.exec(label);
  expect(m, `"${label}" names its rate`).not.toBeNull();
  return read(m![1]!, lang);
}

/** Checks what the document prints, from its text alone. */
function expectPrintedAddsUp(doc: PrintedDocument, lines: readonly DrawnLine[], opts: DrawnOptions, lang: DocumentLanguage, headingSubtotals: boolean): void {
  const shifted = opts.taxShifted;
  const nl = lang === 'nl';
  const lineRows = doc.rows.filter((r): r is Extract<PrintedRow, { kind: 'line' }> => r.kind === 'line');

  // each line: its amount is its quantity × its shown price less its discount, to the cent
  for (const r of lineRows) {
    const drawn = lines[Number(r.id.slice(1))]!;
    const quantity = read(r.quantity, lang);
    const price = read(r.price, lang);
    expect(quantity.eq(drawn.amount ?? 0), `quantity ${r.quantity} is the line's`).toBe(true);
    expect(price.eq(drawn.price ?? 0), `price ${r.price} is the line's, every decimal shown`).toBe(true);
    // no third decimal unless the price has one
    expect(decimals(read(r.price, lang)) <= Math.max(2, decimals(new Big(drawn.price ?? 0)))).toBe(true);
    const kept = r.discount === '' ? new Big(1) : new Big(100).minus(read(r.discount, lang)).div(100);
    const expected = quantity.times(price).times(kept).round(2, 1);
    expect(cents(r.amount, lang), `${r.quantity} × ${r.price} − ${r.discount || '0%'} = ${r.amount}`).toBe(BigInt(expected.times(100).toFixed(0)));
    if (shifted) expect(r.rate, 'no rate on a line when no tax is charged').toBeNull();
    else expect(read(r.rate!, lang).eq(drawn.tax_rate ?? 0)).toBe(true);
  }
  expect(doc.rateColumn).toBe(!shifted);
  expect(doc.discountColumn).toBe(lineRows.some((r) => r.discount !== ''));

  // the sums per heading: each the sum of the amounts of its group (the lines under it up to the next heading)
  let group: bigint[] | null = null;
  const grouped: bigint[] = [];
  let ungrouped = 0n;
  for (const r of doc.rows) {
    if (r.kind === 'heading') {
      if (headingSubtotals) expect(group === null || group.length === 0, 'a group with lines ends in its subtotal before the next heading').toBe(true);
      group = [];
    } else if (r.kind === 'line') {
      if (group) group.push(cents(r.amount, lang));
      else ungrouped += cents(r.amount, lang);
    } else if (r.kind === 'subtotal') {
      expect(headingSubtotals, 'subtotals only when chosen').toBe(true);
      expect(group, 'a subtotal closes a heading’s group').not.toBeNull();
      expect(cents(r.amount, lang), `${r.label}: the sum of its group`).toBe(sum(group!));
      grouped.push(cents(r.amount, lang));
      group = null;
    }
  }
  if (headingSubtotals) expect(group === null || group.length === 0, 'the last group ends in its subtotal').toBe(true);
  else expect(doc.rows.some((r) => r.kind === 'subtotal')).toBe(false);

  // the totals, top to bottom
  const sums = doc.sums;
  const at = (kind: string) => sums.findIndex((s) => s.kind === kind);
  const lineSum = sum(lineRows.map((r) => cents(r.amount, lang)));
  const subtotalRow = sums.find((s) => s.kind === 'subtotal');
  const discountRow = sums.find((s) => s.kind === 'discount');
  // the subtotal heads the block when a discount is taken from it, and is not printed (it would be the next total) otherwise
  expect(subtotalRow === undefined, 'a subtotal only above a discount').toBe(discountRow === undefined);
  if (subtotalRow) expect(sums.slice(0, 2)).toEqual([subtotalRow, discountRow]);
  const subtotal = subtotalRow ? cents(subtotalRow.amount, lang) : lineSum;
  expect(subtotal, 'the line amounts add up to the subtotal').toBe(lineSum);
  if (headingSubtotals) expect(subtotal, 'so do the sums per heading and the lines under none').toBe(sum(grouped) + ungrouped);
  const discount = discountRow ? -cents(discountRow.amount, lang) : 0n;
  if (discountRow) expect(discountRow.amount.startsWith('−')).toBe(true);
  const total = sums[at('total')]!;
  const totalCents = cents(total.amount, lang);
  const taxRows = sums.filter((s) => s.kind === 'tax' || s.kind === 'taxIncluded');

  if (shifted) {
    expect(taxRows, 'no tax row when the tax is shifted').toEqual([]);
    expect(
      sums
        .filter((s) => s.kind !== 'discount')
        .map((s) => s.label)
        .join(' | '),
      'no tax rate, no "incl." anywhere',
    ).not.toMatch(/%|incl\./);
    expect(total.label).toBe(nl ? 'Totaal' : 'Total');
    expect(at('taxShifted')).toBe(at('total') - 1);
    expect(totalCents, 'subtotal − discount = total').toBe(subtotal - discount);
  } else if (opts.taxType === 'intax') {
    // incl.: the total holds the tax; each rate's tax is taken out of it, on the base excl. tax that is left
    expect(total.label).toBe(nl ? 'Totaal incl. btw' : 'Total incl. VAT');
    expect(totalCents, 'subtotal − discount = total incl. tax').toBe(subtotal - discount);
    expect(at('totalExTax')).toBe(-1);
    expect(at('total')).toBeLessThan(sums.length - taxRows.length);
    for (const s of taxRows) expect(s.label).toMatch(nl ? /^waarvan btw / : /^of which VAT /);
    const parts = taxRows.map((s) => baseOf(s.label, lang) + cents(s.amount, lang));
    expect(sum(parts), 'the bases excl. tax and their tax add up to the total incl. tax').toBe(totalCents);
    for (const s of taxRows) {
      const rate = rateOf(s.label, lang);
      const base = new Big(baseOf(s.label, lang).toString());
      const tax = new Big(cents(s.amount, lang).toString());
      // the documented rounding: the tax is taken out of the amount incl. tax, half-up to the cent, so the
      // rate of the base left differs from it by at most half a cent × (100 + rate) / 100, always under a cent
      const off = base.times(rate).div(100).minus(tax).abs();
      expect(off.lte(new Big(0.5).times(rate.plus(100)).div(100)), `${s.label}: ${s.amount}`).toBe(true);
      expect(base.plus(tax).times(rate).div(rate.plus(100)).round(0, 1).eq(tax), `${s.label}: the tax in ${base.plus(tax).toString()} cents`).toBe(true);
    }
  } else {
    expect(total.label).toBe(nl ? 'Totaal incl. btw' : 'Total incl. VAT');
    expect(at('total')).toBe(sums.length - 1);
    const ex = cents(sums[at('totalExTax')]!.amount, lang);
    expect(ex, 'subtotal − discount = total excl. tax').toBe(subtotal - discount);
    for (const s of taxRows) expect(s.label).toMatch(nl ? /^Btw / : /^VAT /);
    expect(sum(taxRows.map((s) => baseOf(s.label, lang))), 'the bases add up to the total excl. tax').toBe(ex);
    for (const s of taxRows) {
      const base = new Big(baseOf(s.label, lang).toString());
      expect(cents(s.amount, lang), `${s.label}: rate × base`).toBe(BigInt(base.times(rateOf(s.label, lang)).div(100).round(0, 1).toFixed(0)));
    }
    expect(ex + sum(taxRows.map((s) => cents(s.amount, lang))), 'total excl. + tax = total incl.').toBe(totalCents);
  }
}

const heading = fc.constantFrom('Schilderwerk buiten', 'Binnen: plafonds en wanden', 'Materialen');
const note = fc.constant('Alle houtwerk wordt eerst geschuurd en ontvet.\nKitnaden worden vernieuwd waar nodig.');
const documentLines = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: line },
    { weight: 2, arbitrary: heading.map((description) => ({ description })) },
    { weight: 1, arbitrary: note.map((description) => ({ description })) },
  ),
  { maxLength: 25 },
);

describe('the document as printed', () => {
  it('adds up to the cent for any quotation, tax type, shifted or not, in both languages, with subtotals per heading or without', () => {
    fc.assert(
      fc.property(documentLines, options, fc.constantFrom<DocumentLanguage>('nl', 'en'), fc.boolean(), (lines, opts, lang, headingSubtotals) => {
        const doc = print(modelOf(lines, opts, { lang, headingSubtotals }));
        expectPrintedAddsUp(doc, lines, opts, lang, headingSubtotals);
      }),
      { numRuns: 1000 },
    );
  });

  it('prices incl. tax: the total incl. first, then the tax taken out of it on the base excl. tax', () => {
    const lines = [{ description: 'Muren sauzen', amount: 20, amount_desc: 'm²', price: 26.705, tax_rate: 9 }];
    const opts: DrawnOptions = { discounttype: '', discount: 0, taxType: 'intax', taxShifted: false };
    const doc = print(modelOf(lines, opts, { lang: 'nl', headingSubtotals: false }));
    const squash = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(doc.sums.map((s) => [squash(s.label), squash(s.amount)])).toEqual([
      ['Totaal incl. btw', '€ 534,10'],
      ['waarvan btw 9% over € 490,00', '€ 44,10'],
    ]);
    expect([doc.priceHead, doc.amountHead]).toEqual(['Prijs incl. btw', 'Bedrag incl. btw']);
    expectPrintedAddsUp(doc, lines, opts, 'nl', false);
  });

  it('with a discount over two rates, incl. tax: nothing excl. tax stands above the total incl.', () => {
    const lines = [
      { description: 'Schilderwerk kozijnen', amount: 14, price: 38.5, tax_rate: 9 },
      { description: 'Verf, 2,5 l', amount: 3, price: 12.15, tax_rate: 21 },
    ];
    const opts: DrawnOptions = { discounttype: 'percentage', discount: 5, taxType: 'intax', taxShifted: false };
    const doc = print(modelOf(lines, opts, { lang: 'nl', headingSubtotals: false }));
    expect(doc.sums.map((s) => s.kind)).toEqual(['subtotal', 'discount', 'total', 'taxIncluded', 'taxIncluded']);
    expectPrintedAddsUp(doc, lines, opts, 'nl', false);
  });

  it('tax shifted: no rate on any line, "Totaal" without "incl. btw"', () => {
    const lines = [{ description: 'Stucwerk', amount: 12, price: 48.5, tax_rate: 21 }];
    for (const taxType of ['extax', 'intax'] as const) {
      const opts: DrawnOptions = { discounttype: '', discount: 0, taxType, taxShifted: true };
      const doc = print(modelOf(lines, opts, { lang: 'nl', headingSubtotals: false }));
      expect(doc.rows.map((r) => r.kind === 'line' && r.rate)).toEqual([null]);
      expect(doc.rateColumn).toBe(false);
      expect(doc.sums.map((s) => [s.label, s.amount.replace(/[\u00a0\u202f]/g, ' ')])).toEqual([
        ['Btw', 'verlegd'],
        ['Totaal', '€ 582,00'],
      ]);
      expect([doc.priceHead, doc.amountHead]).toEqual(['Prijs', 'Bedrag']);
    }
  });

  it('subtotals per heading: the lines under each heading up to the next, off unless chosen', () => {
    const lines = [
      { description: 'Voorbereiding', amount: 1, price: 85, tax_rate: 21 },
      { description: 'Buiten' },
      { description: 'Kozijnen schilderen', amount: 6, price: 72.5, tax_rate: 21 },
      { description: 'Alle houtwerk wordt eerst geschuurd en ontvet, en waar nodig bijgewerkt met twee componenten vulmiddel voordat er gegrond wordt.' },
      { description: 'Dakgoot', amount: 12, price: 9.95, tax_rate: 21 },
      { description: 'Binnen' },
      { description: 'Plafonds sauzen', amount: 40, price: 6.25, tax_rate: 21 },
      { description: 'Afspraken' },
    ];
    const opts: DrawnOptions = { discounttype: '', discount: 0, taxType: 'extax', taxShifted: false };
    const off = print(modelOf(lines, opts, { lang: 'nl', headingSubtotals: false }));
    expect(off.rows.filter((r) => r.kind === 'subtotal')).toEqual([]);
    const on = print(modelOf(lines, opts, { lang: 'nl', headingSubtotals: true }));
    expect(on.rows.filter((r) => r.kind === 'subtotal').map((r) => r.kind === 'subtotal' && [r.label, r.amount.replace(/[\u00a0\u202f]/g, ' ')])).toEqual([
      ['Subtotaal Buiten', '€ 554,40'],
      ['Subtotaal Binnen', '€ 250,00'],
    ]);
    // each right after its group's last line, the long text inside the group
    expect(on.rows.map((r) => r.kind)).toEqual(['line', 'heading', 'line', 'note', 'line', 'subtotal', 'heading', 'line', 'subtotal', 'heading']);
    expectPrintedAddsUp(on, lines, opts, 'nl', true);
  });

  it('prints no totals block when the totals are off, and the subtotals per heading still when chosen', () => {
    const lines = [{ description: 'Buiten' }, { description: 'Kozijnen', amount: 2, price: 10, tax_rate: 21 }];
    const opts: DrawnOptions = { discounttype: '', discount: 0, taxType: 'extax', taxShifted: false };
    const doc = print(modelOf(lines, opts, { lang: 'nl', headingSubtotals: true, showTotals: false }));
    expect(doc.sums).toEqual([]);
    expect(doc.rows.map((r) => r.kind)).toEqual(['heading', 'line', 'subtotal']);
  });
});
