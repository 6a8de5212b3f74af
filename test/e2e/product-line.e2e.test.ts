// A catalogue product added in the editor gets the price the main process
// works out (electron/bridge/product-line.ts), and the editor shows that
// price and the total that follows, nothing of its own: 250 business cards
// at €0.125 for a client billed excluding tax and for one whose prices
// include tax (docs/products.md, "A product on a quotation line").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  // the demo data set: Café 't Hoekje's prices include tax, Studio Lindeboom's do not; the cards cost €0.125 at 21 %
  app = await openApp({ language: 'en', clients: undefined, quotations: undefined });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const base = () => app.host.url.split('#')[0];

/** A new quotation for this client, open in the editor, with 250 cards added from the catalogue. */
async function cardsFor(clientName: string, shot: string) {
  await expect.poll(async () => (await bridge(page, 'products.search', { query: 'VISITE' })).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const [client] = await bridge(page, 'clients.search', { query: clientName });
  const q = await bridge(page, 'quotations.create', { clientId: client!.id });
  await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
  // the editor shows the quotation open before until this one is read: wait for this client in the heading
  await page.getByRole('heading', { level: 1, name: clientName }).waitFor();
  const picker = page.getByRole('combobox', { name: 'Add product' });
  await picker.click();
  await page.keyboard.type('VISITE');
  const option = page.getByRole('option', { name: /Visitekaartje/ }).first();
  await option.waitFor();
  // the catalogue's own price, to its 3 decimals, not rounded to cents
  expect(await option.innerText()).toContain('€0.125 · 21%');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('textbox', { name: 'Description' }).count()).toBe(1);
  // the price the main process gave the line is the one in its cell
  await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).lines[0]?.price).toBeDefined();
  const added = (await bridge(page, 'quotations.get', { id: q.id })).lines[0]!;
  await expect.poll(() => page.getByRole('textbox', { name: 'Price' }).first().inputValue()).toBe(String(added.price));
  await page.getByRole('textbox', { name: 'Quantity' }).first().fill('250');
  await page.getByText('Saved locally').waitFor();
  await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).lines[0]!.amount, { timeout: 5000 }).toBe(250);
  const view = await bridge(page, 'quotations.get', { id: q.id });
  await screenshot(page, shot);
  expect(await axeViolations(page)).toEqual([]);
  return { view, line: view.lines[0]! };
}

describe('a catalogue product on a new line in the editor', () => {
  it('shows the net price and its total for a client billed excluding tax: 250 × €0.125 + 21 % = €37.81', async () => {
    const { view, line } = await cardsFor('Lindeboom', 'product-line-extax');
    expect(line).toMatchObject({ description: 'Visitekaartje (per stuk)', price: 0.125, tax_rate: 21, amount: 250 });
    expect(view.totalintax).toBe('37.81');
    expect(await page.getByRole('textbox', { name: 'Price' }).first().inputValue()).toBe('0.125');
    await expect.poll(() => page.getByTestId('line-total').first().innerText()).toBe('€31.25');
    await expect.poll(() => page.getByTestId('total').innerText()).toBe(`€${view.totalintax}`);
  }, 60_000);

  it('shows the price incl. tax the catalogue keeps for a client whose prices include tax: 250 × €0.151 = €37.75', async () => {
    const { view, line } = await cardsFor("'t Hoekje", 'product-line-intax');
    expect(view.taxType).toBe('intax');
    expect(line).toMatchObject({ price: 0.151, tax_rate: 21, amount: 250 });
    expect(view.totalintax).toBe('37.75');
    expect(await page.getByRole('textbox', { name: 'Price' }).first().inputValue()).toBe('0.151');
    await expect.poll(() => page.getByTestId('line-total').first().innerText()).toBe('€37.75');
    await expect.poll(() => page.getByTestId('total').innerText()).toBe(`€${view.totalintax}`);
  }, 60_000);

  it('says so, in Dutch too, when a product without a price goes on a quotation in pounds', async () => {
    // made offline: it stays without a price until it reaches the service
    await app.host.setOnline(false);
    const made = await bridge(page, 'products.create', { fields: { code: 'OPMAAT', name: 'Maatwerk op aanvraag', taxes: 21 } });
    const [client] = await bridge(page, 'clients.search', { query: 'Brightwater' });
    const q = await bridge(page, 'quotations.create', { clientId: client!.id });
    expect(await bridge(page, 'lines.productPrice', { quotationId: q.id, productId: made.id })).toEqual({ price: null, intax: false, foreign: true });
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Product toevoegen' });
    await picker.click();
    await page.keyboard.type('OPMAAT');
    await page
      .getByRole('option', { name: /Maatwerk op aanvraag/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    const note = page.getByTestId('currency-product');
    await note.waitFor();
    expect(await note.innerText()).toBe('Maatwerk op aanvraag is toegevoegd zonder prijs: de catalogus heeft er geen voor. Vul de prijs in GBP in.');
    expect((await bridge(page, 'quotations.get', { id: q.id })).lines[0]!.price).toBeUndefined();
    await screenshot(page, 'product-line-foreign-no-price-nl');
    expect(await axeViolations(page)).toEqual([]);
    await bridge(page, 'settings.set', { language: 'en' });
    await app.host.setOnline(true);
  }, 60_000);
});
