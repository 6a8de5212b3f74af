// What the conflict dialog lists: the fields whose values really differ
// between mine and theirs, ignoring the difference between "not set" and a
// default such as 0, "" or false, which both sides write differently.

function isDefault(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === 0 || v === false || (Array.isArray(v) && v.length === 0);
}

export function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalize);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const n = normalize((v as Record<string, unknown>)[k]);
      if (!isDefault(n) && !(n && typeof n === 'object' && !Array.isArray(n) && Object.keys(n).length === 0)) out[k] = n;
    }
    return out;
  }
  return isDefault(v) ? null : String(v);
}

export function differingFields(mine: Record<string, unknown> | null, theirs: Record<string, unknown> | null, named: readonly string[]): string[] {
  const keys = named.length > 0 ? [...named] : [...new Set([...Object.keys(mine ?? {}), ...Object.keys(theirs ?? {})])].sort();
  const differ = keys.filter((k) => JSON.stringify(normalize(mine?.[k])) !== JSON.stringify(normalize(theirs?.[k])));
  // the main process named them: never show an empty comparison
  return differ.length > 0 || named.length === 0 ? differ : [...named];
}

/** A value as a person reads it; quotation lines one per row. */
export function describeValue(field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (field === 'lines' && Array.isArray(v)) {
    return v
      .map((l: Record<string, unknown>) => {
        const priced = l.amount !== undefined || l.price !== undefined;
        return priced ? `${String(l.amount ?? '')} × ${String(l.description ?? '')} à ${String(l.price ?? '')} (${String(l.tax_rate ?? 0)}%)` : String(l.description ?? '');
      })
      .join('\n');
  }
  if (typeof v === 'object') {
    const n = normalize(v);
    return n && typeof n === 'object' && Object.keys(n).length > 0 ? Object.entries(n as Record<string, unknown>).map(([k, x]) => `${k}: ${String(x)}`).join('\n') : '—';
  }
  return String(v);
}
