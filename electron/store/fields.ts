// Checks the shape of edits before they are stored. Values may still be
// invalid for the service (a half-typed e-mail address): those are kept and
// reported as field errors, but unknown fields and non-scalar values are
// programming errors and refused. The fields are those each record keeps in
// its local JSON, by its field table (shared/fields, place 'json').
import { CLIENT_TABLE, jsonKeys, LINE_TABLE, PRODUCT_TABLE, QUOTATION_TABLE, type FieldTable } from '../../shared/fields';
import type { ClientFields, LineFields, ProductFields, QuotationHeader } from '../../shared/local';
import { StoreError } from './errors';
import { said } from '../../shared/messages';

export const CLIENT_FIELDS: readonly (keyof ClientFields)[] = jsonKeys(CLIENT_TABLE);
export const LINE_FIELDS: readonly (keyof LineFields)[] = jsonKeys(LINE_TABLE);
export const PRODUCT_FIELDS: readonly (keyof ProductFields)[] = jsonKeys(PRODUCT_TABLE);

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/** A group's value (the reference lines): an object of its parts, each text. */
function isGroup(v: unknown, parts: readonly string[]): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.entries(v).every(([k, x]) => parts.includes(k) && (x === undefined || typeof x === 'string'));
}

function checkPatch<T>(what: string, patch: unknown, table: FieldTable): T {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw new StoreError('invalid', said('store.patch.not_object', { what }));
  }
  const allowed = jsonKeys(table) as string[];
  for (const [k, v] of Object.entries(patch)) {
    if (!allowed.includes(k)) throw new StoreError('invalid', said('store.patch.unknown_field', { what, field: k, allowed: allowed.join(', ') }));
    if (v === undefined) continue;
    const parts = table[k]!.kind === 'group' ? Object.keys(table[k]!.parts ?? {}) : null;
    const ok = parts ? isGroup(v, parts) : isScalar(v);
    if (!ok) throw new StoreError('invalid', said(parts ? 'store.patch.bad_reference' : 'store.patch.bad_value', { what, field: k }));
  }
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as T;
}

export function checkClientPatch(patch: unknown): ClientFields {
  return checkPatch<ClientFields>('client', patch, CLIENT_TABLE);
}

export function checkProductPatch(patch: unknown): ProductFields {
  return checkPatch<ProductFields>('product', patch, PRODUCT_TABLE);
}

export function checkLinePatch(patch: unknown): LineFields {
  return checkPatch<LineFields>('quotation line', patch, LINE_TABLE);
}

export function checkHeaderPatch(patch: unknown): QuotationHeader {
  return checkPatch<QuotationHeader>('quotation', patch, QUOTATION_TABLE);
}

/** The writable fields of a record, without read-only and unknown ones. */
export function pick<T extends object>(record: object, fields: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = (record as Record<string, unknown>)[f];
    if (v !== undefined) out[f] = v;
  }
  return out as T;
}

/** Deep equality for JSON values; key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
