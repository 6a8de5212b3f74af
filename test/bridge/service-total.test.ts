// The desk's totals and the service's, through the bridge against the real
// core and the demo sandbox (docs/money.md): after a save or a send they agree
// to the cent, for a discount over three rates and for a client whose tax is
// shifted; and a total the service reports differently, its record changed
// behind the desk's back, reaches the views to be shown and named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingServiceTotal, quotationTotals } from '../../shared/money';
import type { QuotationView } from '../../shared/bridge';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const KITCHEN = [
  { description: 'Keukenmontage, arbeid', amount: 8, price: 95, tax_rate: 21 },
  { description: 'Werkblad eiken', amount: 1, price: 240.14, tax_rate: 21 },
  { description: 'Kookboek', amount: 10, price: 23.99, tax_rate: 9 },
  { description: 'Kookcursus (vrijgesteld)', amount: 1, price: 448, tax_rate: 0 },
];

/** The totals the editor works out for a view (renderer/stores/editor.ts does the same through RunningTotals). */
function deskTotals(v: QuotationView) {
  return quotationTotals(v.lines, { discounttype: v.discounttype ?? '', discount: v.discount ?? undefined, taxType: v.taxType, taxShifted: v.taxShifted });
}

async function quotationFor(fields: Record<string, unknown>): Promise<string> {
  const client = await t.ok('clients.create', { fields: { country: 146, email: 'inkoop@keuken.example', ...fields } });
  const q = await t.ok('quotations.create', { clientId: client.id });
  await t.ok('quotations.update', { id: q.id, patch: { discounttype: 'amount', discount: 25 } });
  for (const line of KITCHEN) await t.ok('lines.add', { quotationId: q.id, line });
  return q.id;
}

async function saved(id: string): Promise<QuotationView> {
  await t.ok('quotations.saveToService', { id });
  await t.core.sync.engine.pushNow();
  // the saved draft was read back: its local copy stays, and nothing waits
  const v = await t.ok('quotations.get', { id });
  expect(v.state).toBe('saved');
  return v;
}

describe('the desk and the service agree', () => {
  it('on a discount over three rates: €1,663.04 excl. tax, €1,891.23 incl.', async () => {
    const v = await saved(await quotationFor({ company: 'Keukenstudio Drift' }));
    expect(v.taxShifted).toBe(false);
    const ours = deskTotals(v);
    expect(ours.totalextax).toBe('1663.04');
    expect(v.serviceTotal).toBe('1891.23');
    expect(v.serviceTotal).toBe(ours.totalintax);
    expect(differingServiceTotal(ours, v.serviceTotal, false)).toBeNull();
  });

  it('for a client whose tax is shifted: no tax on either side, €1,663.04 in all', async () => {
    const v = await saved(await quotationFor({ company: 'Bouwbedrijf Van Dam', tax_shifted: true, taxnumber: 'NL812345678B01' }));
    expect(v.taxShifted).toBe(true);
    const ours = deskTotals(v);
    expect(ours.taxes.every((x) => x.sum === '0.00')).toBe(true);
    expect(ours.totalintax).toBe('1663.04');
    expect(v.serviceTotal).toBe('1663.04');
    expect(v.totalintax).toBe('1663.04');
  });
});

describe('a total the service reports differently', () => {
  it('after a save: the view carries the service’s total, which the editor shows in place of ours and names', async () => {
    const id = await quotationFor({ company: 'Keukenstudio Noord' });
    const v = await saved(id);
    expect(v.serviceTotal).toBe('1891.23');
    // the service's record changes behind the desk's back (another rounding, say)
    t.core.sandbox!.data.quotations.patch(v.serverId!, { totalintax: '1891.24' });
    await pullAll(t.core);
    const after = await t.ok('quotations.get', { id });
    expect(after.serviceTotal).toBe('1891.24');
    // the list shows the service's too
    expect(after.totalintax).toBe('1891.24');
    const ours = deskTotals(after);
    expect(ours.totalintax).toBe('1891.23');
    expect(differingServiceTotal(ours, after.serviceTotal, false)).toBe('1891.24');
  });

  it('after a send: the sent quotation’s view too', async () => {
    const id = await quotationFor({ company: 'Keukenstudio Zuid' });
    await t.ok('quotations.send', { id, sendmethod: 'email' });
    await t.core.sync.engine.pushNow();
    const sent = await t.ok('quotations.get', { id });
    expect(sent.sent).toBe(true);
    expect(sent.serviceTotal).toBe('1891.23');
    t.core.sandbox!.data.quotations.patch(sent.serverId!, { totalintax: '1891.22' });
    await pullAll(t.core);
    const after = await t.ok('quotations.get', { id: sent.id });
    expect(after.serviceTotal).toBe('1891.22');
    expect(differingServiceTotal(deskTotals(after), after.serviceTotal, false)).toBe('1891.22');
  });
});
