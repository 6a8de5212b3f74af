// The tax rates an account uses: its products', its recent quotations' lines',
// and the Dutch 21, 9 and 0; the quotation being edited does not count.
import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';

describe('usual tax rates', () => {
  it('are 21, 9 and 0 in an empty database', () => {
    const { store } = scratchStore();
    expect(store.taxRates.usual()).toEqual([21, 9, 0]);
  });

  it("add the products' rates and those of recent quotations, but not the rates of the quotation being edited", () => {
    const { store, clock } = scratchStore();
    store.pulled.putProducts([{ id: 1, code: 'A', name: 'A', price: 1, taxes: 6 }], clock());
    store.pulled.putQuotations([{ id: 5, clientnr: 1, sent: true, lines: [{ description: 'x', amount: 1, price: 1, tax_rate: 19 }] }], clock());
    const draft = store.quotations.create({});
    store.quotations.addLine(draft.id, { description: 'slip', amount: 1, price: 1, tax_rate: 7 });
    expect(store.taxRates.usual(draft.id)).toEqual([21, 19, 9, 6, 0]);
    // seen from another quotation, the draft is a recent quotation like any
    expect(store.taxRates.usual('other')).toEqual([21, 19, 9, 7, 6, 0]);
  });
});
