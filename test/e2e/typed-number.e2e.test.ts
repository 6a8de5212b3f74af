// A field marked invalid is never used, in Dutch: "€ 385,-" in a price is
// 385, counted and saved as such; "12x" is marked, counts for nothing in
// the totals, and Ctrl+S and sending are refused, naming the line and what
// was typed, which stays in the field; the service never gets 12.
import { describe, expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot } from './support';

const desk = appForFile({ language: 'nl', quotations: 0 });
const base = () => desk.app.host.url.split('#')[0];
/** Normal spaces for the no-break spaces Intl puts in money ("€ 385,00"). */
const squash = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').trim();

let quotationId = '';
const sandbox = () => desk.app.host.sandbox!;
const view = () => bridge(desk.page, 'quotations.get', { id: quotationId });
const priceCell = () => desk.page.locator('.lines-body .line').nth(1).locator('[data-col="price"]');
const total = () => desk.page.locator('.editor-bottom .totals').getByTestId('total');

/** The prices of the lines of every quotation the service holds. */
function pricesSent(): unknown[] {
  return sandbox()
    .data.quotations.all()
    .flatMap((q) => (q.lines ?? []).map((l) => ('price' in l ? l.price : undefined)));
}

/** Types into a cell as a person does, key by key, over what it holds. */
async function typeInto(cell: ReturnType<typeof priceCell>, text: string): Promise<void> {
  await cell.click();
  await desk.page.keyboard.press('Control+A');
  await desk.page.keyboard.type(text);
  await desk.page.keyboard.press('Tab');
}

describe('a number typed the way a Dutch painter writes it', () => {
  it('reads "€ 385,-" as 385: not marked, counted, and saved to the service as 385', async () => {
    const client = (await bridge(desk.page, 'clients.list', {})).items[0]!;
    const q = await bridge(desk.page, 'quotations.create', { clientId: client.id });
    quotationId = q.id;
    await bridge(desk.page, 'lines.add', { quotationId, line: { amount: 1, description: 'Voorrijkosten', price: 45, tax_rate: 21 } });
    await bridge(desk.page, 'lines.add', { quotationId, line: { amount: 1, description: 'Schilderwerk kozijnen', tax_rate: 21 } });
    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(quotationId)}`);
    await priceCell().waitFor();

    await typeInto(priceCell(), '€ 385,-');
    expect(await priceCell().inputValue()).toBe('385,00');
    expect(await priceCell().getAttribute('aria-invalid')).toBeNull();
    expect(await desk.page.locator('.lines-body .cell-problem').count()).toBe(0);
    const row = desk.page.locator('.lines-body .line').nth(1);
    await expect.poll(async () => squash(await row.getByTestId('line-total').innerText())).toBe('€ 385,00');
    // (45 + 385) × 1,21
    await expect.poll(async () => squash(await total().innerText())).toBe('€ 520,30');

    await desk.page.keyboard.press('Control+s');
    await expect.poll(async () => (await view()).serverId).not.toBeNull();
    const saved = sandbox().data.quotations.get((await view()).serverId!)!;
    expect(saved.lines.map((l) => ('price' in l ? l.price : undefined))).toEqual([45, 385]);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);

  it('marks "12x", counts nothing for it, and refuses Ctrl+S and sending, naming the field; the service never gets 12', async () => {
    const writesBefore = sandbox()
      .requests()
      .filter((r) => r.method !== 'GET').length;
    await typeInto(priceCell(), '12x');
    // counted as nothing: the total is the first line's alone, 45 × 1,21 (with 12 it would be € 68,97)
    await expect.poll(async () => squash(await total().innerText())).toBe('€ 54,45');
    // the text stays as typed, marked, with what is wrong beside it
    expect(await priceCell().inputValue()).toBe('12x');
    expect(await priceCell().getAttribute('aria-invalid')).toBe('true');
    const problem = desk.page.locator(`[id="${await priceCell().getAttribute('aria-describedby')}"]`);
    expect(await problem.innerText()).toBe('‘12x’ is geen getal.');
    await expect.poll(async () => (await view()).lines[1]!.typed).toEqual({ price: '12x' });
    expect((await view()).lines[1]!.price).toBeUndefined();

    await desk.page.keyboard.press('Control+s');
    const refusal = desk.page.locator('.error-note').filter({ hasText: '12x' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('Regel 2, Prijs: ‘12x’ is geen getal. Verbeter het en sla opnieuw op.');
    expect(await priceCell().inputValue()).toBe('12x');

    await desk.page.keyboard.press('Control+Enter');
    const dialog = desk.page.getByRole('dialog', { name: 'Offerte versturen' });
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    const sendRefusal = desk.page.locator('.error-note').filter({ hasText: 'verstuur opnieuw' });
    await sendRefusal.waitFor();
    expect(await sendRefusal.innerText()).toBe('Regel 2, Prijs: ‘12x’ is geen getal. Verbeter het en verstuur opnieuw.');
    await sendRefusal.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'typed-number-refused-nl');
    await total().scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'typed-number-total-nl');
    expect(await axeViolations(desk.page)).toEqual([]);

    // and leaving, which sends the draft's save by itself, sends nothing either: the save waits for the price
    await desk.page.goto(`${base()}#/quotations`);
    // the save went to the push, which parked it without a request, naming the field
    await expect.poll(async () => (await view()).fieldErrors, { timeout: 15_000 }).toEqual([{ field: 'lines.1.price', message: 'is not a number: 12x' }]);
    const v = await view();
    expect(v.sent).toBe(false);
    expect(v.typed ?? {}).toEqual({});
    expect(v.lines[1]!.typed).toEqual({ price: '12x' });
    expect(pricesSent()).not.toContain(12);
    expect(pricesSent()).toContain(385);
    const writes = sandbox()
      .requests()
      .filter((r) => r.method !== 'GET');
    expect(writes.slice(writesBefore)).toEqual([]);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
