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

// A new line's rate (docs/everyday-defaults.md, "A new line's tax rate"): the
// client's most used, else the account's, else 21; decided by the store only.
describe('the tax rate of a new line', () => {
  const priced = (rate: number | null, description = 'work') => ({ description, amount: 1, price: 10, tax_rate: rate });
  /** a line as the service keeps it */
  const served = (rate: number) => ({ description: 'work', amount: 1, price: 10, tax_rate: rate });

  it('is 21 for an account with no lines yet, and a text line takes none', () => {
    const { store } = scratchStore();
    expect(store.taxRates.forNewLine(null)).toBe(21);
    const q = store.quotations.create({});
    expect(store.quotations.addNewLine(q.id, { amount: 1, description: '' }).tax_rate).toBe(21);
    expect(store.quotations.addNewLine(q.id, { description: '' }).tax_rate).toBeUndefined();
    // a product without a usable rate comes with null: it takes the default as well
    expect(store.quotations.addNewLine(q.id, { amount: 1, description: 'Thee', price: 2, tax_rate: null }).tax_rate).toBe(21);
    // a rate given is kept, 0 too
    expect(store.quotations.addNewLine(q.id, served(0)).tax_rate).toBe(0);
    expect(store.quotations.addNewLine(q.id, served(9)).tax_rate).toBe(9);
  });

  it("is the rate the account's lines use most, for a client without lines of its own", () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations(
      [
        { id: 1, clientnr: 1, sent: true, lines: [served(9), served(9), served(21)] },
        { id: 2, clientnr: 2, sent: true, lines: [served(9), { description: 'text only' }] },
      ],
      clock(),
    );
    expect(store.taxRates.mostUsed(null)).toBe(9);
    const client = store.clients.create({ company: 'Nieuw B.V.' });
    const q = store.quotations.create({ clientId: client.id });
    expect(store.quotations.addNewLine(q.id, { amount: 1, description: '' }).tax_rate).toBe(9);
  });

  it("is not 0 % from the account's lines while the account uses another rate; a client's own lines at 0 % make it theirs", () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations(
      [
        { id: 1, clientnr: 1, sent: true, lines: [served(0), served(0), served(0), served(21)] },
        { id: 2, clientnr: 2, sent: true, lines: [served(0), served(9)] },
      ],
      clock(),
    );
    expect(store.taxRates.mostUsed(null)).toBe(21);
    // an account that uses no other rate (exempt) starts its lines at 0 %
    const exempt = scratchStore();
    exempt.store.pulled.putQuotations([{ id: 1, clientnr: 1, sent: true, lines: [served(0), served(0)] }], exempt.clock());
    expect(exempt.store.taxRates.mostUsed(null)).toBe(0);
  });

  it("is the rate this client's lines use most, whatever the account uses most", () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 7, company: 'Export B.V.' }], clock());
    // the account's lines are mostly at 21; the service's quotations of client 7 at 0 (their lines go abroad)
    store.pulled.putQuotations(
      [
        { id: 1, clientnr: 1, sent: true, lines: [served(21), served(21), served(21), served(21)] },
        { id: 2, clientnr: 7, sent: true, lines: [served(0), served(0), served(21)] },
      ],
      clock(),
    );
    const exporter = store.clients.byClientnr(7)!;
    const q = store.quotations.create({ clientId: exporter.id });
    expect(store.quotations.addNewLine(q.id, { amount: 1, description: '' }).tax_rate).toBe(0);
    // a draft of this desk counts for its client too
    const other = store.clients.create({ company: 'Bakkerij' });
    const d = store.quotations.create({ clientId: other.id });
    store.quotations.addLine(d.id, priced(9));
    store.quotations.addLine(d.id, priced(9));
    const next = store.quotations.create({ clientId: other.id });
    expect(store.quotations.addNewLine(next.id, { amount: 1, description: '' }).tax_rate).toBe(9);
    // a quotation without a client yet takes the account's rate
    expect(store.quotations.addNewLine(store.quotations.create({}).id, { amount: 1, description: '' }).tax_rate).toBe(21);
  });

  it('counts neither empty lines, nor deleted quotations; a tie goes to the higher rate', () => {
    const { store } = scratchStore();
    const a = store.quotations.create({});
    store.quotations.addLine(a.id, priced(9));
    // empty lines (nothing typed but the rate) say nothing of what the account charges
    for (let i = 0; i < 3; i++) store.quotations.addLine(a.id, { amount: 1, description: '', tax_rate: 0 });
    expect(store.taxRates.mostUsed(null)).toBe(9);
    const b = store.quotations.create({});
    store.quotations.addLine(b.id, priced(6));
    store.quotations.addLine(b.id, priced(6));
    expect(store.taxRates.mostUsed(null)).toBe(6);
    store.quotations.delete(b.id);
    expect(store.taxRates.mostUsed(null)).toBe(9);
    store.quotations.addLine(a.id, priced(21));
    expect(store.taxRates.mostUsed(null)).toBe(21);
  });

  it('is not given to a copy: a copied line keeps its rate, or its want of one', () => {
    const { store } = scratchStore();
    const q = store.quotations.create({});
    const cleared = store.quotations.addLine(q.id, priced(null));
    const { id: _id, ...fields } = cleared;
    expect(store.quotations.addLine(q.id, fields).tax_rate).toBeNull();
  });
});
