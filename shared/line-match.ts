// Which quotation lines of two versions are the same line. The service keeps
// no line ids (its lines come back as line1…lineN, by position), and a local
// line's id says nothing about the service's positions once lines were
// added, removed or moved before a save; so lines are matched by what they
// hold, keeping their order: the alignment that costs least, where a line
// left out or put in costs 1 and pairing two lines costs what differs
// between them (0 when alike, 2 when no field agrees, the text weighing
// most). Two versions with the same number of lines, each line changed a
// little or not at all, therefore pair by position; a line put in or taken
// out shifts the rest as a person would see it.
import { isEmpty, isRecord, numeric, sameValue } from './same-value';

type Rec = Record<string, unknown>;

/**
 * A line's fields without its local id and without what the service fills
 * in by itself (no unit, 0% tax, no discount, "no" for a foreign tax),
 * which means the same as leaving them out.
 */
export function lineValues(line: unknown): Rec {
  if (!isRecord(line)) return {};
  const out: Rec = {};
  for (const [k, v] of Object.entries(line)) {
    if (k === 'id' || isEmpty(v) || v === false || v === 'false' || numeric(v) === 0) continue;
    out[k] = v;
  }
  return out;
}

export function sameLine(a: unknown, b: unknown): boolean {
  return sameValue(lineValues(a), lineValues(b));
}

// A line is known by its text above all: a new price keeps it the same
// line, a new text with the same price and tax rate is rather another one.
const WEIGHT: Record<string, number> = { description: 3 };

/**
 * 0 when alike, up to 2 when no field agrees. A field one version never set
 * (a line typed here without a tax rate, which the service then filled in)
 * is no evidence either way.
 */
function distance(a: Rec, b: Rec, na: Rec, nb: Rec): number {
  const keys = new Set([...Object.keys(na), ...Object.keys(nb)]);
  if (keys.size === 0) return 0;
  let counted = 0;
  let differ = 0;
  for (const k of keys) {
    if (a[k] === undefined || b[k] === undefined) continue;
    const w = WEIGHT[k] ?? 1;
    counted += w;
    if (!sameValue(na[k], nb[k])) differ += w;
  }
  return counted === 0 ? 1 : (2 * differ) / counted;
}

export interface LineMatch {
  /** per line of the first version: the index of the same line in the second, or -1 (not there) */
  to: number[];
  /** per line of the second version: the index of the same line in the first, or -1 (not there) */
  from: number[];
}

const EPS = 1e-9;

export function matchLines(first: readonly unknown[], second: readonly unknown[]): LineMatch {
  const rawA = first.map((l) => (isRecord(l) ? l : {}));
  const rawB = second.map((l) => (isRecord(l) ? l : {}));
  const a = rawA.map(lineValues);
  const b = rawB.map(lineValues);
  const to = new Array<number>(a.length).fill(-1);
  const from = new Array<number>(b.length).fill(-1);
  const pair = (i: number, j: number) => {
    to[i] = j;
    from[j] = i;
  };
  // Most edits touch a few lines: what is alike at both ends pairs as it stands.
  let head = 0;
  while (head < a.length && head < b.length && sameValue(a[head], b[head])) {
    pair(head, head);
    head++;
  }
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && sameValue(a[a.length - 1 - tail], b[b.length - 1 - tail])) {
    pair(a.length - 1 - tail, b.length - 1 - tail);
    tail++;
  }
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 || m === 0) return { to, from };

  const width = m + 1;
  const cost = new Float64Array((n + 1) * width);
  for (let i = 0; i <= n; i++) cost[i * width] = i;
  for (let j = 0; j <= m; j++) cost[j] = j;
  const d = (i: number, j: number) => distance(rawA[head + i]!, rawB[head + j]!, a[head + i]!, b[head + j]!);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diagonal = cost[(i - 1) * width + j - 1]! + d(i - 1, j - 1);
      const up = cost[(i - 1) * width + j]! + 1;
      const left = cost[i * width + j - 1]! + 1;
      cost[i * width + j] = Math.min(diagonal, up, left);
    }
  }
  // Back from the end; on a tie two lines pair rather than one going and another coming.
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = cost[i * width + j]!;
    if (Math.abs(here - (cost[(i - 1) * width + j - 1]! + d(i - 1, j - 1))) < EPS) {
      pair(head + i - 1, head + j - 1);
      i--;
      j--;
    } else if (Math.abs(here - (cost[(i - 1) * width + j]! + 1)) < EPS) i--;
    else j--;
  }
  return { to, from };
}
