// Sums a customer can check, in Dutch, on the preview and on the printed PDF
// (docs/money.md, The document's sums): a private client whose prices include
// VAT gets prices and amounts incl. btw on the lines and the btw taken out
// below ("waarvan btw 9% over € 490,00"); a builder whose btw is shifted gets
// no rate on any line and a "Totaal" that is not "incl. btw"; and the subtotal
// under each heading is there only when chosen. Each line's amount is checked
// against its quantity × its shown price, each tax row's base against its rate.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { appForFile, axeViolations, bridge, screenshot, setCompany } from './support';

const desk = appForFile({ language: 'nl' });
const base = () => desk.app.host.url.split('#')[0];

beforeAll(async () => {
  await setCompany(desk.page, { name: 'Schildersbedrijf De Kwast', email: 'info@dekwast.example' });
});

const PAINTING = [
  { description: 'Buitenschilderwerk' },
  { description: 'Kozijnen en deuren schuren, gronden en twee keer aflakken', amount: 14, amount_desc: 'm', price: 38.5, tax_rate: 9 },
  { description: 'Dakgoot reinigen en schilderen', amount: 12, amount_desc: 'm', price: 9.95, tax_rate: 9 },
  { description: 'Binnenschilderwerk' },
  { description: 'Plafonds en wanden sauzen, twee lagen', amount: 20, amount_desc: 'm²', price: 26.705, tax_rate: 9 },
  { description: 'Muurverf, emmer 10 l', amount: 3, price: 64.95, tax_rate: 21, discount_pct: 10 },
];

/** Normal spaces for the no-break spaces Intl puts in money, one space for runs. */
const squash = (s: string) =>
  s
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();

/** A number as the Dutch document writes it: "€ 1.234,567", "−€ 25,00", "19,5%", "1.000,5"; in thousandths, exactly. */
function thousandths(text: string): number {
  const t = squash(text);
  const digits = t.replace(/[^\d,.]/g, '').replace(/\./g, '');
  expect(digits, text).toMatch(/^\d+(,\d{1,3})?$/);
  const [whole, frac = ''] = digits.split(',');
  const n = Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
  return /[−-]/.test(t) ? -n : n;
}
const cents = (text: string) => {
  expect(squash(text), 'an amount in cents').toMatch(/,\d{2}$/);
  return thousandths(text) / 10;
};

async function quotationFor(client: Record<string, unknown>, discount = true): Promise<string> {
  const c = await bridge(desk.page, 'clients.create', { fields: { country: 146, email: 'klant@example.nl', ...client } });
  const q = await bridge(desk.page, 'quotations.create', { clientId: c.id });
  await bridge(desk.page, 'quotations.update', {
    id: q.id,
    patch: { date: '2026-03-02', quotationperiod: 30, ...(discount ? { discounttype: 'percentage' as const, discount: 5 } : {}) },
  });
  for (const line of PAINTING) await bridge(desk.page, 'lines.add', { quotationId: q.id, line });
  return q.id;
}

