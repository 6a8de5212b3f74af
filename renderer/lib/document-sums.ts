// The sums the document prints, and in which basis each is, so that a
// customer can check every one with the figures printed beside it
// (docs/money.md, The document's sums). Nothing here computes money anew:
// a line's amount is its line total, and the totals are the editor's
// (shared/money.ts); this decides what is printed, in which order and under
// which name. Pure: the words are chosen by renderer/lib/document-text.ts.
import Big from 'big.js';
import { isTextLine } from '../../shared/document';
import type { LineView } from '../../shared/bridge';
import type { TaxTotal, Totals } from '../../shared/money';
import { memoLineTotal } from './totals';

/** How the document's prices are to be read, from the client's tax type and reverse charge. */
export type PriceBasis =
  /** prices and amounts excl. tax, the tax added below */
  | 'excl'
  /** prices and amounts incl. tax, the tax taken out below ("waarvan btw") */
  | 'incl'
  /** the tax is shifted to the receiver: no tax on any line or below */
  | 'shifted';

export function priceBasis(taxType: 'intax' | 'extax', taxShifted: boolean): PriceBasis {
  if (taxShifted) return 'shifted';
  return taxType === 'intax' ? 'incl' : 'excl';
}

export type DocumentRow =
  /** a priced line: its amount is quantity × price less its discount, as the editor's line total */
  | { kind: 'line'; line: LineView; total: string }
  /** a short one-line text: a heading, which starts a group of lines */
  | { kind: 'heading'; line: LineView }
  /** a longer text: a note in the group it stands in */
  | { kind: 'note'; line: LineView }
  /** the sum of the amounts of a heading's group, in the basis of the lines */
  | { kind: 'subtotal'; id: string; heading: string; total: string };

export type SumRow =
  | { kind: 'subtotal'; amount: string }
  | { kind: 'discount'; amount: string }
  | { kind: 'totalExTax'; amount: string }
  /** the tax of a rate added to its base excl. tax */
  | { kind: 'tax'; rate: string; base: string; amount: string }
  /** the tax of a rate taken out of an amount incl. tax: the base printed is what is left of it, excl. tax */
  | { kind: 'taxIncluded'; rate: string; base: string; amount: string }
  /** the tax is shifted to the receiver: one row saying so, no amount */
  | { kind: 'taxShifted' }
  /** what the customer pays: incl. tax, or (tax shifted) the total without any tax */
  | { kind: 'total'; amount: string; basis: PriceBasis };

const HEADING_MAX = 80;

/** how a sentence ends: a text ending so is said, not a heading ("Hierbij ontvangt u onze offerte.") */
const SENTENCE_END = /[.!?,;]$/;

/**
 * A short single-line text reads as a heading above the lines that follow;
 * anything longer, or a sentence (an opening or closing text, a note), is a
 * note.
 */
export function textKind(line: Pick<LineView, 'description'>): 'heading' | 'note' {
  const text = (line.description ?? '').trim();
  return text.length <= HEADING_MAX && !text.includes('\n') && !SENTENCE_END.test(text) ? 'heading' : 'note';
}

function cents(decimal: string): bigint {
  return BigInt(new Big(decimal).times(100).toFixed(0));
}

function fromCents(c: bigint): string {
  return new Big(c.toString()).div(100).toFixed(2);
}

/**
 * The document's rows in order: the lines, and with `headingSubtotals` the
 * sum of each heading's group after its last line. A group is the lines
 * under a heading up to the next heading (a note does not end it); lines
 * before the first heading are in none. A group without a priced line has
 * no sum.
 */
export function documentRows(lines: readonly LineView[], headingSubtotals: boolean): DocumentRow[] {
  const rows: DocumentRow[] = [];
  let group: { line: LineView; cents: bigint; priced: number } | null = null;
  const close = () => {
    if (headingSubtotals && group && group.priced > 0)
      rows.push({ kind: 'subtotal', id: `${group.line.id}-subtotal`, heading: (group.line.description ?? '').trim(), total: fromCents(group.cents) });
    group = null;
  };
  for (const line of lines) {
    if (isTextLine(line)) {
      const kind = textKind(line);
      if (kind === 'heading') {
        close();
        group = { line, cents: 0n, priced: 0 };
      }
      rows.push({ kind, line });
      continue;
    }
    const total = memoLineTotal(line) ?? '0.00';
    if (group) {
      group.cents += cents(total);
      group.priced++;
    }
    rows.push({ kind: 'line', line, total });
  }
  close();
  return rows;
}

/**
 * The tax rows the document prints: each rate with its base, except a rate
 * that only lines without an amount use (it says nothing); none when the tax
 * is shifted to the receiver, where one "VAT reverse-charged" row stands instead.
 */
export function documentTaxes(totals: Totals | null, taxShifted: boolean): TaxTotal[] {
  if (!totals || taxShifted) return [];
  return totals.taxes.filter((tax) => tax.sum_of !== '0.00' || tax.sum !== '0.00');
}

/**
 * The totals block, top to bottom, each row following from the ones above:
 *
 * - excl. tax: subtotal, discount, total excl. tax, each rate's tax on its
 *   base, total incl. tax;
 * - incl. tax: subtotal, discount, total incl. tax, then each rate's tax
 *   taken out of it, on the base excl. tax that is left ("waarvan btw 9 %
 *   over € 490,00: € 44,10"; base + tax = that rate's amount incl. tax);
 * - tax shifted: subtotal, discount, one row saying the tax is shifted, and
 *   the total, which holds no tax.
 *
 * The subtotal and the discount are there only when there is a discount. A
 * rate that only lines without an amount use prints no row: it says nothing.
 */
export function documentSums(totals: Totals, basis: PriceBasis): SumRow[] {
  // the subtotal is where the discount is taken from; without one it would only say the next total twice
  const rows: SumRow[] =
    totals.discount === '0.00'
      ? []
      : [
          { kind: 'subtotal', amount: totals.subtotal },
          { kind: 'discount', amount: totals.discount },
        ];
  const taxes = documentTaxes(totals, false);
  if (basis === 'shifted') {
    rows.push({ kind: 'taxShifted' }, { kind: 'total', amount: totals.totalextax, basis });
  } else if (basis === 'incl') {
    rows.push({ kind: 'total', amount: totals.totalintax, basis });
    for (const tax of taxes) rows.push({ kind: 'taxIncluded', rate: tax.rate, base: fromCents(cents(tax.sum_of) - cents(tax.sum)), amount: tax.sum });
  } else {
    rows.push({ kind: 'totalExTax', amount: totals.totalextax });
    for (const tax of taxes) rows.push({ kind: 'tax', rate: tax.rate, base: tax.sum_of, amount: tax.sum });
    rows.push({ kind: 'total', amount: totals.totalintax, basis });
  }
  return rows;
}
