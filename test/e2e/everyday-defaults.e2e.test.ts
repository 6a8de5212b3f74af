// Set up once, never typed twice, in Dutch, through the web host: the
// defaults for new quotations set in Settings (beside what the service fills
// into an empty field), a new quotation that starts with them, a template
// whose own go first, and the lot reaching the sandbox as typed; a product's
// unit set in its form, taken by a line made from it, and the unit fields'
// suggestions (docs/everyday-defaults.md, docs/products.md).
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

const PAYMENT = 'Betaling binnen 14 dagen na oplevering';
const OPENING = 'Hierbij ontvangt u onze offerte voor het schilderwerk.\nPrijzen inclusief materiaal en afdekken.';
const CLOSING = 'Wij hopen u hiermee een passende aanbieding te doen.';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'nl' });
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

function explainFailure(name: string): void {
  onTestFailed(async () => {
    console.error(`page errors: ${app.errors.join('\n')}`);
    await screenshot(page, `failed-${name}-${Date.now()}`).catch(() => undefined);
  });
}

const base = () => app.host.url.split('#')[0];
const descriptions = () => page.getByRole('textbox', { name: 'Omschrijving' });
const texts = async () => Promise.all((await descriptions().all()).map((d) => d.inputValue()));

/** Opens the editor of a new quotation made with Alt+N, as a person would. */
async function newQuotation(): Promise<string> {
  await page.goto(`${base()}#/quotations`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.keyboard.press('Alt+N');
  await page.waitForURL(/#\/quotations\/[^/]+$/);
  await page.getByRole('button', { name: 'Versturen', exact: true }).waitFor();
  const more = page.getByRole('button', { name: 'Meer velden' });
  if ((await more.count()) > 0) await more.click();
  await page.getByRole('textbox', { name: 'Betalingsvoorwaarde' }).waitFor();
  return decodeURIComponent(page.url().split('#/quotations/')[1]!);
}

describe('defaults for new quotations, set once in Settings', () => {
  it('are set in their own section, beside what the service fills into an empty field', async () => {
    explainFailure('defaults-settings');
    await page.goto(`${base()}#/settings`);
    const section = page.getByTestId('quotation-defaults');
    await section.getByRole('heading', { name: 'Standaard voor nieuwe offertes' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Wat de service invult bij een leeg veld' }).isVisible()).toBe(true);
    await section.getByLabel('Betalingsvoorwaarde').fill(PAYMENT);
    await section.getByLabel('Geldigheid (dagen)').fill('30');
    await section.getByLabel('Begintekst').fill(OPENING);
    await section.getByLabel('Slottekst').fill(CLOSING);
    await section.getByRole('button', { name: 'Opslaan' }).click();
    await section.getByTestId('quotation-defaults-saved').waitFor();
    expect(await bridge(page, 'quotationDefaults.get', {})).toEqual({ paymentcondition: PAYMENT, quotationperiod: 30, opening: OPENING, closing: CLOSING });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-defaults-settings');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('a new quotation starts with them; the service hint shows only under a field left empty', async () => {
    explainFailure('defaults-new');
    const id = await newQuotation();
    expect(await page.getByRole('textbox', { name: 'Betalingsvoorwaarde' }).inputValue()).toBe(PAYMENT);
    expect(await page.getByRole('textbox', { name: 'Geldigheid (dagen)' }).inputValue()).toBe('30');
    await expect.poll(texts).toEqual([OPENING, CLOSING]);
    // the fields hold values of their own: nothing is left for the service to fill
    expect(await page.getByTestId('service-fill-paymentcondition').innerText()).toBe('');
    expect(await page.getByTestId('service-fill-quotationperiod').count()).toBe(0);
    expect(await page.getByTestId('due-date').innerText()).toMatch(/^Geldig tot /);

    // a line added at the end goes above the closing text, which stays last
    await page.getByRole('button', { name: 'Regel toevoegen', exact: true }).click();
    await expect.poll(async () => (await texts()).length).toBe(3);
    // the new line's row has the focus, in its quantity
    const quantity = page.getByRole('textbox', { name: 'Aantal' }).first();
    await expect.poll(() => quantity.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
    await descriptions().nth(1).fill('Plafond woonkamer sausen');
    await expect.poll(texts).toEqual([OPENING, 'Plafond woonkamer sausen', CLOSING]);

    // the period emptied: now the service fills it, and the hint says so
    await page.getByRole('textbox', { name: 'Geldigheid (dagen)' }).fill('');
    await page.getByRole('textbox', { name: 'Geldigheid (dagen)' }).blur();
    await expect.poll(() => page.getByTestId('service-fill-quotationperiod').innerText()).toMatch(/service/);
    await page.getByRole('textbox', { name: 'Geldigheid (dagen)' }).fill('30');
    await page.getByRole('textbox', { name: 'Geldigheid (dagen)' }).blur();
    await expect.poll(() => page.getByTestId('service-fill-quotationperiod').count()).toBe(0);
    await screenshot(page, 'everyday-defaults-new-quotation');

    // for a client, saved: it reaches the service as typed, the texts as text-only lines
    const picker = page.getByRole('combobox', { name: 'Klant' });
    const [client] = (await bridge(page, 'clients.list', {})).items;
    const name = client!.company || client!.contact;
    await picker.fill(name);
    await page.getByRole('option').filter({ hasText: name }).first().click();
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id })).client?.id).toBe(client!.id);
    await page.getByRole('button', { name: 'Opslaan op de service' }).click();
    await expect
      .poll(() => app.host.sandbox!.data.quotations.all().find((q) => q.lines.some((l) => l.description === 'Plafond woonkamer sausen'))?.lines.length, {
        timeout: 20_000,
      })
      .toBe(3);
    const saved = app.host.sandbox!.data.quotations.all().find((q) => q.lines.some((l) => l.description === 'Plafond woonkamer sausen'))!;
    expect(saved.paymentcondition).toBe(PAYMENT);
    expect(saved.quotationperiod).toBe(30);
    expect(saved.lines.map((l) => l.description)).toEqual([OPENING, 'Plafond woonkamer sausen', CLOSING]);
    expect(saved.lines[0]).toEqual({ description: OPENING });
  }, 90_000);

  it("a template's own payment condition, validity and opening go first", async () => {
    explainFailure('defaults-template');
    const q = await bridge(page, 'quotations.create', {});
    await bridge(page, 'quotations.update', { id: q.id, patch: { paymentcondition: 'Betaling vooraf', quotationperiod: 7 } });
    await bridge(page, 'lines.update', { quotationId: q.id, lineId: q.lines[0]!.id, patch: { description: 'Beste buren van de VvE,' } });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, amount_desc: 'post', description: 'Trappenhuis schilderen', price: 950 } });
    await bridge(page, 'templates.create', { quotationId: q.id, name: 'VvE trappenhuis', withHeader: true });
    await page.goto(`${base()}#/templates`);
    const row = page.getByRole('row').filter({ hasText: 'VvE trappenhuis' });
    await row.getByRole('button', { name: 'Nieuwe offerte met dit sjabloon' }).click();
    await page.waitForURL(/#\/quotations\/[^/]+$/);
    await page.getByRole('button', { name: 'Versturen', exact: true }).waitFor();
    const more = page.getByRole('button', { name: 'Meer velden' });
    if ((await more.count()) > 0) await more.click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Betalingsvoorwaarde' }).inputValue()).toBe('Betaling vooraf');
    expect(await page.getByRole('textbox', { name: 'Geldigheid (dagen)' }).inputValue()).toBe('7');
    // its own opening; the account's closing, which the template says nothing of
    await expect.poll(texts).toEqual(['Beste buren van de VvE,', 'Trappenhuis schilderen', CLOSING]);
  }, 60_000);
});