async function openPreview(id: string): Promise<Locator> {
  await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(id)}/preview`);
  await desk.page.getByRole('heading', { name: 'Voorbeeld', level: 1 }).waitFor();
  const doc = desk.page.getByTestId('quotation-document');
  await doc.getByTestId('document-total').waitFor();
  return doc;
}

interface ReadLine {
  quantity: string;
  price: string;
  discount: string | null;
  rate: string | null;
  amount: string;
}

/** Each priced line as the page prints it. */
async function readLines(doc: Locator): Promise<ReadLine[]> {
  const rows = doc.getByTestId('document-line');
  const out: ReadLine[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const cell = async (id: string) => ((await row.getByTestId(id).count()) ? squash(await row.getByTestId(id).innerText()) : null);
    out.push({
      quantity: (await cell('document-line-quantity'))!.split(' ')[0]!,
      price: (await cell('document-line-price'))!,
      discount: await cell('document-line-discount'),
      rate: await cell('document-line-rate'),
      amount: (await cell('document-line-total'))!,
    });
  }
  return out;
}

/** Each line's amount is its quantity × its shown price less its discount, to the cent. */
function expectLinesAddUp(lines: readonly ReadLine[]): void {
  for (const l of lines) {
    const kept = l.discount ? 100_000 - thousandths(l.discount) : 100_000;
    // thousandths × thousandths × thousandths of a percent: exact in whole numbers, rounded half-up to cents
    const exact = BigInt(thousandths(l.quantity)) * BigInt(thousandths(l.price)) * BigInt(kept);
    const unit = 10n ** 9n;
    const rounded = (exact + unit / 2n) / unit;
    expect(cents(l.amount), `${l.quantity} × ${l.price} ${l.discount ? `− ${l.discount}` : ''} = ${l.amount}`).toBe(Number(rounded));
  }
}

/** Label and amount of each row of the totals block. */
async function totals(doc: Locator): Promise<[string, string][]> {
  return doc
    .locator('.qdoc-totals dl > div')
    .evaluateAll((divs) => divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? ''] as [string, string]))
    .then((rows) => rows.map(([a, b]) => [squash(a), squash(b)] as [string, string]));
}

/** Prints the preview as Chromium prints it, reads it back with pdftotext, and draws its first page to look at. */
async function printed(name: string): Promise<string> {
  const shots = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(shots, { recursive: true });
  const file = join(process.cwd(), 'test-results', `${name}.pdf`);
  writeFileSync(file, await desk.page.pdf({ preferCSSPageSize: true, printBackground: true }));
  for (const f of readdirSync(shots).filter((n) => n.startsWith(`${name}-`))) rmSync(join(shots, f));
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, join(shots, name)]);
  return squash(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\n\s*/g, '\n'));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('een particuliere klant, prijzen inclusief btw', () => {
  let id = '';

  it('ziet op elke regel prijs × aantal = bedrag, en de btw eruit gehaald over het bedrag zonder btw', async () => {
    id = await quotationFor({ contact: 'Marieke de Boer', address: 'Nieuwegracht 41', zipcode: '3512 LE', city: 'Utrecht', tax_type: 'intax' });
    const doc = await openPreview(id);
    const lines = await readLines(doc);
    expect(lines).toHaveLength(4);
    expectLinesAddUp(lines);
    // the price the person typed with three decimals keeps them; the rest have two
    expect(lines.map((l) => l.price)).toEqual(['€ 38,50', '€ 9,95', '€ 26,705', '€ 64,95']);
    expect(lines.map((l) => l.rate)).toEqual(['9%', '9%', '9%', '21%']);
    expect(squash(await doc.locator('thead').innerText())).toMatch(/Prijs incl\. btw.*Bedrag incl\. btw/);

    const rows = await totals(doc);
    expect(rows.map(([dt]) => dt.replace(/ over .*/, ''))).toEqual(['Subtotaal', 'Korting 5%', 'Totaal incl. btw', 'waarvan btw 9%', 'waarvan btw 21%']);
    const [subtotal, discount, total] = rows.map(([, dd]) => cents(dd));
    expect(subtotal! + discount!, 'subtotaal − korting = totaal incl. btw').toBe(total);
    expect(
      lines.reduce((a, l) => a + cents(l.amount), 0),
      'de regelbedragen samen = subtotaal',
    ).toBe(subtotal);
    let parts = 0;
    for (const [dt, dd] of rows.slice(3)) {
      const [, rate, amount] = /^waarvan btw (\d+)% over (.+)$/.exec(dt)!;
      const base = cents(amount!);
      const tax = cents(dd);
      // the tax is taken out of the amount incl. btw, half-up to the cent: rate × the base left is within a cent of it
      expect(Math.abs((base * Number(rate)) / 100 - tax), `${dt}: ${dd}`).toBeLessThanOrEqual((0.5 * (100 + Number(rate))) / 100);
      parts += base + tax;
    }
    expect(parts, 'de grondslagen met hun btw samen = totaal incl. btw').toBe(total);
    expect(await doc.innerText()).toContain('Prijzen zijn inclusief btw.');
    await doc.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'document-sums-incl-btw');
    expect(await axeViolations(desk.page)).toEqual([]);
  }, 60_000);

  it('en de afgedrukte pdf zegt hetzelfde', async () => {
    const doc = desk.page.getByTestId('quotation-document');
    const lines = await readLines(doc);
    const rows = await totals(doc);
    const text = await printed('document-sums-incl-btw');
    for (const l of lines)
      expect(text).toMatch(new RegExp(`${escape(l.price)}\\s+(${escape(l.discount ?? '')}\\s+)?${escape(l.rate!)}\\s+${escape(l.amount)}`));
    for (const [dt, dd] of rows) expect(text).toMatch(new RegExp(`${escape(dt)}\\s+${escape(dd)}`));
    expect(text).not.toMatch(/Totaal excl\. btw/);
  }, 60_000);
});

describe('een aannemer met verlegde btw', () => {
  it('ziet geen tarief op de regels, en een totaal zonder "incl. btw", op het scherm en in de pdf', async () => {
    const id = await quotationFor({
      company: 'Bouwbedrijf Van Dam B.V.',
      contact: 'Peter van Dam',
      address: 'Industrieweg 8',
      zipcode: '3542 AD',
      city: 'Utrecht',
      tax_shifted: true,
      taxnumber: 'NL812345678B01',
    });
    const doc = await openPreview(id);
    const lines = await readLines(doc);
    expectLinesAddUp(lines);
    expect(lines.map((l) => l.rate)).toEqual([null, null, null, null]);
    expect(await doc.getByTestId('document-line-rate').count()).toBe(0);
    const head = squash(await doc.locator('thead').innerText());
    expect(head).not.toMatch(/Btw/);
    const rows = await totals(doc);
    expect(rows.map(([dt]) => dt)).toEqual(['Subtotaal', 'Korting 5%', 'Btw', 'Totaal']);
    expect(rows[2]![1]).toBe('verlegd');
    expect(cents(rows[0]![1]) + cents(rows[1]![1])).toBe(cents(rows[3]![1]));
    expect(await doc.innerText()).toContain('Btw verlegd naar de ontvanger, btw-nummer NL812345678B01.');
    await doc.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'document-sums-btw-verlegd');
    expect(await axeViolations(desk.page)).toEqual([]);

    const text = await printed('document-sums-btw-verlegd');
    for (const l of lines) expect(text).toMatch(new RegExp(`${escape(l.price)}\\s+(${escape(l.discount ?? '')}\\s+)?${escape(l.amount)}`));
    // no rate anywhere on the page but the line's own discount, and no total said to include btw
    expect(text.replace(/\b10%/g, '').replace(/Korting 5%/g, '')).not.toMatch(/\d%/);
    expect(text).not.toMatch(/incl\. btw/);
    expect(text).toMatch(new RegExp(`Totaal\\s+${escape(rows[3]![1])}`));
    expect(text.replace(/\s+/g, ' ')).toContain('Btw verlegd naar de ontvanger, btw-nummer NL812345678B01.');
  }, 60_000);
});

describe('subtotaal per kop', () => {
  let id = '';

  it('staat uit tot het gekozen wordt, met de opmerking dat de opmaak van de service het niet heeft', async () => {
    id = await quotationFor({ company: 'VvE De Linde', address: 'Lindelaan 3', zipcode: '3971 AB', city: 'Driebergen' }, false);
    let doc = await openPreview(id);
    expect(await doc.getByTestId('document-heading-subtotal').count()).toBe(0);

    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(id)}`);
    const option = desk.page.getByLabel('Subtotaal onder elke kop op het document');
    await option.waitFor();
    expect(await option.isChecked()).toBe(false);
    const note = desk.page.getByTestId('heading-subtotals-note');
    expect(await note.innerText()).toContain('krijgt de klant de opmaak van de service, zonder deze subtotalen');
    expect(await option.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    await option.check();
    await option.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'document-sums-option');

    doc = await openPreview(id);
    const sums = doc.getByTestId('document-heading-subtotal');
    expect((await sums.allInnerTexts()).map((s) => squash(s).replace(/ €.*/, ''))).toEqual(['Subtotaal Buitenschilderwerk', 'Subtotaal Binnenschilderwerk']);
    // each the sum of the amounts under its heading
    const amounts = (await doc.getByTestId('document-line-total').allInnerTexts()).map(cents);
    const groupSums = (await sums.locator('td').allInnerTexts()).filter((t) => /€/.test(t)).map(cents);
    expect(groupSums).toEqual([amounts[0]! + amounts[1]!, amounts[2]! + amounts[3]!]);
    // no discount: the lines add up to the total excl. btw, and so do the sums per heading
    const rows = await totals(doc);
    expect(rows[0]![0]).toBe('Totaal excl. btw');
    expect(groupSums[0]! + groupSums[1]!).toBe(cents(rows[0]![1]));
    expectLinesAddUp(await readLines(doc));
    await doc.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'document-sums-heading-subtotals');
    expect(await axeViolations(desk.page)).toEqual([]);

    const text = await printed('document-sums-heading-subtotals');
    expect(text).toMatch(/Subtotaal Buitenschilderwerk\s+€ 658,40/);
    expect(text).toMatch(/Subtotaal Binnenschilderwerk\s+€ 709,47/);
  }, 60_000);

  it('blijft gekozen voor deze offerte na opnieuw laden, en gaat weer uit', async () => {
    await desk.page.reload();
    const doc = desk.page.getByTestId('quotation-document');
    await doc.getByTestId('document-total').waitFor();
    expect(await doc.getByTestId('document-heading-subtotal').count()).toBe(2);
    // another quotation does not have it
    const other = await quotationFor({ company: 'VvE De Eik', address: 'Eiklaan 5', zipcode: '3971 AC', city: 'Driebergen' }, false);
    expect(await (await openPreview(other)).getByTestId('document-heading-subtotal').count()).toBe(0);

    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(id)}`);
    const option = desk.page.getByLabel('Subtotaal onder elke kop op het document');
    await option.waitFor();
    expect(await option.isChecked()).toBe(true);
    await option.uncheck();
    expect(await (await openPreview(id)).getByTestId('document-heading-subtotal').count()).toBe(0);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
