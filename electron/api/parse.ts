// Reading the service's answers with the shared schemas (wire coercion
// included): bare arrays for lists, {"client": {...}} for one record, the raw
// id for a create. A whole answer is read before anything is returned, so a
// field that does not parse fails the call and nothing half-read escapes.
import type { z } from 'zod';
import type { FieldError } from '../../shared/field-errors';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { ApiError } from './errors';

/** Errors from a garbled or cut-off answer: another attempt may well succeed. */
const transient = new WeakSet<ApiError>();
export function isTransient(e: ApiError): boolean {
  return transient.has(e);
}

export function badResponse(operation: string, detail: string, opts: { fieldErrors?: FieldError[]; transient?: boolean } = {}): ApiError {
  const e = new ApiError({
    kind: 'bad_response',
    messageKey: 'api.bad_response',
    params: { detail },
    outcome: 'not_applied',
    operation,
    ...(opts.fieldErrors ? { fieldErrors: opts.fieldErrors } : {}),
  });
  if (opts.transient) transient.add(e);
  return e;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };
export type RecordParser<T> = (input: unknown) => ParseResult<T>;

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * A parser for one record schema that gives exactly the schema's result,
 * faster. Lists of a thousand records repeat the same few wire strings per
 * field ("true", "", "EUR", "146"), so each field's result for a string is
 * remembered (field schemas are pure, and their results for strings are
 * immutable values). Whenever anything is unusual (a missing required field,
 * a field that fails, a non-object), the record goes through the full schema
 * instead, which produces the authoritative value or error.
 */
export function recordParser<S extends AnyObject>(schema: S): RecordParser<z.output<S>> {
  const full: RecordParser<z.output<S>> = (input) => {
    const r = schema.safeParse(input);
    return r.success ? { ok: true, value: r.data } : { ok: false, errors: fieldErrorsFromZod(r.error) };
  };
  const def = schema.def as { catchall?: unknown; checks?: unknown[] };
  // object-level rules or kept unknown keys: the shortcut would not be the same schema
  if (def.catchall !== undefined || (def.checks?.length ?? 0) > 0) return full;

  const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => {
    const absent = field.safeParse(undefined);
    return { key, field, omitWhenAbsent: absent.success && absent.data === undefined, memo: new Map<string | boolean | null, unknown>() };
  });
  const MEMO_LIMIT = 512;

  return (input) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return full(input);
    const src = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (!(f.key in src)) {
        if (f.omitWhenAbsent) continue;
        return full(input);
      }
      const v = src[f.key];
      const memoable = typeof v === 'string' || typeof v === 'boolean' || v === null;
      if (memoable && f.memo.has(v)) {
        out[f.key] = f.memo.get(v);
        continue;
      }
      const r = f.field.safeParse(v);
      if (!r.success) return full(input);
      if (memoable && f.memo.size < MEMO_LIMIT) f.memo.set(v, r.data);
      out[f.key] = r.data;
    }
    return { ok: true, value: out as z.output<S> };
  };
}

export function parseJson(text: string, operation: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const empty = text.trim() === '';
    return fail(badResponse(operation, empty ? 'the answer is empty' : 'the answer is not complete JSON', { transient: true }));
  }
}

/** A bare JSON array of records. */
export function readList<T>(text: string, parse: RecordParser<T>, operation: string): T[] {
  const data = parseJson(text, operation);
  if (!Array.isArray(data)) throw badResponse(operation, 'a list was expected');
  const out = new Array<T>(data.length);
  for (let i = 0; i < data.length; i++) {
    const r = parse(data[i]);
    if (!r.ok) throw recordError(operation, r.errors, `${i}.`);
    out[i] = r.value;
  }
  return out;
}

/** One record, wrapped under its resource name ({"client": {...}}); a bare record is accepted too. */
export function readOne<T>(text: string, wrapper: string, parse: RecordParser<T>, operation: string): T {
  const data = parseJson(text, operation);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw badResponse(operation, `a ${wrapper} record was expected`);
  const inner = (data as Record<string, unknown>)[wrapper];
  const record = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? inner : data;
  const r = parse(record);
  if (!r.ok) throw recordError(operation, r.errors, '');
  return r.value;
}

/** A create's or a send's answer: the new id as raw text ("42"); a quoted or {"id": 42} form is accepted too. */
export function readId(text: string, operation: string): number {
  const t = text.trim();
  let m = /^"?(\d{1,15})"?$/.exec(t);
  if (!m && t.startsWith('{')) {
    try {
      const o = JSON.parse(t) as { id?: unknown };
      m = /^(\d{1,15})$/.exec(String(o.id ?? ''));
    } catch {
      // falls through to the error below
    }
  }
  if (!m) throw badResponse(operation, t === '' ? 'no id came back' : 'the answer is not an id', { transient: t === '' });
  const id = Number(m[1]);
  if (id <= 0) throw badResponse(operation, 'the answer is not an id');
  return id;
}

function recordError(operation: string, errors: FieldError[], prefix: string): ApiError {
  const fieldErrors = errors.map((e) => ({ field: prefix + e.field, message: e.message }));
  const first = fieldErrors[0];
  const detail = first ? `field ${first.field || '(record)'}: ${first.message}` : 'a record does not match';
  return badResponse(operation, detail, { fieldErrors });
}

function fail(e: ApiError): never {
  throw e;
}
