// The quotation as the customer reads it: the preview of a quotation with a
// discount, three tax rates and a text line, its amounts against the
// editor's, the company settings, and the PDF the browser prints of it, read
// back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App, setCompany, setLogo } from './support';

let app: App;
let page: Page;
let quotationId = '';
const scratch = mkdtempSync(join(tmpdir(), 'quotedesk-document-'));

const CLIENT = 'Bakkerij Jansen';
const LINES = [
  { heading: 'Renovation of the shop kitchen' },
  { description: 'Oven installation, labour', amount: 6, price: 72.5, tax_rate: 21 },
  { description: 'Bread for the opening (50 loaves)', amount: 50, price: 3.35, tax_rate: 9 },
  { description: 'Deposit for the crates (returnable)', amount: 4, price: 12.5, tax_rate: 0 },
  { description: 'Stainless steel worktop, 2.4 m', amount: 1, price: 1249.99, tax_rate: 21, discount_pct: 10 },
] as const;
const NOTES = 'Internal: margin is thin, do not give more discount';

/** Normal spaces for the no-break spaces Intl puts in money ("€ 1.234,56"), one space for runs. */
function squash(s: string): string {
  return s.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');
}

beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
  await setCompany(page);
  await setLogo(page);

  const client = await bridge(page, 'clients.create', {
    fields: {
      company: CLIENT,
      contact: 'Anna Jansen',
      address: 'Dorpsstraat 14',
      zipcode: '3732 HJ',
      city: 'De Bilt',
      country: 146,
      email: 'anna@bakkerijjansen.nl',
    },
  });
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  quotationId = q.id;
  await bridge(page, 'quotations.update', {
    id: q.id,
    patch: {
      reference: { line1: 'Order 2026-114', line2: 'Shop kitchen' },
      date: '2026-03-02',
      quotationperiod: 30,
      discounttype: 'percentage',
      discount: 5,
      paymentcondition: 'Payment within 14 days of the invoice date',
      notes: NOTES,
    },
  });
  for (const l of LINES) {
    const line = 'heading' in l ? { description: l.heading } : { ...l };
    await bridge(page, 'lines.add', { quotationId: q.id, line });
  }
  // the reference is given on the first save (offline too)
  await bridge(page, 'quotations.saveToService', { id: q.id });
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The editor's totals as it shows them: subtotal, total, and each tax row's label and amount. */
async function editorTotals(): Promise<{ subtotal: string; total: string; taxes: string[] }> {
  const panel = page.locator('.editor-bottom .totals');
  await panel.getByTestId('total').waitFor();
  const rows = await panel
    .locator('dl > div')
    .evaluateAll((divs) => divs.map((d) => [d.querySelector('dt')?.textContent?.trim() ?? '', d.querySelector('dd')?.textContent?.trim() ?? '']));
  return {
    subtotal: (await panel.getByTestId('subtotal').innerText()).trim(),
    total: (await panel.getByTestId('total').innerText()).trim(),
    taxes: rows.filter(([dt]) => /^Tax/.test(dt!)).map(([, dd]) => dd!),
  };
}

