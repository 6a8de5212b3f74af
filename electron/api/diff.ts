// "Update with only the changed fields": the service takes partial PUTs, and
// sending less means less to conflict with edits made elsewhere.

/** The top-level keys of `after` whose values differ from `before` (objects and arrays compared by value). */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T>, after: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (!sameValue(before[key], after[key])) out[key] = after[key];
  }
  return out;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameValue(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)].filter((k) => ao[k] !== undefined || bo[k] !== undefined));
  for (const k of keys) if (!sameValue(ao[k], bo[k])) return false;
  return true;
}