describe("a product's unit", () => {
  it('is set in the product form, with the units used before and the usual ones offered', async () => {
    explainFailure('product-unit');
    await page.goto(`${base()}#/products/new`);
    await page.getByRole('textbox', { name: 'Code' }).fill('MUUR-WIT');
    await page.getByRole('textbox', { name: 'Naam' }).fill('Muurverf wit, 2 lagen');
    await page.getByRole('textbox', { name: 'Prijs excl. btw' }).fill('12,50');
    const unit = page.getByRole('combobox', { name: 'Eenheid' });
    // a text field with suggestions: the datalist it names holds the units used before and the usual ones
    expect(await unit.getAttribute('list')).toBe('pf-units');
    await expect
      .poll(() => page.locator('#pf-units option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))))
      .toEqual(expect.arrayContaining(['post', 'm2', 'm1', 'uur', 'stuk', 'liter', 'keer']));
    // "post" was used on a line above: it comes before the usual ones
    const offered = await page.locator('#pf-units option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    expect(offered[0]).toBe('post');
    await unit.fill('m2');
    await page.getByText('Een regel met dit product krijgt deze eenheid').waitFor();
    await screenshot(page, 'everyday-defaults-product-unit');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Product aanmaken' }).click();
    await expect.poll(async () => (await bridge(page, 'products.search', { query: 'MUUR-WIT' })).length).toBe(1);
    const [made] = await bridge(page, 'products.search', { query: 'MUUR-WIT' });
    expect((await bridge(page, 'products.get', { id: made!.localId })).unit).toBe('m2');
  }, 60_000);

  it('goes onto a line made from the product, and the unit cell offers the units', async () => {
    explainFailure('product-unit-line');
    const id = await newQuotation();
    const picker = page.getByRole('combobox', { name: 'Product toevoegen' });
    await picker.click();
    await page.keyboard.type('MUUR-WIT');
    await page
      .getByRole('option', { name: /Muurverf wit/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await bridge(page, 'quotations.get', { id })).lines.find((l) => l.description === 'Muurverf wit, 2 lagen')?.amount_desc)
      .toBe('m2');
    // a text line has no unit cell: the product's line holds the one
    const units = page.getByRole('combobox', { name: 'Eenheid' });
    // the opening, the product's line, the closing: the product went above the closing
    await expect.poll(texts).toEqual([OPENING, 'Muurverf wit, 2 lagen', CLOSING]);
    await expect.poll(() => units.first().inputValue()).toBe('m2');
    expect(await units.first().getAttribute('list')).toBe('line-units');
    const offered = await page.locator('#line-units option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    expect(offered.slice(0, 2).sort()).toEqual(['m2', 'post']);
    expect(offered).toEqual(expect.arrayContaining(['m1', 'uur', 'stuk', 'liter', 'keer']));
    // typing in the unit cell shows the suggestions that match
    await units.first().fill('');
    await units.first().click();
    await page.keyboard.type('m');
    await screenshot(page, 'everyday-defaults-unit-suggestions');
  }, 60_000);
});
