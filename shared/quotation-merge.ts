// Three-way merge of a quotation draft: the version the local edit started
// from (base), the local one (mine) and the service's current one (theirs).
// Header fields merge one by one (each reference line on its own), lines
// line by line (matched as in line-match.ts). A change made on one side
// only is taken; only what both sides changed, to different values, is a
// conflict, decided by `prefer`. See docs/conflicts.md.
import { QUOTATION_HEADER_FIELDS, type DraftLine, type QuotationContent } from './local';
import { partNames, QUOTATION_TABLE } from './fields';
import { matchLines, sameLine } from './line-match';
import { sameValue } from './same-value';

export type Side = 'mine' | 'theirs';

/**
 * What merges one by one: the client, then the header fields in table order
 * (shared/fields/quotation.ts), each part of a group on its own (the
 * reference lines: 'reference.line1').
 */
export const MERGE_FIELDS: readonly string[] = ['client', ...QUOTATION_HEADER_FIELDS.flatMap((f) => partNames(f, QUOTATION_TABLE[f]))];

export type MergeConflict =
  /** a header field; 'client' holds local client ids */
  | { field: string; mine: unknown; theirs: unknown }
  /** a line: null on the side that removed it; `line` is its position (from 1) in the merged draft */
  | { field: 'line'; line: number; mine: DraftLine | null; theirs: DraftLine | null };

export interface QuotationMerge {
  /** mine with the one-sided changes of both sides, and `prefer`'s version of each conflict */
  content: QuotationContent;
  conflicts: MergeConflict[];
  /** fields changed on one side only, in MERGE_FIELDS order, then 'lines' */
  changedHereOnly: string[];
  changedThereOnly: string[];
}

export interface MergeOptions {
  prefer: Side;
  /** an id for a line taken from the service that the local draft does not hold */
  newLineId: () => string;
}

function get(c: QuotationContent, field: string): unknown {
  if (field === 'client') return c.clientId;
  const [name, part] = field.split('.');
  const v = (c as unknown as Record<string, unknown>)[name!];
  return part === undefined ? v : (v as Record<string, unknown> | undefined)?.[part];
}

/**
 * Without a base (never expected for a saved draft) every difference is a
 * conflict.
 */
export function mergeQuotation(base: QuotationContent | null, mine: QuotationContent, theirs: QuotationContent, opts: MergeOptions): QuotationMerge {
  const out: QuotationMerge = { content: { ...mine }, conflicts: [], changedHereOnly: [], changedThereOnly: [] };
  const header = new Map<string, unknown>();
  for (const f of MERGE_FIELDS) {
    const raw = get(mine, f);
    const b = base ? get(base, f) : undefined;
    // a field the local draft never set is the service's to fill (a default profile, period)
    const m = raw === undefined ? b : raw;
    const t = get(theirs, f);
    if (sameValue(m, t)) continue;
    const here = base === null || !sameValue(m, b);
    const there = base === null || !sameValue(t, b);
    if (here && there) {
      out.conflicts.push({ field: f, mine: m ?? null, theirs: t ?? null });
      if (opts.prefer === 'theirs') header.set(f, t ?? null);
    } else if (here) {
      out.changedHereOnly.push(f);
    } else {
      out.changedThereOnly.push(f);
      header.set(f, t ?? null);
    }
  }
  apply(out.content, header);
  mergeLines(base?.lines ?? null, mine.lines, theirs.lines, opts, out);
  return out;
}

function apply(content: QuotationContent, taken: Map<string, unknown>): void {
  const target = content as unknown as Record<string, unknown>;
  const groups = new Map<string, Record<string, unknown>>();
  for (const [f, v] of taken) {
    const [name, part] = f.split('.') as [string, string | undefined];
    if (f === 'client') {
      content.clientId = (v as string | null) ?? null;
      delete content.serviceClientnr;
    } else if (part !== undefined) {
      const group = groups.get(name) ?? { ...((target[name] as Record<string, unknown> | undefined) ?? {}) };
      group[part] = v ?? '';
      groups.set(name, group);
    } else target[f] = v;
  }
  for (const [name, group] of groups) target[name] = group;
}

type LineState = 'same' | 'changed' | 'removed';

/**
 * A local line with what it never set taken from the line of the base it
 * is: like a header field, a line field left unset is the service's to fill
 * (a default tax rate), not a change.
 */
