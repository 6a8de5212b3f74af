// The tax rates an account uses: those of its products and of the lines of
// its recent quotations, with the Netherlands' rates (21, 9 and 0) always
// among them. A line at another rate is most likely a typing slip (7 for 9,
// 12 for 21), so the editor says so beside the cell; it is never an error,
// since a rate like that can be meant (another country's, an old one).
import type { Connection } from './connection';

/** The Dutch VAT rates: the service is Dutch, so these are never unusual. */
export const DUTCH_RATES = [21, 9, 0] as const;
/** How many of the latest quotations count as recent. */
const RECENT = 100;

export class TaxRates {
  constructor(private readonly conn: Connection) {}

  /**
   * Sorted from high to low. `exceptQuotationId`: the quotation being
   * edited, whose own rates must not make themselves usual.
   */
  usual(exceptQuotationId?: string): number[] {
    const rows = this.conn
      .stmt<[string], { rate: unknown }>(
        `SELECT DISTINCT json_extract(coalesce(local, server), '$.taxes') AS rate FROM products WHERE deleted = 0
         UNION
         SELECT DISTINCT json_extract(l.value, '$.tax_rate') AS rate
           FROM (SELECT coalesce(draft, server) AS doc FROM quotations WHERE deleted = 0 AND id <> ? ORDER BY updated_at DESC LIMIT ${RECENT}) q,
                json_each(q.doc, '$.lines') l`,
      )
      .all(exceptQuotationId ?? '');
    const rates = new Set<number>(DUTCH_RATES);
    for (const r of rows) {
      const n = typeof r.rate === 'number' ? r.rate : typeof r.rate === 'string' && r.rate.trim() !== '' ? Number(r.rate) : NaN;
      if (Number.isFinite(n) && n >= 0 && n <= 100) rates.add(n);
    }
    return [...rates].sort((a, b) => b - a);
  }
}
