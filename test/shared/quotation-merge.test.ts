// The three-way merge of a quotation draft and the matching of its lines,
// on plain values: what each side changed alone is taken, only what both
// changed differently is a conflict, and `prefer` decides those alone.
import { describe, expect, it } from 'vitest';
import { holdsDraft, mergeQuotation, type Side } from '../../shared/quotation-merge';
import { matchLines } from '../../shared/line-match';
import type { DraftLine, QuotationContent } from '../../shared/local';

/** A line as the service returns it: every field, the defaults filled in. */
function served(id: string, description: string, price: number, extra: Partial<DraftLine> = {}): DraftLine {
  return { id, amount: 1, amount_desc: '', description, tax_rate: 21, price, discount_pct: 0, ...extra };
}

const A = served('s:0', 'Advies', 80);
const B = served('s:1', 'Reiskosten', 25);
const C = served('s:2', 'Montage', 120);

function content(over: Partial<QuotationContent> = {}): QuotationContent {
  return {
    clientId: 'c1',
    reference: { line1: 'Project X', line2: '', line3: '' },
    date: '2026-01-15',
    paymentcondition: '30 dagen',
    notes: 'base',
    discounttype: '',
    discount: 0,
    lines: [A, B, C],
    ...over,
  };
}

/** mine as the local draft holds it: its own line ids. */
function mineOf(over: Partial<QuotationContent> = {}): QuotationContent {
  const base = content();
  return { ...base, lines: base.lines.map((l, i) => ({ ...l, id: `m${i}` })), ...over };
}

let next = 0;
const opts = (prefer: Side = 'mine') => ({ prefer, newLineId: () => `new${next++}` });
const texts = (c: QuotationContent) => c.lines.map((l) => `${l.description}:${l.price}`);

describe('header fields', () => {
  it('takes a change made on one side only, from either side, and names it', () => {
    const m = mergeQuotation(content(), mineOf({ notes: 'mijn notitie' }), content({ date: '2026-02-01', paymentcondition: '14 dagen' }), opts());
    expect(m.conflicts).toEqual([]);
    expect(m.content).toMatchObject({ notes: 'mijn notitie', date: '2026-02-01', paymentcondition: '14 dagen' });
    expect(m.changedHereOnly).toEqual(['notes']);
    expect(m.changedThereOnly).toEqual(['paymentcondition', 'date']);
  });

  it('asks only about a field both changed to different values; prefer decides it alone', () => {
    const base = content();
    const mine = mineOf({ notes: 'mijn', discount: 5, discounttype: 'percentage' });
    const theirs = content({ notes: 'hun', date: '2026-03-01', discount: 5, discounttype: 'percentage' });
    for (const prefer of ['mine', 'theirs'] as const) {
      const m = mergeQuotation(base, mine, theirs, opts(prefer));
      expect(m.conflicts).toEqual([{ field: 'notes', mine: 'mijn', theirs: 'hun' }]);
      expect(m.content).toMatchObject({ notes: prefer === 'mine' ? 'mijn' : 'hun', date: '2026-03-01', discount: 5, discounttype: 'percentage' });
      // the same change on both sides is no change to name
      expect(m.changedHereOnly).toEqual([]);
      expect(m.changedThereOnly).toEqual(['date']);
    }
  });

  it('merges reference lines one by one', () => {
    const mine = mineOf({ reference: { line1: 'Project X', line2: 'Fase 2', line3: '' } });
    const theirs = content({ reference: { line1: 'Project Y', line2: '', line3: '' } });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(m.conflicts).toEqual([]);
    expect(m.content.reference).toEqual({ line1: 'Project Y', line2: 'Fase 2', line3: '' });
  });

  it('a field the draft never set is the service’s to fill: unchanged here, theirs taken', () => {
    const base = content({ profile: 1, quotationperiod: 30 });
    const { profile: _p, quotationperiod: _q, ...mine } = mineOf({ notes: 'mijn' });
    const m = mergeQuotation(base, mine as QuotationContent, content({ profile: 2, quotationperiod: 30 }), opts());
    expect(m.conflicts).toEqual([]);
    expect(m.content).toMatchObject({ profile: 2, notes: 'mijn' });
    expect(m.content.quotationperiod).toBeUndefined();
  });

  it('numbers typed as text and empties read as the service’s values', () => {
    const m = mergeQuotation(content(), mineOf({ discount: '0.00', notes: 'base' }), content({ discount: 0 }), opts());
    expect(m).toMatchObject({ conflicts: [], changedHereOnly: [], changedThereOnly: [] });
  });

  it('a client chosen on both sides differently is a conflict; on one side, taken', () => {
    expect(mergeQuotation(content(), mineOf({ clientId: 'c2' }), content({ clientId: 'c3' }), opts('theirs'))).toMatchObject({
      conflicts: [{ field: 'client', mine: 'c2', theirs: 'c3' }],
      content: { clientId: 'c3' },
    });
    expect(mergeQuotation(content(), mineOf(), content({ clientId: 'c3' }), opts()).content.clientId).toBe('c3');
  });
});

