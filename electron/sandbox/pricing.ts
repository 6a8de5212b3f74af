// Line totals, tax per rate and totalintax of a quotation, with the shared
// exact arithmetic (shared/money.ts) so the sandbox and the app agree to the
// cent: the same discount spread (largest remainder) and the same reading of a
// client whose tax is shifted to the receiver (docs/money.md).
import { lineTotal, quotationTotals, type TaxTotal } from '../../shared/money';
import type { LineInput } from '../../shared/schemas';
import type { ClientRec, LineRec, QuotationRec } from './records';

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

/**
 * The taxes and totalintax of a quotation for its client: prices incl. tax
 * for a client whose tax_type is intax (extax without a client), and no tax
 * at all for a client with tax_shifted (every rate's sum 0.00, totalintax the
 * total excl. tax). The spec is silent on the latter; this is our reading.
 */
export function priceQuotation(
  lines: readonly LineRec[],
  discounttype: QuotationRec['discounttype'],
  discount: number,
  client: Pick<ClientRec, 'tax_type' | 'tax_shifted'> | undefined,
): { taxes: QuotationRec['taxes']; totalintax: string } {
  const priced = lines.filter((l): l is Extract<LineRec, { price: number }> => 'price' in l);
  const totals = quotationTotals(priced, { discounttype, discount, taxType: client?.tax_type ?? 'extax', taxShifted: client?.tax_shifted === true });
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
