// Scrolling a long list table (components/PagedTable.vue) in the app's main
// area until a row deep in it is drawn, as a person drags the scroll bar and
// then corrects by what they see. Each step is measured from the rows drawn
// now, not from the top of the table: the rows out of view stand in at a
// typical height, so a distance worked out from the top is off by a little
// per row, thousands of rows down, and a font with other metrics moves it
// more. A step from the drawn row nearest the target lands closer each time.
import type { Page } from 'playwright-core';
import { until } from '../helpers/until';

/** Where the view is, for the message when the row never comes. */
async function whereWeAre(page: Page, table: string): Promise<string> {
  return page.evaluate((t) => {
    type El = { scrollTop: number; scrollHeight: number; clientHeight: number; getAttribute(n: string): string | null; textContent: string | null };
    const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): El[] } }).document;
    const main = doc.querySelector('main')!;
    const rows = [...doc.querySelectorAll(`table.${t} tbody tr[data-index]`)];
    const loading = rows.filter((r) => r.getAttribute('aria-busy') === 'true').length;
    const note = doc.querySelector('[role="alert"]')?.textContent?.trim() ?? 'none';
    return (
      `rows drawn ${rows[0]?.getAttribute('data-index') ?? '-'}..${rows.at(-1)?.getAttribute('data-index') ?? '-'} (${loading} still loading), ` +
      `scrollTop ${main.scrollTop} of ${main.scrollHeight - main.clientHeight}, alert: ${note}`
    );
  }, table);
}

/** Scrolls until the row at `index` of `table` matches `rowSelector` (a drawn row, not one still loading); gives that row. */
export async function scrollToRow(page: Page, table: string, index: number, rowSelector = 'tr.paged-row') {
  const row = page.locator(`table.${table} ${rowSelector}[data-index="${index}"]`);
  try {
    await until(
      async () => {
        if ((await row.count()) > 0) return true;
        await page.evaluate(
          ([t, i]) => {
            type Box = { top: number; height: number };
            type El = { getBoundingClientRect(): Box; getAttribute(n: string): string | null };
            type Scroller = El & { scrollTop: number; clientHeight: number };
            const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): El[] } }).document;
            const main = doc.querySelector('main') as Scroller;
            const rows = [...doc.querySelectorAll(`table.${t} tbody tr[data-index]`)];
            if (rows.length === 0) return;
            const at = (r: El) => Number(r.getAttribute('data-index'));
            const nearest = rows.reduce((a, b) => (Math.abs(at(b) - i) < Math.abs(at(a) - i) ? b : a));
            const heights = rows.map((r) => r.getBoundingClientRect().height).sort((a, b) => a - b);
            const h = heights[Math.floor(heights.length / 2)] || 41;
            // the target's top as the rows drawn place it, from the top of the scrolled area's view
            const top = nearest.getBoundingClientRect().top - main.getBoundingClientRect().top + (i - at(nearest)) * h;
            main.scrollTop += top - main.clientHeight / 2;
          },
          [table, index] as const,
        );
        return false;
      },
      `row ${index} of ${table}`,
      30_000,
    );
  } catch (e) {
    throw new Error(`${(e as Error).message}: ${await whereWeAre(page, table)}`, { cause: e });
  }
  return row;
}
