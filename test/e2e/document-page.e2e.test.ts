// A quotation of 15 lines prints on one A4 page, the company's footer on it
// (docs/document.md, Preview, print and PDF): realistic descriptions, a
// discount, three tax rates, the company with its logo and footer. The PDF the
// browser prints is read back with pdfinfo and pdftotext, and drawn as an
// image to look at.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile, bridge, setCompany, setLogo } from './support';

const desk = appForFile({ language: 'nl' });

const LINES = [
  { description: 'Inmeten en ontwerp van de nieuwe keuken, inclusief drie schetsen', amount: 6, amount_desc: 'uur', price: 85, tax_rate: 21 },
  { description: 'Demontage en afvoer van de oude keuken', amount: 1, price: 395, tax_rate: 21 },
  { description: 'Onderkasten eiken fineer, 60 cm, met softclose-laden', amount: 7, price: 289.5, tax_rate: 21 },
  { description: 'Bovenkasten eiken fineer, 40 cm', amount: 5, price: 214.95, tax_rate: 21 },
  { description: 'Werkblad composiet, 3,2 m, op maat gezaagd met uitsparing voor spoelbak', amount: 1, price: 1249.99, tax_rate: 21, discount_pct: 10 },
  { description: 'Spoelbak RVS onderbouw met kraan', amount: 1, price: 489, tax_rate: 21 },
  { description: 'Inductiekookplaat 80 cm', amount: 1, price: 1099, tax_rate: 21 },
  { description: 'Afzuigkap geïntegreerd in bovenkast', amount: 1, price: 649, tax_rate: 21 },
  { description: 'Montage keuken, twee monteurs', amount: 16, amount_desc: 'uur', price: 62.5, tax_rate: 21 },
  { description: 'Elektra: vier extra wandcontactdozen en een perilex-aansluiting', amount: 1, price: 425, tax_rate: 21 },
  { description: 'Tegelwerk achterwand, inclusief materiaal', amount: 4.5, amount_desc: 'm²', price: 118, tax_rate: 21 },
  { description: 'Schilderwerk plafond na montage (woning ouder dan twee jaar)', amount: 1, price: 540, tax_rate: 9 },
  { description: 'Stucwerk wand na verwijderen oude tegels (woning ouder dan twee jaar)', amount: 8, amount_desc: 'm²', price: 32.5, tax_rate: 9 },
  { description: 'Kookboek "Seizoenen" bij oplevering', amount: 1, price: 24.99, tax_rate: 9 },
  { description: 'Statiegeld transportkratten (retour)', amount: 6, price: 12.5, tax_rate: 0 },
];

describe('een offerte van 15 regels', () => {
  it('past op één A4, met de voettekst van het bedrijf', async () => {
    const { app, page } = desk;
    await setCompany(page);
    await setLogo(page);
    const client = await bridge(page, 'clients.create', {
      fields: {
        company: 'Familie de Boer',
        contact: 'Marieke de Boer',
        address: 'Nieuwegracht 41',
        zipcode: '3512 LE',
        city: 'Utrecht',
        country: 146,
        email: 'marieke@deboer.example',
      },
    });
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'quotations.update', {
      id: q.id,
      patch: {
        reference: { line1: 'Keuken Nieuwegracht', line2: 'Uw aanvraag van 12 februari' },
        date: '2026-03-02',
        quotationperiod: 30,
        discounttype: 'percentage',
        discount: 5,
        paymentcondition: 'Betaling binnen 14 dagen na factuurdatum',
      },
    });
    for (const line of LINES) await bridge(page, 'lines.add', { quotationId: q.id, line });
    await bridge(page, 'quotations.saveToService', { id: q.id });

    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}/preview`);
    const doc = page.getByTestId('quotation-document');
    await doc.getByTestId('document-total').waitFor();
    await page.getByTestId('document-reference').waitFor();
    expect(await doc.getByTestId('document-line').count()).toBe(15);
    const total = (await doc.getByTestId('document-total').innerText()).replace(/[\u00a0\u202f]/g, ' ');

    // test-results/ and its screenshots/ may not be there yet (a fresh checkout, this file run first)
    const shots = join(process.cwd(), 'test-results', 'screenshots');
    mkdirSync(shots, { recursive: true });
    const file = join(process.cwd(), 'test-results', 'document-15-lines.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
    // each page as an image, to look at (the pages of an earlier run go first)
    for (const f of readdirSync(shots).filter((n) => n.startsWith('document-15-lines-'))) rmSync(join(shots, f));
    execFileSync('pdftoppm', ['-png', '-r', '60', file, join(shots, 'document-15-lines')]);
    expect(pages, text).toBe(1);
    // every line, the totals and the footer, on that one page
    for (const l of LINES) expect(text).toContain(l.description.slice(0, 40));
    expect(text).toMatch(new RegExp(`Totaal incl\\. btw\\s+${total.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    for (const f of ['Btw-nr. NL001234567B01', 'KvK 30123456', 'IBAN NL91 ABNA 0417 1643 00']) expect(text).toContain(f);
    expect(text).toMatch(/\b1\s*\/\s*1\s*$/);
  }, 60_000);
});
