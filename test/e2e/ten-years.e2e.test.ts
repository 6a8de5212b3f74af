// Ten years of a business in the desk: the service holds 100,000 clients,
// 5,000 products and 10,000 quotations, and the desk has pulled them all. The
// quotation list scrolls to its end with only the rows in view drawn, sorts
// by total, finds a client's quotations by a name typed without its accent,
// opens a quotation from deep in the list with its reference and lines, and
// the follow-up list of the thousands nobody answered scrolls to its end. A
// quotation added on the service later is found by a word of its reference
// lines and by one of its lines, and its client by the client's number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { until } from '../helpers/until';
import { scrollToRow as scrollToPagedRow } from './paged-scroll';
import { InvoicingApi } from '../../electron/api';

const SIZE = { clients: 100_000, products: 5_000, quotations: 10_000 };
/** fewer rows than this in the page: only those in view and a margin are drawn */
const DRAWN_AT_MOST = 120;

let app: App;
let page: Page;
let pullMs = 0;

/** The list's size as the table tells a screen reader (its rows and the head). */
async function listTotal(): Promise<number> {
  return Number(await page.locator('table.quotation-list').getAttribute('aria-rowcount')) - 1;
}

/** Scrolls the quotation list until the row at `index` is drawn; gives that row. */
const scrollToRow = (index: number) => scrollToPagedRow(page, 'quotation-list', index, 'tr[data-quotation-id]');

const serviceQuotations = () => app.host.sandbox!.data.quotations.all();

beforeAll(async () => {
  const started = Date.now();
  app = await openApp({ language: 'en', ...SIZE });
  page = app.page;
  // the first pull done: every quotation is in the list
  await until(async () => (await bridge(page, 'quotations.list', { limit: 1 })).total === SIZE.quotations, 'the first pull of ten years', 240_000);
  pullMs = Date.now() - started;
  console.log(
    `ten years: the desk started and pulled ${SIZE.clients} clients, ${SIZE.products} products, ${SIZE.quotations} quotations in ${(pullMs / 1000).toFixed(1)} s`,
  );
  await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
  await until(async () => (await listTotal()) === SIZE.quotations, 'the list showing every quotation', 30_000);
}, 300_000);
afterAll(async () => {
  await app?.close();
});

