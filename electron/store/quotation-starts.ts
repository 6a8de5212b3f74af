// What a new quotation started with: the header fields it was given (the
// account's defaults, a template's) and its standard opening and closing
// lines. Kept beside the quotation on this computer, never sent, so that
// - a draft left holding nothing but these counts as untouched
//   (docs/untouched-drafts.md);
// - a line added at the end goes above the closing text, which stays last;
// - a template saved from the quotation keeps its texts as the template's
//   own, not as lines (docs/templates.md).
// The row goes with its quotation (a trigger of migration 19).
import type { QuotationHeader } from '../../shared/local';
import { type Connection, parseJson } from './connection';

export interface StandardLine {
  /** the line's local id */
  line: string;
  /** the text it started with */
  text: string;
}

export interface QuotationStart {
  header: QuotationHeader;
  opening?: StandardLine;
  closing?: StandardLine;
}

export class QuotationStarts {
  constructor(private readonly conn: Connection) {}

  of(quotationId: string): QuotationStart | null {
    const r = this.conn.stmt<[string], { start: string }>('SELECT start FROM quotation_starts WHERE id = ?').get(quotationId);
    return r ? parseJson<QuotationStart>(r.start) : null;
  }

  /** Call it in the transaction that makes the quotation. */
  record(quotationId: string, start: QuotationStart): void {
    this.conn.tx(['quotations'], () => {
      this.conn
        .stmt('INSERT INTO quotation_starts (id, start) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET start = excluded.start')
        .run(quotationId, JSON.stringify(start));
    });
  }
}