function filled(line: DraftLine | undefined, base: DraftLine): DraftLine | undefined {
  if (!line) return undefined;
  const out: DraftLine = { ...line };
  const fields = out as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(base)) if (k !== 'id' && fields[k] === undefined) fields[k] = v;
  return out;
}

function lineState(baseLine: DraftLine, other: DraftLine | undefined): LineState {
  if (!other) return 'removed';
  return sameLine(baseLine, other) ? 'same' : 'changed';
}

/** Lines put in on one side, by the base line they follow (-1: before the first). */
function insertions(match: number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  let after = -1;
  match.forEach((b, j) => {
    if (b >= 0) after = b;
    else out.set(after, [...(out.get(after) ?? []), j]);
  });
  return out;
}

function mergeLines(base: DraftLine[] | null, mine: DraftLine[], theirs: DraftLine[], opts: MergeOptions, out: QuotationMerge): void {
  // Without a base, theirs stands in for it and every change of mine is a conflict.
  const noBase = base === null;
  const b = base ?? theirs;
  const toMine = matchLines(b, mine);
  const toTheirs = matchLines(b, theirs);
  const lines: DraftLine[] = [];
  let here = false;
  let there = false;
  const theirsAs = (t: DraftLine, id: string): DraftLine => ({ ...t, id });
  const conflict = (m: DraftLine | null, t: DraftLine | null) => out.conflicts.push({ field: 'line', line: lines.length + 1, mine: m, theirs: t });

  const addedMine = insertions(toMine.from);
  const addedTheirs = insertions(toTheirs.from);
  // The same line put in on both sides is one change: it is kept once, where mine put it.
  const twins = new Set<number>();
  const mineAdded = [...addedMine.values()].flat();
  const used = new Set<number>();
  for (const k of [...addedTheirs.values()].flat()) {
    const j = mineAdded.find((x) => !used.has(x) && sameLine(mine[x], theirs[k]));
    if (j !== undefined) {
      used.add(j);
      twins.add(k);
    }
  }
  const putIn = (after: number) => {
    for (const j of addedMine.get(after) ?? []) {
      if (noBase) {
        conflict(mine[j]!, null);
        if (opts.prefer === 'theirs') continue;
      } else if (!used.has(j)) here = true;
      lines.push(mine[j]!);
    }
    for (const k of addedTheirs.get(after) ?? []) {
      if (twins.has(k)) continue;
      there = true;
      lines.push(theirsAs(theirs[k]!, opts.newLineId()));
    }
  };

  putIn(-1);
  for (let i = 0; i < b.length; i++) {
    const typed = toMine.to[i]! >= 0 ? mine[toMine.to[i]!]! : undefined;
    // compared as filled in; what goes into the draft is the line as typed
    const m = filled(typed, b[i]!);
    const t = toTheirs.to[i]! >= 0 ? theirs[toTheirs.to[i]!]! : undefined;
    const ms = lineState(b[i]!, m);
    const ts = lineState(b[i]!, t);
    if (ms === 'same' && ts === 'same') {
      lines.push(typed!);
    } else if (ms === 'same') {
      // changed or removed on the service only
      there = true;
      if (t) lines.push(theirsAs(t, m!.id));
    } else if (ts === 'same') {
      // changed or removed here only
      if (noBase) {
        conflict(m ?? null, t!);
        if (opts.prefer === 'theirs') lines.push(theirsAs(t!, m?.id ?? opts.newLineId()));
        else if (typed) lines.push(typed);
      } else {
        here = true;
        if (typed) lines.push(typed);
      }
    } else if ((ms === 'removed' && ts === 'removed') || (m && t && sameLine(m, t))) {
      // the same change on both sides
      if (typed) lines.push(typed);
    } else {
      conflict(m ?? null, t ?? null);
      if (opts.prefer === 'mine' && typed) lines.push(typed);
      else if (opts.prefer === 'theirs' && t) lines.push(theirsAs(t, m?.id ?? opts.newLineId()));
    }
    putIn(i);
  }
  out.content.lines = lines;
  if (here) out.changedHereOnly.push('lines');
  if (there) out.changedThereOnly.push('lines');
}

/**
 * Whether saving `content` over the service's `server` would change nothing
 * there: a field the draft leaves unset is the service's to fill.
 */
export function holdsDraft(server: QuotationContent, content: QuotationContent): boolean {
  return mergeQuotation(server, content, server, { prefer: 'mine', newLineId: () => '' }).changedHereOnly.length === 0;
}
