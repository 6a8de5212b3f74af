// The lines table of a long quotation in Chromium: only the rows in view are
// in the page, and that must not show. Moving down by keyboard, typing in a
// line far down, leaving a cell with a typo and scrolling away, adding a line
// at the end and scrolling to the last line all work as in a short table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, type App } from '../e2e/support';

const LINES = 300;

let app: App;
let page: Page;
let quotationId: string;

// The page's DOM as the checks below use it (this file is typed without a DOM of its own).
interface El {
  dataset: Record<string, string | undefined>;
  value: string;
  closest(selector: string): El | null;
  getBoundingClientRect(): { top: number; bottom: number };
}
interface PageDoc {
  document: {
    activeElement: El | null;
    querySelector(s: string): (El & { scrollTop: number; scrollHeight: number }) | null;
    querySelectorAll(s: string): ArrayLike<El>;
  };
  innerHeight: number;
}

beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
  const clients = await bridge(page, 'clients.list', { limit: 1 });
  const q = await bridge(page, 'quotations.create', { clientId: clients.items[0]!.id });
  quotationId = q.id;
  await page.evaluate(
    async ([id, n]) => {
      const qd = (globalThis as unknown as { quotedesk: { invoke(op: string, input: unknown): Promise<unknown> } }).quotedesk;
      for (let i = 0; i < n; i++) await qd.invoke('lines.add', { quotationId: id, line: { amount: 1, description: `Regel ${i}`, tax_rate: 21, price: 10 } });
    },
    [q.id, LINES] as const,
  );
  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
  await page.locator(`[role="table"][aria-rowcount="${LINES + 1}"]`).waitFor();
  await page.locator('.line[data-index="0"]').waitFor();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function focused(): Promise<{ index: number; col: string; inView: boolean } | null> {
  return page.evaluate(() => {
    const w = globalThis as unknown as PageDoc;
    const el = w.document.activeElement;
    const row = el?.closest('.line');
    if (!el || !row) return null;
    const r = row.getBoundingClientRect();
    return { index: Number(row.dataset.index), col: el.dataset.col ?? '', inView: r.top >= 0 && r.bottom <= w.innerHeight };
  });
}

async function scrollTo(where: 'top' | 'bottom'): Promise<void> {
  await page.evaluate((to) => {
    const main = (globalThis as unknown as PageDoc).document.querySelector('main')!;
    main.scrollTop = to === 'top' ? 0 : main.scrollHeight;
  }, where);
}

const row = (i: number) => page.locator(`.line[data-index="${i}"]`);

describe('a long lines table', () => {
  it('has only the rows in view in the page, and says how many there are', async () => {
    const inPage = await page.locator('.line').count();
    expect(inPage).toBeGreaterThan(10);
    expect(inPage).toBeLessThan(100);
    expect(await page.getByTestId('total').innerText()).toMatch(/3[.,]630[.,]00/);
    expect(await row(5).getAttribute('aria-rowindex')).toBe('7');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('moves down line by line by keyboard, past the rows first in the page', async () => {
    await row(0).getByRole('textbox', { name: 'Quantity' }).focus();
    for (let i = 0; i < 120; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toEqual({ index: 120, col: 'amount', inView: true });
  });

  it('keeps a typo in a line scrolled out of the page and back', async () => {
    const price = row(120).getByRole('textbox', { name: 'Price' });
    await price.fill('12,3x');
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await scrollTo('top');
    await row(0).getByRole('textbox', { name: 'Description' }).focus();
    await expect.poll(() => row(120).count()).toBe(0);
    await row(119).getByRole('textbox', { name: 'Quantity' }).waitFor({ state: 'detached' });
    // back down by keyboard from the top
    for (let i = 0; i < 120; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toMatchObject({ index: 120 });
    expect(await price.inputValue()).toBe('12,3x');
    expect(await price.getAttribute('aria-invalid')).toBe('true');
  });

  it('takes an edit far down into the totals and the autosave', async () => {
    const price = row(120).getByRole('textbox', { name: 'Price' });
    await price.fill('20');
    // 299 lines at 10 and one at 20, 21% tax
    await expect.poll(() => page.getByTestId('total').innerText()).toMatch(/3[.,]642[.,]10/);
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: quotationId })).lines[120]!.price, { timeout: 5_000 }).toBe(20);
  });

  it('tabs from a line scrolled far away into the next line, not across the gap', async () => {
    await scrollTo('top');
    await row(5).getByRole('textbox', { name: 'Discount %' }).focus();
    await scrollTo('bottom');
    await expect.poll(() => row(200).count()).toBe(0);
    // out of the discount cell, past the row's buttons, into the next line's first cell
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      if (f && f.index !== 5) break;
    }
    expect(await focused()).toMatchObject({ index: 6 });
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focused())?.index).toBe(5);
  });

  it('shows the last line at the end and puts a new line there, focused', async () => {
    await scrollTo('bottom');
    await row(LINES - 1).waitFor();
    await scrollTo('top');
    await row(0).getByRole('textbox', { name: 'Description' }).focus();
    await page.keyboard.press('Alt+L');
    await page.locator(`[role="table"][aria-rowcount="${LINES + 2}"]`).waitFor();
    await expect.poll(focused).toEqual({ index: LINES, col: 'amount', inView: true });
  });

  it('showed no errors in the page', () => {
    expect(app.errors).toEqual([]);
  });
});
