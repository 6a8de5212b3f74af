// "The preview is the truth", in Dutch, through the web host: a payment
// condition and a period left empty show as the service fills them in once
// the app has learned the account's values from a save read back (the
// editor's hint, the preview, the printed PDF), the draft itself stays
// empty, and the preview and the send dialog say which document the
// customer gets for each way of sending and what the service's layout
// does not carry.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, setCompany, setLogo, type App } from './support';

const SERVICE_TERM = 'Betaling binnen 30 dagen na factuurdatum';

let app: App;
let page: Page;
let quotationId = '';

beforeAll(async () => {
  app = await openApp({ language: 'nl' });
  page = app.page;
  await setCompany(page);
  await setLogo(page);
  const client = await bridge(page, 'clients.create', {
    fields: { company: 'Schildersbedrijf De Kwast', address: 'Verfstraat 3', zipcode: '1234 AB', city: 'Amersfoort', email: 'info@dekwast.nl' },
  });
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  quotationId = q.id;
  await bridge(page, 'quotations.update', { id: q.id, patch: { date: '2026-03-02' } });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 12, price: 45, tax_rate: 21, description: 'Buitenschilderwerk kozijnen' } });
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

async function openEditor(): Promise<void> {
  await page.goto(`${base()}#/quotations/${encodeURIComponent(quotationId)}`);
  await page.getByRole('button', { name: 'Versturen', exact: true }).waitFor();
  const more = page.getByRole('button', { name: 'Meer velden' });
  if ((await more.count()) > 0) await more.click();
  await page.getByRole('textbox', { name: 'Betalingsvoorwaarde' }).waitFor();
}

/** Normal spaces for the no-break spaces Intl writes, one space for runs. */
const squash = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');

