// Amounts as a Dutch person types them: "1.350" in a price is thirteen
// hundred and fifty, shown as 1.350,00 at once, on the line and on the
// document; text that is no number stays in the field with the problem
// beside it, and counts for nothing; and a new line comes with a tax rate.
import { describe, expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot } from './support';

// no quotations yet: an account whose lines use no rate, so a new line takes 21
const desk = appForFile({ language: 'nl', quotations: 0 });
let quotationId = '';

const base = () => desk.app.host.url.split('#')[0];
/** Normal spaces for the no-break spaces Intl puts in money ("€ 1.350,00"). */
const squash = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').trim();
const lineOf = async (n: number) => (await bridge(desk.page, 'quotations.get', { id: quotationId })).lines[n]!;

describe('numbers in Dutch', () => {
  it('reads "1.350" in a price as 1.350,00, on the line and on the document', async () => {
    const client = (await bridge(desk.page, 'clients.list', {})).items[0]!;
    const q = await bridge(desk.page, 'quotations.create', { clientId: client.id });
    quotationId = q.id;
    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    await desk.page.getByRole('button', { name: 'Regel toevoegen', exact: true }).waitFor();
    await desk.page.getByRole('button', { name: 'Regel toevoegen', exact: true }).click();
    const row = desk.page.locator('.lines-body .line').first();
    await row.locator('[data-col="description"]').waitFor();
    // a new line comes with a tax rate: 21 for an account whose lines use none yet
    await expect.poll(() => row.locator('[data-col="tax_rate"]').inputValue()).toBe('21');
    expect((await lineOf(0)).tax_rate).toBe(21);
    await row.locator('[data-col="description"]').fill('Montage keuken');

    const price = row.locator('[data-col="price"]');
    await price.click();
    await desk.page.keyboard.type('1.350');
    await desk.page.keyboard.press('Tab');
    expect(await price.inputValue()).toBe('1.350,00');
    await expect.poll(async () => squash(await row.getByTestId('line-total').innerText())).toBe('€ 1.350,00');
    // "1.350" is 1.35 in English: the cell says how it was read
    const note = row.getByTestId('read-as');
    expect(await note.innerText()).toBe('Gelezen als 1.350');
    expect((await price.getAttribute('aria-describedby'))?.split(' ')).toContain(await note.getAttribute('id'));
    await expect.poll(async () => (await lineOf(0)).price).toBe(1350);

    await desk.page.getByRole('button', { name: 'Toon het document terwijl je typt' }).click();
    const docLine = desk.page.getByTestId('quotation-document').getByTestId('document-line').first();
    await expect.poll(async () => squash(await docLine.innerText())).toContain('€ 1.350,00');
    expect(squash(await docLine.getByTestId('document-line-total').innerText())).toBe('€ 1.350,00');
    await docLine.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'amounts-document-nl');

    await row.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'amounts-price-read-nl');
    expect(await axeViolations(desk.page)).toEqual([]);
  }, 60_000);

  it('keeps text that is no number in the field, with the problem beside it', async () => {
    const row = desk.page.locator('.lines-body .line').first();
    const quantity = row.locator('[data-col="amount"]');
    await quantity.fill('1,2,3');
    await desk.page.keyboard.press('Tab');
    expect(await quantity.inputValue()).toBe('1,2,3');
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    const problemId = await quantity.getAttribute('aria-describedby');
    expect(await desk.page.locator(`[id="${problemId}"]`).innerText()).toBe('‘1,2,3’ is geen getal.');
    // the line holds the text, not a number made of it nor the one it had: marked, it counts for nothing
    await expect.poll(async () => (await lineOf(0)).typed).toEqual({ amount: '1,2,3' });
    expect((await lineOf(0)).amount).toBeUndefined();
    await row.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'amounts-unreadable-nl');
    expect(await axeViolations(desk.page)).toEqual([]);

    await quantity.fill('2,5');
    await desk.page.keyboard.press('Tab');
    expect(await quantity.inputValue()).toBe('2,5');
    expect(await quantity.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(async () => (await lineOf(0)).amount).toBe(2.5);
  }, 60_000);

  it('reads the quotation discount the same way, and says how', async () => {
    await desk.page.getByLabel('Soort korting').selectOption('amount');
    const discount = desk.page.locator('#q-discount');
    await discount.fill('1.350');
    await discount.press('Tab');
    expect(await discount.inputValue()).toBe('1.350');
    expect(await desk.page.getByTestId('read-as').filter({ hasText: 'Gelezen als 1.350' }).count()).toBeGreaterThan(0);
    await expect.poll(async () => (await bridge(desk.page, 'quotations.get', { id: quotationId })).discount).toBe(1350);
    await discount.fill('abc');
    await discount.press('Tab');
    expect(await discount.inputValue()).toBe('abc');
    expect(await discount.getAttribute('aria-invalid')).toBe('true');
    await desk.page.locator('#q-discount-p').filter({ hasText: '‘abc’ is geen getal.' }).waitFor();
    await expect.poll(async () => (await bridge(desk.page, 'quotations.get', { id: quotationId })).typed).toEqual({ discount: 'abc' });
    await discount.fill('');
    expect(desk.app.errors).toEqual([]);
  }, 60_000);

  it("reads the settings' number fields as Dutch too, and keeps text that is no number with the problem beside it", async () => {
    await desk.page.goto(`${base()}#/settings`);
    // a technical setting: under Geavanceerd, closed until opened
    await desk.page.getByText('Geavanceerd', { exact: true }).click();
    const wait = desk.page.getByLabel('Langste wachttijd op één antwoord van de service (seconden)');
    await wait.fill('abc');
    await wait.press('Tab');
    expect(await wait.inputValue()).toBe('abc');
    expect(await wait.getAttribute('aria-invalid')).toBe('true');
    await desk.page.locator('#s-answer-wait-p').filter({ hasText: 'Moet een geheel getal zijn.' }).waitFor();
    await wait.fill('90');
    await wait.press('Tab');
    await expect.poll(async () => (await bridge(desk.page, 'settings.get', {})).answerWaitSeconds).toBe(90);
    expect(await wait.getAttribute('aria-invalid')).toBeNull();

    // a thousand, written the Dutch way, is a next number like any other
    const next = desk.page.getByTestId('numbering-settings').getByLabel('Volgend nummer', { exact: true });
    await next.fill('1.000');
    await desk.page.getByTestId('numbering-example').filter({ hasText: '1000' }).waitFor();
    expect(await desk.page.getByTestId('numbering-next-problem').count()).toBe(0);
    await next.fill('1,5');
    await desk.page.getByTestId('numbering-next-problem').waitFor();
    expect(desk.app.errors).toEqual([]);
  }, 60_000);

  it('marks a line whose rate was cleared, refuses to send it naming the line, and keeps a 0 typed', async () => {
    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(quotationId)}`);
    const row = desk.page.locator('.lines-body .line').first();
    const tax = row.locator('[data-col="tax_rate"]');
    await tax.fill('');
    await tax.press('Tab');
    const marker = row.getByTestId('rate-needed');
    await marker.waitFor();
    expect(await marker.innerText()).toContain('Tarief nodig');
    expect(await tax.getAttribute('aria-invalid')).toBe('true');
    expect(await tax.getAttribute('aria-describedby')).toBe(await marker.getAttribute('id'));
    await expect.poll(async () => (await lineOf(0)).tax_rate).toBeUndefined();

    await desk.page.keyboard.press('Control+Enter');
    const dialog = desk.page.getByRole('dialog', { name: 'Offerte versturen' });
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    const refusal = desk.page.locator('.error-note').filter({ hasText: 'Regel 1' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Btw %');
    expect((await bridge(desk.page, 'quotations.get', { id: quotationId })).sent).toBe(false);
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'amounts-send-refused-nl');
    await row.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'amounts-rate-needed-nl');
    expect(await axeViolations(desk.page)).toEqual([]);

    // 0 is a rate the person chooses: it is kept, and the line is no longer marked
    await tax.fill('0');
    await tax.press('Tab');
    expect(await tax.inputValue()).toBe('0');
    expect(await row.getByTestId('rate-needed').count()).toBe(0);
    await expect.poll(async () => (await lineOf(0)).tax_rate).toBe(0);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
