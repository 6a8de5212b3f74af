// Small texts and screens, in Dutch: the conflict dialog names its sides by
// where each version is ("Hier", "Op de service"), whoever made the change;
// the profile field does not say "Standaard (Standaard)"; the product list
// at 1024 px shows prices in cents unless one truly has a third decimal, a
// stock column only when a product keeps stock, codes on one line, and an
// empty list that says how to make the first product; the account form says
// where the address and the API key are found, has no bare "https://" in
// it, and keeps the name typed for the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile, axeViolations, bridge, openApp, screenshot, type App } from './support';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { until } from '../helpers/until';

const desk = appForFile({ language: 'nl', viewport: { width: 1024, height: 640 } });
const base = () => desk.app.host.url.split('#')[0];

const row = (page: Page, code: string) => page.locator('table.product-list tr.paged-row').filter({ hasText: code });
/** The cells of a product's row as read, spaces as one. */
const cells = async (page: Page, code: string) => (await row(page, code).locator('td').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim());

/** Whether the element's text lies on one line. */
const oneLine = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const d = el.ownerDocument as unknown as { createRange(): { selectNodeContents(n: unknown): void; getClientRects(): { length: number } } };
    const r = d.createRange();
    r.selectNodeContents(el);
    return r.getClientRects().length === 1;
  });

describe('the product list at 1024 px', () => {
  it('shows prices in cents unless one truly has a third decimal, and codes on one line', async () => {
    const { page } = desk;
    // the service works the price incl. tax out to 3 decimals: 22.07 at 21 % is 26.705 there
    const paint = await bridge(page, 'products.create', {
      fields: { code: 'PLAFOND-M2', name: 'Plafond sausen, per m2, twee lagen latex', price: 22.07, taxes: 21, stock_use: false },
    });
    const cards = await bridge(page, 'products.create', { fields: { code: 'KAART-1', name: 'Visitekaartje', price: 0.125, taxes: 21, stock_use: false } });
    for (const p of [paint, cards])
      await until(async () => (await bridge(page, 'products.get', { id: p.localId })).state === 'synced', 'the product on the service', 20_000);
    expect((await bridge(page, 'products.get', { id: paint.localId })).priceintax).toBe(26.705);

    await page.goto(`${base()}#/products`);
    await page.getByRole('heading', { name: 'Producten', level: 1 }).waitFor();
    await row(page, 'PLAFOND-M2').waitFor();
    expect((await cells(page, 'PLAFOND-M2')).slice(2, 5)).toEqual(['€ 22,07', '21%', '€ 26,70']);
    // a third decimal typed stays, and so does the one of the price incl. tax worked out from it
    expect((await cells(page, 'KAART-1')).slice(2, 5)).toEqual(['€ 0,125', '21%', '€ 0,151']);
    expect(await oneLine(page, 'table.product-list tr.paged-row:has-text("PLAFOND-M2") td.code')).toBe(true);
    // the demo catalogue keeps stock of a few: the column is there, a dash for the others
    expect(await page.locator('table.product-list th').allInnerTexts()).toContain('Voorraad');
    expect((await cells(page, 'PLAFOND-M2'))[5]).toBe('– niet bijgehouden');
    await screenshot(page, 'product-list-1024-nl');
    expect(await axeViolations(page)).toEqual([]);
    expect(desk.app.errors).toEqual([]);
  }, 90_000);
});

describe('the profile field', () => {
  it("names the service's default profile once", async () => {
    const { page } = desk;
    const q = await bridge(page, 'quotations.create', {});
    await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    // among the fields behind "Meer velden"
    await page.getByRole('heading', { level: 1 }).waitFor();
    const more = page.getByRole('button', { name: 'Meer velden' });
    if (await more.isVisible()) await more.click();
    const field = page.getByLabel('Opmaakprofiel');
    await field.waitFor();
    await expect.poll(() => field.locator('option').allInnerTexts()).toContain('Standaard');
    const options = await field.locator('option').allInnerTexts();
    expect(options.filter((o) => /Standaard/.test(o))).toEqual(['Standaard']);
    expect(await field.locator('option:checked').innerText()).toBe('Standaard');
  }, 30_000);
});

