// Templates in the local database: made from a quotation's lines (all or a
// selection, header fields optional), found by name and line text without
// regard to accents, renamed, deleted, and used to start or fill quotations
// with the lines in order and their values exactly as they were.
import { describe, expect, it } from 'vitest';
import { closeLater, scratchStore } from './helpers';
import { openStore, type Store } from '../../electron/store';

function quotationWithLines(store: Store) {
  const c = store.clients.create({ company: 'Café ’t Hoekje' });
  const q = store.quotations.create({
    clientId: c.id,
    paymentcondition: 'Binnen 14 dagen',
    quotationperiod: 30,
    reference: { line1: 'Onderhoud', line2: '', line3: '' },
  });
  store.quotations.updateHeader(q.id, { discounttype: 'percentage', discount: '2.5', notes: 'intern: klant betaalt laat' });
  const heading = store.quotations.addLine(q.id, { description: 'Crème brûlée workshop' });
  // exact decimals as typed (text) and as read from the service (numbers)
  const a = store.quotations.addLine(q.id, {
    description: 'Koffiebonen',
    amount: '0.125',
    amount_desc: 'kg',
    price: '12.345',
    tax_rate: 9,
    discount_pct: '0.5',
  });
  const b = store.quotations.addLine(q.id, { description: 'Espressomachine huur', amount: 3, price: 0.1, tax_rate: 21 });
  const d = store.quotations.addLine(q.id, { description: 'Voorrijkosten', amount: 1, price: 45, tax_rate: 21 });
  return { client: c, q, heading, a, b, d };
}

