// Where the printed document may break a page between its rows
// (docs/document.md, Where a page breaks). The rows are handed out in
// groups; the document prints each group as a table row group the printer
// keeps on one page when `keep` is set. Chromium honours break-inside: avoid
// on a row group, whereas a break-after: avoid on a heading's row is given up
// when the rows after it are kept together as well (it then moves the whole
// table to the next page), so a heading is put in the group of the row it
// belongs to rather than asked to stay with it.
import type { PrintedRow } from './document-text';

export interface PageGroup {
  /** printed on one page: the group goes to the next page whole */
  keep: boolean;
  rows: PrintedRow[];
}

/** How many of the last rows go to the page of the totals with them. */
export const ROWS_WITH_TOTALS = 2;

/**
 * The rows in order, grouped: a heading with the row under it (a heading
 * never ends a page), and the last rows with the totals that follow the
 * table (the totals never stand alone). A heading's subtotal counts as part
 * of the line above it, never as one of the last rows.
 */
export function pageGroups(rows: readonly PrintedRow[]): PageGroup[] {
  const tail = tailStart(rows);
  const groups: PageGroup[] = [];
  /** the rows since the last kept group, which may break anywhere between them */
  let free: PageGroup | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (i === tail) {
      groups.push({ keep: true, rows: rows.slice(i) });
      break;
    }
    if (row.kind === 'heading') {
      // the headings in a row and the first row under them, then the subtotals that close it
      // (the headings right above the last rows are in the tail: a row under these comes before it)
      const group: PageGroup = { keep: true, rows: [] };
      while (rows[i]!.kind === 'heading') group.rows.push(rows[i++]!);
      group.rows.push(rows[i]!);
      while (i + 1 < tail && rows[i + 1]!.kind === 'subtotal') group.rows.push(rows[++i]!);
      groups.push(group);
      free = null;
      continue;
    }
    if (!free) groups.push((free = { keep: false, rows: [] }));
    free.rows.push(row);
  }
  return groups;
}

/** Where the rows that go with the totals start: the last ROWS_WITH_TOTALS rows that are not subtotals, and the headings just above them. */
function tailStart(rows: readonly PrintedRow[]): number {
  let start = rows.length;
  let counted = 0;
  while (start > 0 && counted < ROWS_WITH_TOTALS) {
    start--;
    if (rows[start]!.kind !== 'subtotal') counted++;
  }
  while (start > 0 && rows[start - 1]!.kind === 'heading') start--;
  return start;
}
