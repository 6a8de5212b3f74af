// Reading the service's answers with the shared schemas (wire coercion
// included): bare arrays for lists, {"client": {...}} for one record, the raw
// id for a create. A whole answer is read before anything is returned, so a
// field that does not parse fails the call and nothing half-read escapes.
// What an answer claims is checked first (docs/wire-format.md, How the client
// reads an answer): its text decoded by the charset it names, JSON read only
// when it is labelled JSON, a web page named as such.
import { TextDecoder } from 'node:util';
import type { z } from 'zod';
import type { FieldError } from '../../shared/field-errors';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { ApiError } from './errors';
import { NOT_CHEAP, cheapPathOf } from '../../shared/fields/cheap';

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

/** The part of an answer the readers look at: its text (decoded) and its headers. */
export interface Answer {
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One header's value (the first, when it came more than once). */
export function headerOf(headers: Answer['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The media type of a Content-Type value, lower case and without parameters; undefined when there is none. */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  const t = contentType?.split(';')[0]?.trim().toLowerCase();
  return t ? t : undefined;
}

/** application/json, or any type whose suffix is +json (application/vnd.api+json, application/problem+json). */
function isJsonType(mediaType: string | undefined): boolean {
  return mediaType === 'application/json' || (mediaType !== undefined && /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(mediaType));
}

/** The charset a Content-Type value names, lower case; undefined when it names none. */
function charsetOf(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m ? m[1]!.toLowerCase() : undefined;
}

const decoders = new Map<string, TextDecoder>();
function decoder(label: string, fatal: boolean): TextDecoder {
  const key = `${fatal ? 'strict' : 'lenient'}:${label}`;
  let d = decoders.get(key);
  if (d === undefined) {
    // throws RangeError for a label the WHATWG Encoding Standard does not know
    d = new TextDecoder(label, { fatal });
    decoders.set(key, d);
  }
  return d;
}

/**
 * An answer's bytes as text. Bytes that are valid UTF-8 are read as UTF-8,
 * whatever charset the Content-Type names: JSON is UTF-8 (RFC 8259), and
 * services that label it otherwise (PHP's `charset=ISO-8859-1` on UTF-8
 * bytes) would otherwise show "Café" as "CafÃ©". Only bytes that are not
 * valid UTF-8 are decoded by the charset named (any label of the Encoding
 * Standard: iso-8859-1 and latin1, which read as windows-1252…), so a real
 * Latin-1 body still reads "Crème brûlée"; text in Latin-1 that happens to be
 * valid UTF-8 too is vanishingly rare ("Ã©" side by side). A UTF-16 label is
 * the exception, always honoured: its bytes are not ASCII's, and plain text in
 * them can pass for UTF-8 (a NUL after each letter). No charset means UTF-8;
 * a byte-order mark is dropped. `strict` (an answer to read as data): bytes
 * that are neither UTF-8 nor text in a charset anybody knows fail with a
 * bad_response, since a wrong letter stored is worse than an answer refused.
 * Not strict (an error's body, read only for its words): such bytes become
 * U+FFFD and an unknown charset is read as UTF-8.
 */
export function decodeText(bytes: Uint8Array, contentType: string | undefined, operation: string, strict: boolean): string {
  const label = charsetOf(contentType) ?? 'utf-8';
  let d: TextDecoder | undefined;
  try {
    d = decoder(label, strict);
  } catch {
    // a label nobody knows: decided below, once the bytes prove not to be UTF-8
  }
  if (d?.encoding !== 'utf-8' && !d?.encoding.startsWith('utf-16')) {
    try {
      return decoder('utf-8', true).decode(bytes);
    } catch {
      // not UTF-8: the label is all there is to go by
    }
  }
  if (d === undefined) {
    if (strict) throw badResponse(operation, `its character set ${label} is not known`);
    d = decoder('utf-8', false);
  }
  try {
    return d.decode(bytes);
  } catch {
    throw badResponse(operation, `its text is not valid ${d.encoding}`);
  }
}

/** An answer that is data whatever its label says: JSON's first character, or a bare id. */
const DATA_START = /^[\s\uFEFF]*(?:[[{"]|\d)/;

/**
 * Whether a 2xx answer is a web page where data was expected: labelled
 * text/html (or XHTML), or unlabelled and beginning as an HTML document. A
 * body that begins as JSON or a bare id is never taken for one, whatever its
 * label (the label is then judged by the reader: jsonText).
 */
export function isWebPage(answer: Answer): boolean {
  const text = answer.text;
  if (text.trim() === '' || DATA_START.test(text)) return false;
  const type = mediaTypeOf(headerOf(answer.headers, 'content-type'));
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  const start = text.trimStart().slice(0, 2048);
  return start.startsWith('<') && /<!doctype\s+html|<html[\s>]/i.test(start);
}

/**
 * The text of an answer to be read as JSON data, after checking its label:
 * JSON is read only when labelled application/json or +json; an answer
 * without a Content-Type is read when it begins as JSON does (`[` or `{`).
 * Anything else is a bad_response naming the type (a web page never gets
 * here: the transport names it first).
 */
export function jsonText(answer: Answer, operation: string): string {
  const type = mediaTypeOf(headerOf(answer.headers, 'content-type'));
  if (isJsonType(type)) return answer.text;
  if (type === undefined) {
    if (answer.text.trim() === '' || /^[\s\uFEFF]*[[{]/.test(answer.text)) return answer.text;
    throw badResponse(operation, 'the answer has no content type and is not JSON');
  }
  throw badResponse(operation, `the answer is ${type}, not JSON`);
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
 * - the field's cheap path (shared/fields/cheap.ts), which reads the common
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
  const fields = Object.entries((schema as AnyObject).shape as Record<string, z.ZodType>).map(([key, field]): FieldPlan => {
    const absent = field.safeParse(undefined);
    const { inner, nonOptional } = unwrap(field);
    const cheap = cheapPathOf(inner);
    const slow = slowReader(field, inner);
    const read =
      cheap === undefined
        ? slow
        : (v: unknown) => {
            const c = cheap(v);
            return c === NOT_CHEAP || (c === undefined && nonOptional) ? slow(v) : c;
          };
    return { key, cheap, nonOptional, slow, read, omitWhenAbsent: absent.success && absent.data === undefined };
  });
  const read = compiled(fields) ?? looped(fields);
  const rewrites = overwritesOf(schema)!;
  if (rewrites.length === 0) return read;
  return (src) => {
    let value = read(src);
    if (value === FAILED) return FAILED;
    for (const rewrite of rewrites) value = rewrite(value);
    return value;
  };
}

/**
 * One field's value from a present, defined wire value that its cheap path
 * (if any) could not read, or FAILED.
 */
function slowReader(field: z.ZodType, inner: z.ZodType): (v: unknown) => unknown {
  const nested = quickReader(inner);
  const list = listReader(inner);
  const memo = new Map<unknown, unknown>();
  const MEMO_LIMIT = 512;
  return (v) => {
    const memoable = typeof v === 'string' || typeof v === 'boolean' || v === null;
    if (memoable && memo.has(v)) return memo.get(v);
    let value: unknown = FAILED;
    if (nested !== undefined && isRecord(v)) value = nested(v);
    else if (list !== undefined) value = list(v);
    if (value === FAILED) {
      const r = field.safeParse(v);
      if (!r.success) return FAILED;
      value = r.data;
    }
    if (memoable && memo.size < MEMO_LIMIT) memo.set(v, value);
    return value;
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A quick reader for a list of records, `z.array(record)`, also behind a
 * preprocess step such as the keyed `lines` of a quotation
 * (`z.preprocess(linesFromWire, z.array(line))`): the step, then each record
 * the quick way. FAILED whenever anything is unusual, for the schema to decide.
 */
function listReader(schema: z.ZodType): ((v: unknown) => unknown) | undefined {
  let pre: ((v: unknown) => unknown) | undefined;
  let def = schema.def as { type?: string; in?: z.ZodType; out?: z.ZodType; element?: z.ZodType; checks?: unknown[] };
  if (def.type === 'pipe' && def.in !== undefined && def.out !== undefined) {
    const step = def.in.def as { type?: string; transform?: (v: unknown) => unknown };
    if (step.type !== 'transform' || typeof step.transform !== 'function') return undefined;
    pre = step.transform;
    def = def.out.def as typeof def;
  }
  if (def.type !== 'array' || def.element === undefined || (def.checks?.length ?? 0) > 0) return undefined;
  const item = quickReader(def.element);
  if (item === undefined) return undefined;
  return (v) => {
    let items: unknown;
    try {
      items = pre === undefined ? v : pre(v);
    } catch {
      return FAILED;
    }
    if (!Array.isArray(items)) return FAILED;
    const out = new Array<unknown>(items.length);
    for (let i = 0; i < items.length; i++) {
      const x: unknown = items[i];
      if (!isRecord(x)) return FAILED;
      const r = item(x);
      if (r === FAILED) return FAILED;
      out[i] = r;
    }
    return out;
  };
}

interface FieldPlan {
  key: string;
  /** reads the common wire form, or gives NOT_CHEAP (see shared/fields/cheap.ts) */
  cheap: ((v: unknown) => unknown) | undefined;
  /** undefined from the cheap path is not a value: the field is required */
  nonOptional: boolean;
  /** everything else: remembered results, a nested record, the field schema */
  slow: (v: unknown) => unknown;
  /** the cheap path, then the slow one */
  read: (v: unknown) => unknown;
  omitWhenAbsent: boolean;
}

/**
 * The same loop as `looped`, unrolled with the field names written out and
 * each field's cheap path called from a place of its own, so each property
 * access is a plain named one and each call always meets the same function:
 * both things the engine makes fast (inlining the cheap paths), which a
 * loop over keys and a shared reader cannot be. Undefined when code cannot
 * be generated (a content security policy forbids it).
 */
function compiled(fields: FieldPlan[]): QuickReader | undefined {
  const lines = ['"use strict";', 'return function quick(src) {', '  const out = {};', '  let v, r;'];
  fields.forEach((f, i) => {
    const k = JSON.stringify(f.key);
    lines.push(`  v = src[${k}];`, '  if (v !== undefined) {');
    if (f.cheap === undefined) lines.push(`    r = slow[${i}](v);`, '    if (r === FAILED) return FAILED;');
    else
      lines.push(
        `    r = cheap[${i}](v);`,
        `    if (r === NOT_CHEAP${f.nonOptional ? ' || r === undefined' : ''}) {`,
        `      r = slow[${i}](v);`,
        '      if (r === FAILED) return FAILED;',
        '    }',
      );
    lines.push(`    out[${k}] = r;`, `  } else if (${f.omitWhenAbsent ? `${k} in src` : 'true'}) return FAILED;`);
  });
  lines.push('  return out;', '};');
  try {
    // eslint-disable-next-line no-new-func -- built from the schema's own field names (JSON-quoted), never from outside text
    return new Function('FAILED', 'NOT_CHEAP', 'cheap', 'slow', lines.join('\n'))(
      FAILED,
      NOT_CHEAP,
      fields.map((f) => f.cheap),
      fields.map((f) => f.slow),
    ) as QuickReader;
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

/**
 * A z.object that strips unknown keys and has no rules of its own but
 * rewrites (`.overwrite`, such as the record schemas' settleUnread): its
 * result is the sum of its fields, rewritten.
 */
function isPlainObjectSchema(schema: z.ZodType): boolean {
  const def = schema.def as { type?: string; catchall?: unknown };
  return def.type === 'object' && def.catchall === undefined && overwritesOf(schema) !== undefined;
}

/** The rewrites among a schema's checks, in order; undefined when it has any other check. */
function overwritesOf(schema: z.ZodType): ((v: unknown) => unknown)[] | undefined {
  const checks = ((schema.def as { checks?: unknown[] }).checks ?? []) as { _zod?: { def?: { check?: string; tx?: (v: unknown) => unknown } } }[];
  const out: ((v: unknown) => unknown)[] = [];
  for (const c of checks) {
    const d = c._zod?.def;
    if (d?.check !== 'overwrite' || typeof d.tx !== 'function') return undefined;
    out.push(d.tx);
  }
  return out;
}

/**
 * The schema under optional/nonoptional wrappers, which change nothing for a
 * present, defined value, and under a catch (a field read leniently), which
 * changes nothing where the schema reads the value: where it does not, the
 * field itself decides (slowReader).
 */
function unwrap(schema: z.ZodType): { inner: z.ZodType; nonOptional: boolean } {
  let inner = schema;
  let nonOptional = false;
  for (;;) {
    const def = inner.def as { type?: string; innerType?: z.ZodType };
    if ((def.type === 'optional' || def.type === 'nonoptional' || def.type === 'catch') && def.innerType) {
      if (def.type === 'nonoptional') nonOptional = true;
      inner = def.innerType;
    } else return { inner, nonOptional };
  }
}

export function parseJson(text: string, operation: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    const empty = text.trim() === '';
    return fail(badResponse(operation, empty ? 'the answer is empty' : 'the answer is not complete JSON', { transient: true }));
  }
}

/** A list answer's names, for a list wrapped under its own name: {"clients": [...]} (docs/wire-format.md, Wrapped lists). */
export interface ListNames {
  /** the names it may be wrapped under: ['clients'] */
  names: readonly string[];
  /** told when an answer came wrapped, with the name */
  wrapped?: (name: string) => void;
}

/**
 * The records of a list answer: a bare JSON array, or the array under the
 * list's own name (`{"clients": [...]}`; other keys beside it are not read).
 * Anything else is a bad_response.
 */
export function listOf(data: unknown, operation: string, list?: ListNames): unknown[] {
  if (Array.isArray(data)) return data;
  if (isRecord(data)) {
    for (const name of list?.names ?? []) {
      const inner = data[name];
      if (Array.isArray(inner)) {
        list?.wrapped?.(name);
        return inner;
      }
    }
    const keys = Object.keys(data).slice(0, 5);
    throw badResponse(operation, `a list was expected${keys.length > 0 ? `, and the answer is an object of ${keys.join(', ')}` : ''}`);
  }
  throw badResponse(operation, 'a list was expected');
}

/** A bare JSON array of records, or one wrapped under a name of `list`. */
export function readList<T>(text: string, parse: RecordParser<T>, operation: string, list?: ListNames): T[] {
  const data = listOf(parseJson(text, operation), operation, list);
  const out = new Array<T>(data.length);
  for (let i = 0; i < data.length; i++) {
    const r = parse(data[i]);
    if (!r.ok) throw recordError(operation, r.errors, `${i}.`);
    out[i] = r.value;
  }
  return out;
}

/**
 * Whether a list answer holds exactly `count` records, judged from the raw
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
  // one past `count` is looked for too: a longer page is a list answered
  // whole (count ignored), after which nothing is asked
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) {
    if (++seen > count) return false;
  }
  return seen === count;
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

/** Where a create's or a send's id is found in a whole record: {"client": {"clientnr": "42", …}}. */
export interface IdSource {
  /** the record's wrapper: 'client' */
  wrapper: string;
  /** its id's key: 'clientnr' for a client, 'id' for the rest */
  key: string;
  /** the list's name in paths, for a Location header: 'clients' (/api/v1/clients/42) */
  plural: string;
}

const BARE_ID = /^"?(\d{1,15})"?$/;

/**
 * A create's or a send's answer: its new id. Read from, in this order:
 * - the raw text `42` (what the service writes), or `"42"`, whatever the label;
 * - a JSON object (labelled JSON, or unlabelled): `{"id": 42}`, or the whole
 *   record, wrapped (`{"client": {…}}`) or bare, its id under `source.key`
 *   (else `id`);
 * - when the body gives none, a Location header naming the record:
 *   `/api/v1/clients/42` or a whole URL.
 * Anything else is a bad_response: transient when nothing came back at all
 * (an answer cut short), otherwise not (the service answers in a form we
 * cannot read, and will again: docs/retries.md, Giving up).
 */
export function readId(answer: string | Answer, operation: string, source?: IdSource): number {
  const res: Answer = typeof answer === 'string' ? { text: answer, headers: {} } : answer;
  const t = res.text.replace(/^\uFEFF/, '').trim();
  let id: string | undefined;
  let why = t === '' ? 'no id came back' : 'the answer is not an id';
  const bare = BARE_ID.exec(t);
  if (bare) id = bare[1];
  else if (t.startsWith('{')) {
    const type = mediaTypeOf(headerOf(res.headers, 'content-type'));
    if (type !== undefined && !isJsonType(type)) why = `the answer is ${type}, not an id`;
    else {
      let data: unknown;
      try {
        data = JSON.parse(t);
      } catch {
        why = 'the answer is not complete JSON';
      }
      if (isRecord(data)) {
        const wrapped = source !== undefined ? data[source.wrapper] : undefined;
        const record = isRecord(wrapped) ? wrapped : data;
        const value = (source !== undefined ? record[source.key] : undefined) ?? record.id;
        const m = /^(\d{1,15})$/.exec(typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '');
        if (m) id = m[1];
        else if (record !== data || Object.keys(record).length > 1) why = 'the answer is a record without a readable id';
      }
    }
  }
  const location = headerOf(res.headers, 'location');
  if (id === undefined && location !== undefined) {
    id = idFromLocation(location, source?.plural);
    if (id === undefined) why += `, nor is its Location (${location.slice(0, 100)})`;
  }
  if (id === undefined) throw badResponse(operation, why, { transient: t === '' && location === undefined });
  const n = Number(id);
  if (n <= 0) throw badResponse(operation, 'the answer is not an id');
  return n;
}

/** The id at the end of a Location header: /api/v1/clients/42, https://host/api/v1/clients/42/; under `plural` when given. */
function idFromLocation(location: string, plural: string | undefined): string | undefined {
  const path = location.trim().split(/[?#]/)[0]!;
  const m = /\/([^/]+)\/(\d{1,15})\/?$/.exec(path);
  if (!m || (plural !== undefined && m[1] !== plural)) return undefined;
  return m[2];
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
