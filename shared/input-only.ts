// A quotation line's `tax_country` is input only (docs/service-api.md, Quotation lines): the service
// takes it and keeps it, but never writes it back. What this computer knows
// of it is what it sent. A record read from the service is therefore given
// the foreign tax of the same lines (matched by what they hold, as in
// line-match.ts) of the version known before it, so that neither a pull
// nor a merge takes a foreign tax for removed on the service, and the next
// save does not take it away there. docs/service-api.md, "Input only".
import { matchLines } from './line-match';
import type { Quotation } from './schemas';

const MARK = '"tax_country":true';

function foreign(line: unknown): boolean {
  const v = (line as { tax_country?: unknown } | null)?.tax_country;
  return v === true || v === 'true';
}

/**
 * `next` with the foreign tax of the lines of `known` (a record or a
 * draft's content, as JSON text or parsed) that it does not say itself.
 * Returns `next` unchanged when `known` has no line with a foreign tax.
 */
export function withInputOnly<T extends Pick<Quotation, 'lines'>>(next: T, known: string | { lines?: readonly unknown[] } | null | undefined): T {
  if (!known) return next;
  // most records have no foreign tax: their stored text is not even parsed
  if (typeof known === 'string' && !known.includes(MARK)) return next;
  const before = typeof known === 'string' ? ((JSON.parse(known) as { lines?: unknown[] }).lines ?? []) : (known.lines ?? []);
  const lines = next.lines ?? [];
  if (lines.length === 0 || !before.some(foreign)) return next;
  const { to } = matchLines(before, lines);
  const taken = new Set<number>();
  before.forEach((line, i) => {
    const j = to[i]!;
    if (j >= 0 && foreign(line) && lines[j]!.tax_country === undefined) taken.add(j);
  });
  if (taken.size === 0) return next;
  return { ...next, lines: lines.map((l, j) => (taken.has(j) ? { ...l, tax_country: true } : l)) };
}