describe('the quotation as a document', () => {
  let editor: Awaited<ReturnType<typeof editorTotals>>;

  it('opens from the editor as a preview with the editor’s amounts', async () => {
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(quotationId)}`);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    editor = await editorTotals();
    expect(editor.taxes).toHaveLength(3);
    await screenshot(page, 'document-editor-with-preview-button');

    await page.getByRole('link', { name: 'Preview' }).click();
    // the editor can hold a document too (below it, as one types): wait for the Preview screen itself
    await page.getByRole('heading', { name: 'Preview', level: 1, exact: true }).waitFor();
    const doc = page.getByTestId('quotation-document');
    await doc.waitFor();
    expect(new URL(page.url()).hash).toBe(`#/quotations/${encodeURIComponent(quotationId)}/preview`);

    expect(await doc.getByTestId('document-total').innerText()).toBe(editor.total);
    expect(await doc.getByTestId('document-subtotal').innerText()).toBe(editor.subtotal);
    const taxes = await doc.getByTestId('document-tax').locator('dd').allInnerTexts();
    expect(taxes).toEqual(editor.taxes);
    const taxLabels = await doc.getByTestId('document-tax').locator('dt').allInnerTexts();
    expect(taxLabels.map((l) => l.split(' on ')[0])).toEqual(['VAT 0%', 'VAT 9%', 'VAT 21%']);
    expect(await doc.getByTestId('document-discount').innerText()).toMatch(/^−€\d/);
  });

  it('shows the company, the client, the references, the dates and every line; never the internal notes', async () => {
    const doc = page.getByTestId('quotation-document');
    const text = await doc.innerText();
    for (const s of [
      'Studio Verhoef Interieur',
      'Oudegracht 112',
      'NL001234567B01',
      '30123456',
      'NL91 ABNA 0417 1643 00',
      CLIENT,
      'Attn. Anna Jansen',
      'Dorpsstraat 14',
      '3732 HJ',
      'Order 2026-114',
      'Shop kitchen',
      'Payment within 14 days',
    ]) {
      expect(text, s).toContain(s);
    }
    // a Dutch client of a Dutch company: no country line
    expect(text).not.toContain('Netherlands');
    expect(await doc.getByTestId('document-valid-until').innerText()).toBe('1 Apr 2026');
    const reference = await doc.getByTestId('document-reference').innerText();
    expect(reference).toMatch(/^OF\d{4}-\d{4}$/);
    expect(await page.getByText(`File name: ${reference} Bakkerij Jansen.pdf`).count()).toBe(1);
    for (const l of LINES) expect(text).toContain('heading' in l ? l.heading : l.description);
    expect(await doc.getByTestId('document-text-line').count()).toBe(1);
    expect(await doc.getByTestId('document-line').count()).toBe(4);
    expect(text).not.toContain(NOTES);
    expect(await doc.locator('img.qdoc-logo').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('looks like a document, with nothing serious for axe', async () => {
    await screenshot(page, 'document-preview');
    await page.getByTestId('quotation-document').screenshot({ path: join(process.cwd(), 'test-results', 'screenshots', 'document-paper.png') });
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('prints as a PDF holding the reference, the client, every line, the tax per rate and the total', async () => {
    const reference = await page.getByTestId('document-reference').innerText();
    // kept beside the screenshots, to look at
    const file = join(process.cwd(), 'test-results', 'document-preview.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const text = squash(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    expect(pages).toBe(1);

    expect(text).toContain(reference);
    expect(text).toContain(CLIENT);
    for (const l of LINES) expect(text).toContain('heading' in l ? l.heading : l.description);
    const taxLabels = await page.getByTestId('document-tax').locator('dt').allInnerTexts();
    const taxAmounts = await page.getByTestId('document-tax').locator('dd').allInnerTexts();
    for (const [i, label] of taxLabels.entries()) expect(text).toMatch(new RegExp(`${escape(squash(label))}\\s+${escape(squash(taxAmounts[i]!))}`));
    expect(text).toMatch(new RegExp(`Total incl\\. VAT\\s+${escape(squash(editor.total))}`));
    expect(text).toContain(squash(editor.subtotal));
    // the app around the document is not printed, nor what is only for the screen
    for (const chrome of ['Save as PDF', 'Back to the quotation', 'Quotations', 'Demo mode', 'File name:', NOTES]) expect(text).not.toContain(chrome);
  });

  it('follows the edits: a changed price shows on the document below the editor as it is typed, and on the preview', async () => {
    await page.getByRole('link', { name: 'Back to the quotation' }).click();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.getByRole('button', { name: 'Show the document as you type' }).click();
    const live = page.locator('.live-preview').getByTestId('quotation-document');
    await live.waitFor();
    expect(await live.getByTestId('document-total').innerText()).toBe(editor.total);
    const before = editor.total;
    const price = page.getByRole('textbox', { name: /Price/ }).nth(0);
    await price.fill('80');
    await expect.poll(async () => (await editorTotals()).total).not.toBe(before);
    const now = await editorTotals();
    // still in the cell: the document already shows it
    expect(await live.getByTestId('document-total').innerText()).toBe(now.total);
    expect(await live.getByTestId('document-tax').locator('dd').allInnerTexts()).toEqual(now.taxes);
    expect(await live.getByTestId('document-line-total').first().innerText()).toBe('€480.00');
    await live.scrollIntoViewIfNeeded();
    await screenshot(page, 'document-live-preview');
    expect(await axeViolations(page)).toEqual([]);
    await price.press('Tab');
    await page.getByRole('link', { name: 'Preview' }).click();
    // the document below the editor is open and shows the same: wait for the Preview screen's own heading
    await page.getByRole('heading', { name: 'Preview', level: 1, exact: true }).waitFor();
    await page.getByTestId('quotation-document').waitFor();
    expect(await page.getByTestId('document-total').innerText()).toBe(now.total);
    expect(await page.getByTestId('document-tax').locator('dd').allInnerTexts()).toEqual(now.taxes);
  });

  it("prints with the browser's print, its title the file name while the dialog is open", async () => {
    // a tab of its own: the print dialog Chromium opens stays with its page
    const tab = await app.browser.newPage();
    onTestFinished(() => tab.close());
    await tab.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(quotationId)}/preview`);
    const reference = await tab.getByTestId('document-reference').innerText();
    // watches the title as the browser reads it for "Save as PDF"; nothing of the page is replaced
    // (page code as text: this file is compiled without the DOM's types)
    await tab.evaluate(`{
      const seen = [];
      globalThis.titlesSeen = seen;
      // each title set replaces the <title>'s text: the added text nodes are the titles in order, even when set and put back at once
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.parentNode === null || n.parentNode.nodeName === 'TITLE') seen.push(n.textContent ?? '');
      }).observe(document.head, { subtree: true, childList: true });
    }`);
    const before = await tab.title();
    await tab.getByRole('button', { name: 'Save as PDF…' }).click();
    await expect
      .poll(() => tab.evaluate(() => (globalThis as unknown as { titlesSeen: string[] }).titlesSeen))
      .toEqual([`${reference} Bakkerij Jansen`, before]);
    expect(await tab.title()).toBe(before);
  });

  it('opens from a sent quotation too, with the reference it went out under', async () => {
    const client = await bridge(page, 'clients.create', {
      fields: {
        company: 'Tuincentrum De Linde',
        address: 'Lindelaan 3',
        zipcode: '3971 AB',
        city: 'Driebergen',
        country: 146,
        email: 'inkoop@delinde.example',
      },
    });
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { description: 'Pruning the lime trees', amount: 8, price: 55, tax_rate: 21 } });
    await bridge(page, 'quotations.send', { id: q.id, sendmethod: 'email' });
    // the send goes out with the client's creation before it; the view follows the id the service gives
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id }).catch(() => null))?.state, { timeout: 20_000 }).toBe('sent');
    const sent = await bridge(page, 'quotations.get', { id: q.id });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(sent.id)}`);
    await page.getByRole('heading', { name: `Quotation ${sent.quotationreference}`, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Preview' }).click();
    const doc = page.getByTestId('quotation-document');
    await doc.waitFor();
    expect(await doc.getByTestId('document-reference').innerText()).toBe(sent.quotationreference);
    expect(await doc.getByTestId('document-client').innerText()).toContain('Tuincentrum De Linde');
    expect(await doc.getByTestId('document-total').innerText()).toBe('€532.40');
    await page.getByRole('link', { name: 'Back to the quotation' }).click();
    await page.getByRole('heading', { name: `Quotation ${sent.quotationreference}`, level: 1 }).waitFor();
  });

  it("is written in the client's document language, whatever the app's language", async () => {
    const english = await bridge(page, 'clients.create', {
      fields: { company: 'Brightwater Consulting Ltd', address: '14 Queen Square', zipcode: 'BS1 4JQ', city: 'Bristol', country: 225, default_doclang: 'en' },
    });
    const q = await bridge(page, 'quotations.create', { clientId: english.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { description: 'Workshop', amount: 1, price: 950, tax_rate: 0 } });
    await bridge(page, 'settings.set', { language: 'nl' });
    onTestFinished(async () => {
      await bridge(page, 'settings.set', { language: 'en' });
      await page.reload();
    });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}/preview`);
    await page.reload();
    const doc = page.getByTestId('quotation-document');
    await doc.waitFor();
    await page.getByRole('heading', { name: 'Voorbeeld', level: 1 }).waitFor();
    expect(await doc.getByRole('heading', { level: 2 }).innerText()).toBe('Quotation');
    expect(await doc.getAttribute('lang')).toBe('en');
    const text = await doc.innerText();
    expect(text).toContain('Total incl. VAT');
    // abroad: the country line, in the document's language
    expect(text).toContain('United Kingdom');
    await screenshot(page, 'document-preview-english-client');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a long quotation in Dutch', () => {
  it('runs over pages without splitting a line, the column heads on every page, the totals kept together', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    onTestFinished(async () => {
      await bridge(page, 'settings.set', { language: 'en' });
    });
    const client = await bridge(page, 'clients.create', {
      fields: { company: 'Gemeente Zeist', contact: 'Afdeling Inkoop', address: 'Het Rond 1', zipcode: '3701 HS', city: 'Zeist', country: 146 },
    });
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'quotations.update', { id: q.id, patch: { date: '2026-05-11', quotationperiod: 14, discounttype: 'amount', discount: 100 } });
    const descriptions: string[] = [];
    for (let i = 1; i <= 48; i++) {
      if (i % 12 === 1) {
        const heading = `Fase ${Math.ceil(i / 12)}: werkzaamheden`;
        descriptions.push(heading);
        await bridge(page, 'lines.add', { quotationId: q.id, line: { description: heading } });
      }
      const description = `Regel ${i}: ${i % 3 === 0 ? 'materiaal' : 'arbeid'} voor onderdeel ${i}`;
      descriptions.push(description);
      await bridge(page, 'lines.add', { quotationId: q.id, line: { description, amount: i, price: 12.25, tax_rate: i % 3 === 0 ? 9 : 21 } });
    }
    await bridge(page, 'quotations.saveToService', { id: q.id });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}/preview`);
    await page.reload();
    const doc = page.getByTestId('quotation-document');
    await doc.waitFor();
    expect(await doc.getByRole('heading', { level: 2 }).innerText()).toBe('Offerte');
    const total = await doc.getByTestId('document-total').innerText();

    const file = join(process.cwd(), 'test-results', 'document-long.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    expect(pages).toBeGreaterThan(1);
    const perPage = Array.from({ length: pages }, (_, i) =>
      squash(execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' })),
    );
    for (const [i, text] of perPage.entries()) {
      // the column heads repeat on every page that has lines
      if (/Regel \d+:/.test(text)) expect(text, `page ${i + 1}`).toMatch(/Aantal\s+Omschrijving\s+Prijs\s+Btw\s+Bedrag/);
    }
    for (const [i, text] of perPage.entries()) expect(text, `page ${i + 1}`).toMatch(new RegExp(`\\b${i + 1}\\s*/\\s*${pages}\\s*$`));
    // every line whole on one page: its description and its amount together
    for (const d of descriptions)
      expect(
        perPage.filter((p) => p.includes(d)),
        d,
      ).toHaveLength(1);
    const last = perPage.at(-1)!;
    for (const label of ['Subtotaal', 'Korting', 'Totaal excl. btw', 'Btw 9%', 'Btw 21%', 'Totaal incl. btw']) expect(last).toContain(label);
    expect(last).toContain(squash(total));
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, join(process.cwd(), 'test-results', 'screenshots', 'document-long-page')]);
  });
});

