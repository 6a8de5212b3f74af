// A catalogue product on a line for a client whose prices include VAT, in
// Dutch: the service keeps the paint's price incl. btw as 26.705 (22.07 at
// 21 %), and the line, the editor and the customer's document say € 26,70, a
// price in cents nobody has to explain, with 7 × € 26,70 = € 186,90 beside it
// (docs/products.md, "A product on a quotation line").
import { expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot } from './support';

// the demo data set: Café 't Hoekje's prices include btw
const desk = appForFile({ language: 'nl', clients: undefined, quotations: undefined });
const base = () => desk.app.host.url.split('#')[0];
const squash = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').trim();

it('puts the paint on the line at € 26,70, not € 26,705, and the document adds up', async () => {
  const { page } = desk;
  const made = await bridge(page, 'products.create', { fields: { code: 'VERF-25', name: 'Muurverf wit 2,5 l', price: 22.07, taxes: 21 } });
  // the service works out the price incl. btw to 3 decimals, and the desk reads it back
  await expect
    .poll(async () => (await bridge(page, 'products.search', { query: 'VERF-25' })).find((p) => p.id === made.id || p.code === 'VERF-25')?.priceintax, {
      timeout: 20_000,
    })
    .toBe(26.705);
  await expect.poll(async () => (await bridge(page, 'sync.status', {})).pending, { timeout: 20_000 }).toBe(0);

  const [client] = await bridge(page, 'clients.search', { query: "'t Hoekje" });
  const q = await bridge(page, 'quotations.create', { clientId: client!.id });
  await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
  await page.getByRole('heading', { level: 1, name: "'t Hoekje" }).waitFor();
  await page.getByRole('combobox', { name: 'Product toevoegen' }).click();
  await page.keyboard.type('VERF-25');
  await page
    .getByRole('option', { name: /Muurverf wit/ })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).lines[0]?.price).toBe(26.7);
  await expect.poll(() => page.getByRole('textbox', { name: 'Prijs' }).first().inputValue()).toBe('26,70');
  await page.getByRole('textbox', { name: 'Aantal' }).first().fill('7');
  await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).lines[0]!.amount, { timeout: 5000 }).toBe(7);
  await expect.poll(() => page.getByTestId('line-total').first().innerText().then(squash)).toBe('€ 186,90');
  await screenshot(page, 'product-price-cents-editor-nl');

  await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}/preview`);
  const doc = page.getByTestId('quotation-document');
  await doc.getByTestId('document-total').waitFor();
  const line = doc.getByTestId('document-line').first();
  expect(squash(await line.getByTestId('document-line-price').innerText())).toBe('€ 26,70');
  expect(squash(await line.getByTestId('document-line-total').innerText())).toBe('€ 186,90');
  // no unit price with a third decimal nobody typed, anywhere on the document
  expect(squash(await doc.innerText())).not.toContain('26,705');
  await doc.scrollIntoViewIfNeeded();
  await screenshot(page, 'product-price-cents-document-nl');
  expect(await axeViolations(page)).toEqual([]);
  expect(desk.app.errors).toEqual([]);
}, 90_000);
