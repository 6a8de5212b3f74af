// The sandbox computes a quotation's totals by the app's rule (docs/money.md):
// the discount spread over the rates by largest remainder, no tax for a client
// whose tax is shifted to the receiver. Checked on its totals function and on
// what it answers over HTTP after a save and a send, in the wire format as
// before (taxes keyed tax1…, every value a string).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineRecord, priceQuotation } from '../../electron/sandbox/pricing';
import { quotationTotals, type TaxTotal } from '../../shared/money';
import { quotationRecord } from '../../shared/schemas';
import { sandboxForFile } from './client';
import { cents, expectAddsUp, money, pricedLine, options, type DrawnLine, type DrawnOptions } from '../helpers/money-identities';

const file = sandboxForFile();

const KITCHEN = [
  { description: 'Keukenmontage, arbeid', amount: 8, price: 95, tax_rate: 21 },
  { description: 'Werkblad eiken', amount: 1, price: 240.14, tax_rate: 21 },
  { description: 'Kookboek', amount: 10, price: 23.99, tax_rate: 9 },
  { description: 'Kookcursus (vrijgesteld)', amount: 1, price: 448, tax_rate: 0 },
];

/** The wire's taxes (tax1, tax2, … or []) as a list. */
function taxList(taxes: unknown): TaxTotal[] {
  return Array.isArray(taxes) ? [] : Object.values(taxes as Record<string, TaxTotal>);
}

/** Checks a quotation as the sandbox keeps or answers it, against the lines and options it was given. */
function expectRecordAddsUp(lines: readonly DrawnLine[], opts: DrawnOptions, rec: { taxes: unknown; totalintax: string }): void {
  const taxes = taxList(rec.taxes);
  const ours = quotationTotals(lines, opts);
  expect(taxes).toEqual(ours.taxes);
  expect(rec.totalintax).toBe(ours.totalintax);
  // the wire carries no subtotal, discount or total excl. tax: they follow from the lines and the taxes
  const bases = taxes.reduce((a, t) => a + cents(t.sum_of), 0n);
  const tax = taxes.reduce((a, t) => a + cents(t.sum), 0n);
  const totalextax = opts.taxType === 'intax' ? cents(rec.totalintax) - tax : bases;
  expectAddsUp(lines, opts, {
    subtotal: ours.subtotal,
    discount: ours.discount,
    taxes,
    totalextax: money(totalextax),
    totalintax: rec.totalintax,
  });
}

/** A client of the sandbox with this tax type and shift, made over HTTP. */
async function clientWith(opts: DrawnOptions): Promise<number> {
  const r = await file.api.post('/clients', {
    company: `Klant ${opts.taxType} ${opts.taxShifted}`,
    email: 'inkoop@klant.example',
    tax_type: opts.taxType,
    tax_shifted: opts.taxShifted,
  });
  expect(r.status).toBe(201);
  return Number(r.text);
}

function body(clientnr: number, lines: readonly DrawnLine[], opts: DrawnOptions, action: 'save' | 'send' = 'save') {
  return {
    clientnr,
    action,
    ...(action === 'send' ? { sendmethod: 'email' } : {}),
    lines,
    ...(opts.discounttype ? { discounttype: opts.discounttype, discount: opts.discount } : {}),
  };
}

describe('the sandbox totals by the app rule', () => {
  it('computes the issue’s quotation to €1,663.04 excl. tax over HTTP (it said €1,663.05)', async () => {
    const opts: DrawnOptions = { discounttype: 'amount', discount: 25, taxType: 'extax', taxShifted: false };
    const nr = await clientWith(opts);
    const id = (await file.api.post('/quotations', body(nr, KITCHEN, opts))).text;
    const q = (await file.api.get(`/quotations/${id}`)).json.quotation;
    expect(q.taxes).toEqual({
      tax1: { rate: '0', sum_of: '441.36', sum: '0.00' },
      tax2: { rate: '9', sum_of: '236.35', sum: '21.27' },
      tax3: { rate: '21', sum_of: '985.33', sum: '206.92' },
    });
    expect(q.totalintax).toBe('1891.23');
    expectRecordAddsUp(KITCHEN, opts, q);
    // the app reads it as before
    expect(quotationRecord.parse(q).totalintax).toBe(1891.23);
  });

  it('charges a client whose tax is shifted no tax, on a save and on a send', async () => {
    const opts: DrawnOptions = { discounttype: 'amount', discount: 25, taxType: 'extax', taxShifted: true };
    const nr = await clientWith(opts);
    for (const action of ['save', 'send'] as const) {
      const r = await file.api.post('/quotations', body(nr, KITCHEN, opts, action));
      expect(r.status).toBe(201);
      const q = (await file.api.get(`/quotations/${r.text}`)).json.quotation;
      expect(taxList(q.taxes).map((t) => t.sum)).toEqual(['0.00', '0.00', '0.00']);
      expect(q.totalintax).toBe('1663.04');
      expectRecordAddsUp(KITCHEN, opts, q);
    }
  });

  it('keeps the identities in its totals function for any lines and options', () => {
    fc.assert(
      fc.property(fc.array(pricedLine, { maxLength: 25 }), options, (drawn, opts) => {
        const lines = drawn.map((l) => lineRecord(l as never));
        const priced = priceQuotation(lines, opts.discounttype, opts.discount, { tax_type: opts.taxType, tax_shifted: opts.taxShifted });
        expectRecordAddsUp(lines as DrawnLine[], opts, priced);
      }),
      { numRuns: 500 },
    );
  });

  it('answers totals that add up over HTTP after a save, for random quotations', async () => {
    // positive prices and amounts with the service's decimals: what a person sends
    const line = pricedLine.filter((l) => Number(l.price) >= 0);
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12 }), options, async (lines, opts) => {
        const nr = await clientWith(opts);
        const r = await file.api.post('/quotations', body(nr, lines, opts));
        expect(r.status, r.text).toBe(201);
        const q = (await file.api.get(`/quotations/${r.text}`)).json.quotation;
        expectRecordAddsUp(lines, opts, q);
        // and the record the app parses carries the same total
        expect(quotationRecord.parse(q).totalintax).toBe(Number(q.totalintax));
      }),
      { numRuns: 60 },
    );
  });
});