describe('ten years of quotations', () => {
  it('scrolls to the end of the list, drawing only the rows in view', async () => {
    const last = (await bridge(page, 'quotations.list', { offset: SIZE.quotations - 1, limit: 1 })).items[0]!;
    const row = await scrollToRow(SIZE.quotations - 1);
    await row.scrollIntoViewIfNeeded();
    expect(await row.getAttribute('data-quotation-id')).toBe(last.id);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.locator('table.quotation-list tr[data-quotation-id]').count()).toBeLessThan(DRAWN_AT_MOST);
    await screenshot(page, 'ten-years-list-end');
    expect(await axeViolations(page)).toEqual([]);
  }, 90_000);

  it('sorts by total, the highest first, as the service has them', async () => {
    const totals = serviceQuotations().map((q) => Number(q.totalintax));
    const highest = Math.max(...totals);
    const lowest = Math.min(...totals);
    await page.evaluate(() => {
      (globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number } } }).document.querySelector('main').scrollTop = 0;
    });
    const head = page.getByRole('columnheader', { name: /Total/ });
    const firstRow = page.locator('table.quotation-list tr[data-index="0"][data-quotation-id]');
    const firstTotal = async () => {
      const id = await firstRow.getAttribute('data-quotation-id');
      return Number((await bridge(page, 'quotations.get', { id: id! })).totalintax);
    };
    await head.getByRole('button').click();
    await expect.poll(() => head.getAttribute('aria-sort')).toMatch(/ascending|descending/);
    if ((await head.getAttribute('aria-sort')) === 'ascending') {
      await expect.poll(firstTotal, { timeout: 15_000 }).toBe(lowest);
      await head.getByRole('button').click();
      await expect.poll(() => head.getAttribute('aria-sort')).toBe('descending');
    }
    await expect.poll(firstTotal, { timeout: 15_000 }).toBe(highest);
    expect(await listTotal()).toBe(SIZE.quotations);
    await screenshot(page, 'ten-years-sorted-by-total');
  }, 60_000);

  it('finds a client written with an accent when it is typed without', async () => {
    const { data } = app.host.sandbox!;
    const fold = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const mullers = new Set(
      data.clients
        .all()
        .filter((c) => fold(`${c.company} ${c.contact}`).includes('muller'))
        .map((c) => c.clientnr),
    );
    const expected = serviceQuotations().filter((q) => mullers.has(q.clientnr)).length;
    expect(expected).toBeGreaterThan(0);
    await page.locator('#q-search').fill('muller');
    await expect.poll(listTotal, { timeout: 15_000 }).toBe(expected);
    const ids = await page.locator('table.quotation-list tr[data-quotation-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-quotation-id')!));
    expect(ids.length).toBeGreaterThan(0);
    // the rows drawn are quotations of those clients
    for (const id of ids.slice(0, 10)) {
      const q = await bridge(page, 'quotations.get', { id });
      expect(mullers.has(q.client?.clientnr ?? -1), `${q.client?.name} of ${id}`).toBe(true);
    }
    await screenshot(page, 'ten-years-search-muller');
    await page.locator('#q-search').fill('');
    await expect.poll(listTotal, { timeout: 15_000 }).toBe(SIZE.quotations);
  }, 60_000);

  it('opens a quotation from deep in the list, with its reference and lines', async () => {
    // the newest first, then down near the end of the list: ten years back
    const dateHead = page.getByRole('columnheader', { name: /Date/ });
    while ((await dateHead.getAttribute('aria-sort')) !== 'descending') await dateHead.getByRole('button').click();
    const target = SIZE.quotations - 40;
    await scrollToRow(target);
    // a sent one of the rows around it: the sent view shows its lines as text
    const index = await page
      .locator('table.quotation-list tr[data-quotation-id]')
      .evaluateAll(
        (rows, from) =>
          rows
            .map((r) => ({ i: Number(r.getAttribute('data-index')), sent: r.querySelector('.ident:not(.draft)') !== null }))
            .find((r) => r.i >= from && r.sent)?.i ?? -1,
        target,
      );
    expect(index).toBeGreaterThanOrEqual(target);
    const row = page.locator(`table.quotation-list tr[data-index="${index}"]`);
    const view = await bridge(page, 'quotations.get', { id: (await row.getAttribute('data-quotation-id'))! });
    const onService = serviceQuotations().find((q) => q.id === view.serverId)!;
    expect(onService.sent).toBe(true);
    // ten years back, give or take the first months
    expect(Number(onService.date.slice(0, 4))).toBeLessThanOrEqual(new Date().getFullYear() - 9);
    await row.locator('.row-link').click();
    // the sent view is titled by its one number
    await page.getByRole('heading', { level: 1, name: `Quotation ${onService.quotationreference}`, exact: true }).waitFor();
    // the lines as the service has them, in read-only fields
    const descriptions = () =>
      page
        .locator('main')
        .locator('input, textarea')
        .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    for (const line of onService.lines) await expect.poll(descriptions, { timeout: 10_000 }).toContain(line.description);
    await screenshot(page, 'ten-years-deep-quotation');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('follows up on thousands of quotations nobody answered, drawing only the rows in view, the most overdue first', async () => {
    const first = await bridge(page, 'quotations.followUp', { limit: 1 });
    // ten years leave thousands waiting, most of them long expired
    expect(first.total).toBeGreaterThan(1000);
    expect(first.expired).toBeGreaterThan(1000);
    await page.getByRole('navigation').getByRole('link', { name: 'Follow-up' }).click();
    await page.getByRole('heading', { name: 'Follow-up', level: 1 }).waitFor();
    const list = page.locator('table.follow-up-list');
    await expect.poll(() => list.getAttribute('aria-rowcount')).toBe(String(first.total + 1));
    expect(await page.getByTestId('expired-count').innerText()).toContain(`${first.expired.toLocaleString('en-GB')} quotations have expired`);
    await list.locator(`tr[data-quotation-id="${first.items[0]!.id}"]`).waitFor();
    expect(await list.locator('tr[data-quotation-id]').count()).toBeLessThan(DRAWN_AT_MOST);
    // the end of the list: those still valid, the last one without a validity date or the latest to expire
    const last = (await bridge(page, 'quotations.followUp', { offset: first.total - 1, limit: 1 })).items[0]!;
    const row = await scrollToPagedRow(page, 'follow-up-list', first.total - 1, 'tr[data-quotation-id]');
    expect(await row.getAttribute('data-quotation-id')).toBe(last.id);
    expect(await list.locator('tr[data-quotation-id]').count()).toBeLessThan(DRAWN_AT_MOST);
    await screenshot(page, 'ten-years-follow-up-end');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('finds a quotation by a word of its reference lines and of its lines, and a client by its number', async () => {
    // a wedding quoted on the service for client 17,512 of 100,000; the desk pulls it as any change
    const sandbox = app.host.sandbox!;
    const client = sandbox.data.clients.get(17_512)!;
    const api = new InvoicingApi({ baseUrl: sandbox.url, credentials: () => ({ username: sandbox.user, apiKey: sandbox.key }) });
    const serverId = await api.quotations
      .saveOrSend({
        clientnr: client.clientnr,
        action: 'save',
        savename: 'Bruiloft Van Dijk',
        reference: { line1: 'Bruiloft Van Dijk & de Vries', line2: 'Zaal Hoogland, 12 juni', line3: '' },
        lines: [{ description: 'Petitfours (per stuk)', amount: 120, price: 1.25, tax_rate: 9 }],
      })
      .finally(() => api.close());
    await bridge(page, 'sync.pullNow', {});
    await until(async () => (await bridge(page, 'quotations.list', { limit: 1 })).total === SIZE.quotations + 1, 'the new quotation pulled', 60_000);
    const id = (await bridge(page, 'quotations.list', { query: 'bruiloft', limit: 5 })).items.find((q) => q.serverId === serverId)!.id;

    await page.getByRole('navigation').getByRole('link', { name: 'Quotations' }).click();
    await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
    for (const word of ['hoogland', 'petitfours']) {
      await page.locator('#q-search').fill(word);
      await expect.poll(listTotal, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.locator('table.quotation-list tr[data-quotation-id]').getAttribute('data-quotation-id')).toBe(id);
      await screenshot(page, `ten-years-search-${word}`);
    }
    await page.locator('#q-search').fill('');

    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
    await page.getByLabel('Search clients').fill('17512');
    const rows = page.locator('table.client-list tr.paged-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.locator('.row-link').textContent()).toBe(client.company || client.contact);
    expect(await rows.locator('.server-id').textContent()).toContain('17512');
    await screenshot(page, 'ten-years-client-number');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Search clients').fill('');
    expect(app.errors).toEqual([]);
  }, 90_000);
});
