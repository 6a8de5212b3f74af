// Three-way decisions between the version an edit started from (base), the
// local version (mine) and the service's current one (theirs). Clients merge
// field by field here; a quotation draft merges field by field and line by
// line in shared/quotation-merge.ts, once draftUnchanged says the service's
// draft moved on at all.
import type { Client, ClientInput, Product, ProductInput, Quotation } from '../../shared/schemas';
import type { ClientFields, ProductFields } from '../../shared/local';
import { QUOTATION_HEADER_FIELDS } from '../../shared/local';
import { QUOTATION_TABLE } from '../../shared/fields';
import { CLIENT_FIELDS, LINE_FIELDS, PRODUCT_FIELDS, pick } from '../store/fields';

/** Empty text, null and absent all mean "nothing" on the service. */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** Equality as the service sees values: empties alike, reference lines one by one. */
export function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) || Array.isArray(b)) {
      if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
      return a.every((x, i) => same(x, b[i]));
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  if (isEmpty(a) && typeof b === 'object' && b !== null) return same({}, b);
  if (isEmpty(b) && typeof a === 'object' && a !== null) return same(a, {});
  return a === b;
}

export interface ClientMerge {
  /** fields to PUT: changed here, and not changed differently there */
  send: Partial<ClientInput>;
  /** the local version with their changes taken in where this side did not touch a field */
  merged: ClientFields;
  /** changed on both sides to different values */
  conflicts: string[];
}

/**
 * `mineInput` is the local version as the service would take it (empties of
 * number fields dropped); `mine` is the version as typed, kept in `merged`.
 * A field missing from base (a record created here, which the service then
 * completed with defaults) counts as unchanged there.
 */
export function mergeClient(base: Partial<Client> | null, mine: ClientFields, mineInput: Partial<ClientInput>, theirs: Client): ClientMerge {
  return mergeFields(CLIENT_FIELDS, base, mine, mineInput, theirs) as ClientMerge;
}

export interface ProductMerge {
  send: Partial<ProductInput>;
  merged: ProductFields;
  conflicts: string[];
}

/** Products merge field by field as clients do (mergeClient). */
export function mergeProduct(base: Partial<Product> | null, mine: ProductFields, mineInput: Partial<ProductInput>, theirs: Product): ProductMerge {
  return mergeFields(PRODUCT_FIELDS, base, mine, mineInput, theirs) as ProductMerge;
}

/** Product fields the service holds, for comparing with the local version. */
export function productFields(p: Product): ProductFields {
  return pick<ProductFields>(p, PRODUCT_FIELDS);
}

function mergeFields(
  fields: readonly string[],
  base: object | null,
  mine: object,
  mineInput: object,
  theirs: object,
): { send: object; merged: object; conflicts: string[] } {
  const send: Record<string, unknown> = {};
  const merged: Record<string, unknown> = { ...mine };
  const conflicts: string[] = [];
  for (const f of fields) {
    const t = (theirs as Record<string, unknown>)[f];
    const b = base && (base as Record<string, unknown>)[f] !== undefined ? (base as Record<string, unknown>)[f] : t;
    const m = (mineInput as Record<string, unknown>)[f] ?? b;
    if (same(m, b)) {
      if (t !== undefined) merged[f] = t;
      else delete merged[f];
    } else if (same(t, b) || same(m, t)) {
      if (!same(m, t)) send[f] = m;
    } else {
      conflicts.push(f);
    }
  }
  return { send, merged, conflicts };
}

/** The part of a quotation a draft edit can change, for comparing versions. */
export function draftContent(q: Quotation): Record<string, unknown> {
  return {
    ...pick(q, [...QUOTATION_HEADER_FIELDS, 'clientnr']),
    lines: (q.lines ?? []).map((l) => pick(l, LINE_FIELDS)),
  };
}

/** Whether the service's draft still is the version the local edit started from: nothing to merge. */
export function draftUnchanged(base: Quotation, theirs: Quotation): boolean {
  return !theirs.sent && same(draftContent(base), draftContent(theirs));
}

/** Client fields the service holds, for comparing with the local version. */
export function clientFields(c: Client): ClientFields {
  return pick<ClientFields>(c, CLIENT_FIELDS);
}

/**
 * Whether the service's draft holds what an earlier save sent (its answer
 * lost): every value that was sent is there. Fields the service filled in
 * by itself (a default period, a profile) do not count against it.
 */
export function holdsSent(sent: Record<string, unknown>, theirs: Quotation): boolean {
  const t = draftContent(theirs);
  for (const f of [...QUOTATION_HEADER_FIELDS, 'clientnr']) {
    const v = sent[f];
    if (v === undefined || v === '' || v === null) continue;
    // a group (the reference lines): each part that was sent
    if (QUOTATION_TABLE[f as keyof typeof QUOTATION_TABLE].kind === 'group') {
      const parts = v as Record<string, unknown>;
      if (!Object.keys(parts).every((k) => same(parts[k], (t[f] as Record<string, unknown> | undefined)?.[k]))) return false;
      continue;
    }
    if (!same(v, t[f])) return false;
  }
  const sentLines = (sent.lines ?? []) as Record<string, unknown>[];
  const theirLines = t.lines as Record<string, unknown>[];
  if (sentLines.length !== theirLines.length) return false;
  return sentLines.every((line, i) => Object.entries(line).every(([k, v]) => v === undefined || same(v, theirLines[i]![k])));
}
