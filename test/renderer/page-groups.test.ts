// Where the printed document may break a page (docs/document.md, Where a page
// breaks): the row groups kept on one page. For any sequence of rows: every
// row once and in order, a heading never the last row of a group that may
// break after it, the last two rows (not counting subtotals) kept with the
// totals. The printed PDF is checked in test/e2e/document-pages.e2e.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintedRow } from '../../renderer/lib/document-text';
import { pageGroups } from '../../renderer/lib/page-groups';

const line = (id: string): PrintedRow => ({
  kind: 'line',
  id,
  quantity: '1',
  unit: '',
  description: id,
  price: '€ 1,00',
  discount: '',
  rate: '21%',
  amount: '€ 1,00',
});
const heading = (id: string): PrintedRow => ({ kind: 'heading', id, text: id });
const note = (id: string): PrintedRow => ({ kind: 'note', id, text: id });
const subtotal = (id: string): PrintedRow => ({ kind: 'subtotal', id, label: `Subtotaal ${id}`, amount: '€ 1,00' });
const ids = (groups: ReturnType<typeof pageGroups>) => groups.map((g) => `${g.keep ? 'keep' : 'free'}:${g.rows.map((r) => r.id).join(',')}`);

describe('pageGroups', () => {
  it('keeps the last two lines together (with the totals after the table), the rest free', () => {
    expect(ids(pageGroups([line('a'), line('b'), line('c'), line('d')]))).toEqual(['free:a,b', 'keep:c,d']);
  });

  it('puts a heading in the group of the line under it', () => {
    expect(ids(pageGroups([line('a'), heading('H'), line('b'), line('c'), line('d'), line('e')]))).toEqual(['free:a', 'keep:H,b', 'free:c', 'keep:d,e']);
    // headings one after another, and the first row under them a note
    expect(ids(pageGroups([heading('H1'), heading('H2'), note('n'), line('b'), line('c'), line('d')]))).toEqual(['keep:H1,H2,n', 'free:b', 'keep:c,d']);
  });

  it('takes a heading right above the last lines into their group', () => {
    expect(ids(pageGroups([line('a'), line('b'), heading('H'), line('c'), line('d')]))).toEqual(['free:a,b', 'keep:H,c,d']);
    expect(ids(pageGroups([line('a'), heading('H'), line('c'), line('d')]))).toEqual(['free:a', 'keep:H,c,d']);
  });

  it('counts a subtotal with the line above it, not as one of the last rows', () => {
    const rows = [heading('H1'), line('a'), subtotal('s1'), heading('H2'), line('b'), line('c'), subtotal('s2')];
    expect(ids(pageGroups(rows))).toEqual(['keep:H1,a,s1', 'keep:H2,b,c,s2']);
    expect(ids(pageGroups([line('a'), line('b'), line('c'), subtotal('s')]))).toEqual(['free:a', 'keep:b,c,s']);
  });

  it('keeps a short document whole, and gives nothing for no rows', () => {
    expect(ids(pageGroups([line('a')]))).toEqual(['keep:a']);
    expect(ids(pageGroups([heading('H')]))).toEqual(['keep:H']);
    expect(pageGroups([])).toEqual([]);
  });

  it('for any rows: each row once and in order, no heading ends a group that may break after it, the last two rows kept', () => {
    const kinds = fc.array(fc.constantFrom('line', 'heading', 'note', 'subtotal'), { maxLength: 40 });
    fc.assert(
      fc.property(kinds, (drawn) => {
        const make = { line, heading, note, subtotal } as const;
        const rows = drawn.map((k, i) => make[k](`${k}${i}`));
        const groups = pageGroups(rows);
        expect(groups.flatMap((g) => g.rows)).toEqual(rows);
        for (const g of groups) {
          expect(g.rows.length).toBeGreaterThan(0);
          // a heading is followed, in its own group, by a row that is no heading
          const last = g.rows.at(-1)!;
          if (last.kind === 'heading') expect(g).toBe(groups.at(-1));
        }
        const counted = rows.filter((r) => r.kind !== 'subtotal');
        if (counted.length > 0) {
          const tail = groups.at(-1)!;
          expect(tail.keep).toBe(true);
          for (const r of counted.slice(-2)) expect(tail.rows).toContain(r);
        }
      }),
    );
  });
});