describe('lines', () => {
  it('a line changed on one side only takes that side; the local ids stay', () => {
    const mine = mineOf();
    mine.lines[2] = { ...mine.lines[2]!, description: 'Montage en afvoer' };
    const theirs = content({ lines: [A, { ...B, price: 30 }, C] });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(m.conflicts).toEqual([]);
    expect(texts(m.content)).toEqual(['Advies:80', 'Reiskosten:30', 'Montage en afvoer:120']);
    expect(m.content.lines.map((l) => l.id)).toEqual(['m0', 'm1', 'm2']);
    expect(m.changedHereOnly).toEqual(['lines']);
    expect(m.changedThereOnly).toEqual(['lines']);
  });

  it('lines added on either side are kept where they were put', () => {
    const mine = mineOf();
    mine.lines.unshift({ id: 'mx', description: 'Intake', amount: 1, price: 50 });
    const theirs = content({ lines: [A, B, served('t:3', 'Nazorg', 40), C] });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(texts(m.content)).toEqual(['Intake:50', 'Advies:80', 'Reiskosten:25', 'Nazorg:40', 'Montage:120']);
    const ids = m.content.lines.map((l) => l.id);
    expect(ids.slice(0, 3)).toEqual(['mx', 'm0', 'm1']);
    expect(new Set(ids).size).toBe(5);
  });

  it('a line removed on one side and unchanged on the other is removed, from either side', () => {
    const mine = mineOf();
    mine.lines.splice(0, 1);
    const theirs = content({ lines: [A, { ...B, price: 30 }] });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(m.conflicts).toEqual([]);
    expect(texts(m.content)).toEqual(['Reiskosten:30']);
  });

  it('a line changed differently on both sides is a choice; prefer takes that side’s line, under the local id', () => {
    const mine = mineOf();
    mine.lines[1] = { ...mine.lines[1]!, price: 27.5 };
    const theirs = content({ lines: [A, { ...B, price: 30 }, C] });
    const asMine = mergeQuotation(content(), mine, theirs, opts('mine'));
    expect(asMine.conflicts).toEqual([{ field: 'line', line: 2, mine: mine.lines[1], theirs: theirs.lines[1] }]);
    expect(texts(asMine.content)).toEqual(['Advies:80', 'Reiskosten:27.5', 'Montage:120']);
    const asTheirs = mergeQuotation(content(), mine, theirs, opts('theirs'));
    expect(texts(asTheirs.content)).toEqual(['Advies:80', 'Reiskosten:30', 'Montage:120']);
    expect(asTheirs.content.lines[1]!.id).toBe('m1');
  });

  it('a line removed on one side and changed on the other is a choice too', () => {
    const mine = mineOf();
    mine.lines.splice(1, 1);
    const theirs = content({ lines: [A, { ...B, price: 30 }, C] });
    const asMine = mergeQuotation(content(), mine, theirs, opts('mine'));
    expect(asMine.conflicts).toEqual([{ field: 'line', line: 2, mine: null, theirs: theirs.lines[1] }]);
    expect(texts(asMine.content)).toEqual(['Advies:80', 'Montage:120']);
    expect(texts(mergeQuotation(content(), mine, theirs, opts('theirs')).content)).toEqual(['Advies:80', 'Reiskosten:30', 'Montage:120']);
  });

  it('the same line added on both sides is kept once', () => {
    const mine = mineOf();
    mine.lines.push({ id: 'mx', description: 'Nazorg', amount: 1, price: 40, tax_rate: 21 });
    const theirs = content({ lines: [A, B, C, served('t:3', 'Nazorg', 40)] });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(texts(m.content)).toEqual(['Advies:80', 'Reiskosten:25', 'Montage:120', 'Nazorg:40']);
    expect(m).toMatchObject({ conflicts: [], changedHereOnly: [], changedThereOnly: [] });
  });

  it('a line typed here without the values the service fills in is no change', () => {
    // typed with no tax rate; the service filled in 21% and saved it so
    const mine = mineOf({
      lines: [
        { id: 'm0', description: 'Advies', amount: 1, price: 80 },
        { ...B, id: 'm1' },
        { ...C, id: 'm2' },
      ],
    });
    const theirs = content({ lines: [{ ...A, price: 90 }, B, C] });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(m.conflicts).toEqual([]);
    expect(texts(m.content)).toEqual(['Advies:90', 'Reiskosten:25', 'Montage:120']);
    expect(holdsDraft(content(), mine)).toBe(true);
  });

  it('a line moved here keeps the local order; a change made there to another line is taken', () => {
    const mine = mineOf();
    mine.lines = [mine.lines[2]!, mine.lines[0]!, mine.lines[1]!];
    const theirs = content({ lines: [A, { ...B, price: 30 }, C] });
    const m = mergeQuotation(content(), mine, theirs, opts());
    expect(m.conflicts).toEqual([]);
    expect(texts(m.content)).toEqual(['Montage:120', 'Advies:80', 'Reiskosten:30']);
  });
});

