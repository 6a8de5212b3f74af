// The tax rates an account uses: those of its products and of the lines of
// its recent quotations, with the Netherlands' rates (21, 9 and 0) always
// among them. A line at another rate is most likely a typing slip (7 for 9,
// 12 for 21), so the editor says so beside the cell; it is never an error,
// since a rate like that can be meant (another country's, an old one).
//
// A new line's rate is decided here too (forNewLine): the rate the lines of
// the client's quotations use most, else the account's (0% only for an
// account that uses no other rate), else 21.
import type { Connection } from './connection';
import { isEmptyLine } from '../../shared/empty-line';

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
      const n = rateOf(r.rate);
      if (n !== null) rates.add(n);
    }
    return [...rates].sort((a, b) => b - a);
  }

  /**
   * The rate a new priced line takes (docs/everyday-defaults.md, "A new
   * line's tax rate"): the one the lines of this client's quotations use
   * most, else the one the account's lines use most, else 21, the Dutch
   * standard rate, for an account with no lines yet.
   */
  forNewLine(clientId: string | null): number {
    return (clientId !== null ? this.mostUsed(clientId) : null) ?? this.mostUsed(null) ?? DUTCH_RATES[0];
  }

  /**
   * The rate most lines of the latest quotations use (of this client's, or of
   * all with null), deleted ones left out; null when none has a priced line
   * with a rate. Empty lines do not count; a tie goes to the higher rate.
   */
  mostUsed(clientId: string | null): number | null {
    const lines = `json_extract(l.value, '$.tax_rate') AS rate, json_extract(l.value, '$.amount') AS amount, json_extract(l.value, '$.price') AS price,
                   json_extract(l.value, '$.discount_pct') AS discount_pct, json_extract(l.value, '$.description') AS description,
                   json_extract(l.value, '$.amount_desc') AS amount_desc`;
    // a draft is the client's by its own client; one read from the service and not changed here, by the service's client number
    const rows =
      clientId === null
        ? this.conn
            .stmt<[], LineRates>(
              `SELECT ${lines} FROM (SELECT coalesce(draft, server) AS doc FROM quotations WHERE deleted = 0 ORDER BY updated_at DESC LIMIT ${RECENT}) q,
                    json_each(q.doc, '$.lines') l`,
            )
            .all()
        : this.conn
            .stmt<[string, string], LineRates>(
              `SELECT ${lines} FROM (
                 SELECT coalesce(draft, server) AS doc FROM quotations
                  WHERE deleted = 0 AND rid IN (SELECT rid FROM quotations WHERE client_id = ?
                                                UNION ALL
                                                SELECT rid FROM quotations WHERE draft IS NULL AND server_clientnr = (SELECT clientnr FROM clients WHERE id = ?))
                  ORDER BY updated_at DESC LIMIT ${RECENT}) q,
                 json_each(q.doc, '$.lines') l`,
            )
            .all(clientId, clientId);
    const counts = new Map<number, number>();
    for (const r of rows) {
      const n = rateOf(r.rate);
      if (n === null || isEmptyLine(r)) continue;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    // Across the account, 0% is the default only for an account that uses no other rate: lines at 0%
    // are mostly some clients' circumstance (abroad, exempt), and a new client's labour line at 0% would
    // be undercharged without a word. A client's own lines at 0% do make it theirs.
    if (clientId === null && counts.size > 1) counts.delete(0);
    let best: number | null = null;
    for (const [rate, count] of counts) {
      const top = best === null ? 0 : counts.get(best)!;
      if (count > top || (count === top && rate > best!)) best = rate;
    }
    return best;
  }
}

interface LineRates {
  rate: unknown;
  amount: unknown;
  price: unknown;
  discount_pct: unknown;
  description: unknown;
  amount_desc: unknown;
}

function rateOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}
