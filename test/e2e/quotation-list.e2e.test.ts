// The quotation list at a few thousand quotations, in Chromium: only the rows
// in view (and a margin) are in the page, whatever the place in the list;
// the screen reader hears the list's size and each row's place; the arrow
// keys and Ctrl+End walk the list, bringing rows in; sorting and searching
// answer from the main process a page at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { until } from '../helpers/until';

const QUOTATIONS = 3000;
/** the rows a 900 px window shows, and a margin of 10 on each side, with room to spare; far fewer than the list */
const DRAWN_AT_MOST = 60;

let app: App;
let page: Page;

const rows = () => page.locator('table.quotation-list tbody tr');
const drawn = () => rows().count();
/** The places in the list (aria-rowindex) of the rows in the page. */
const places = () => rows().evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('aria-rowindex'))));

/** Scrolls what holds the list (the window, or the main area where it scrolls by itself) to `fraction` of its height. */
async function scrollTo(fraction: number): Promise<void> {
  await page.evaluate((f) => {
    type Box = { scrollTop: number; scrollHeight: number; clientHeight: number };
    const doc = (globalThis as unknown as { document: { scrollingElement: Box; querySelector(s: string): Box } }).document;
    for (const el of [doc.scrollingElement, doc.querySelector('main')])
      if (el.scrollHeight > el.clientHeight) el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
  }, fraction);
}

