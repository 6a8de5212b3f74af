// The shortcut sheet (F1, "?" outside a text field, the side menu's button)
// in English and Dutch, a dialog like the others; and Tab along the lines:
// from a line's last field to the next line's first, its buttons reached by
// Alt+A and the arrow keys instead (docs/keyboard.md).
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { axeViolations, bridge, appForFile, screenshot } from './support';

const desk = appForFile({ language: 'en' });

const base = () => desk.app.host.url.split('#')[0];
const hasFocus = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);

/** The focused element's cell (data-col) or row button (data-row-control), and the line it is in. */
function focused(): Promise<{ col: string; control: string; line: number; label: string }> {
  return desk.page.evaluate(() => {
    const el = (
      globalThis as unknown as {
        document: {
          activeElement: null | {
            getAttribute(n: string): string | null;
            closest(s: string): null | { getAttribute(n: string): string | null };
          };
        };
      }
    ).document.activeElement;
    return {
      col: el?.getAttribute('data-col') ?? '',
      control: el?.getAttribute('data-row-control') ?? '',
      line: Number(el?.closest('.line')?.getAttribute('data-index') ?? -1),
      label: el?.getAttribute('aria-label') ?? '',
    };
  });
}

describe('the shortcut sheet', () => {
  it('opens with "?" outside a text field, lists the shortcuts grouped, and closes with Escape, the focus back', async () => {
    await desk.page.goto(`${base()}#/quotations`);
    const link = desk.page.getByRole('navigation').getByRole('link', { name: 'Clients' });
    await link.focus();
    await desk.page.keyboard.press('?');
    const sheet = desk.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    // no field in it: it opens at its one action
    expect(await hasFocus(sheet.getByRole('button', { name: 'Close' }).last())).toBe(true);
    expect(await sheet.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Anywhere',
      'In a quotation',
      "In a line's field",
      "On a line's buttons",
      'In the lists',
    ]);
    const rowAction = sheet.getByRole('row').filter({ hasText: "To the line's buttons" });
    expect((await rowAction.getByRole('rowheader').innerText()).replace(/\s+/g, '')).toBe('Alt+A');
    expect(await sheet.getByRole('row').filter({ hasText: 'New quotation' }).getByRole('rowheader').innerText()).toContain('Alt');
    await screenshot(desk.page, 'shortcut-sheet-en');
    expect(await axeViolations(desk.page)).toEqual([]);
    await desk.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(link)).toBe(true);
  });

  it('does not open on "?" typed in a text field, but does on F1 there', async () => {
    const search = desk.page.getByRole('searchbox').first();
    await search.click();
    await desk.page.keyboard.type('?');
    expect(await search.inputValue()).toBe('?');
    expect(await desk.page.getByRole('dialog').count()).toBe(0);
    await desk.page.keyboard.press('F1');
    const sheet = desk.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    await desk.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(search)).toBe(true);
    await search.fill('');
  });

  it('in Dutch: opens with F1 and from the side menu, and gives the focus back', async () => {
    await bridge(desk.page, 'settings.set', { language: 'nl' });
    await desk.page.reload();
    await desk.page.getByRole('heading', { name: 'Offertes', level: 1 }).waitFor();
    const link = desk.page.getByRole('navigation').getByRole('link', { name: 'Klanten' });
    await link.focus();
    await desk.page.keyboard.press('F1');
    const sheet = desk.page.getByRole('dialog', { name: 'Sneltoetsen' });
    await sheet.waitFor();
    expect(await sheet.getByRole('heading', { level: 3 }).first().innerText()).toBe('Overal');
    expect(await sheet.getByRole('row').filter({ hasText: 'Naar de knoppen van de regel' }).count()).toBe(1);
    expect(await hasFocus(sheet.getByRole('button', { name: 'Sluiten' }).last())).toBe(true);
    await screenshot(desk.page, 'shortcut-sheet-nl');
    expect(await axeViolations(desk.page)).toEqual([]);
    await desk.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(link)).toBe(true);

    // the side menu's button, for whoever does not know the key
    const open = desk.page.getByRole('button', { name: 'Sneltoetsen' });
    await open.click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Sluiten' }).last().click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(open)).toBe(true);
    await bridge(desk.page, 'settings.set', { language: 'en' });
    await desk.page.reload();
  });
});

describe('Tab along the lines', () => {
  it("goes from a line's last field to the next line's first; the buttons are reached by Alt+A and the arrows", async () => {
    const client = (await bridge(desk.page, 'clients.list', {})).items[0]!;
    const q = await bridge(desk.page, 'quotations.create', { clientId: client.id });
    for (const description of ['Eerste', 'Tweede', 'Derde']) {
      const line = await bridge(desk.page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: '' } });
      await bridge(desk.page, 'lines.update', { quotationId: q.id, lineId: line.id, patch: { description, price: 10 } });
    }
    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    const rows = desk.page.locator('.lines-body .line');
    await expect.poll(() => rows.count()).toBe(3);

    await rows.nth(0).locator('[data-col="discount_pct"]').click();
    await desk.page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ col: 'amount', line: 1 });
    await desk.page.keyboard.press('Shift+Tab');
    expect(await focused()).toMatchObject({ col: 'discount_pct', line: 0 });
    await desk.page.keyboard.press('Tab');

    // Alt+A: the line's buttons, starting at its first that does something
    await desk.page.keyboard.press('Alt+A');
    expect(await focused()).toMatchObject({ control: 'up', line: 1 });
    await desk.page.keyboard.press('ArrowRight');
    expect(await focused()).toMatchObject({ control: 'down', line: 1 });
    await desk.page.keyboard.press('End');
    expect(await focused()).toMatchObject({ control: 'remove', line: 1 });
    await desk.page.keyboard.press('ArrowLeft');
    expect(await focused()).toMatchObject({ control: 'duplicate', line: 1 });
    await desk.page.keyboard.press('ArrowDown');
    expect(await focused()).toMatchObject({ control: 'duplicate', line: 2 });
    await desk.page.keyboard.press('ArrowUp');
    await screenshot(desk.page, 'lines-row-buttons');
    expect(await axeViolations(desk.page)).toEqual([]);
    // the selection box is before the buttons
    await desk.page.keyboard.press('Home');
    expect(await focused()).toMatchObject({ control: 'select', line: 1 });
    await desk.page.keyboard.press('Space');
    await expect.poll(() => rows.nth(1).locator('[data-row-control="select"]').isChecked()).toBe(true);
    // a button works from the keyboard: Move down, and the focus stays on it
    await desk.page.keyboard.press('ArrowRight');
    await desk.page.keyboard.press('ArrowRight');
    expect(await focused()).toMatchObject({ control: 'down', line: 1 });
    await desk.page.keyboard.press('Enter');
    await expect
      .poll(async () => (await bridge(desk.page, 'quotations.get', { id: q.id })).lines.map((l) => l.description))
      .toEqual(['Eerste', 'Derde', 'Tweede']);
    await expect.poll(focused).toMatchObject({ control: 'down', line: 2 });
    // Esc: back to a field of the line
    await desk.page.keyboard.press('Escape');
    expect(await focused()).toMatchObject({ col: 'amount', line: 2 });
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
