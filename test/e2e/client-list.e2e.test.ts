// The client and product lists at a few thousand records: only the rows in
// view are drawn, the screen reader hears the whole list's size, scrolling
// reaches the last client, the keyboard goes to it with Ctrl+End, and a search
// typed without its accents narrows the list to its matches in name order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { until } from '../helpers/until';
import { scrollToRow } from './paged-scroll';

const CLIENTS = 3000;
const PRODUCTS = 1500;
/** fewer rows than this in the page: those in view and a margin, never the list */
const DRAWN_AT_MOST = 80;

let app: App;
let page: Page;

beforeAll(async () => {
  app = await openApp({ language: 'en', clients: CLIENTS, products: PRODUCTS, quotations: 2 });
  page = app.page;
  await until(
    async () => (await bridge(page, 'clients.list', { limit: 1, includeInactive: true })).total === CLIENTS,
    'the first pull of the clients',
    120_000,
  );
  await until(async () => (await bridge(page, 'products.list', { limit: 1 })).total === PRODUCTS, 'the first pull of the products', 60_000);
  // the rest of the pull done too, so that no page of it reloads the list under the test's hands
  await until(async () => (await bridge(page, 'sync.status', {})).pulling === null, 'the end of the first pull', 60_000);
}, 180_000);
afterAll(() => app?.close());

/** Rows of the table drawn in the page (the stand-ins for the others aside). */
const drawn = (table: string) => page.locator(`table.${table} tbody tr[data-index]`).count();

/** How many times the table's rows changed in half a second nobody touched it. */
async function changesWhileIdle(table: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 300));
  return page.evaluate(async (t) => {
    const g = globalThis as unknown as {
      document: { querySelector(s: string): unknown };
      MutationObserver: new (cb: (m: unknown[]) => void) => { observe(n: unknown, o: unknown): void; disconnect(): void };
    };
    let n = 0;
    const o = new g.MutationObserver((ms) => (n += ms.length));
    o.observe(g.document.querySelector(`table.${t}`), { childList: true, subtree: true });
    await new Promise((r) => setTimeout(r, 500));
    o.disconnect();
    return n;
  }, table);
}

describe('the client list at a few thousand clients', () => {
  it('draws only the rows in view, and reaches the last client by scrolling', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    // the whole list: inactive clients too, hidden until asked for (and then kept so)
    await page.getByRole('checkbox', { name: 'Show inactive clients' }).check();
    await page.locator('table.client-list tr.paged-row').first().waitFor();
    expect(await page.getByTestId('client-count').textContent()).toBe(`${CLIENTS.toLocaleString('en-GB')} in the list`);
    expect(await page.locator('table.client-list').getAttribute('aria-rowcount')).toBe(String(CLIENTS + 1));
    const first = await drawn('client-list');
    expect(first).toBeGreaterThan(5);
    expect(first).toBeLessThan(DRAWN_AT_MOST);

    const all = await bridge(page, 'clients.list', { includeInactive: true, offset: CLIENTS - 1, limit: 1 });
    const last = all.items[0]!;
    const row = await scrollToRow(page, 'client-list', CLIENTS - 1);
    expect(await row.getAttribute('aria-rowindex')).toBe(String(CLIENTS + 1));
    await expect.poll(() => row.locator('.row-link').textContent()).toBe(last.company || last.contact);
    expect(await drawn('client-list')).toBeLessThan(DRAWN_AT_MOST);
    // the first rows are gone from the page, their height kept
    expect(await page.locator('table.client-list tr.paged-row[data-index="0"]').count()).toBe(0);
    // and the table stays as it is while nobody scrolls: no flipping between the ends
    expect(await changesWhileIdle('client-list')).toBe(0);
    await screenshot(page, 'client-list-end');
  }, 60_000);

  it('goes to the first and the last client by keyboard, wherever they are', async () => {
    const link = (i: number) => page.locator(`table.client-list tr[data-index="${i}"] .row-link`);
    await link(CLIENTS - 1).focus();
    await page.keyboard.press('Control+Home');
    await expect.poll(() => link(0).evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => link(1).evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
    await page.keyboard.press('Control+End');
    await expect.poll(() => link(CLIENTS - 1).evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
    expect(await drawn('client-list')).toBeLessThan(DRAWN_AT_MOST);
  }, 60_000);

  it('narrows to the clients a search finds, accents aside, in name order', async () => {
    const want = await bridge(page, 'clients.list', { query: 'muller', includeInactive: true, limit: 500 });
    expect(want.total).toBeGreaterThan(0);
    await page.getByLabel('Search clients').fill('muller');
    await expect.poll(() => page.locator('table.client-list').getAttribute('aria-rowcount')).toBe(String(want.total + 1));
    expect(await page.getByTestId('client-count').textContent()).toBe(`${want.total.toLocaleString('en-GB')} in the list`);
    const shown = await page.locator('table.client-list tr.paged-row .row-link').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(want.items.slice(0, shown.length).map((c) => c.company || c.contact));
    expect(shown.some((n) => /Müller/.test(n))).toBe(true);
    await screenshot(page, 'client-list-search');
    expect(await axeViolations(page)).toEqual([]);
    // a client from the search opens
    await page.locator('table.client-list tr.paged-row .row-link').first().click();
    await page.waitForURL(new RegExp(`#/clients/${want.items[0]!.id}$`));
    await page.goBack();
    await page.getByLabel('Search clients').fill('');
  }, 60_000);
});

describe('the product list at 1,500 products', () => {
  it('draws only the rows in view and reaches the last product by scrolling', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.locator('table.product-list tr.paged-row').first().waitFor();
    expect(await page.locator('table.product-list').getAttribute('aria-rowcount')).toBe(String(PRODUCTS + 1));
    expect(await drawn('product-list')).toBeLessThan(DRAWN_AT_MOST);
    const last = (await bridge(page, 'products.list', { offset: PRODUCTS - 1, limit: 1 })).items[0]!;
    const row = await scrollToRow(page, 'product-list', PRODUCTS - 1);
    await expect.poll(() => row.locator('.row-link').textContent()).toBe(last.name || last.code);
    expect(await drawn('product-list')).toBeLessThan(DRAWN_AT_MOST);
    await screenshot(page, 'product-list-end');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});

describe('counts in Dutch', () => {
  it('groups the thousands as Dutch writes them', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    try {
      await page.reload();
      await page.getByRole('navigation').getByRole('link', { name: 'Klanten' }).click();
      await page.getByRole('heading', { name: 'Klanten', level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('client-count').textContent()).toBe('3.000 in de lijst');
      await page.getByRole('navigation').getByRole('link', { name: 'Producten' }).click();
      await expect.poll(() => page.getByText('1.500 in de catalogus').count()).toBe(1);
    } finally {
      await bridge(page, 'settings.set', { language: 'en' });
    }
  }, 60_000);
});