describe('matching lines', () => {
  it('pairs by position when each line changed a little, by content when lines came and went', () => {
    expect(
      matchLines(
        [A, B, C],
        [
          { ...A, price: 1 },
          { ...B, price: 2 },
          { ...C, price: 3 },
        ],
      ),
    ).toEqual({ to: [0, 1, 2], from: [0, 1, 2] });
    const X = served('x', 'Nieuw', 10);
    expect(matchLines([A, B, C], [A, X, B])).toEqual({ to: [0, 2, -1], from: [0, -1, 1] });
    expect(matchLines([A, B, C], [{ ...C, price: 130 }])).toEqual({ to: [-1, -1, 0], from: [2] });
    expect(matchLines([], [A])).toEqual({ to: [], from: [-1] });
  });
});

describe('without a base', () => {
  it('every difference is a choice', () => {
    const mine = mineOf({ notes: 'mijn' });
    mine.lines.push({ id: 'mx', description: 'Extra' });
    const m = mergeQuotation(null, mine, content(), opts('theirs'));
    expect(m.conflicts.map((c) => c.field)).toEqual(['notes', 'line']);
    expect(m.content.notes).toBe('base');
    expect(texts(m.content)).toEqual(['Advies:80', 'Reiskosten:25', 'Montage:120']);
  });
});

describe('holdsDraft', () => {
  it('says whether saving a draft would change the service’s version', () => {
    expect(holdsDraft(content(), mineOf())).toBe(true);
    expect(holdsDraft(content(), mineOf({ notes: 'x' }))).toBe(false);
    const fewer = mineOf();
    fewer.lines.pop();
    expect(holdsDraft(content(), fewer)).toBe(false);
  });
});
