// Whether two versions of a value mean the same to a person: what was typed
// ("5.00", "") against what the service returns (5, null). Merging and the
// conflict dialog both compare this way, so the dialog never shows a
// difference the merge did not count, nor the other way round.

type Rec = Record<string, unknown>;

export function isRecord(v: unknown): v is Rec {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

export function numeric(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  // "0612…" or a number past 2^53 is text (a phone number, a code), not a number
  if (typeof v === 'string' && /^\s*-?(0|[1-9]\d{0,14})(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** Equality as a person reads values: empties alike, 5 and "5.00" alike, records field by field. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : isEmpty(a) ? [] : null;
    const y = Array.isArray(b) ? b : isEmpty(b) ? [] : null;
    return x !== null && y !== null && x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  }
  if (isRecord(a) || isRecord(b)) {
    const x = isRecord(a) ? a : isEmpty(a) ? {} : null;
    const y = isRecord(b) ? b : isEmpty(b) ? {} : null;
    if (x === null || y === null) return false;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((k) => sameValue(x[k], y[k]));
  }
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null && nb !== null) return na === nb;
  return String(a) === String(b);
}
