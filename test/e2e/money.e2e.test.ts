// Amounts a person can trust, in Dutch (docs/money.md): a discount over three
// rates gives an editor and a document whose amounts, read off the page, add
// up to the cent; a client whose tax is shifted gets a document that says
// "Btw verlegd" and charges no tax; and a total the service reports
// differently after a save is shown in the editor, with both amounts named.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { appForFile, axeViolations, bridge, screenshot, setCompany } from './support';

const desk = appForFile({ language: 'nl' });
beforeAll(async () => {
  await setCompany(desk.page, { name: 'Keukenstudio Verhoef', email: 'hallo@keukenstudioverhoef.nl' });
});

const base = () => desk.app.host.url.split('#')[0];

// €1.688,04 at 0, 9 and 21 %, less €25,00: the rates' shares each rounded on their own made €1.663,05
const KITCHEN = [
  { description: 'Keukenmontage, arbeid', amount: 8, amount_desc: 'uur', price: 95, tax_rate: 21 },
  { description: 'Werkblad eiken, 2,4 m', amount: 1, price: 240.14, tax_rate: 21 },
  { description: 'Kookboek "Seizoenen"', amount: 10, price: 23.99, tax_rate: 9 },
  { description: 'Kookcursus (vrijgesteld)', amount: 1, price: 448, tax_rate: 0 },
];

/** Cents of an amount as the page writes it in Dutch: "€ 1.663,04", "−€ 25,00". */
function cents(text: string): number {
  const t = text.replace(/[\u00a0\u202f\s€]/g, '');
  const negative = /^[−-]/.test(t);
  const digits = t.replace(/^[−-]/, '').replace(/\./g, '');
  expect(digits, text).toMatch(/^\d+,\d{2}$/);
  const n = Number(digits.replace(',', ''));
  return negative ? -n : n;
}

/** Each row of a totals list: its label and its amount text. */
async function rows(list: Locator): Promise<[string, string][]> {
  return list
    .locator('dl > div')
    .evaluateAll((divs) =>
      divs.map(
        (d) => [(d.querySelector('dt')?.textContent ?? '').replace(/\s+/g, ' ').trim(), (d.querySelector('dd')?.textContent ?? '').trim()] as [string, string],
      ),
    );
}

/** The amounts of a totals list read off the page, checked to add up; the tax rows' bases are read from their labels. */
function expectAddsUp(read: [string, string][]): { subtotal: number; discount: number; totalEx: number; taxes: number[]; total: number } {
  const get = (label: RegExp) => read.find(([dt]) => label.test(dt));
  const subtotal = cents(get(/^Subtotaal/)![1]);
  const discountRow = get(/^Korting/);
  const discount = discountRow ? -cents(discountRow[1]) : 0;
  const totalEx = cents(get(/^Totaal excl\. btw/)![1]);
  const taxRows = read.filter(([dt]) => /^Btw \d/.test(dt));
  const bases = taxRows.map(([dt]) => cents(/over (.*)$/.exec(dt)![1]!));
  const taxes = taxRows.map(([, dd]) => cents(dd));
  const total = cents(get(/^Totaal incl\. btw/)![1]);
  expect(subtotal - discount, 'subtotaal − korting = totaal excl. btw').toBe(totalEx);
  if (bases.length > 0)
    expect(
      bases.reduce((a, b) => a + b, 0),
      'de grondslagen per tarief samen = totaal excl. btw',
    ).toBe(totalEx);
  expect(totalEx + taxes.reduce((a, b) => a + b, 0), 'totaal excl. btw + btw = totaal incl. btw').toBe(total);
  return { subtotal, discount, totalEx, taxes, total };
}

async function quotationFor(client: Record<string, unknown>): Promise<string> {
  const c = await bridge(desk.page, 'clients.create', { fields: { country: 146, email: 'inkoop@klant.example', ...client } });
  const q = await bridge(desk.page, 'quotations.create', { clientId: c.id });
  await bridge(desk.page, 'quotations.update', { id: q.id, patch: { date: '2026-03-02', quotationperiod: 30, discounttype: 'amount', discount: 25 } });
  for (const line of KITCHEN) await bridge(desk.page, 'lines.add', { quotationId: q.id, line });
  return q.id;
}

