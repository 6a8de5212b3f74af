// Templates in Chromium: lines of a quotation selected with their boxes (by
// mouse and keyboard) and kept as a template; the Templates screen searches,
// starts a quotation from it, renames and deletes it; the editor inserts a
// template after the selected line of another quotation, offline too. In
// English and Dutch, with screenshots and an axe scan of each new screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { goOffline } from './support-sync';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const base = () => app.host.url.split('#')[0]!;

async function openQuotation(id: string): Promise<void> {
  await page.goto(`${base()}#/quotations/${encodeURIComponent(id)}`);
  await page.getByTestId('save-as-template').waitFor();
}

/** A draft for the first client with a heading, three priced lines and a closing note. */
async function draft(): Promise<{ id: string; client: string }> {
  const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  await bridge(page, 'quotations.update', {
    id: q.id,
    patch: { reference: { line1: 'Website onderhoud' }, paymentcondition: 'Binnen 14 dagen', quotationperiod: 30 },
  });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { description: 'Crème de la crème: onderhoud' } });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 12, amount_desc: 'maand', description: 'Hosting', price: 12.345, tax_rate: 21 } });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: 'Eenmalige installatie', price: 150, tax_rate: 21 } });
  await bridge(page, 'lines.add', {
    quotationId: q.id,
    line: { amount: 3, amount_desc: 'uur', description: 'Updates', price: 0.125, tax_rate: 21, discount_pct: 10 },
  });
  return { id: q.id, client: client.company || client.contact };
}

const descriptions = async (id: string) => (await bridge(page, 'quotations.get', { id })).lines.map((l) => l.description);
let templateName = 'Maandelijks onderhoud';

