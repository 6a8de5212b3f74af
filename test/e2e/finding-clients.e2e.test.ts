// Finding a client by what a tradesperson has at hand, in Dutch: a postcode
// ("3512"), a VAT number ("NL8123") or a phone number typed with spaces, in
// the client list and in the quotation editor's client picker, which say
// which of these they found it by. Inactive clients stay out of the list
// until the person asks for them, and that choice is kept. A client whose
// tax is shifted is made in one dialog, its VAT number and "Btw verlegd"
// beside its name.
import { describe, expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot } from './support';

const desk = appForFile({ language: 'nl', viewport: { width: 1280, height: 800 } });
const base = () => desk.app.host.url.split('#')[0];

/** The names in the client list as it shows them now. */
const listed = () => desk.page.locator('table.client-list tr.paged-row .row-link').allInnerTexts();

describe('finding a client', () => {
  it('finds a client by postcode, VAT number and phone in the list, and hides inactive clients until asked', async () => {
    const { page } = desk;
    await bridge(page, 'clients.create', {
      fields: { company: 'Schilderwerken De Vries', city: 'Utrecht', zipcode: '3512 AB', taxnumber: 'NL812345678B01', mobile: '06-12345678' },
    });
    const old = await bridge(page, 'clients.create', { fields: { company: 'Oude Bouw BV', city: 'Utrecht', zipcode: '3512 CD' } });
    await bridge(page, 'clients.update', { id: old.id, patch: { active: false } });

    await page.goto(`${base()}#/clients`);
    await page.getByRole('heading', { name: 'Klanten', level: 1 }).waitFor();
    const inactive = page.getByRole('checkbox', { name: 'Inactieve klanten tonen' });
    expect(await inactive.isChecked()).toBe(false);
    const search = page.getByRole('searchbox', { name: 'Klanten zoeken' });

    await search.fill('3512');
    await expect.poll(listed).toEqual(['Schilderwerken De Vries']);
    expect(await page.locator('table.client-list').innerText()).toContain('3512 AB Utrecht');

    await search.fill('NL8123');
    await expect.poll(listed).toEqual(['Schilderwerken De Vries']);
    expect(await page.getByTestId('found-by').innerText()).toBe('Btw-nummer NL812345678B01');
    await screenshot(page, 'client-list-found-by-vat');

    await search.fill('06 1234');
    await expect.poll(listed).toEqual(['Schilderwerken De Vries']);
    expect(await page.getByTestId('found-by').innerText()).toBe('Mobiel 06-12345678');

    // the inactive client is found only when asked for, and the list says so
    await search.fill('3512 CD');
    await page.getByText('Geen actieve klant gevonden. Inactieve klanten die passen: 1.', { exact: false }).waitFor();
    await inactive.check();
    await expect.poll(listed).toEqual(['Oude Bouw BV']);
    expect(await axeViolations(page)).toEqual([]);

    // turned on, it stays on
    await page.reload();
    await page.getByRole('heading', { name: 'Klanten', level: 1 }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Inactieve klanten tonen' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Inactieve klanten tonen' }).uncheck();
  }, 60_000);

  it('makes a client whose tax is shifted in one dialog, and the editor finds it by its VAT number', async () => {
    const { page } = desk;
    await page.goto(`${base()}#/clients`);
    await page.getByRole('heading', { name: 'Klanten', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nieuwe klant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await dialog.getByLabel('Bedrijf').fill('Aannemer Bos BV');
    await dialog.getByLabel('Btw-nummer').fill('NL999888777B01');
    await dialog.getByRole('checkbox', { name: 'Btw verlegd' }).check();
    await dialog.getByRole('button', { name: 'Meer velden' }).click();
    await dialog.getByLabel('Postcode').fill('1011 AB');
    await dialog.getByLabel('Telefoon').fill('020 123 4567');
    await screenshot(page, 'new-client-dialog');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Klant aanmaken' }).click();
    await dialog.waitFor({ state: 'detached' });

    const made = (await bridge(page, 'clients.list', { query: 'aannemer bos' })).items[0]!;
    expect((await bridge(page, 'clients.get', { id: made.id })).fields).toMatchObject({
      company: 'Aannemer Bos BV',
      taxnumber: 'NL999888777B01',
      tax_shifted: true,
      zipcode: '1011 AB',
      phone: '020 123 4567',
    });

    // in the quotation editor, the client picker finds it by the start of its VAT number and says so
    const q = await bridge(page, 'quotations.create', {});
    await page.goto(`${base()}#/quotations/${q.id}`);
    const picker = page.getByRole('combobox', { name: 'Klant' });
    await picker.fill('NL9998');
    const option = page.getByRole('option').filter({ hasText: 'Aannemer Bos BV' });
    await option.waitFor();
    expect(await option.innerText()).toContain('Btw-nummer NL999888777B01');
    expect(await option.innerText()).toContain('1011 AB');
    await picker.fill('020 1234');
    await page.getByRole('option').filter({ hasText: 'Telefoon 020 123 4567' }).waitFor();
    await screenshot(page, 'client-picker-found-by-phone');
    await page.getByRole('option').filter({ hasText: 'Aannemer Bos BV' }).click();
    // its tax is shifted: the quotation says so without a second screen
    await expect.poll(() => bridge(page, 'quotations.get', { id: q.id }).then((v) => v.client?.id)).toBe(made.id);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
