// One number per quotation, in Dutch (docs/numbering.md, One number per
// quotation): a draft without a number goes by "concept" in the list, the
// editor and the window's title; saved, it goes by its reference; sent, the
// list, the window's title and the sent view say that same reference, the
// sent view once, and nowhere the service's id, which changed on sending.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile, axeViolations, bridge, screenshot } from './support';

const desk = appForFile({ language: 'nl' });
const base = () => desk.app.host.url.split('#')[0];
const CLIENT = 'Schilderwerken De Kwast';
let quotationId = '';

/** The list's row of our client, and the number it shows. */
async function listRow(page: Page) {
  await page.goto(`${base()}#/quotations`);
  const row = page.locator('table.quotation-list tbody tr').filter({ hasText: CLIENT });
  await row.waitFor();
  return row;
}

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${base()}#/quotations/${encodeURIComponent(quotationId)}`);
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /Kwast|Offerte OF/ })
    .waitFor();
}

/** How often `text` appears in the screen's own area (not the menu, not the status bar). */
const timesOnScreen = (page: Page, text: string) =>
  page
    .locator('main')
    .innerText()
    .then((s) => s.split(text).length - 1);

describe('one number per quotation', () => {
  it('calls a draft without a number "concept", in the list, the editor and the window title', async () => {
    const { page } = desk;
    const client = await bridge(page, 'clients.create', { fields: { company: CLIENT, email: 'info@dekwast.example' } });
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    quotationId = q.id;
    await bridge(page, 'lines.add', { quotationId: q.id, line: { description: 'Kozijnen schuren en aflakken', amount: 14, price: 38.5, tax_rate: 9 } });
    expect((await bridge(page, 'quotations.get', { id: q.id })).quotationreference).toBe('');

    const row = await listRow(page);
    expect(await row.getByTestId('quotation-number').innerText()).toBe('concept');
    expect(await row.innerText()).not.toMatch(/Nr\./);
    await screenshot(page, 'one-number-list-concept-nl');

    await openEditor(page);
    await expect.poll(() => page.getByTestId('editor-reference').innerText()).toBe('concept');
    await expect.poll(() => page.title()).toBe(`Offerte concept · ${CLIENT} — quotedesk`);
    await screenshot(page, 'one-number-editor-concept-nl');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('saved on the service, it goes by its reference and never by the service’s id', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: 'Opslaan op de service' }).click();
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: quotationId })).serverId, { timeout: 20_000 }).not.toBeNull();
    const saved = await bridge(page, 'quotations.get', { id: quotationId });
    const reference = saved.quotationreference;
    expect(reference).toMatch(/^OF\d{4}-\d{4}$/);
    await page.getByText('Opgeslagen op de service', { exact: true }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('editor-reference').innerText()).toBe(reference);
    await expect.poll(() => page.title()).toBe(`Offerte ${reference} · ${CLIENT} — quotedesk`);
    expect(await page.locator('.head-sub').innerText()).not.toMatch(/Nr\./);
    await screenshot(page, 'one-number-editor-saved-nl');

    const row = await listRow(page);
    await expect.poll(() => row.getByTestId('quotation-number').innerText()).toBe(reference);
    expect(await row.innerText()).not.toMatch(/Nr\./);
    expect(await timesOnScreen(page, reference)).toBe(1);
  }, 60_000);

  it('sent, the list, the title and the sent view show the same one reference, once, not the new id', async () => {
    const { page } = desk;
    const before = await bridge(page, 'quotations.get', { id: quotationId });
    await bridge(page, 'quotations.send', { id: quotationId, sendmethod: 'email' });
    await expect
      .poll(
        async () => {
          const v = await bridge(page, 'quotations.get', { id: quotationId });
          return v.sent && !v.sending && v.serverId !== null;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const sent = await bridge(page, 'quotations.get', { id: quotationId });
    const reference = sent.quotationreference;
    expect(reference).toBe(before.quotationreference);
    // the service keeps the sent quotation under a new id: the number a person would have quoted would have changed
    expect(sent.serverId).not.toBe(before.serverId);

    await openEditor(page);
    const title = page.getByTestId('sent-title');
    await expect.poll(() => title.innerText()).toBe(`Offerte ${reference}`);
    await expect.poll(() => page.title()).toBe(`Offerte ${reference} · ${CLIENT} — quotedesk`);
    // once on the sent view: in its title, not again below it
    expect(await timesOnScreen(page, reference)).toBe(1);
    expect(await page.locator('main').innerText()).not.toMatch(/Nr\./);
    await screenshot(page, 'one-number-sent-nl');
    expect(await axeViolations(page)).toEqual([]);

    const row = await listRow(page);
    await expect.poll(() => row.getByTestId('quotation-number').innerText()).toBe(reference);
    expect(await row.innerText()).not.toMatch(/Nr\./);
    expect(await timesOnScreen(page, reference)).toBe(1);
    await screenshot(page, 'one-number-list-sent-nl');

    // and the list's search finds it by that number
    const found = await bridge(page, 'quotations.list', { query: reference });
    expect(found.items.map((q) => q.id)).toEqual([quotationId]);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
