// Line totals, tax per rate and totalintax of a quotation, with the shared
// exact arithmetic (shared/money.ts) so the sandbox and the app agree to the cent.
import { lineTotal, quotationTotals, type TaxTotal } from '../../shared/money';
import type { LineInput } from '../../shared/schemas';
import type { LineRec, QuotationRec } from './records';

export const DEFAULT_LINE_TAX = 21;

export function isTextOnly(line: LineInput): boolean {
  return line.amount === undefined && line.price === undefined && line.tax_rate === undefined && line.discount_pct === undefined;
}

/** A line as stored: priced lines get their defaults and linetotal; text-only lines keep only the description. */
export function lineRecord(line: LineInput): LineRec {
  if (isTextOnly(line)) return { description: line.description ?? '' };
  const priced = {
    amount: line.amount ?? 1,
    amount_desc: line.amount_desc ?? '',
    description: line.description ?? '',
    tax_rate: line.tax_rate ?? DEFAULT_LINE_TAX,
    price: line.price ?? 0,
    discount_pct: line.discount_pct ?? 0,
  };
  return { ...priced, linetotal: lineTotal(priced)!, ...(line.tax_country === true ? { tax_country: true as const } : {}) };
}

export function priceQuotation(
  lines: readonly LineRec[],
  discounttype: QuotationRec['discounttype'],
  discount: number,
  taxType: '' | 'intax' | 'extax',
): { taxes: QuotationRec['taxes']; totalintax: string } {
  const priced = lines.filter((l): l is Extract<LineRec, { price: number }> => 'price' in l);
  const totals = quotationTotals(priced, { discounttype, discount, taxType });
  if (totals.taxes.length === 0) return { taxes: [], totalintax: totals.totalintax };
  const taxes: Record<string, TaxTotal> = {};
  totals.taxes.forEach((t, i) => {
    taxes[`tax${i + 1}`] = t;
  });
  return { taxes, totalintax: totals.totalintax };
}

/**
 * A quotation as the service writes it: a line's `tax_country` is taken in
 * and kept, but, being input only (docs/service-api.md, A line's foreign tax), never written out.
 */
export function withoutInputOnly(q: QuotationRec): QuotationRec {
  if (!q.lines.some((l) => 'tax_country' in l)) return q;
  return { ...q, lines: q.lines.map((l) => ('tax_country' in l ? (({ tax_country: _t, ...rest }) => rest)(l) : l)) };
}
