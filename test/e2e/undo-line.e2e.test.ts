// A line removed by mistake comes back: Ctrl+Z or the notice's "Ongedaan
// maken" puts it back where it stood, with its values and its id, one removal
// at a time, and the draft is saved with it as after any edit. In a field
// being typed in, Ctrl+Z stays the field's own text undo (docs/keyboard.md, Undo).
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { appForFile, axeViolations, bridge, screenshot } from './support';

const desk = appForFile({ language: 'nl' });

const LINES = [
  { description: 'Woonkamer' },
  { description: 'Kozijnen schuren en grondverven', amount: 14, amount_desc: 'm¹', price: 18.5, tax_rate: 21 },
  { description: 'Kozijnen aflakken, zijdeglans', amount: 14, amount_desc: 'm¹', price: 16.75, tax_rate: 21 },
  { description: 'Plafond sausen, twee lagen latex', amount: 32, amount_desc: 'm²', price: 9.8, tax_rate: 9 },
  { description: 'Wanden sausen in RAL 9010', amount: 58, amount_desc: 'm²', price: 8.9, tax_rate: 9 },
  { description: 'Voorrijkosten', amount: 5, amount_desc: 'dag', price: 15, tax_rate: 21 },
];
const TEXTS = LINES.map((l) => l.description);

const hasFocus = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);

async function painterQuotation(): Promise<{ id: string; lineIds: string[] }> {
  const { app, page } = desk;
  const client = (await bridge(page, 'clients.list', {})).items.find((c) => c.clientnr !== null)!;
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  for (const line of LINES) await bridge(page, 'lines.add', { quotationId: q.id, line });
  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
  await page
    .locator('.lines-body .line')
    .nth(LINES.length - 1)
    .waitFor();
  return { id: q.id, lineIds: (await bridge(page, 'quotations.get', { id: q.id })).lines.map((l) => l.id) };
}

const descriptions = () => desk.page.locator('.lines-body .line [data-col="description"]');
const shownTexts = () => descriptions().evaluateAll((els) => els.map((el) => (el as unknown as { value: string }).value));
const rowIds = () => desk.page.locator('.lines-body .line').evaluateAll((els) => els.map((el) => el.getAttribute('data-line-id')));
const storedTexts = async (id: string) => (await bridge(desk.page, 'quotations.get', { id })).lines.map((l) => l.description);

describe('een verwijderde regel terugzetten', () => {
  it('Ctrl+Z zet de regels een voor een terug op hun plaats, met hun waarden en id, en ze gaan mee bij opslaan', async () => {
    const { app, page } = desk;
    const { id, lineIds } = await painterQuotation();
    const notice = page.getByTestId('undo-notice');

    // Alt+Delete on the third line: it goes, the focus goes to the line taking its place
    await descriptions().nth(2).click();
    await page.keyboard.press('Alt+Delete');
    await expect.poll(shownTexts).toEqual(TEXTS.filter((_, i) => i !== 2));
    await expect.poll(() => hasFocus(descriptions().nth(2))).toBe(true);
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/Regel verwijderd\s*·\s*Ongedaan maken/);
    expect(await page.getByTestId('undo-notice-region').getAttribute('aria-live')).toBe('polite');
    await screenshot(page, 'undo-notice-nl');
    expect(await axeViolations(page)).toEqual([]);

    // a second one, from the line that took its place
    await page.keyboard.press('Alt+Delete');
    await expect.poll(shownTexts).toEqual(TEXTS.filter((_, i) => i !== 2 && i !== 3));
    await expect.poll(() => storedTexts(id)).toEqual(TEXTS.filter((_, i) => i !== 2 && i !== 3));

    // the focus is in a cell nobody typed in: Ctrl+Z is the lines' undo, the last removal first
    await page.keyboard.press('Control+z');
    await expect.poll(shownTexts).toEqual(TEXTS.filter((_, i) => i !== 2));
    await expect.poll(() => hasFocus(descriptions().nth(2))).toBe(true);
    expect(await descriptions().nth(2).inputValue()).toBe(TEXTS[3]);
    await page.keyboard.press('Control+z');
    await expect.poll(shownTexts).toEqual(TEXTS);
    await expect.poll(() => hasFocus(descriptions().nth(2))).toBe(true);
    // the same lines, by their own ids, with all their values
    expect(await rowIds()).toEqual(lineIds);
    await expect.poll(() => storedTexts(id)).toEqual(TEXTS);
    const stored = (await bridge(page, 'quotations.get', { id })).lines;
    expect(stored.map((l) => l.id)).toEqual(lineIds);
    expect(stored[2]).toMatchObject(LINES[2]!);
    expect(stored[3]).toMatchObject(LINES[3]!);
    // nothing more to put back: the notice is gone, and the screen reader heard it
    await notice.waitFor({ state: 'detached' });
    expect(await page.getByTestId('undo-notice-region').innerText()).toContain('Regel 3 is teruggezet.');
    await page.keyboard.press('Control+z');
    expect(await shownTexts()).toEqual(TEXTS);

    // saved as any edit: Ctrl+S takes the lines to the service as they were
    await page.keyboard.press('Control+s');
    const onService = () =>
      app.host
        .sandbox!.data.quotations.all()
        .find((x) => x.lines.some((l) => l.description === TEXTS[1]) && x.lines.length === LINES.length)
        ?.lines.map((l) => l.description);
    await expect.poll(onService, { timeout: 20_000 }).toEqual(TEXTS);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('"Ongedaan maken" in de melding doet hetzelfde met de muis; de melding gaat met de volgende wijziging of na een paar seconden', async () => {
    const { page } = desk;
    const { id } = await painterQuotation();
    const notice = page.getByTestId('undo-notice');
    const row = (i: number) => page.locator('.lines-body .line').nth(i);

    // the row's own Remove button, then the notice's Undo
    await row(4).hover();
    await row(4).locator('[data-row-control="remove"]').click();
    await expect.poll(shownTexts).toEqual(TEXTS.filter((_, i) => i !== 4));
    await notice.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect.poll(shownTexts).toEqual(TEXTS);
    await expect.poll(() => storedTexts(id)).toEqual(TEXTS);
    await notice.waitFor({ state: 'detached' });

    // the next edit ends it: typing in a field, and Ctrl+Z there undoes the typing, not the removal
    await descriptions().nth(1).click();
    await page.keyboard.press('Alt+Delete');
    await notice.waitFor();
    const field = descriptions().nth(3);
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' extra');
    await notice.waitFor({ state: 'detached' });
    // the browser takes typing back a word at a time
    for (let i = 0; i < 3 && (await field.inputValue()) !== TEXTS[4]; i++) await page.keyboard.press('Control+z');
    expect(await field.inputValue()).toBe(TEXTS[4]);
    expect(await shownTexts()).toEqual(TEXTS.filter((_, i) => i !== 1));

    // left alone, the notice goes by itself
    await descriptions().nth(1).click();
    await page.keyboard.press('Alt+Delete');
    await notice.waitFor();
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
  }, 60_000);
});
