// A painter's quotation of 24 lines under room headings prints over two A4
// pages as a printed document breaks (docs/document.md, Where a page
// breaks): the totals never stand alone on a page, the last lines go over
// with them, and no page ends with a heading. The PDF the browser prints is
// read back a page at a time with pdftotext, and drawn as images to look at.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile, bridge, setCompany } from './support';

const desk = appForFile({ language: 'nl' });

type Line = { description: string; amount?: number; amount_desc?: string; price?: number; tax_rate?: number };
const room = (description: string): Line => ({ description });
const work = (description: string, amount: number, amount_desc: string, price: number, tax_rate = 21): Line => ({
  description,
  amount,
  amount_desc,
  price,
  tax_rate,
});

/** 24 priced lines under six rooms: the woodwork at 21 %, the walls of a house older than two years at 9 %. */
const LINES: Line[] = [
  room('Woonkamer'),
  work('Kozijnen schuren, bijplamuren en grondverven', 14, 'm¹', 18.5),
  work('Kozijnen aflakken in twee lagen, zijdeglans', 14, 'm¹', 16.75),
  work('Woonkamerplafond sausen, twee lagen latex', 32, 'm²', 9.8, 9),
  work('Woonkamerwanden sausen in RAL 9010, twee lagen', 58, 'm²', 8.9, 9),
  room('Keuken'),
  work('Plafond ontvetten en sausen met vochtwerende latex', 12, 'm²', 12.4, 9),
  work('Deuren keukenkasten afbijten en aflakken', 9, 'st', 64),
  work('Tegelwerk reinigen en voegen bijwerken', 1, 'post', 145),
  work('Radiator afschuren en lakken met hittebestendige lak', 2, 'st', 85),
  room('Hal en trap'),
  work('Trapleuning schuren en aflakken', 6, 'm¹', 22.5),
  work('Traptreden en stootborden schilderen, slijtvaste lak', 14, 'st', 38),
  work('Wanden trapgat sausen, steiger inbegrepen', 41, 'm²', 11.2, 9),
  work('Voordeur binnenzijde aflakken', 1, 'st', 175),
  room('Slaapkamer 1'),
  work('Slaapkamer 1: wanden sausen, twee lagen latex', 44, 'm²', 8.9, 9),
  work('Slaapkamer 1: plafond sausen', 16, 'm²', 9.8, 9),
  work('Slaapkamer 1: vensterbank schuren en lakken', 2, 'st', 42.5),
  work('Slaapkamer 1: binnendeur met kozijn aflakken', 1, 'st', 165),
  room('Slaapkamer 2'),
  work('Slaapkamer 2: wanden sausen, twee lagen latex', 38, 'm²', 8.9, 9),
  work('Slaapkamer 2: plafond sausen', 12, 'm²', 9.8, 9),
  work('Slaapkamer 2: inbouwkast aflakken, binnen en buiten', 1, 'st', 240),
  work('Slaapkamer 2: binnendeur met kozijn aflakken', 1, 'st', 165),
  room('Overig'),
  work('Afplakken, afdekken en dagelijks opruimen', 1, 'post', 180),
  work('Verf en materiaal volgens opgave', 1, 'post', 420),
  work('Voorrijkosten', 5, 'dag', 15, 21),
  work('Afvoer van verfresten naar het milieustation', 1, 'post', 35),
];

const HEADINGS = LINES.filter((l) => l.amount === undefined).map((l) => l.description);
const PRICED = LINES.filter((l) => l.amount !== undefined);

function pdfPage(file: string, n: number): string {
  return execFileSync('pdftotext', ['-layout', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
}

/** The document's rows found on a page of the PDF, in order: a heading or a priced line, by its description (each is another). */
function rowsOn(text: string): string[] {
  const found: Array<[number, string]> = [];
  for (const l of LINES) {
    // a heading is a printed line of its own; a line is found by the start of its description
    const at = l.amount === undefined ? text.search(new RegExp(`^\\s*${l.description}\\s*$`, 'm')) : text.indexOf(l.description.slice(0, 30));
    if (at >= 0) found.push([at, l.description]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, d]) => d);
}

describe('een offerte van 24 regels met kamers als kopjes', () => {
  it('breekt als een gedrukt document: de laatste regels gaan mee met de totalen, geen pagina eindigt met een kop', async () => {
    const { app, page } = desk;
    await setCompany(page);
    const client = await bridge(page, 'clients.create', {
      fields: { company: 'Familie Bakker', contact: 'Joost Bakker', address: 'Weteringschans 18', zipcode: '1017 SG', city: 'Amsterdam', country: 146 },
    });
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'quotations.update', {
      id: q.id,
      patch: {
        reference: { line1: 'Binnenschilderwerk Weteringschans' },
        date: '2026-03-09',
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
    expect(await doc.getByTestId('document-line').count()).toBe(PRICED.length);

    const shots = join(process.cwd(), 'test-results', 'screenshots');
    mkdirSync(shots, { recursive: true });
    const file = join(process.cwd(), 'test-results', 'document-24-lines.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    for (const f of readdirSync(shots).filter((n) => n.startsWith('document-24-lines-'))) rmSync(join(shots, f));
    execFileSync('pdftoppm', ['-png', '-r', '60', file, join(shots, 'document-24-lines')]);
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const pages = Array.from({ length: count }, (_, i) => pdfPage(file, i + 1));

    expect(count, pages.join('\n-----\n')).toBe(2);
    // every row printed once, over the two pages, in order
    expect([...rowsOn(pages[0]!), ...rowsOn(pages[1]!)]).toEqual(LINES.map((l) => l.description));
    // the totals are on the last page, and at least the last two lines went there with them
    expect(pages[1]).toMatch(/Totaal incl\. btw/);
    expect(pages[0]).not.toMatch(/Totaal incl\. btw/);
    const last = pages[1]!;
    for (const l of PRICED.slice(-2)) expect(last, `page 2:\n${last}`).toContain(l.description.slice(0, 30));
    expect(last.indexOf(PRICED.at(-2)!.description)).toBeLessThan(last.indexOf('Totaal incl. btw'));
    // no page ends with a heading: the last row on each page is a line
    for (const [i, text] of pages.entries()) {
      const rows = rowsOn(text);
      expect(HEADINGS, `page ${i + 1} ends with a heading:\n${text}`).not.toContain(rows.at(-1));
    }
    // the footer and the page number on the last page
    expect(last).toContain('IBAN NL91 ABNA 0417 1643 00');
    expect(last).toMatch(/\b2\s*\/\s*2\s*$/);
  }, 90_000);
});