beforeAll(async () => {
  app = await openApp({ clients: 300, quotations: QUOTATIONS });
  page = app.page;
  // the first load brings them all, and their clients after them
  await until(async () => (await bridge(page, 'quotations.list', { limit: 1 })).total >= QUOTATIONS, 'the first load of every quotation', 60_000);
  await until(async () => (await bridge(page, 'sync.status', {})).freshness?.every((f) => f.loading === null), 'the first load to end', 60_000);
  await page.goto(`${app.host.url}#/quotations`);
  await rows().first().waitFor();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the quotation list at a few thousand quotations', () => {
  it('draws only the rows in view, at the top, in the middle and at the end, and tells the screen reader the whole size', async () => {
    const total = (await bridge(page, 'quotations.list', { limit: 1 })).total;
    await expect.poll(async () => Number(await page.locator('table.quotation-list').getAttribute('aria-rowcount'))).toBe(total + 1);
    expect(await drawn()).toBeLessThanOrEqual(DRAWN_AT_MOST);
    expect((await places())[0]).toBe(2);

    await scrollTo(0.5);
    // the rows of the middle are drawn, numbered by their place in the list
    await expect.poll(async () => Math.min(...(await places()))).toBeGreaterThan(total * 0.4);
    // rows whose page is still being read stand in until it comes, and the rows drawn may move when it does
    await expect.poll(() => page.locator('table.quotation-list tbody tr.row-loading').count()).toBe(0);
    expect(await drawn()).toBeLessThanOrEqual(DRAWN_AT_MOST);
    const middle = await places();
    // consecutive places, no gaps and no repeats among those drawn
    expect(middle).toEqual(middle.map((_, i) => middle[0]! + i));
    // each drawn row is the quotation the main process has at that place
    const firstPlace = middle[0]! - 2;
    const wanted = (await bridge(page, 'quotations.list', { offset: firstPlace, limit: middle.length })).items.map((q) => q.id);
    const got = await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-quotation-id')));
    expect(got).toEqual(wanted);
    await screenshot(page, 'quotation-list-middle');

    await scrollTo(1);
    await expect.poll(async () => Math.max(...(await places()))).toBe(total + 1);
    expect(await drawn()).toBeLessThanOrEqual(DRAWN_AT_MOST);
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('walks the list by keyboard: arrow keys row by row, Ctrl+Home and Ctrl+End to either end', async () => {
    await scrollTo(0);
    await expect.poll(async () => (await places())[0]).toBe(2);
    const focusedPlace = () =>
      page.evaluate(() =>
        (globalThis as unknown as { document: { activeElement: { closest(s: string): { getAttribute(a: string): string } | null } } }).document.activeElement
          .closest('tr')
          ?.getAttribute('aria-rowindex'),
      );
    await rows().first().locator('a.row-link').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(focusedPlace).toBe('5');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedPlace).toBe('4');
    const total = (await bridge(page, 'quotations.list', { limit: 1 })).total;
    await page.keyboard.press('Control+End');
    await expect.poll(focusedPlace, { timeout: 10_000 }).toBe(String(total + 1));
    expect(await drawn()).toBeLessThanOrEqual(DRAWN_AT_MOST);
    await page.keyboard.press('Control+Home');
    await expect.poll(focusedPlace, { timeout: 10_000 }).toBe('2');
    // Enter on a row's link opens that quotation
    await page.keyboard.press('ArrowDown');
    const id = await page.evaluate(() =>
      (globalThis as unknown as { document: { activeElement: { closest(s: string): { getAttribute(a: string): string } | null } } }).document.activeElement
        .closest('tr')
        ?.getAttribute('data-quotation-id'),
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/quotations/${id}`);
    await page.goBack();
    await rows().first().waitFor();
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('sorts by a press anywhere in a column head, beside its label too, and by the keyboard', async () => {
    const head = page.getByRole('columnheader', { name: 'Date' });
    const box = (await head.boundingBox())!;
    const label = (await head.getByRole('button').boundingBox())!;
    // beside the label: the head's far end and its bottom edge, outside the label's own box
    expect(box.x + box.width - 4).toBeGreaterThan(label.x + label.width);
    const before = await head.getAttribute('aria-sort');
    await page.mouse.click(box.x + box.width - 4, box.y + box.height - 3);
    await expect.poll(() => head.getAttribute('aria-sort')).not.toBe(before);
    const after = await head.getAttribute('aria-sort');
    expect(['ascending', 'descending']).toContain(after);
    // the columns may have moved with the rows the sort brought: the head's box as it is now
    const moved = (await head.boundingBox())!;
    await page.mouse.click(moved.x + moved.width - 4, moved.y + 3);
    await expect.poll(() => head.getAttribute('aria-sort')).toBe(after === 'ascending' ? 'descending' : 'ascending');
    // the keyboard as before: the head's button
    await head.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => head.getAttribute('aria-sort')).toBe(after);
    await screenshot(page, 'quotation-list-sort-head');
  }, 60_000);

  it('sorts by total and searches a page at a time, and opens a quotation from deep in the list', async () => {
    await page.getByRole('columnheader', { name: 'Total incl. tax' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Total incl. tax' }).getByRole('button').click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Total incl. tax' }).getAttribute('aria-sort')).toBe('descending');
    const top = (await bridge(page, 'quotations.list', { sort: { key: 'total', dir: 'desc' }, limit: 5 })).items.map((q) => q.id);
    await expect.poll(async () => (await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-quotation-id')))).slice(0, 5)).toEqual(top);
    expect(await drawn()).toBeLessThanOrEqual(DRAWN_AT_MOST);
    await screenshot(page, 'quotation-list-by-total');

    // a quotation from deep in the list, found by its reference
    const deep = (await bridge(page, 'quotations.list', { sort: { key: 'total', dir: 'desc' }, offset: 2500, limit: 1 })).items[0]!;
    expect(deep.quotationreference).not.toBe('');
    await page.getByRole('searchbox', { name: 'Search quotations' }).fill(deep.quotationreference);
    await expect.poll(() => rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-quotation-id')))).toContain(deep.id);
    const found = (await bridge(page, 'quotations.list', { query: deep.quotationreference, limit: 1 })).total;
    expect(await drawn()).toBe(Math.min(found, DRAWN_AT_MOST));
    await page.locator(`tr[data-quotation-id="${deep.id}"] a.row-link`).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/quotations/${deep.id}`);
    // the list, with the same reference in its row, stays until the editor has read the quotation: look in the editor only
    // (a draft's line under its title, or a sent quotation's title "Quotation OF…"), and in the window's title
    await expect.poll(() => page.locator('.editor').getByText(deep.quotationreference).first().isVisible()).toBe(true);
    await expect.poll(() => page.title()).toContain(deep.quotationreference);
    await page.goBack();
    await page.getByRole('searchbox', { name: 'Search quotations' }).fill('');
    expect(app.errors).toEqual([]);
  }, 60_000);
});
