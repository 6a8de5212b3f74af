// A line's description over two lines, in Dutch (docs/keyboard.md, A
// description over several lines; docs/service-api.md, Line breaks in a
// description): typed with Alt+Enter, the field grows with it while Enter
// and the arrows keep going from row to row; the preview and the printed PDF
// show the two lines; the save reaches the sandbox with its "\n", and a pull
// reads it back the same.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot, setCompany } from './support';

const desk = appForFile({ language: 'nl' });

const FIRST = 'Kozijn schilderen per strekkende meter';
const SECOND = 'binnen- en buitenzijde, twee lagen';
const TYPED = `${FIRST}\n${SECOND}`;

const hasFocus = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);
const caret = (l: Locator) => l.evaluate((el) => (el as unknown as { selectionStart: number }).selectionStart);

describe('een omschrijving over twee regels', () => {
  it('groeit in de editor, staat op twee regels in het voorbeeld en de pdf, en gaat met de regelovergang naar de service en terug', async () => {
    const { app, page } = desk;
    await setCompany(page);
    const client = await bridge(page, 'clients.create', {
      fields: { company: 'Familie Smit', address: 'Lange Nieuwstraat 7', zipcode: '3512 PA', city: 'Utrecht' },
    });
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'lines.add', {
      quotationId: q.id,
      line: { description: 'Steiger plaatsen en afbreken', amount: 1, amount_desc: 'post', price: 350, tax_rate: 21 },
    });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 24, amount_desc: 'm¹', price: 17.5, tax_rate: 21 } });
    const base = app.host.url.split('#')[0];
    await page.goto(`${base}#/quotations/${encodeURIComponent(q.id)}`);

    const descriptions = page.getByRole('textbox', { name: 'Omschrijving' });
    const field = descriptions.nth(1);
    await field.click();
    await page.keyboard.type(FIRST);
    const oneLine = (await field.boundingBox())!.height;
    await page.keyboard.press('Alt+Enter');
    await page.keyboard.type(SECOND);
    expect(await field.inputValue()).toBe(TYPED);
    // the field grows with its text: two lines tall, nothing scrolled away
    const twoLines = (await field.boundingBox())!.height;
    expect(twoLines).toBeGreaterThan(oneLine * 1.5);
    expect(await field.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await screenshot(page, 'editor-two-line-description');
    // ↑ goes to the text's first line, and only from there to the line above
    await page.keyboard.press('ArrowUp');
    expect(await hasFocus(field)).toBe(true);
    expect(await caret(field)).toBeLessThanOrEqual(FIRST.length);
    await page.keyboard.press('ArrowUp');
    expect(await hasFocus(descriptions.nth(0))).toBe(true);
    // Enter still goes to the field below
    await page.keyboard.press('Enter');
    expect(await hasFocus(field)).toBe(true);
    expect(await field.inputValue()).toBe(TYPED);
    expect(await axeViolations(page)).toEqual([]);

    // saved, it reaches the service with its line break
    await page.keyboard.press('Control+s');
    const onService = () =>
      app.host
        .sandbox!.data.quotations.all()
        .flatMap((x) => x.lines)
        .find((l) => l.description.startsWith(FIRST));
    await expect.poll(() => onService()?.description, { timeout: 20_000 }).toBe(TYPED);

    // the preview shows it on two lines
    await page.goto(`${base}#/quotations/${encodeURIComponent(q.id)}/preview`);
    const doc = page.getByTestId('quotation-document');
    await doc.getByTestId('document-total').waitFor();
    const cells = doc.locator('.qdoc-desc');
    expect(await cells.nth(1).innerText()).toBe(TYPED);
    const single = (await cells.nth(0).boundingBox())!.height;
    expect((await cells.nth(1).boundingBox())!.height).toBeGreaterThan(single * 1.5);

    // and so does the printed PDF: the second line right under the first, in the description's column
    mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
    const file = join(process.cwd(), 'test-results', 'document-two-line-description.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, join(process.cwd(), 'test-results', 'screenshots', 'document-two-line-description')]);
    const rows = text.split('\n');
    const at = rows.findIndex((r) => r.includes(FIRST));
    expect(at, text).toBeGreaterThanOrEqual(0);
    expect(rows[at]).not.toContain(SECOND);
    expect(rows[at + 1]?.trim(), text).toBe(SECOND);
    expect(rows[at + 1]!.indexOf(SECOND)).toBe(rows[at]!.indexOf(FIRST));

    // a pull reads it back the same: the service changed something else, the description comes back as sent
    const serverId = (await bridge(page, 'quotations.get', { id: q.id })).serverId!;
    app.host.sandbox!.data.quotations.patch(serverId, { paymentcondition: 'Betaling binnen 8 dagen' });
    await bridge(page, 'sync.pullNow', {});
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).paymentcondition, { timeout: 20_000 }).toBe('Betaling binnen 8 dagen');
    const back = await bridge(page, 'quotations.get', { id: q.id });
    expect(back.lines.map((l) => l.description)).toEqual(['Steiger plaatsen en afbreken', TYPED]);
    await page.goto(`${base}#/quotations/${encodeURIComponent(q.id)}`);
    await expect.poll(() => descriptions.nth(1).inputValue()).toBe(TYPED);
    expect(app.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 90_000);
});
