// How a stored value becomes what the page shows: text, a number or a flag,
// whatever form it was kept in (a column's number, the service's text).

/** Text; nothing for an absent value. */
export function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

/** A finite number, from a number or numeric text; null otherwise. */
export function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
}

/** A flag from true/false or their text; `fallback` for anything else. */
export function bool(v: unknown, fallback: boolean): boolean {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  return fallback;
}
