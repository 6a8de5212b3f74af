// The product editor: a product made offline with a price of 3 decimals and
// its problems beside the fields, created on the service once back online;
// the stock set by itself; deleting through the app's dialog. In English and
// in Dutch, with screenshots and an axe scan of each screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const base = () => app.host.url.split('#')[0];

describe('the product editor', () => {
  it('creates a product offline, with problems beside their fields, and once online on the service', async () => {
    await app.host.setOnline(false);
    await page.goto(`${base()}#/products`);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();

    await page.getByLabel('Code').fill('SCHROEF-4-MM-VERZINKT-RVS');
    await page.getByLabel('Name').fill('Schroef 4 mm verzinkt');
    await page.getByLabel('Price excl. tax').fill('0.1255');
    await page.getByLabel('Tax rate (%)').fill('21');
    await page.getByLabel('Keep track of stock').check();
    await page.getByRole('button', { name: 'Create product' }).click();
    // nothing is created while fields are wrong; each says what is wrong beside it
    await page.getByRole('alert').filter({ hasText: 'Fix the fields marked below first.' }).waitFor();
    await expect.poll(() => page.locator('#pf-code-p').innerText()).toBe('At most 20 characters.');
    expect(await page.locator('#pf-price-p').innerText()).toBe('At most 3 decimals.');
    expect(await page.locator('#pf-stock-p').innerText()).toBe('Give the amount in stock, or stop keeping track of stock.');
    expect(await page.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'product-editor-problems');
    expect(await axeViolations(page)).toEqual([]);
    expect((await bridge(page, 'products.list', { query: 'schroef' })).total).toBe(0);

    await page.getByLabel('Code').fill('SCHROEF-4');
    await page.getByLabel('Price excl. tax').fill('0.125');
    await page.getByLabel('In stock').fill('250');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { name: 'Schroef 4 mm verzinkt', level: 1 }).waitFor();
    expect(await page.getByLabel('Price excl. tax').inputValue()).toBe('0.125');
    // not on the service yet: the stock is a field of the product, sent with its create
    expect(await page.getByTestId('stock-form').count()).toBe(0);
    expect(await page.getByLabel('In stock').inputValue()).toBe('250');
    await screenshot(page, 'product-editor-created-offline');

    // the list shows it with its price to 3 decimals, not rounded to cents
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('schroef');
    const row = page.getByRole('row').filter({ hasText: 'SCHROEF-4' });
    await row.waitFor();
    expect(await row.innerText()).toContain('€0.125');
    expect(await row.innerText()).not.toContain('€0.13');
    await screenshot(page, 'products-list-new');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.host.sandbox!.data.products.all().filter((p) => p.code === 'SCHROEF-4')).toEqual([]);

    await app.host.setOnline(true);
    await bridge(page, 'sync.networkBack', {});
    await expect.poll(() => app.host.sandbox!.data.products.all().filter((p) => p.code === 'SCHROEF-4').length, { timeout: 20_000 }).toBe(1);
    expect(app.host.sandbox!.data.products.all().find((p) => p.code === 'SCHROEF-4')).toMatchObject({ price: 0.125, taxes: 21, stock_use: true, stock: 250 });
  }, 90_000);

  it('sets the stock by itself, and deletes the product after the dialog names it', async () => {
    const [p] = (await bridge(page, 'products.list', { query: 'SCHROEF-4' })).items;
    await page.goto(`${base()}#/products/${p!.localId}`);
    await page.getByRole('heading', { name: 'Schroef 4 mm verzinkt', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('stock-form').isVisible(), { timeout: 15_000 }).toBe(true);
    const id = app.host.sandbox!.data.products.all().find((x) => x.code === 'SCHROEF-4')!.id;
    app.host.sandbox!.data.products.patch(id, { name: 'Schroef 4 mm (service)' });
    await page.getByLabel('New amount in stock').fill('240');
    await page.getByRole('button', { name: 'Set stock' }).click();
    await page.getByRole('status').filter({ hasText: 'Stock set to 240' }).waitFor();
    await expect.poll(() => app.host.sandbox!.data.products.get(id)?.stock, { timeout: 20_000 }).toBe(240);
    // only the amount went: the name changed on the service stays
    expect(app.host.sandbox!.data.products.get(id)!.name).toBe('Schroef 4 mm (service)');
    await screenshot(page, 'product-editor-stock');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete product' }).click();
    const dialog = page.getByRole('dialog', { name: /Delete “Schroef 4 mm/ });
    await dialog.waitFor();
    await screenshot(page, 'product-editor-delete');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await expect.poll(() => app.host.sandbox!.data.products.get(id), { timeout: 20_000 }).toBeUndefined();
    expect(app.errors).toEqual([]);
  }, 90_000);

  it('shows a product changed here and on the service in the conflict dialog, field by field', async () => {
    const [p] = (await bridge(page, 'products.list', { query: 'Koffie' })).items;
    expect(p).toBeDefined();
    await app.host.setOnline(false);
    await page.goto(`${base()}#/products/${p!.localId}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: p!.name }).waitFor();
    await page.getByLabel('Price excl. tax').fill('12.345');
    await page.getByLabel('Notes').fill('Per kilo, vers gebrand');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    app.host.sandbox!.data.products.patch(p!.id, { price: 13.5, name: 'Koffiebonen (service)' });
    await app.host.setOnline(true);
    await bridge(page, 'sync.networkBack', {});
    await page.getByRole('button', { name: 'Conflicts (1)' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Resolve conflict' });
    await dialog.getByText(/The product .* was changed here and on the service/).waitFor();
    // only the price changed on both sides; the name and the notes went their own ways
    expect(await dialog.getByRole('rowheader').allInnerTexts()).toEqual(['Price excl. tax']);
    await screenshot(page, 'product-conflict');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep the one here' }).click();
    await expect.poll(() => app.host.sandbox!.data.products.get(p!.id)?.price, { timeout: 20_000 }).toBe(12.345);
    expect(app.host.sandbox!.data.products.get(p!.id)).toMatchObject({ name: 'Koffiebonen (service)', notes: 'Per kilo, vers gebrand' });
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('in Dutch: the editor, its problems and the price of 3 decimals', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    const p = await bridge(page, 'products.create', { fields: { code: 'THEE-1', name: 'Thé vert', price: 0.125, taxes: 9, stock_use: false } });
    await page.goto(`${base()}#/products/${p.localId}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Thé vert', level: 1 }).waitFor();
    expect(await page.getByLabel('Prijs excl. btw').inputValue()).toBe('0,125');
    await page.getByLabel('Btw-tarief (%)').fill('101');
    await page.getByRole('button', { name: 'Product opslaan' }).click();
    await page.locator('#pf-taxes-p').filter({ hasText: 'Moet een percentage van 0 tot 100 zijn.' }).waitFor();
    await screenshot(page, 'product-editor-nl');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${base()}#/products`);
    await page.getByRole('searchbox', { name: 'Producten zoeken' }).fill('thé');
    const row = page.getByRole('row').filter({ hasText: 'THEE-1' });
    await row.waitFor();
    expect((await row.innerText()).replace(/\s/g, ' ')).toContain('€ 0,125');
    await screenshot(page, 'products-list-nl');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
