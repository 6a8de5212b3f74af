// The live service's way of writing records (docs/wire-format.md): every scalar a
// string, empty dates as "", booleans as "true"/"false", lines keyed line1…
// The sandbox writes records with this; tests use it to build live-like payloads.

export type WireValue = string | WireObject | WireValue[];
export interface WireObject {
  [key: string]: WireValue;
}

export function toWireScalar(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

/** Stringifies every scalar of a record, recursively; `lines` become keyed. */
export function toWire(value: unknown): WireValue {
  if (Array.isArray(value)) return value.map(toWire);
  if (value !== null && typeof value === 'object') {
    const out: WireObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      out[k] = k === 'lines' && Array.isArray(v) ? linesToWire(v) : toWire(v);
    }
    return out;
  }
  return toWireScalar(value);
}

/** [] stays [], otherwise {line1: …, line2: …} as the live service sends. */
export function linesToWire(lines: unknown[]): WireValue {
  if (lines.length === 0) return [];
  const out: WireObject = {};
  lines.forEach((line, i) => {
    out[`line${i + 1}`] = toWire(line);
  });
  return out;
}
