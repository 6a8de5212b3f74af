import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pieces, rowRange, RowHeights, type Piece } from '../../renderer/lib/row-window';

const even = () => 40;

describe('the rows of a long table in the page', () => {
  it('are those in view and a margin on each side', () => {
    // rows 40px high; the view starts 2000px down (row 50) and is 400px high (to row 60)
    expect(rowRange(500, even, { top: 2000, height: 400 }, 5)).toEqual({ start: 45, end: 65 });
    // the table starts below the top of the view
    expect(rowRange(500, even, { top: -300, height: 400 }, 5)).toEqual({ start: 0, end: 8 });
    // scrolled past the end
    expect(rowRange(500, even, { top: 50_000, height: 400 }, 5)).toEqual({ start: 495, end: 500 });
    expect(rowRange(0, even, { top: 0, height: 400 }, 5)).toEqual({ start: 0, end: 0 });
  });

  it('cover the view whatever the rows measure', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: -1000, max: 40_000 }),
        fc.integer({ min: 1, max: 2000 }),
        (hs, top, height) => {
          const { start, end } = rowRange(hs.length, (i) => hs[i]!, { top, height }, 0);
          let y = 0;
          for (let i = 0; i < hs.length; i++) {
            const visible = y + hs[i]! > top && y < top + height;
            if (visible) expect(i >= start && i < end).toBe(true);
            y += hs[i]!;
          }
        },
      ),
    );
  });

  it('are laid out between gaps as high as the rows they stand for, with kept rows in their place', () => {
    const heights = [10, 20, 30, 40, 50, 60, 70];
    const got = pieces(7, { start: 2, end: 4 }, [6, 3], (i) => heights[i]!);
    expect(got).toEqual<Piece[]>([
      { kind: 'gap', from: 0, to: 2, height: 30 },
      { kind: 'row', index: 2 },
      { kind: 'row', index: 3 },
      { kind: 'gap', from: 4, to: 6, height: 110 },
      { kind: 'row', index: 6 },
    ]);
    expect(pieces(3, { start: 0, end: 3 }, [], (i) => heights[i]!)).toEqual([0, 1, 2].map((index) => ({ kind: 'row', index })));
    // a kept row that is no longer there is left out
    expect(pieces(2, { start: 0, end: 2 }, [5], (i) => heights[i]!)).toHaveLength(2);
  });

  it('take a row never measured to be as high as a typical one', () => {
    const h = new RowHeights(38);
    expect(h.get('a')).toBe(38);
    expect(
      h.set([
        ['a', 33],
        ['b', 33],
        ['c', 60],
      ]),
    ).toBe(true);
    expect(h.get('x')).toBe(33);
    expect(h.get('c')).toBe(60);
    // the same heights again change nothing
    expect(
      h.set([
        ['a', 33],
        ['c', 60],
      ]),
    ).toBe(false);
    // a new row as high as the typical one changes no gap
    expect(h.set([['d', 33]])).toBe(false);
    h.keepOnly(new Set(['a']));
    expect(h.get('c')).toBe(33);
  });
});
