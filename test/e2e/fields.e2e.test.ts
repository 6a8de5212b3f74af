// The service's fields the editors now offer: the currency notice with
// convert_prices_to_euro for a client invoiced in pounds (a catalogue
// product added there keeps no euro price), a line's foreign tax
// (tax_country), and a client's default category, picked from the kept
// list or typed when the service offers none. Each reaches the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { waitForSync } from './support-sync';

let app: App;
let page: Page;
beforeAll(async () => {
  // the demo data set: Brightwater Consulting Ltd is invoiced in GBP, the catalogue has a training day at €795
  app = await openApp({ language: 'en', clients: undefined, quotations: undefined });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const base = () => app.host.url.split('#')[0];
const brightwater = async () => (await bridge(page, 'clients.search', { query: 'Brightwater' }))[0]!;
/** The service's copy of the quotation saved under this savename. */
const onService = (savename: string) => app.host.sandbox!.data.quotations.all().find((q) => q.savename === savename) ?? null;

let quotationId = '';

describe('a quotation for a client in another currency', () => {
  it('says the prices are in pounds, adds a catalogue product without its euro price, and sends the choice to convert', async () => {
    await waitForSync(page, /Last sync/);
    const client = await brightwater();
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    quotationId = q.id;
    await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    const notice = page.getByTestId('currency-notice');
    await notice.waitFor();
    expect(await notice.getByRole('heading').innerText()).toBe('Prices in GBP');
    expect(await notice.innerText()).toContain(
      "Brightwater Consulting Ltd is invoiced in GBP. The prices, totals and document of this quotation are in GBP; the catalogue's prices are in euro.",
    );
    expect(await notice.innerText()).toContain('The prices stay in GBP: the customer sees them as typed.');

    // the catalogue shows its own currency, not the client's
    const picker = page.getByRole('combobox', { name: 'Add product' });
    await picker.click();
    await page.keyboard.type('TRAIN');
    const option = page.getByRole('option', { name: /Training day/ }).first();
    await option.waitFor();
    expect(await option.innerText()).toContain('€795.00');
    await page.keyboard.press('Enter');
    await page.getByTestId('currency-product').waitFor();
    expect(await page.getByTestId('currency-product').innerText()).toBe(
      'Training day (English) was added without its catalogue price of €795.00, which is an amount in euro. Type its price in GBP.',
    );
    const price = page.getByRole('textbox', { name: 'Price' }).first();
    expect(await price.inputValue()).toBe('');
    const line = (await bridge(page, 'quotations.get', { id: q.id })).lines[0]!;
    expect(line).toMatchObject({ description: 'Training day (English)', amount: 1, tax_rate: 21 });
    expect(line.price).toBeUndefined();
    await screenshot(page, 'fields-currency-product');
    expect(await axeViolations(page)).toEqual([]);

    // the price typed is in pounds, and every amount reads so
    await price.fill('680');
    await expect.poll(() => page.getByTestId('line-total').first().innerText()).toBe('£680.00');
    await expect.poll(() => page.getByTestId('total').innerText()).toBe('£822.80');
    // priced now: the note about the catalogue price has done its work
    await expect.poll(() => page.getByTestId('currency-product').count()).toBe(0);

    await notice.getByRole('checkbox', { name: 'Have the service convert the prices to euro' }).check();
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).convert_prices_to_euro, { timeout: 5000 }).toBe(true);
    const today = (await bridge(page, 'quotations.get', { id: q.id })).date!;
    const shownDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${today}T00:00:00Z`),
    );
    expect(await notice.innerText()).toContain(
      `The service reads the prices below as GBP and converts them to euro at the exchange rate of the quotation date (${shownDate}). The amounts shown here are before that conversion.`,
    );
    await screenshot(page, 'fields-currency-notice');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it("marks a line's foreign tax in its tax cell, and both fields reach the service", async () => {
    const toggle = page.getByRole('button', { name: /^Foreign tax for this line/ }).first();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: quotationId })).lines[0]!.tax_country, { timeout: 5000 }).toBe(true);
    // a second line without it, to tell them apart on the service
    await bridge(page, 'lines.add', { quotationId, line: { amount: 2, description: 'Travel', price: 45, tax_rate: 0 } });
    await page.reload();
    await page.getByTestId('currency-notice').waitFor();
    expect(await page.getByRole('button', { name: /^Foreign tax/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed')))).toEqual([
      'true',
      'false',
    ]);
    expect(await page.getByTestId('convert-prices').isChecked()).toBe(true);
    // from the keyboard: Alt+G in any cell of the line; the switch is no Tab stop between tax and price
    const secondToggle = page.getByRole('button', { name: /^Foreign tax/ }).nth(1);
    expect(await secondToggle.getAttribute('tabindex')).toBe('-1');
    await page.getByRole('textbox', { name: 'Description' }).nth(1).focus();
    await page.keyboard.press('Alt+G');
    await expect.poll(() => secondToggle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Alt+G');
    await expect.poll(() => secondToggle.getAttribute('aria-pressed')).toBe('false');
    await page
      .getByRole('button', { name: /^Foreign tax/ })
      .first()
      .hover();
    await screenshot(page, 'fields-line-tax-country');
    expect(await axeViolations(page)).toEqual([]);
    // at 1024 px the switch takes no column of its own: it sits in the tax cell, left of the rate, in view
    await page.setViewportSize({ width: 1024, height: 768 });
    const row = page.locator('.line').first();
    await row.scrollIntoViewIfNeeded();
    const [rate, globe, wrap] = await Promise.all([
      row.locator('[data-col="tax_rate"]').boundingBox(),
      row.getByTestId('tax-country').boundingBox(),
      page.locator('.lines-wrap').boundingBox(),
    ]);
    expect(rate!.width).toBeLessThanOrEqual(81);
    expect(globe!.x).toBeGreaterThanOrEqual(rate!.x);
    expect(globe!.x + globe!.width).toBeLessThanOrEqual(rate!.x + rate!.width - 16);
    expect(rate!.x + rate!.width).toBeLessThanOrEqual(wrap!.x + wrap!.width);
    expect(await row.locator('[data-col="tax_rate"]').inputValue()).toBe('21');
    await screenshot(page, 'fields-line-tax-country-1024');
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Save to service' }).click();
    const savename = (await bridge(page, 'quotations.get', { id: quotationId })).savename;
    await expect.poll(() => onService(savename)?.convert_prices_to_euro ?? null, { timeout: 15_000 }).toBe(true);
    const saved = onService(savename)!;
    expect(saved.lines.map((l) => ('tax_country' in l ? l.tax_country : false))).toEqual([true, false]);
    expect(saved.lines.map((l) => ('price' in l ? l.price : null))).toEqual([680, 45]);
    // input only: the service keeps it but never gives it back
    expect(app.host.sandbox!.data.quotations.json(saved.id)).not.toContain('tax_country');
    expect(app.host.sandbox!.data.quotations.json(saved.id)).toContain('"convert_prices_to_euro":"true"');

    // after a pull the editor still shows both
    const pulledBefore = (await bridge(page, 'sync.status', {})).lastSyncAt;
    await page.getByRole('button', { name: 'Sync now' }).click();
    await waitForSync(page, /Last sync/);
    // the bar said "Last sync" before this pull too: wait for this one to end
    await expect
      .poll(
        async () => {
          const s = await bridge(page, 'sync.status', {});
          return s.pulling === null && s.lastSyncAt !== pulledBefore;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.reload();
    await page.getByTestId('currency-notice').waitFor();
    expect(await page.getByRole('button', { name: /^Foreign tax/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed')))).toEqual([
      'true',
      'false',
    ]);
    expect(await page.getByTestId('convert-prices').isChecked()).toBe(true);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('shows the notice in Dutch', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.reload();
    const notice = page.getByTestId('currency-notice');
    await notice.waitFor();
    expect(await notice.getByRole('heading').innerText()).toBe('Prijzen in GBP');
    expect(await notice.innerText()).toContain('Brightwater Consulting Ltd wordt gefactureerd in GBP.');
    expect(
      await page
        .getByRole('button', { name: /^Buitenlandse btw/ })
        .first()
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await screenshot(page, 'fields-currency-notice-nl');
    expect(await axeViolations(page)).toEqual([]);
    await bridge(page, 'settings.set', { language: 'en' });
    await page.reload();
  }, 60_000);

  it('shows no notice for a client invoiced in euro, and adds the catalogue price as it is', async () => {
    const lindeboom = (await bridge(page, 'clients.search', { query: 'Lindeboom' }))[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: lindeboom.id });
    await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    await page.getByRole('heading', { level: 1, name: /Lindeboom/ }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Add product' });
    await picker.click();
    await page.keyboard.type('TRAIN');
    await page
      .getByRole('option', { name: /Training day/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).lines[0]?.price ?? null).toBe(795);
    expect(await page.getByTestId('currency-notice').count()).toBe(0);
  }, 60_000);
});

describe('a sent quotation for a client in another currency', () => {
  it('says how its prices went out, and shows the foreign tax of its line', async () => {
    await bridge(page, 'quotations.send', { id: quotationId, sendmethod: 'email' });
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: quotationId })).state, { timeout: 15_000 }).toBe('sent');
    await page.goto(`${base()}#/quotations/${encodeURIComponent(quotationId)}`);
    await page.getByTestId('currency-sent').waitFor();
    expect(await page.getByTestId('currency-sent').innerText()).toMatch(
      /^Sent with the prices in GBP, for the service to convert to euro at the exchange rate of \d+ \w+ \d{4}\.$/,
    );
    expect(await page.getByTestId('convert-prices').count()).toBe(0);
    // the service never says: the foreign tax is the one this computer sent
    const globes = page.getByRole('img', { name: "Foreign tax: this line is taxed at another country's rate" });
    await expect.poll(() => globes.count()).toBe(1);
    expect(await globes.first().isVisible()).toBe(true);
    await screenshot(page, 'fields-sent');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});

describe("a client's default category", () => {
  it('is picked from the kept categories and reaches the service', async () => {
    const client = await brightwater();
    await page.goto(`${base()}#/clients/${encodeURIComponent(client.id)}`);
    const field = page.getByLabel('Default category');
    await field.waitFor();
    await expect.poll(() => page.locator('#cf-default_category option:checked').innerText()).toBe('Advies');
    expect(await field.locator('option').allInnerTexts()).toEqual(['No category', 'Algemeen', 'Advies', 'Webdesign', 'Onderhoud']);
    await field.selectOption({ label: 'Webdesign' });
    await expect.poll(() => app.host.sandbox!.data.clients.get(client.clientnr!)?.default_category ?? null, { timeout: 15_000 }).toBe(3);
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'fields-client-category');
    expect(await axeViolations(page)).toEqual([]);

    // a new quotation for the client takes it
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    expect(q.category).toBe(3);
  }, 60_000);

  it('is a number field when the service offers no categories', async () => {
    const client = await brightwater();
    app.host.sandbox!.data.hiddenLists.add('categories');
    await page.getByRole('button', { name: 'Sync now' }).click();
    const field = page.getByLabel('Default category');
    await expect.poll(() => field.evaluate((el) => el.tagName), { timeout: 15_000 }).toBe('INPUT');
    expect(await field.inputValue()).toBe('3');
    expect(await page.getByTestId('client-category-note').innerText()).toBe(
      'The service offers no list of categories. Give the number of a category as the service knows it, or leave it empty.',
    );
    await field.fill('2,5');
    await page.getByText('Must be a whole number of 0 or more.').waitFor();
    await field.fill('4');
    await expect.poll(() => app.host.sandbox!.data.clients.get(client.clientnr!)?.default_category ?? null, { timeout: 15_000 }).toBe(4);
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'fields-client-category-plain');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