describe('the conflict dialog', () => {
  it('names the sides "Hier" and "Op de service"', async () => {
    const { page, app } = desk;
    const [p] = (await bridge(page, 'products.list', { query: 'PLAFOND' })).items;
    await app.host.setOnline(false);
    await bridge(page, 'products.update', { id: p!.localId, patch: { price: 23.5 } });
    app.host.sandbox!.data.products.patch(p!.id, { price: 24.95 });
    await app.host.setOnline(true);
    await bridge(page, 'sync.networkBack', {});
    await page.getByRole('button', { name: 'Conflicten (1)' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Conflict oplossen' });
    await dialog.getByRole('rowheader').first().waitFor();
    expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual(['Veld', 'Hier', 'Op de service']);
    expect(await dialog.innerText()).not.toMatch(/Hun versie|Mijn versie/);
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(expect.arrayContaining(['Die van hier houden', 'Die van de service nemen']));
    await screenshot(page, 'conflict-dialog-nl');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Die van de service nemen' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 60_000);
});

describe('an empty product list', () => {
  let app: App;
  beforeAll(async () => {
    app = await openApp({ language: 'nl', products: 0, viewport: { width: 1024, height: 640 } });
  }, 90_000);
  afterAll(() => app?.close());

  it('says how to make the first product, not that they come with the next sync', async () => {
    const { page } = app;
    await until(async () => (await bridge(page, 'sync.status', {})).pulling === null, 'the end of the first pull', 30_000);
    await page.goto(`${app.host.url.split('#')[0]}#/products`);
    const empty = page.getByTestId('products-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toBe(
      'Nog geen producten. Maak je eerste met “Nieuw product”: een code, een naam en een prijs. Daarna kies je het op een offerteregel.',
    );
    expect(await empty.innerText()).not.toMatch(/synchronisatie/);
    expect(await axeViolations(page)).toEqual([]);

    // none keeps stock: no stock column
    const made = await bridge(page, 'products.create', { fields: { code: 'PLAFOND-M2', name: 'Plafond sausen', price: 22.07, taxes: 21, stock_use: false } });
    await row(page, 'PLAFOND-M2').waitFor();
    expect(await page.locator('table.product-list th').allInnerTexts()).not.toContain('Voorraad');
    expect(await page.locator('table.product-list').innerText()).not.toContain('niet bijgehouden');
    await screenshot(page, 'product-list-no-stock-1024-nl');
    // one does (as set in its editor, and back to the list): the column is there
    await bridge(page, 'products.update', { id: made.localId, patch: { stock_use: true, stock: 40 } });
    await page.reload();
    await expect.poll(() => page.locator('table.product-list th').allInnerTexts()).toContain('Voorraad');
    await expect.poll(async () => (await cells(page, 'PLAFOND-M2'))[5]).toBe('40');
  }, 60_000);
});

describe('the account form', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ quiet: true, rateLimit: 0, user: 'smit', key: 'key-smit-2211', clients: 2, products: 1, quotations: 1 });
  });
  afterAll(() => sb?.close());

  it('says where the address and the key are found, has no bare https://, and keeps the name typed', async () => {
    const { page } = desk;
    await page.goto(`${base()}#/settings`);
    await page.getByRole('heading', { name: 'Instellingen', level: 1 }).waitFor();
    const url = page.getByLabel('Adres van de service');
    expect(await url.inputValue()).toBe('');
    expect(await url.getAttribute('placeholder')).toBe('https://…');
    const form = page.locator('form.connect');
    expect(await form.innerText()).toContain('accountinstellingen van de Invoicing Service');
    expect(await page.locator('#a-key-hint').innerText()).toContain('API-sleutel genereren');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-form-nl');
    expect(await axeViolations(page)).toEqual([]);

    await url.fill(sb.url);
    await page.getByLabel('Gebruikersnaam').fill('smit');
    await page.getByLabel('Naam voor dit account (optioneel)').fill('Schildersbedrijf Smit');
    // off to look something up elsewhere in the app, and back: what was typed is still there
    await page.getByRole('navigation').getByRole('link', { name: 'Klanten' }).click();
    await page.getByRole('heading', { name: 'Klanten', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Instellingen' }).click();
    await page.getByRole('heading', { name: 'Instellingen', level: 1 }).waitFor();
    expect(await page.getByLabel('Naam voor dit account (optioneel)').inputValue()).toBe('Schildersbedrijf Smit');
    expect(await url.inputValue()).toBe(sb.url);
    expect(await page.getByLabel('Gebruikersnaam').inputValue()).toBe('smit');
    await page.getByLabel('API-sleutel').fill('key-smit-2211');
    await form.getByRole('button', { name: 'Koppelen' }).click();
    await expect.poll(async () => (await bridge(page, 'account.list', {})).map((a) => a.displayName), { timeout: 20_000 }).toEqual(['Schildersbedrijf Smit']);
    await page.locator('ul.accounts').getByText('Schildersbedrijf Smit').waitFor();
    // connected: the form is ready for another account
    expect(await page.getByLabel('Naam voor dit account (optioneel)').inputValue()).toBe('');
    await screenshot(page, 'account-connected-nl');
  }, 60_000);
});