describe('company details in Settings', () => {
  it('shows a mistyped IBAN beside the field and keeps what was stored', async () => {
    await page.goto(`${app.host.url.split('#')[0]}#/settings`);
    await page.reload();
    const iban = page.getByLabel('IBAN', { exact: true });
    await expect.poll(() => iban.inputValue()).toBe('NL91 ABNA 0417 1643 00');
    await iban.fill('NL91 ABNA 0417 1643 01');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect.poll(() => page.getByTestId('problem-iban').innerText()).toMatch(/does not add up/);
    expect(await iban.getAttribute('aria-invalid')).toBe('true');
    expect((await bridge(page, 'company.get', {})).iban).toBe('NL91 ABNA 0417 1643 00');
    await page.getByTestId('problem-iban').scrollIntoViewIfNeeded();
    await screenshot(page, 'company-settings-iban');
    expect(await axeViolations(page)).toEqual([]);
    await iban.fill('nl91abna0417164300');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await page.getByText('Company details saved.').waitFor();
    expect(await iban.inputValue()).toBe('NL91 ABNA 0417 1643 00');
  });

  it('refuses a logo that is not an image, with what to do', async () => {
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 this is a pdf') });
    await expect.poll(() => page.getByTestId('logo-problem').innerText()).toMatch(/"logo\.png" is not a PNG, JPEG or SVG image\. Choose an image file/);
    // the logo there stays
    expect(await page.getByTestId('logo-preview').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await page.getByTestId('logo-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024, 1) });
    await expect.poll(() => page.getByTestId('logo-problem').innerText()).toMatch(/600 KB; at most 512 KB fits/);
    await screenshot(page, 'company-settings-logo');
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('a company file that cannot be read', () => {
  it('starts the app with empty details, says where the old file is kept and what to do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-document-broken-'));
    writeFileSync(join(dataDir, 'company.json'), '{"fields": {"name": "Studio Verh');
    const broken = await openApp({ language: 'en', dataDir });
    try {
      const p = broken.page;
      await p.goto(`${broken.host.url.split('#')[0]}#/settings`);
      const note = p.getByTestId('company-unreadable');
      await expect
        .poll(() => note.innerText())
        .toMatch(/could not be read, so they start empty\. The old file is kept as .*company\.json\.unreadable-\d+\. Enter the details again/);
      expect(readFileSync((/kept as (\S+)\./.exec(await note.innerText()) ?? [])[1]!, 'utf8')).toBe('{"fields": {"name": "Studio Verh');
      await note.scrollIntoViewIfNeeded();
      await screenshot(p, 'company-settings-unreadable');
      expect(await axeViolations(p)).toEqual([]);
      await p.getByLabel('Company name').fill('Studio Verhoef Interieur');
      await p.getByRole('button', { name: 'Save company details' }).click();
      await p.getByText('Company details saved.').waitFor();
      expect(await note.count()).toBe(0);
    } finally {
      await broken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