describe('templates', () => {
  it('keeps the selected lines of a quotation as a template, the name checked beside its field', async () => {
    const { id } = await draft();
    // a template of that name in another case exists already
    await bridge(page, 'templates.create', { quotationId: id, name: 'MAANDELIJKS ONDERHOUD', withHeader: false });
    await openQuotation(id);

    // select lines with the boxes: a click, and the keyboard (Tab to the box, Space)
    await page.getByRole('checkbox', { name: 'Select line 1' }).click();
    await page.getByRole('checkbox', { name: 'Select line 2' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Select line 4' }).check();
    expect(await page.getByTestId('selected-count').innerText()).toBe('3 selected');
    expect(await page.getByRole('checkbox', { name: 'Select all lines' }).evaluate((el) => (el as unknown as { indeterminate: boolean }).indeterminate)).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Save as template…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as template' });
    // the first reference line is offered as the name
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Website onderhoud');
    expect(await dialog.getByRole('radio', { name: 'The selected lines (3 lines)' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /Also keep the payment condition/ }).isChecked()).toBe(false);
    await dialog.getByLabel('Name').fill('Maandelijks onderhoud');
    await dialog.getByTestId('template-name-problem').waitFor();
    expect(await dialog.getByTestId('template-name-problem').innerText()).toBe(
      '“MAANDELIJKS ONDERHOUD” is already a template. Choose another name, or rename or delete that template first.',
    );
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'templates-save-taken');
    expect(await axeViolations(page)).toEqual([]);

    templateName = 'Maandelijks onderhoud website';
    await dialog.getByLabel('Name').fill(templateName);
    expect(await dialog.getByTestId('template-name-problem').count()).toBe(0);
    await dialog.getByRole('checkbox', { name: /Also keep the payment condition/ }).check();
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('template-said')
      .filter({ hasText: `Saved as template “${templateName}” (3 lines).` })
      .waitFor();

    const kept = (await bridge(page, 'templates.list', { query: 'maandelijks website' }))[0]!;
    const tpl = await bridge(page, 'templates.get', { id: kept.id });
    expect(tpl.lines.map(({ id: _id, ...l }) => l)).toEqual([
      { description: 'Crème de la crème: onderhoud' },
      { amount: 12, amount_desc: 'maand', description: 'Hosting', price: 12.345, tax_rate: 21 },
      { amount: 3, amount_desc: 'uur', description: 'Updates', price: 0.125, tax_rate: 21, discount_pct: 10 },
    ]);
    expect(tpl.header).toMatchObject({ paymentcondition: 'Binnen 14 dagen', quotationperiod: 30, reference: { line1: 'Website onderhoud' } });
    // the quotation itself is as it was
    expect(await descriptions(id)).toEqual(['Crème de la crème: onderhoud', 'Hosting', 'Eenmalige installatie', 'Updates']);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('finds the template without accents on its screen and starts a quotation from it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.getByTestId('templates-list').waitFor();
    // a word of its name and one of a line, without the accent
    await page.getByLabel('Search templates').fill('creme website');
    await expect.poll(() => page.locator('[data-template-id]').count()).toBe(1);
    const row = page.locator('[data-template-id]').first();
    expect(await row.locator('strong').innerText()).toBe(templateName);
    expect(await row.innerText()).toContain('3 lines');
    expect(await row.innerText()).toContain('Payment condition, validity, discount, reference');
    // its lines as they will go in: three decimals where the price has them
    await row.getByRole('button', { name: 'Show lines' }).click();
    const lines = page.getByTestId('template-lines');
    await lines.waitFor();
    expect(await lines.locator('tbody tr').allInnerTexts()).toEqual([
      'Crème de la crème: onderhoud',
      '12\tmaand\tHosting\t21\t12.345\t',
      '3\tuur\tUpdates\t21\t0.125\t10',
    ]);
    expect(await row.getByRole('button', { name: 'Hide lines' }).getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'templates-screen');
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'New quotation from this template' }).click();
    await page.getByTestId('save-as-template').waitFor();
    const id = decodeURIComponent(new URL(page.url()).hash.split('/').pop()!);
    // the client is chosen as for any new quotation
    await page.getByRole('heading', { level: 1, name: 'Quotation (no client yet)' }).waitFor();
    const q = await bridge(page, 'quotations.get', { id });
    expect(q.client).toBeNull();
    expect(q.paymentcondition).toBe('Binnen 14 dagen');
    expect(q.quotationperiod).toBe(30);
    expect(q.lines.map((l) => [l.description, l.price])).toEqual([
      ['Crème de la crème: onderhoud', undefined],
      ['Hosting', 12.345],
      ['Updates', 0.125],
    ]);
    // the third decimal shows as typed
    expect(await page.getByRole('textbox', { name: 'Price' }).nth(0).inputValue()).toBe('12.345');
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const name = client.company || client.contact;
    await page.getByRole('combobox', { name: 'Client' }).fill(name.slice(0, 6));
    await page
      .getByRole('option', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id })).client?.id, { timeout: 5000 }).toBe(client.id);
    await screenshot(page, 'templates-new-quotation');
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('inserts the template after the selected line of another quotation, offline too', async () => {
    await goOffline(app);
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: 'Ontwerp', price: 400, tax_rate: 21 } });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: 'Oplevering', price: 100, tax_rate: 21 } });
    await openQuotation(q.id);
    await page.getByRole('checkbox', { name: 'Select line 1' }).check();
    await page.getByRole('button', { name: 'Insert template…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert a template' });
    await dialog.getByRole('radio', { name: new RegExp(templateName) }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'After line 1 (Ontwerp)' }).isChecked()).toBe(true);
    // nothing chosen: said beside the list
    await dialog.getByRole('button', { name: 'Insert lines' }).click();
    await dialog.getByText('Choose a template to insert.').waitFor();
    await dialog.getByLabel('Search templates').fill('HOSTING');
    await expect.poll(() => dialog.getByRole('radio', { name: /MAANDELIJKS ONDERHOUD/ }).count()).toBe(1);
    await dialog.getByLabel('Search templates').fill('website');
    await expect.poll(() => dialog.getByRole('radio', { name: /MAANDELIJKS ONDERHOUD/ }).count()).toBe(0);
    await dialog.getByRole('radio', { name: new RegExp(templateName) }).check();
    await screenshot(page, 'templates-insert');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Insert lines' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('template-said')
      .filter({ hasText: `3 lines of “${templateName}” inserted and selected.` })
      .waitFor();
    expect(await descriptions(q.id)).toEqual(['Ontwerp', 'Crème de la crème: onderhoud', 'Hosting', 'Updates', 'Oplevering']);
    await expect.poll(() => page.getByRole('textbox', { name: 'Description' }).count()).toBe(5);
    // the new lines are the selection now
    expect(await page.getByTestId('selected-count').innerText()).toBe('3 selected');
    expect(await page.getByRole('checkbox', { name: 'Select line 1' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Select line 3' }).isChecked()).toBe(true);
    const v = await bridge(page, 'quotations.get', { id: q.id });
    expect(v.lines[2]).toMatchObject({ amount: 12, price: 12.345, tax_rate: 21, amount_desc: 'maand' });
    // 400 + 148.14 + 0.34 + 100 = 648.48 before tax (0.3375 rounds to 0.34)
    expect(await page.locator('.line .total').allInnerTexts()).toEqual(['€400.00', '€148.14', '€0.34', '€100.00']);
    await screenshot(page, 'templates-inserted');
    // the editor with its selection boxes
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: 'Select all lines' }).check();
    expect(await page.getByTestId('selected-count').innerText()).toBe('5 selected');
    await page.getByRole('checkbox', { name: 'Select all lines' }).uncheck();
    expect(await page.getByTestId('selected-count').count()).toBe(0);
    await app.host.setOnline(true);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('renames and deletes on the Templates screen, asking first with the name', async () => {
    await page.goto(`${base()}#/templates`);
    await page.getByTestId('templates-list').waitFor();
    // the search typed on this screen before is kept
    expect(await page.getByLabel('Search templates').inputValue()).toBe('creme website');
    await page.getByLabel('Search templates').fill('');
    await expect.poll(() => page.locator('[data-template-id]').count()).toBe(2);
    const row = page.locator('[data-template-id]').filter({ has: page.locator('strong', { hasText: /^MAANDELIJKS ONDERHOUD$/ }) });
    await row.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename template' });
    await rename.getByLabel('Name').fill('');
    await rename.getByRole('button', { name: 'Rename' }).click();
    expect(await rename.getByTestId('template-name-problem').innerText()).toBe('Type a name you will recognise in the list.');
    await rename.getByLabel('Name').fill('Hosting los');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await page.locator('[data-template-id] strong').filter({ hasText: 'Hosting los' }).waitFor();

    await page.locator('[data-template-id]').filter({ hasText: 'Hosting los' }).getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: 'Delete template' });
    expect(await del.getByTestId('template-delete-question').innerText()).toContain('Delete the template “Hosting los”?');
    await screenshot(page, 'templates-delete');
    expect(await axeViolations(page)).toEqual([]);
    // cancelled: nothing goes
    await del.getByRole('button', { name: 'Cancel' }).click();
    await del.waitFor({ state: 'detached' });
    expect((await bridge(page, 'templates.list', {})).map((t) => t.name)).toContain('Hosting los');
    await page.locator('[data-template-id]').filter({ hasText: 'Hosting los' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete template' }).getByRole('button', { name: 'Delete template' }).click();
    await expect.poll(() => page.locator('[data-template-id]').count()).toBe(1);
    expect((await bridge(page, 'templates.list', {})).map((t) => t.name)).toEqual([templateName]);
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('keeps a sent quotation whole as a template', async () => {
    const { id } = await draft();
    await bridge(page, 'quotations.send', { id, sendmethod: 'email' });
    await page.goto(`${base()}#/quotations/${encodeURIComponent(id)}`);
    // the sent view, not the draft editor of the test before, which stays until it comes
    await page.getByText('This quotation has been sent and can no longer be changed.').waitFor();
    await page.getByTestId('save-as-template').waitFor();
    // nothing can be inserted into it, and its lines cannot be picked
    expect(await page.getByTestId('insert-template').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select line 1' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save as template…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as template' });
    await dialog.getByText('The whole quotation (4 lines)').waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await dialog.getByLabel('Name').fill('Zoals verstuurd');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('template-said').filter({ hasText: 'Saved as template “Zoals verstuurd” (4 lines).' }).waitFor();
    await screenshot(page, 'templates-from-sent');
    const kept = (await bridge(page, 'templates.list', { query: 'zoals verstuurd' }))[0]!;
    expect(kept).toMatchObject({ lineCount: 4, header: { paymentcondition: 'Binnen 14 dagen' } });
    await bridge(page, 'templates.delete', { id: kept.id });
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('speaks Dutch', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.goto(`${base()}#/templates`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sjablonen' }).waitFor();
    const row = page.locator('[data-template-id]').first();
    expect(await row.innerText()).toContain('3 regels');
    expect(await row.getByRole('button', { name: 'Nieuwe offerte met dit sjabloon' }).count()).toBe(1);
    await screenshot(page, 'templates-screen-nl');
    expect(await axeViolations(page)).toEqual([]);

    const { id } = await draft();
    await openQuotation(id);
    await page.getByRole('checkbox', { name: 'Regel 2 selecteren' }).check();
    await page.getByRole('button', { name: 'Opslaan als sjabloon…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opslaan als sjabloon' });
    expect(await dialog.getByRole('radio', { name: 'De geselecteerde regels (1 regel)' }).isChecked()).toBe(true);
    await dialog.getByLabel('Naam').fill('maandelijks onderhoud WEBSITE');
    expect(await dialog.getByTestId('template-name-problem').innerText()).toContain('is al een sjabloon');
    await screenshot(page, 'templates-save-nl');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();

    await page.getByRole('button', { name: 'Sjabloon invoegen…' }).click();
    const insert = page.getByRole('dialog', { name: 'Een sjabloon invoegen' });
    await insert.getByRole('radio', { name: new RegExp(templateName) }).waitFor();
    expect(await insert.getByRole('radio', { name: 'Na regel 2 (Hosting)' }).isChecked()).toBe(true);
    await screenshot(page, 'templates-insert-nl');
    expect(await axeViolations(page)).toEqual([]);
    await insert.getByRole('button', { name: 'Annuleren' }).click();
    await bridge(page, 'settings.set', { language: 'en' });
    expect(app.errors).toEqual([]);
  }, 60_000);
});
