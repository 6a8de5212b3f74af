// The document's lines and sums as they are printed, in the document's
// language: every figure a customer reads, as text, so what is drawn and what
// the tests check are the same strings. The rows and their basis are decided
// in renderer/lib/document-sums.ts; the words come from the `document.*`
// catalogue, asked for in the document's language by the caller.
import type { DocumentLanguage } from '../../shared/document';
import { formatMoney, formatNumber, formatPrice } from './format';
import { documentRows, documentSums, type PriceBasis, type SumRow } from './document-sums';
import type { DocumentModel } from './document';

/** A text of the document's catalogue in the document's language. */
export type Words = (key: string, named?: Record<string, unknown>) => string;

export type PrintedRow =
  | {
      kind: 'line';
      id: string;
      quantity: string;
      unit: string;
      description: string;
      /** the unit price to the decimals it has: 1.250 × € 0,125 is what the amount is of */
      price: string;
      /** the line's discount, '' when it has none */
      discount: string;
      /** the tax rate; null when no tax is charged on the document (shifted to the receiver) */
      rate: string | null;
      amount: string;
    }
  | { kind: 'heading' | 'note'; id: string; text: string }
  | { kind: 'subtotal'; id: string; label: string; amount: string };

export interface PrintedSum {
  kind: SumRow['kind'];
  label: string;
  amount: string;
  /** the test id of the row (a tax row) or of its amount (a total): where the tests have always found them */
  testId: string;
  onRow: boolean;
}

export interface PrintedDocument {
  basis: PriceBasis;
  /** the column heads of price and amount: incl. tax said where prices include it */
  priceHead: string;
  amountHead: string;
  /** whether the lines print a tax rate: not when the tax is shifted, where none is charged */
  rateColumn: boolean;
  discountColumn: boolean;
  rows: PrintedRow[];
  /** the totals block top to bottom; empty when the totals are not shown */
  sums: PrintedSum[];
}

const TEST_IDS: Record<SumRow['kind'], string> = {
  subtotal: 'document-subtotal',
  discount: 'document-discount',
  totalExTax: 'document-total-ex',
  tax: 'document-tax',
  taxIncluded: 'document-tax',
  taxShifted: 'document-tax-shifted',
  total: 'document-total',
};

/** The document's lines and totals as printed, in its language. */
export function printedDocument(model: DocumentModel, d: Words): PrintedDocument {
  const lang: DocumentLanguage = model.lang;
  const money = (v: string) => formatMoney(v, model.currency, lang);
  const num = (v: string | number | undefined, max = 3) => formatNumber(v, lang, max);
  const percent = (v: string | number | undefined) => `${num(v ?? 0, 2)}%`;
  const basis = model.basis;
  const rows: PrintedRow[] = documentRows(model.lines, model.headingSubtotals).map((row) => {
    if (row.kind === 'subtotal') return { kind: 'subtotal', id: row.id, label: d('headingSubtotal', { heading: row.heading }), amount: money(row.total) };
    const l = row.line;
    if (row.kind !== 'line') return { kind: row.kind, id: l.id, text: l.description ?? '' };
    return {
      kind: 'line',
      id: l.id,
      quantity: num(l.amount),
      unit: l.amount_desc ?? '',
      description: l.description ?? '',
      price: formatPrice(l.price ?? 0, model.currency, lang),
      discount: l.discount_pct ? percent(l.discount_pct) : '',
      rate: basis === 'shifted' ? null : percent(l.tax_rate),
      amount: money(row.total),
    };
  });
  const discountLabel = model.discountType === 'percentage' && model.discountValue ? d('discountPct', { pct: percent(model.discountValue) }) : d('discount');
  const sums =
    model.showTotals && model.totals
      ? documentSums(model.totals, basis).map((s): PrintedSum => {
          const testId = TEST_IDS[s.kind];
          const onRow = s.kind === 'tax' || s.kind === 'taxIncluded' || s.kind === 'taxShifted';
          switch (s.kind) {
            case 'subtotal':
              return { kind: s.kind, label: d('subtotal'), amount: money(s.amount), testId, onRow };
            case 'discount':
              return { kind: s.kind, label: discountLabel, amount: `−${money(s.amount)}`, testId, onRow };
            case 'totalExTax':
              return { kind: s.kind, label: d('totalExTax'), amount: money(s.amount), testId, onRow };
            case 'tax':
              return { kind: s.kind, label: d('tax', { rate: percent(s.rate), base: money(s.base) }), amount: money(s.amount), testId, onRow };
            case 'taxIncluded':
              return { kind: s.kind, label: d('taxIncluded', { rate: percent(s.rate), base: money(s.base) }), amount: money(s.amount), testId, onRow };
            case 'taxShifted':
              return { kind: s.kind, label: d('vatRate'), amount: d('taxShifted'), testId, onRow };
            case 'total':
              return { kind: s.kind, label: d(s.basis === 'shifted' ? 'totalShifted' : 'total'), amount: money(s.amount), testId, onRow };
          }
        })
      : [];
  return {
    basis,
    priceHead: d(basis === 'incl' ? 'priceIncl' : 'price'),
    amountHead: d(basis === 'incl' ? 'amountIncl' : 'amount'),
    rateColumn: basis !== 'shifted',
    discountColumn: rows.some((r) => r.kind === 'line' && r.discount !== ''),
    rows,
    sums,
  };
}
