// Which rows of a long table are in the page. A 500-line quotation with six
// inputs a row is thousands of elements: every keystroke would lay them out
// and every frame paint and layer them. Only the rows in view, a margin of
// rows on each side and rows that must stay (the one with the focus, the one
// being dragged) are rendered; the rest is an empty gap of their height.

export interface ViewSpan {
  /** px from the top of the first row to the top of what is in view (negative when the rows start below it) */
  top: number;
  /** px of rows that fit in view */
  height: number;
}

export type Piece = { kind: 'row'; index: number } | { kind: 'gap'; from: number; to: number; height: number };

/** The rows [start, end) that cover the view, plus `margin` rows on each side. */
export function rowRange(count: number, heightOf: (i: number) => number, view: ViewSpan, margin: number): { start: number; end: number } {
  let y = 0;
  let first = count;
  for (let i = 0; i < count; i++) {
    const h = heightOf(i);
    if (y + h > view.top) {
      first = i;
      break;
    }
    y += h;
  }
  let last = first;
  const bottom = view.top + view.height;
  while (last < count && y < bottom) y += heightOf(last++);
  return { start: Math.max(0, first - margin), end: Math.min(count, last + margin) };
}

/**
 * The table's body in order: rendered rows and, between them, gaps standing
 * for the rows left out. `keep` are rows rendered wherever they are.
 */
export function pieces(count: number, range: { start: number; end: number }, keep: Iterable<number>, heightOf: (i: number) => number): Piece[] {
  const shown = new Set<number>();
  for (let i = Math.max(0, range.start); i < Math.min(count, range.end); i++) shown.add(i);
  for (const i of keep) if (i >= 0 && i < count) shown.add(i);
  const rows = [...shown].sort((a, b) => a - b);
  const out: Piece[] = [];
  let next = 0;
  const gap = (from: number, to: number) => {
    let height = 0;
    for (let i = from; i < to; i++) height += heightOf(i);
    out.push({ kind: 'gap', from, to, height });
  };
  for (const index of rows) {
    if (index > next) gap(next, index);
    out.push({ kind: 'row', index });
    next = index + 1;
  }
  if (next < count) gap(next, count);
  return out;
}

/** Heights of rows measured while rendered; the typical one stands for rows never rendered. */
export class RowHeights {
  private readonly known = new Map<string, number>();
  private typical: number;

  constructor(private readonly fallback: number) {
    this.typical = fallback;
  }

  get(id: string): number {
    return this.known.get(id) ?? this.typical;
  }

  /** Records measured heights; says whether a row's height as used for the gaps changed. */
  set(measured: Iterable<readonly [string, number]>): boolean {
    let changed = false;
    for (const [id, h] of measured) {
      if (!(h > 0)) continue;
      if (this.get(id) !== h) changed = true;
      this.known.set(id, h);
    }
    if (changed) {
      const all = [...this.known.values()].sort((a, b) => a - b);
      this.typical = all[Math.floor(all.length / 2)] ?? this.fallback;
    }
    return changed;
  }

  /** Forgets rows no longer in the table. */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of [...this.known.keys()]) if (!ids.has(id)) this.known.delete(id);
  }
}