describe('what the service fills in, as the service will fill it', () => {
  it('says before anything is learned that the service fills its own, without guessing it', async () => {
    explainFailure('service-fills-unknown');
    await openEditor();
    const hint = page.getByTestId('service-fill-paymentcondition');
    await expect.poll(() => hint.innerText()).toContain('de service vult de standaardvoorwaarde van je account in');
    expect(await hint.innerText()).not.toContain(SERVICE_TERM);
    await screenshot(page, 'service-fills-editor-unknown');
  }, 60_000);

  it('shows the learned payment condition and period under the empty fields once a save was read back', async () => {
    explainFailure('service-fills-editor');
    await page.getByRole('button', { name: 'Opslaan op de service' }).click();
    const hint = page.getByTestId('service-fill-paymentcondition');
    await expect.poll(() => hint.innerText(), { timeout: 20_000 }).toBe(`Leeg: de service vult ‘${SERVICE_TERM}’ in (zoals de service eerder invulde).`);
    expect(await page.getByRole('textbox', { name: 'Betalingsvoorwaarde' }).inputValue()).toBe('');
    expect(squash(await page.getByTestId('service-fill-quotationperiod').innerText())).toBe(
      'Leeg: de service neemt 30 dagen, geldig tot 1 apr 2026 (zoals de service eerder invulde).',
    );
    // what is typed stays as typed: the draft here is still empty
    const v = await bridge(page, 'quotations.get', { id: quotationId });
    expect(v.paymentcondition).toBe('');
    expect(v.quotationperiod).toBeNull();
    await page.getByTestId('service-fill-paymentcondition').scrollIntoViewIfNeeded();
    await screenshot(page, 'service-fills-editor-learned');
    expect(await axeViolations(page)).toEqual([]);

    // the document below the editor shows them as the service will fill them too
    await page.getByRole('button', { name: 'Toon het document terwijl je typt' }).click();
    const live = page.locator('#live-preview-body').getByTestId('quotation-document');
    await live.waitFor();
    expect(squash(await live.innerText())).toContain(SERVICE_TERM);
    expect(await page.locator('.live-preview').getByTestId('delivery-note').locator('[data-method="email"]').count()).toBe(1);
    await page.locator('.live-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'service-fills-live-preview');
    await page.getByRole('button', { name: 'Verberg het document' }).click();
  }, 60_000);

  it('shows them on the preview and in the printed document, and says which document each way of sending gives', async () => {
    explainFailure('service-fills-preview');
    await page.goto(`${base()}#/quotations/${encodeURIComponent(quotationId)}/preview`);
    await page.getByRole('heading', { name: 'Voorbeeld', level: 1, exact: true }).waitFor();
    const doc = page.getByTestId('quotation-document');
    await doc.waitFor();
    const text = squash(await doc.innerText());
    expect(text).toContain('Betalingsvoorwaarden');
    expect(text).toContain(SERVICE_TERM);
    expect(text).toMatch(/Geldig tot\s+1 apr(il)? 2026/);
    expect(squash(await page.getByTestId('preview-filled').innerText())).toBe(
      `Wat je leeg liet, staat hier zoals de service het invult: betalingsvoorwaarde ‘${SERVICE_TERM}’, geldig 30 dagen.`,
    );

    const note = page.locator('.doc-toolbar').getByTestId('delivery-note');
    expect(await note.locator('[data-method="mail"]').innerText()).toBe(
      'Zelf afdrukken of als pdf bewaren en versturen: je klant krijgt precies dit document.',
    );
    expect(await note.locator('[data-method="email"]').innerText()).toContain('het document van de service, in de opmaak van de service, niet dit voorbeeld');
    expect(await note.locator('[data-method="printcenter"]').innerText()).toContain(
      'het document van de service, in de opmaak van de service, niet dit voorbeeld',
    );
    expect(await note.getByTestId('delivery-not-carried').innerText()).toContain('De opmaak van de service toont je logo en je bedrijfsgegevens');
    expect(await note.getByTestId('delivery-not-carried').innerText()).toContain('alleen op deze computer bewaard');
    expect(await page.getByText('Dit ontvangt je klant').count()).toBe(0);
    await screenshot(page, 'service-fills-preview');
    expect(await axeViolations(page)).toEqual([]);

    // what the person prints is the document as shown: the service's condition on it, none of the notes above it
    const file = join(process.cwd(), 'test-results', 'service-fills-preview.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const pdf = squash(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    expect(pdf).toContain(SERVICE_TERM);
    expect(pdf).toContain('Schildersbedrijf De Kwast');
    expect(pdf).not.toContain('Wat je klant ontvangt');
    expect(pdf).not.toContain('opmaak van de service');
    expect(pdf).not.toContain('Wat je leeg liet');
  }, 60_000);

  it('names in the send dialog which document the customer gets for the method chosen, and what the service’s layout leaves out', async () => {
    explainFailure('service-fills-send');
    await openEditor();
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Offerte versturen' });
    await dialog.getByTestId('send-recipient').waitFor();

    await dialog.getByRole('radio', { name: 'E-mail' }).check();
    expect(await dialog.getByTestId('delivery-document').innerText()).toBe(
      'Je klant krijgt het document van de service, in de opmaak van de service, niet het voorbeeld van quotedesk.',
    );
    expect(await dialog.getByTestId('delivery-not-carried').innerText()).toContain('toont je logo en je bedrijfsgegevens');
    await screenshot(page, 'service-fills-send-email');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('radio', { name: 'Printcentrum' }).check();
    expect(await dialog.getByTestId('delivery-document').innerText()).toContain('het document van de service');
    expect(await dialog.getByTestId('delivery-not-carried').count()).toBe(1);

    await dialog.getByRole('radio', { name: 'Zelf afdrukken (post)' }).check();
    expect(await dialog.getByTestId('delivery-document').innerText()).toContain('Je klant krijgt precies het document uit het voorbeeld');
    expect(await dialog.getByTestId('delivery-not-carried').count()).toBe(0);
    await screenshot(page, 'service-fills-send-mail');
    // the way to the document they print
    await dialog.getByRole('link', { name: 'Voorbeeld openen' }).click();
    await page.getByRole('heading', { name: 'Voorbeeld', level: 1, exact: true }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Offerte versturen' }).count()).toBe(0);
  }, 60_000);

  it('takes a value stated in Settings and says so under the field', async () => {
    explainFailure('service-fills-settings');
    await page.goto(`${base()}#/settings`);
    const section = page.getByTestId('service-defaults');
    await section.getByText('Zo vulde de service het in op').first().waitFor();
    expect(await section.getByRole('textbox', { name: 'Betalingsvoorwaarde van je account' }).inputValue()).toBe(SERVICE_TERM);
    await section.getByRole('textbox', { name: 'Betalingsvoorwaarde van je account' }).fill('Betaling binnen 14 dagen na dagtekening');
    await section.getByRole('button', { name: 'Opslaan' }).click();
    await section.getByTestId('service-defaults-saved').waitFor();
    expect(await section.getByTestId('service-defaults-paycond-from').innerText()).toContain('Zelf opgegeven op');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'service-fills-settings');
    expect(await axeViolations(page)).toEqual([]);

    await openEditor();
    await expect
      .poll(() => page.getByTestId('service-fill-paymentcondition').innerText())
      .toBe('Leeg: de service vult ‘Betaling binnen 14 dagen na dagtekening’ in (zoals opgegeven bij Instellingen).');
  }, 60_000);
});
