// What the conflict dialog compares. Only a field changed on both sides
// since the version the local edit started from (the base), to different
// values, is a conflict; a change on one side only is named apart, for
// information. A field the local draft never set is the service's to fill
// (a default profile, period or "show totals"), so it counts as unchanged
// here. A quotation draft's fields and lines are compared by its merge
// (shared/quotation-merge.ts), so the dialog shows exactly what the merge
// left to choose; `threeWay` serves clients.
import type { ConflictRow } from '../../shared/bridge';
import { isEmpty, isRecord, sameValue } from '../../shared/same-value';
import { lineValues } from '../../shared/line-match';

export { sameValue };

type Rec = Record<string, unknown>;

/** Version of a record as field → value, reference lines one field each. */
export type Flat = Map<string, unknown>;

/**
 * A record's fields in `order`, with an object-valued `reference` spread
 * into 'reference.line1'…'reference.line3'. Fields not in `order` are left
 * out; absent ones are kept as undefined ("not set").
 */
export function flatten(record: Rec | null, order: readonly string[]): Flat {
  const out: Flat = new Map();
  for (const f of order) {
    const dot = f.indexOf('.');
    if (dot > 0) {
      const parent = record?.[f.slice(0, dot)];
      out.set(f, isRecord(parent) ? parent[f.slice(dot + 1)] : undefined);
    } else {
      out.set(f, record?.[f]);
    }
  }
  return out;
}

function linesOf(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.map(lineValues) : [];
}

export interface ThreeWay {
  /** changed on both sides, to different values */
  both: string[];
  changedHereOnly: string[];
  changedThereOnly: string[];
  rows: ConflictRow[];
}

/**
 * Compares mine and theirs against base, field by field in `order` (a
 * client's fields). A field mine leaves undefined is taken as base's.
 */
export function threeWay(base: Flat | null, mine: Flat, theirs: Flat, order: readonly string[]): ThreeWay {
  const out: ThreeWay = { both: [], changedHereOnly: [], changedThereOnly: [], rows: [] };
  for (const f of order) {
    const b = base?.get(f);
    const raw = mine.get(f);
    const m = raw === undefined ? b : raw;
    const t = theirs.get(f);
    if (sameValue(m, t)) continue;
    // no base: every difference is one to choose from
    const here = base === null || !sameValue(m, b);
    const there = base === null || !sameValue(t, b);
    if (here && there) {
      out.both.push(f);
      out.rows.push({ field: f, mine: m ?? null, theirs: t ?? null });
    } else if (here) {
      out.changedHereOnly.push(f);
    } else {
      out.changedThereOnly.push(f);
    }
  }
  return out;
}

/** Rows of what a version holds, against nothing (the service deleted the record). */
export function rowsOf(mine: Flat, order: readonly string[]): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const f of order) {
    const v = mine.get(f);
    if (f === 'lines') linesOf(v).forEach((l, i) => rows.push({ field: 'line', line: i + 1, mine: l, theirs: null }));
    else if (!isEmpty(v)) rows.push({ field: f, mine: v, theirs: null });
  }
  return rows;
}
