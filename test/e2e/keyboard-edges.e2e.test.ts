// The keyboard's rough edges on the way through a quotation, in Dutch: the
// client list does not open again when the focus comes back to it (after the
// shortcut sheet, after a new client), a client's name and place are two
// parts of what is read out, Arrow down goes from the list's search to its
// first row, and back from a quotation the focus is on its row.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { appForFile, bridge, screenshot } from './support';

const desk = appForFile({ language: 'nl', quotations: 6 });
const home = () => desk.app.host.url.split('#')[0]!;
const hasFocus = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);
/** what a late search answer would open: given its time, the list must stay shut */
const settle = () => desk.page.waitForTimeout(600);

async function openQuotation(id: string): Promise<Locator> {
  await desk.page.goto(`${home()}#/quotations/${encodeURIComponent(id)}`);
  const box = desk.page.getByRole('combobox', { name: 'Klant' });
  await box.waitFor();
  return box;
}

describe('het toetsenbord op weg door een offerte', () => {
  it('de klantenlijst gaat niet weer open als de focus terugkomt na Esc op de sneltoetsen', async () => {
    const { page } = desk;
    const client = (await bridge(page, 'clients.list', {})).items.find((c) => c.clientnr !== null)!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    const box = await openQuotation(q.id);
    await expect.poll(() => box.inputValue()).not.toBe('');
    await box.focus();
    await page.keyboard.press('F1');
    const sheet = page.getByRole('dialog', { name: 'Sneltoetsen' });
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(box)).toBe(true);
    await settle();
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox', { name: 'Klant' }).isVisible()).toBe(false);
    // Arrow down still opens it, on purpose
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox', { name: 'Klant' }).waitFor();
    await page.keyboard.press('Escape');
  }, 30_000);

  it('na Alt+K en een nieuwe klant staat de klant erin en blijft de lijst dicht', async () => {
    const { page } = desk;
    const q = await bridge(page, 'quotations.create', {});
    const box = await openQuotation(q.id);
    await expect.poll(() => hasFocus(box)).toBe(true);
    await page.keyboard.press('Alt+K');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await dialog.waitFor();
    await page.keyboard.type('Schilderwerken Jansen');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => box.inputValue()).toBe('Schilderwerken Jansen');
    await expect.poll(() => hasFocus(box)).toBe(true);
    await settle();
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox', { name: 'Klant' }).isVisible()).toBe(false);
    // Tab goes on to the reference, with nothing over it
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => hasFocus(page.getByLabel('Referentieregel 1'))).toBe(true);
  }, 30_000);

  it('in de keuzelijst staan naam en plaats los van elkaar, ook voor wie hem voorgelezen krijgt', async () => {
    const { page } = desk;
    await bridge(page, 'clients.create', {
      fields: { company: '', contact: 'Marieke de Vries', zipcode: '3512 AB', city: 'Utrecht', email: 'marieke@example.nl', country: 146 },
    });
    const q = await bridge(page, 'quotations.create', {});
    const box = await openQuotation(q.id);
    await box.focus();
    await page.keyboard.type('Marieke');
    const option = page.getByRole('option', { name: 'Marieke de Vries, 3512 AB Utrecht · marieke@example.nl' });
    await option.waitFor();
    expect(await option.textContent()).toBe('Marieke de Vries, 3512 AB Utrecht · marieke@example.nl');
    // on screen: the name on its line, the place under it
    expect(await option.innerText()).toMatch(/^Marieke de Vries,?\n3512 AB Utrecht · marieke@example.nl$/);
    await screenshot(page, 'client-picker-name-place-nl');
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('Marieke de Vries');
  }, 30_000);

  it('pijl omlaag in het zoekveld gaat naar de eerste rij', async () => {
    const { page } = desk;
    await page.goto(`${home()}#/quotations`);
    const rows = page.locator('.quotation-list tbody tr.paged-row');
    await rows.nth(2).waitFor();
    const search = page.getByRole('searchbox', { name: 'Offertes zoeken' });
    await search.click();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(rows.nth(0).locator('.row-link'))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(rows.nth(1).locator('.row-link'))).toBe(true);
  }, 30_000);

  it('terug uit een offerte met “← Alle offertes” staat de focus op haar rij', async () => {
    const { page } = desk;
    await page.goto(`${home()}#/quotations`);
    const rows = page.locator('.quotation-list tbody tr.paged-row');
    await rows.nth(3).waitFor();
    // the third row, opened from the keyboard
    await rows.nth(2).locator('.row-link').focus();
    const id = await rows.nth(2).getAttribute('data-quotation-id');
    await page.keyboard.press('Enter');
    const back = page.getByRole('link', { name: '← Alle offertes' });
    await back.waitFor();
    await back.focus();
    await page.keyboard.press('Enter');
    const row = page.locator(`.quotation-list tr[data-quotation-id="${id}"] .row-link`);
    await row.waitFor();
    await expect.poll(() => hasFocus(row)).toBe(true);
    // and on from there, as before
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(rows.nth(3).locator('.row-link'))).toBe(true);
  }, 30_000);
});