describe('templates', () => {
  it('keeps all lines of a quotation, text lines included, with the values exactly as they are', () => {
    const { store } = scratchStore();
    const { q, heading, a, b, d } = quotationWithLines(store);
    const t = store.templates.saveFrom(q.id, { name: '  Koffie   workshop ', withHeader: false });
    expect(t.name).toBe('Koffie workshop');
    expect(t.header).toBeNull();
    const strip = ({ id: _id, ...rest }: { id: string }) => rest;
    expect(t.lines).toEqual([strip(heading), strip(a), strip(b), strip(d)]);
    expect(t.lines[1]).toEqual({ description: 'Koffiebonen', amount: '0.125', amount_desc: 'kg', price: '12.345', tax_rate: 9, discount_pct: '0.5' });
    // kept on this computer only: nothing for the service
    const before = store.outbox.list().length;
    store.templates.saveFrom(q.id, { name: 'Another', withHeader: true });
    expect(store.outbox.list().length).toBe(before);
  });

  it('keeps a selection of lines in the quotation order, and the header fields worth reusing when asked', () => {
    const { store } = scratchStore();
    const { q, a, d } = quotationWithLines(store);
    const t = store.templates.saveFrom(q.id, { name: 'Koffie', lineIds: [d.id, a.id], withHeader: true });
    expect(t.lines.map((l) => l.description)).toEqual(['Koffiebonen', 'Voorrijkosten']);
    // not the date, the client, nor the internal notes
    expect(t.header).toEqual({
      reference: { line1: 'Onderhoud', line2: '', line3: '' },
      paymentcondition: 'Binnen 14 dagen',
      quotationperiod: 30,
      discounttype: 'percentage',
      discount: '2.5',
    });
    expect(() => store.templates.saveFrom(q.id, { name: 'None', lineIds: [], withHeader: false })).toThrow(/No lines are selected/);
    expect(() => store.templates.saveFrom(q.id, { name: 'Gone', lineIds: ['nope'], withHeader: false })).toThrow(/no longer on this quotation/);
  });

  it('refuses an empty, too long or taken name with a field error, whatever the case and accents', () => {
    const { store } = scratchStore();
    const { q } = quotationWithLines(store);
    store.templates.saveFrom(q.id, { name: 'Crème', withHeader: false });
    for (const [name, says] of [
      ['   ', /is required/],
      ['x'.repeat(101), /at most 100/],
      ['CREME', /"Crème" is taken/],
    ] as const) {
      let err: unknown;
      try {
        store.templates.saveFrom(q.id, { name, withHeader: false });
      } catch (e) {
        err = e;
      }
      expect(err).toMatchObject({ code: 'invalid', fieldErrors: [{ field: 'name', message: expect.stringMatching(says) }] });
    }
    expect(store.templates.list().map((t) => t.name)).toEqual(['Crème']);
  });

  it('finds templates by name and line text, every word a prefix, accents and case ignored', () => {
    const { store } = scratchStore();
    const { q, a, b } = quotationWithLines(store);
    store.templates.saveFrom(q.id, { name: 'Zomer menu', lineIds: [a.id], withHeader: false });
    store.templates.saveFrom(q.id, { name: 'Espresso', lineIds: [b.id], withHeader: false });
    store.templates.saveFrom(q.id, { name: 'Café inrichting', withHeader: false });
    const names = (query: string) => store.templates.list(query).map((t) => t.name);
    expect(names('')).toEqual(['Café inrichting', 'Espresso', 'Zomer menu']);
    expect(names('cafe')).toEqual(['Café inrichting']);
    expect(names('CAFÉ INR')).toEqual(['Café inrichting']);
    // line text: "Crème brûlée" is on the whole quotation's template only
    expect(names('creme brulee')).toEqual(['Café inrichting']);
    // a name that matches comes before templates that match by their lines
    expect(names('espresso')).toEqual(['Espresso', 'Café inrichting']);
    expect(names('koffie')).toEqual(['Café inrichting', 'Zomer menu']);
    expect(names('kg')).toEqual(['Café inrichting', 'Zomer menu']);
    expect(names('thee')).toEqual([]);
    // punctuation alone is no query
    expect(names('"*')).toHaveLength(3);
  });

  it('renames and deletes, and the search follows', () => {
    const { store } = scratchStore();
    const { q } = quotationWithLines(store);
    const t = store.templates.saveFrom(q.id, { name: 'Koffie', withHeader: false });
    const other = store.templates.saveFrom(q.id, { name: 'Thee', withHeader: false });
    expect(store.templates.rename(t.id, 'Barista dag').name).toBe('Barista dag');
    // the same name with another case is the template's own
    expect(store.templates.rename(t.id, 'barista Dag').name).toBe('barista Dag');
    expect(() => store.templates.rename(other.id, 'Barista dag')).toThrow(/is taken/);
    expect(store.templates.list('barista').map((x) => x.id)).toEqual([t.id]);
    expect(store.templates.list('koffie').map((x) => x.name)).toEqual(['barista Dag', 'Thee']); // by its lines
    store.templates.delete(t.id);
    expect(store.templates.find(t.id)).toBeNull();
    expect(store.templates.list('barista')).toEqual([]);
    expect(() => store.templates.delete(t.id)).toThrow(/does not exist/);
    expect(() => store.templates.rename(t.id, 'x')).toThrow(/does not exist/);
  });

  it('inserts the lines after a chosen line or at the end, in order, with exact values and new line ids', () => {
    const { store } = scratchStore();
    const { q, a, b } = quotationWithLines(store);
    const t = store.templates.saveFrom(q.id, { name: 'Twee', lineIds: [a.id, b.id], withHeader: true });
    const c = store.clients.create({ company: 'Bakkerij' });
    const target = store.quotations.create({ clientId: c.id, paymentcondition: 'Direct' });
    const first = store.quotations.addLine(target.id, { description: 'Eerste', amount: 1, price: 1 });
    const last = store.quotations.addLine(target.id, { description: 'Laatste', amount: 1, price: 1 });

    const { quotation, added } = store.templates.insertInto(t.id, target.id, first.id);
    expect(quotation.content.lines.map((l) => l.description)).toEqual(['Eerste', 'Koffiebonen', 'Espressomachine huur', 'Laatste']);
    expect(added).toEqual([quotation.content.lines[1]!.id, quotation.content.lines[2]!.id]);
    expect(added).not.toContain(a.id);
    expect(quotation.content.lines[1]).toMatchObject({ amount: '0.125', price: '12.345', tax_rate: 9, discount_pct: '0.5', amount_desc: 'kg' });
    expect(quotation.content.lines[2]).toMatchObject({ amount: 3, price: 0.1, tax_rate: 21 });
    // the header of the quotation is its own: inserting lines does not touch it
    expect(quotation.content.paymentcondition).toBe('Direct');
    expect(quotation.content.discount).toBeUndefined();

    const end = store.templates.insertInto(t.id, target.id).quotation;
    expect(end.content.lines.map((l) => l.description)).toEqual([
      'Eerste',
      'Koffiebonen',
      'Espressomachine huur',
      'Laatste',
      'Koffiebonen',
      'Espressomachine huur',
    ]);
    // 1 + (0.125 × 12.345 = 1.543125, less 0.5% → 1.54) + (3 × 0.10 = 0.30) + 1, and the last two again: exact, no float drift
    expect(end.totals.subtotal).toBe('5.68');
    expect(() => store.templates.insertInto(t.id, target.id, last.id + 'x')).toThrow(/choose the place again/);
    // the template itself is unchanged
    expect(store.templates.get(t.id).lines).toEqual(t.lines);
    expect(() => store.templates.insertInto(t.id, q.id === target.id ? 'x' : 'missing')).toThrow(/does not exist/);
  });

  it('starts a new quotation dated today with the kept header and lines, for a client or none yet', () => {
    const { store, clock } = scratchStore();
    const { q, client } = quotationWithLines(store);
    const t = store.templates.saveFrom(q.id, { name: 'Alles', withHeader: true });
    clock.advance(3 * 86_400_000);
    const fresh = store.templates.newQuotation(t.id, client.id);
    expect(fresh.id).not.toBe(q.id);
    expect(fresh.content).toMatchObject({
      clientId: client.id,
      paymentcondition: 'Binnen 14 dagen',
      quotationperiod: 30,
      discounttype: 'percentage',
      discount: '2.5',
      reference: { line1: 'Onderhoud' },
      date: '2026-01-18',
    });
    expect(fresh.content.notes).toBeUndefined();
    expect(fresh.content.lines.map(({ id: _id, ...rest }) => rest)).toEqual(t.lines);
    expect(fresh.totals).toEqual(store.quotations.get(q.id).totals);
    // one save queued for it, as for any new draft with a client
    expect(store.outbox.forTarget(fresh.id).map((o) => o.kind)).toEqual(['quotation.save']);

    const lonely = store.templates.newQuotation(store.templates.saveFrom(q.id, { name: 'Kaal', withHeader: false }).id, null);
    expect(lonely.content.clientId).toBeNull();
    expect(lonely.content.paymentcondition).toBeUndefined();
    expect(lonely.content.lines).toHaveLength(4);
    expect(store.outbox.forTarget(lonely.id)).toEqual([]);
  });

  it('survives closing and opening the database', () => {
    const { store, path } = scratchStore();
    const { q } = quotationWithLines(store);
    const t = store.templates.saveFrom(q.id, { name: 'Blijvend', withHeader: true });
    store.close();
    const again = closeLater(openStore(path));
    expect(again.templates.get(t.id)).toEqual(t);
    expect(again.templates.list('blijv').map((x) => x.id)).toEqual([t.id]);
  });
});
