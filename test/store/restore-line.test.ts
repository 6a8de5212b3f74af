// A removed line brought back (undo in the editor) stands where it was, with
// its own id and its values as they were, and is saved as any edit.
import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';

describe('a removed line put back', () => {
  it('comes back at its place with its id and values, nothing filled in, and the save waits for it', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'Schilderwerken Jansen' });
    const q = store.quotations.create({ clientId: c.id });
    const a = store.quotations.addLine(q.id, { description: 'Woonkamer' });
    // a priced line without a rate: a new line would get one, a line put back does not
    const b = store.quotations.addLine(q.id, { description: 'Kozijnen aflakken', amount: 14, amount_desc: 'm¹', price: '12x' });
    const d = store.quotations.addLine(q.id, { description: 'Plafond sausen', amount: 32, price: 9.8, tax_rate: 9 });
    const removed = store.quotations.get(q.id).content.lines[1]!;
    store.quotations.removeLine(q.id, b.id);
    const saves = () => store.outbox.list().filter((o) => o.kind === 'quotation.save' && o.target === q.id);
    expect(saves()).toHaveLength(1);

    const back = store.quotations.restoreLine(q.id, removed, 1);
    expect(back.content.lines.map((l) => l.id)).toEqual([a.id, b.id, d.id]);
    expect(back.content.lines[1]).toEqual(removed);
    expect(back.content.lines[1]!.tax_rate).toBeUndefined();
    expect(saves()).toHaveLength(1);

    // twice is once
    expect(store.quotations.restoreLine(q.id, removed, 0).content.lines.map((l) => l.id)).toEqual([a.id, b.id, d.id]);
  });

  it('goes to the end when the lines after it went meanwhile', () => {
    const { store } = scratchStore();
    const q = store.quotations.create();
    const a = store.quotations.addLine(q.id, { description: 'A' });
    const b = store.quotations.addLine(q.id, { description: 'B' });
    const line = store.quotations.get(q.id).content.lines[1]!;
    store.quotations.removeLine(q.id, b.id);
    expect(store.quotations.restoreLine(q.id, line, 7).content.lines.map((l) => l.id)).toEqual([a.id, b.id]);
  });
});
