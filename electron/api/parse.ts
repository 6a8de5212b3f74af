// Reading the service's answers with the shared schemas (wire coercion
// included): bare arrays for lists, {"client": {...}} for one record, the raw
// id for a create. A whole answer is read before anything is returned, so a
// field that does not parse fails the call and nothing half-read escapes.
import type { z } from 'zod';
import type { FieldError } from '../../shared/field-errors';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { ApiError } from './errors';
import { NOT_CHEAP, cheapPathOf } from '../../shared/schemas/cheap';

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
 * faster. For a value present in the record, each field tries in turn:
 * - the result remembered for the same string (lists repeat "true", "",
 *   "EUR", "146" thousands of times; field schemas are pure and their
 *   results for strings are immutable);
 * - the field's cheap path (shared/schemas/cheap.ts), which reads the common
 *   wire form with the same predicates as the schema;
 * - a nested record parser for an object field such as `reference`;
 * - the field schema itself.
 * Whenever anything is unusual (a missing required field, a field that
 * fails, a non-object), the whole record goes through the full schema, which
 * produces the authoritative value or error.
 */
export function recordParser<S extends AnyObject>(schema: S): RecordParser<z.output<S>> {
  const full: RecordParser<z.output<S>> = (input) => {
    const r = schema.safeParse(input);
    return r.success ? { ok: true, value: r.data } : { ok: false, errors: fieldErrorsFromZod(r.error) };
  };
  const quick = quickReader(schema);
  if (quick === undefined) return full;
  return (input) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return full(input);
    const value = quick(input as Record<string, unknown>);
    return value === FAILED ? full(input) : { ok: true, value: value as z.output<S> };
  };
}

const FAILED: unique symbol = Symbol('failed');
type QuickReader = (src: Record<string, unknown>) => unknown;

/** Reads one record the quick way, or gives FAILED for the full schema to decide. */
function quickReader(schema: z.ZodType): QuickReader | undefined {
  if (!isPlainObjectSchema(schema)) return undefined;
  const fields = Object.entries((schema as AnyObject).shape as Record<string, z.ZodType>).map(([key, field]) => {
    const absent = field.safeParse(undefined);
    return { key, read: fieldReader(field), omitWhenAbsent: absent.success && absent.data === undefined };
  });
  return compiled(fields) ?? looped(fields);
}

/** One field's value from a present, defined wire value, or FAILED. */
function fieldReader(field: z.ZodType): (v: unknown) => unknown {
  const { inner, nonOptional } = unwrap(field);
  const cheap = cheapPathOf(inner);
  const nested = quickReader(inner);
  const memo = new Map<unknown, unknown>();
  const MEMO_LIMIT = 512;
  return (v) => {
    // the cheap path first: for text it is cheaper than looking the string up
    if (cheap !== undefined) {
      const c = cheap(v);
      if (c !== NOT_CHEAP && !(c === undefined && nonOptional)) return c;
    }
    const memoable = typeof v === 'string' || typeof v === 'boolean' || v === null;
    if (memoable && memo.has(v)) return memo.get(v);
    let value: unknown;
    if (nested !== undefined && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      value = nested(v as Record<string, unknown>);
      if (value === FAILED) return FAILED;
    } else {
      const r = field.safeParse(v);
      if (!r.success) return FAILED;
      value = r.data;
    }
    if (memoable && memo.size < MEMO_LIMIT) memo.set(v, value);
    return value;
  };
}

interface FieldPlan {
  key: string;
  read: (v: unknown) => unknown;
  omitWhenAbsent: boolean;
}

/**
 * The same loop as `looped`, unrolled with the field names written out, so
 * each property read and write is a plain named access the engine can make
 * fast (a keyed access with a different key each time cannot be). Undefined
 * when code cannot be generated (a content security policy forbids it).
 */
function compiled(fields: FieldPlan[]): QuickReader | undefined {
  const lines = ['"use strict";', 'return function quick(src) {', '  const out = {};', '  let v, r;'];
  fields.forEach((f, i) => {
    const k = JSON.stringify(f.key);
    lines.push(
      `  v = src[${k}];`,
      '  if (v !== undefined) {',
      `    r = reads[${i}](v);`,
      '    if (r === FAILED) return FAILED;',
      `    out[${k}] = r;`,
      `  } else if (${f.omitWhenAbsent ? `${k} in src` : 'true'}) return FAILED;`,
    );
  });
  lines.push('  return out;', '};');
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function('FAILED', 'reads', lines.join('\n'))(FAILED, fields.map((f) => f.read)) as QuickReader;
  } catch {
    return undefined;
  }
}

function looped(fields: FieldPlan[]): QuickReader {
  return (src) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = src[f.key];
      if (v === undefined) {
        if (!(f.key in src) && f.omitWhenAbsent) continue;
        return FAILED;
      }
      const r = f.read(v);
      if (r === FAILED) return FAILED;
      out[f.key] = r;
    }
    return out;
  };
}

/** A z.object that strips unknown keys and has no rules of its own: its result is the sum of its fields. */
function isPlainObjectSchema(schema: z.ZodType): boolean {
  const def = schema.def as { type?: string; catchall?: unknown; checks?: unknown[] };
  return def.type === 'object' && def.catchall === undefined && (def.checks?.length ?? 0) === 0;
}

/** The schema under optional/nonoptional wrappers, which change nothing for a present, defined value. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; nonOptional: boolean } {
  let inner = schema;
  let nonOptional = false;
  for (;;) {
    const def = inner.def as { type?: string; innerType?: z.ZodType };
    if ((def.type === 'optional' || def.type === 'nonoptional') && def.innerType) {
      if (def.type === 'nonoptional') nonOptional = true;
      inner = def.innerType;
    } else return { inner, nonOptional };
  }
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

/**
 * Whether a list answer holds at least `count` records, judged from the raw
 * text before it is parsed: it counts `"key":` for a key every record has
 * once (`"clientnr":`, `"id":`). Inside a JSON string a quote is escaped,
 * and a value's closing quote is never followed by a colon, so the sequence
 * only occurs where the key does (or in a nested record with the same key,
 * which the records read here do not have). It only decides when the next
 * page is asked for: a wrong guess costs one request or a little speed, never
 * a wrong result. A space before the colon makes it count nothing (no guess).
 */
export function looksFull(text: string, key: string, count: number): boolean {
  const needle = `"${key}":`;
  let seen = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) {
    if (++seen >= count) return true;
  }
  return false;
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
