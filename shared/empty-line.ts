// A line nobody filled in: no description, no price, no amount other than
// the 1 a new line starts with, no discount. It says and costs nothing, so
// it is left out of what goes to the service and of the document, and it
// never blocks a quotation (docs/untouched-drafts.md). The tax rate does not
// count: a new line may come with the account's usual rate.
import { typedText } from './typed-number';

type LineLike = { amount?: unknown; tax_rate?: unknown; amount_desc?: unknown; description?: unknown; price?: unknown; discount_pct?: unknown };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const zero = (v: unknown) => blank(v) || Number(v) === 0;

export function isEmptyLine(line: LineLike): boolean {
  // a number typed as text (the rate too) is marked and must be corrected: such a line is not left out unseen
  if (typedText(line.amount) ?? typedText(line.tax_rate) ?? typedText(line.price) ?? typedText(line.discount_pct)) return false;
  return blank(line.description) && blank(line.amount_desc) && zero(line.price) && zero(line.discount_pct) && (blank(line.amount) || Number(line.amount) === 1);
}

/**
 * A priced line that says something (not empty, not a text line) and has no
 * tax rate. Empty would count as 0 %: a labour line whose rate was forgotten
 * would be undercharged by the whole VAT. So such a line cannot be sent; 0 is
 * a rate the person types (docs/everyday-defaults.md, "A new line's tax rate").
 */
export function needsTaxRate(line: LineLike): boolean {
  return blank(line.tax_rate) && isPricedLine(line) && !isEmptyLine(line);
}

/**
 * A line with a quantity, a price or a discount: one that is priced, not a
 * text line. A line whose every number was cleared is sent, and shown, as
 * the text line it has become.
 */
export function isPricedLine(line: LineLike): boolean {
  return !blank(line.amount) || !blank(line.price) || !blank(line.discount_pct);
}

/** The positions of the lines that are not empty, in order: where each line sent stands among the lines typed. */
export function filledLineIndexes(lines: readonly LineLike[]): number[] {
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (!isEmptyLine(l)) out.push(i);
  });
  return out;
}

/** A field error of the lines sent ("lines.2.price") named by the line's place among the lines typed. */
export function typedLineField(field: string, kept: readonly number[]): string {
  const m = /^lines\.(\d+)(\..*)?$/.exec(field);
  if (!m) return field;
  const at = kept[Number(m[1])];
  return at === undefined ? field : `lines.${at}${m[2] ?? ''}`;
}