async function openEditor(id: string): Promise<Locator> {
  await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(id)}`);
  const panel = desk.page.locator('.editor-bottom .totals');
  await panel.getByTestId('total').waitFor();
  return panel;
}

async function openPreview(id: string): Promise<Locator> {
  await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(id)}/preview`);
  await desk.page.getByRole('heading', { name: 'Voorbeeld', level: 1 }).waitFor();
  const doc = desk.page.getByTestId('quotation-document');
  await doc.getByTestId('document-total').waitFor();
  return doc;
}

describe('een korting over drie tarieven', () => {
  let id = '';

  it('telt in de editor op tot op de cent: € 1.688,04 − € 25,00 = € 1.663,04', async () => {
    id = await quotationFor({ company: 'Keukenhuis Drift', contact: 'Sanne de Wit', address: 'Drift 21', zipcode: '3512 BS', city: 'Utrecht' });
    const panel = await openEditor(id);
    const read = await rows(panel);
    const amounts = expectAddsUp(read);
    expect(amounts).toMatchObject({ subtotal: 168804, discount: 2500, totalEx: 166304, total: 189123 });
    expect(read.filter(([dt]) => /^Btw \d/.test(dt)).map(([dt]) => dt.replace(/[\u00a0\u202f]/g, ' '))).toEqual([
      'Btw 0% over € 441,36',
      'Btw 9% over € 236,35',
      'Btw 21% over € 985,33',
    ]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-editor-discount-three-rates');
  });

  it('en op het document: de regels, de korting, de btw per tarief en het totaal', async () => {
    const doc = await openPreview(id);
    const amounts = expectAddsUp(await rows(doc.locator('.qdoc-totals')));
    expect(amounts.totalEx).toBe(166304);
    const lineTotals = (await doc.getByTestId('document-line-total').allInnerTexts()).map(cents);
    expect(
      lineTotals.reduce((a, b) => a + b, 0),
      'de regelbedragen samen = subtotaal',
    ).toBe(amounts.subtotal);
    expect(await doc.getByTestId('document-tax').count()).toBe(3);
    await doc.locator('.qdoc-totals').scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-document-discount-three-rates');
    expect(await axeViolations(desk.page)).toEqual([]);
  });
});

describe('een klant met verlegde btw', () => {
  let id = '';

  it('krijgt een document dat "Btw verlegd" zegt, met het btw-nummer, en geen btw rekent', async () => {
    id = await quotationFor({
      company: 'Bouwbedrijf Van Dam B.V.',
      contact: 'Peter van Dam',
      address: 'Industrieweg 8',
      zipcode: '3542 AD',
      city: 'Utrecht',
      tax_shifted: true,
      taxnumber: 'NL812345678B01',
    });
    const doc = await openPreview(id);
    const text = await doc.innerText();
    expect(text).toContain('Btw verlegd naar de ontvanger, btw-nummer NL812345678B01.');
    // no tax rows, one row saying the tax is shifted, and no amount of tax anywhere
    expect(await doc.getByTestId('document-tax').count()).toBe(0);
    expect((await doc.getByTestId('document-tax-shifted').innerText()).replace(/\s+/g, ' ')).toBe('Btw verlegd');
    // no tax is charged, so no total is said to include it (docs/money.md, The document's sums)
    const read = await rows(doc.locator('.qdoc-totals'));
    expect(read.map(([dt]) => dt)).toEqual(['Subtotaal', 'Korting', 'Btw', 'Totaal']);
    expect(cents(read[0]![1]) + cents(read[1]![1])).toBe(166304);
    expect(cents(read[3]![1])).toBe(166304);
    await doc.locator('.qdoc-totals').scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-document-tax-shifted');
    expect(await axeViolations(desk.page)).toEqual([]);
  });

  it('en een editor die hetzelfde zegt', async () => {
    const panel = await openEditor(id);
    expect((await panel.getByTestId('tax-shifted').innerText()).replace(/\s+/g, ' ')).toBe('Btw verlegd');
    expect(await panel.innerText()).toContain('Er wordt geen btw berekend: die is verlegd naar de klant.');
    // the same rows as the document: no total said to include a tax that is not charged
    const read = await rows(panel);
    expect(read.map(([dt]) => dt.replace(/ schatting$/, ''))).toEqual(['Subtotaal', 'Korting', 'Btw', 'Totaal']);
    expect(cents(read[0]![1]) + cents(read[1]![1])).toBe(166304);
    expect(cents(read[3]![1])).toBe(166304);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-editor-tax-shifted');
  });
});

describe('een particuliere klant met prijzen inclusief btw', () => {
  it('krijgt in de editor de btw uit het totaal gehaald, over de grondslag zonder btw, zoals op het document', async () => {
    const id = await quotationFor({ company: 'Marieke de Boer', city: 'Utrecht', tax_type: 'intax' });
    const panel = await openEditor(id);
    const read = await rows(panel);
    expect(read.slice(0, 3).map(([dt]) => dt.replace(/ schatting$/, ''))).toEqual(['Subtotaal', 'Korting', 'Totaal incl. btw']);
    expect(read.length).toBeGreaterThan(3);
    for (const [dt] of read.slice(3)) expect(dt).toMatch(/^waarvan btw \d+% over /);
    expect(read.some(([dt]) => /excl\. btw/.test(dt))).toBe(false);
    const total = cents(read[2]![1]);
    expect(cents(read[0]![1]) + cents(read[1]![1])).toBe(total);
    // each rate's base excl. tax plus its tax: together the total, to the cent; the tax is the rate of its base, within a cent
    const taxRows = read.slice(3).map(([dt, dd]) => {
      const [, rate, base] = /waarvan btw (\d+)% over (.*)$/.exec(dt)!;
      return { rate: Number(rate), base: cents(base!), tax: cents(dd) };
    });
    expect(taxRows.reduce((a, r) => a + r.base + r.tax, 0)).toBe(total);
    for (const r of taxRows) expect(Math.abs((r.base * r.rate) / 100 - r.tax)).toBeLessThan(1);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-editor-incl-tax');
  });
});

describe('een totaal dat de service anders berekent', () => {
  it('toont de editor het bedrag van de service en noemt beide bedragen', async () => {
    const id = await quotationFor({ company: 'Keukenhuis Oost', address: 'Oosterstraat 3', zipcode: '3581 AB', city: 'Utrecht' });
    await bridge(desk.page, 'quotations.saveToService', { id });
    let serverId = 0;
    await expect
      .poll(
        async () => {
          const v = await bridge(desk.page, 'quotations.get', { id });
          serverId = v.serverId ?? 0;
          return v.serviceTotal;
        },
        { timeout: 20_000 },
      )
      .toBe('1891.23');
    // the service's record changes behind the desk's back
    desk.app.host.sandbox!.data.quotations.patch(serverId, { totalintax: '1891.24' });
    await bridge(desk.page, 'sync.pullNow', {});
    await expect.poll(async () => (await bridge(desk.page, 'quotations.get', { id })).serviceTotal, { timeout: 20_000 }).toBe('1891.24');
    const panel = await openEditor(id);
    const note = panel.getByTestId('service-differs');
    await note.waitFor();
    expect((await note.innerText()).replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'De service berekent € 1.891,24; quotedesk € 1.891,23. Het document dat de klant van de service krijgt, toont het bedrag van de service.',
    );
    expect(cents(await panel.getByTestId('total').innerText())).toBe(189124);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-editor-service-differs');
    expect(await axeViolations(desk.page)).toEqual([]);
  }, 60_000);

  it('en zo ook een verstuurde offerte', async () => {
    const id = await quotationFor({ company: 'Keukenhuis West', address: 'Weststraat 9', zipcode: '3581 XZ', city: 'Utrecht' });
    await bridge(desk.page, 'quotations.send', { id, sendmethod: 'email' });
    let sent = await bridge(desk.page, 'quotations.get', { id });
    await expect
      .poll(
        async () => {
          sent = (await bridge(desk.page, 'quotations.get', { id }).catch(() => null)) ?? sent;
          return sent.state === 'sent' ? sent.serviceTotal : null;
        },
        { timeout: 20_000 },
      )
      .toBe('1891.23');
    desk.app.host.sandbox!.data.quotations.patch(sent.serverId!, { totalintax: '1891.22' });
    await bridge(desk.page, 'sync.pullNow', {});
    await expect.poll(async () => (await bridge(desk.page, 'quotations.get', { id: sent.id })).serviceTotal, { timeout: 20_000 }).toBe('1891.22');
    await desk.page.goto(`${base()}#/quotations/${encodeURIComponent(sent.id)}`);
    const panel = desk.page.locator('.totals');
    const note = panel.getByTestId('service-differs');
    await note.waitFor();
    expect((await note.innerText()).replace(/[\u00a0\u202f]/g, ' ')).toMatch(/^De service berekent € 1\.891,22; quotedesk € 1\.891,23\./);
    expect(cents(await panel.getByTestId('total').innerText())).toBe(189122);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'money-sent-service-differs');
    expect(await axeViolations(desk.page)).toEqual([]);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});
