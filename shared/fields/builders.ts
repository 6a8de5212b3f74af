// The builders a field table is written with (docs/fields.md): one per kind
// of value. Each gives a field its rule for what we send (the limits of
// docs/service-api.md), how the service's value is read (leniently:
// read.ts), the bridge's check of a patch, its value for the page and the
// editor, and the service's default; the options say what the app does
// with it besides (its label, where it is kept, where it shows).
//
//   text({ max: 40 })                 int({ min: 0, message: 'must be 0 or more days' })
//   decimal({ places: 2 })            choice(DISCOUNT_TYPES, { empty: true })
//   flag({ default: true })           date()
//   group(REFERENCE_LINES)            list(LINE_TABLE)
//   own({ send, read, patch })        a field whose schemas are written out
import { z } from 'zod';
import * as send from './send';
import { readBool, readDate, readInt, readNumber, readOneOf, readText } from './read';
import { patchShape, recordShape, sendShape } from './derive';
import { bool, num, str } from './view-values';
import type { DraftOf, Field, FieldTable, Kind, Place, Shown, StoredOf, ViewOf } from './field';

/** What the bridge checks of a value from the page: its structure, not the service's rules (shared/bridge/contract.ts). */
export const PATCH = {
  text: z.string().max(10_000),
  number: z.number().finite(),
  isoDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
} as const;

/** A number field's patch from an editor that keeps what was typed: a number, or the text when it reads as none (shared/typed-number.ts). */
export const TYPED_NUMBER = z.union([PATCH.number, PATCH.text]).nullable();

/** What every builder takes besides its kind's own options. */
export interface Common<Stored = unknown> {
  /** i18n key of the field's name (a conflict row, a problem named) */
  label?: string;
  /** its place in the editor's layout (the conflict dialog's order); lower first */
  layout?: number;
  /** printed on the document, under this key of the document's catalogue */
  document?: string;
  /** shown on a sent quotation, on a line or as a block of text */
  sent?: Shown;
  /** the service's only: read, never sent, kept in its record */
  readOnly?: true;
  /** kept elsewhere than the record's local JSON (field.ts, Place) */
  place?: 'column' | 'own' | 'none';
  /** a record is not read without it: read strictly */
  required?: true;
  /** the bridge's check of a patch, when the kind's is not the one */
  patch?: z.ZodType | null;
  /** what the service keeps when none is given */
  default?: Stored;
}

type PlaceOf<O> = O extends { readOnly: true } ? 'service' : O extends { place: infer P extends Place } ? P : 'json';

/** A field's types from its kind's and its options. */
type Typed<O, Send extends z.ZodType, Read extends z.ZodType, Patch extends z.ZodType | null, View, Draft, Stored> = {
  send: O extends { readOnly: true } ? null : Send;
  read: Read;
  patch: O extends { patch: infer P extends z.ZodType | null } ? P : PlaceOf<O> extends 'json' ? Patch : null;
  view: View;
  draft: Draft;
  stored: Stored;
  place: PlaceOf<O>;
  required: O extends { required: true } ? true : false;
};

interface Made<V, D> {
  send: z.ZodType;
  read: z.ZodType;
  patch: z.ZodType | null;
  view: (kept: unknown) => V;
  draft?: (view: V) => D;
  default: unknown;
  values?: readonly string[];
  options?: Record<string, string>;
  parts?: FieldTable;
}

/** The field; typed by its builder (a Field<never> is any field). */
function make<V, D>(kind: Kind, o: Common, m: Made<V, D>): Field<never> {
  const place: Place = o.readOnly ? 'service' : (o.place ?? 'json');
  return Object.freeze({
    kind,
    send: o.readOnly ? null : m.send,
    read: m.read,
    patch: o.patch !== undefined ? o.patch : place === 'json' ? m.patch : null,
    place,
    required: o.required === true,
    label: o.label ?? null,
    layout: o.layout ?? null,
    document: o.document ?? null,
    sent: o.sent ?? null,
    values: m.values ?? null,
    options: m.options ?? null,
    parts: m.parts ?? null,
    default: o.default !== undefined ? o.default : m.default,
    view: m.view,
    draft: m.draft ?? ((v: V) => v),
  }) as unknown as Field<never>;
}

/** A number's rule: from `min`, up to `max`, named by `message`. */
interface Range {
  min?: number;
  max?: number;
  message?: string;
}

function inRange<S extends z.ZodType<number>>(schema: S, r: Range): S {
  const { min, max } = r;
  if (min === undefined && max === undefined) return schema;
  const message =
    r.message ??
    (min !== undefined && max !== undefined ? `must be from ${min} to ${max}` : min !== undefined ? `must be ${min} or more` : `must be at most ${max}`);
  return schema.refine((n) => (min === undefined || n >= min) && (max === undefined || n <= max), message);
}

// ---- text

export interface TextOptions extends Common<string> {
  /** the most characters we send */
  max?: number;
  /** a rule of its own, and what it says when broken */
  check?: readonly [(s: string) => boolean, string];
}

type TextSend = ReturnType<typeof send.text>;

/** Text; '' when there is none. */
export function text<const O extends TextOptions = Record<never, never>>(
  o: O = {} as O,
): Field<Typed<O, TextSend, typeof readText, typeof PATCH.text, string, string, string>> {
  const base = send.text(o.max);
  return make('text', o, {
    send: o.check ? base.refine(o.check[0], o.check[1]) : base,
    read: readText,
    patch: PATCH.text,
    view: str,
    default: '',
  });
}

/** An e-mail address, or empty. */
export function email<const O extends Common<string> = Record<never, never>>(
  o: O = {} as O,
): Field<Typed<O, TextSend, typeof readText, typeof PATCH.text, string, string, string>> {
  return make('text', o, { send: send.emailOrEmpty, read: readText, patch: PATCH.text, view: str, default: '' });
}

// ---- numbers

export interface IntOptions extends Common<number>, Range {
  /** the value the service writes for "none" (a profile or category of 0): the page sees null, and patches are above it */
  none?: 0;
}

type IntRead<O> = O extends { required: true } ? typeof send.int : typeof readInt;
const intPatch = z.number().int().nullable();
const idPatch = z.number().int().positive().nullable();

/** A whole number; null for the page when there is none. */
export function int<const O extends IntOptions = Record<never, never>>(
  o: O = {} as O,
): Field<Typed<O, typeof send.int, IntRead<O>, typeof intPatch, number | null, number | null, number>> {
  const none = o.none === 0;
  return make('int', o, {
    send: inRange(send.int, o),
    read: o.required ? send.int : readInt,
    patch: none ? idPatch : intPatch,
    view: none
      ? (v) => {
          const n = num(v);
          return (n ?? 0) > 0 ? n : null;
        }
      : num,
    default: 0,
  });
}

export interface DecimalOptions extends Common<number>, Range {
  /** the most decimals we send (3 by default) */
  places?: number;
}

type DecimalSend = ReturnType<typeof send.decimal>;
const numberPatch = PATCH.number.nullable();

/** A number with decimals, a dot as separator; null for the page when there is none. */
export function decimal<const O extends DecimalOptions = Record<never, never>>(
  o: O = {} as O,
): Field<Typed<O, DecimalSend, typeof readNumber, typeof numberPatch, number | null, number | null, number>> {
  return make('decimal', o, { send: inRange(send.decimal(o.places ?? 3), o), read: readNumber, patch: numberPatch, view: num, default: 0 });
}

// ---- choices, flags, dates

export interface ChoiceOptions extends Common<string> {
  /** the service also takes '' (none) */
  empty?: true;
  /** names of the values: i18n keys by value, or the prefix of keys `prefix.value` */
  options?: Readonly<Record<string, string>> | string;
}

type Values<V extends readonly string[], O> = O extends { empty: true } ? '' | V[number] : V[number];
const choicePatch = z.string().nullable();

/** One of `values` ('' too with `empty`); the page sees null for none. */
export function choice<const V extends readonly [string, ...string[]], const O extends ChoiceOptions = Record<never, never>>(
  values: V,
  o: O = {} as O,
): Field<
  Typed<
    O,
    z.ZodType<Values<V, O>>,
    z.ZodType<Values<V, O> | undefined>,
    z.ZodType<Exclude<V[number], ''> | null, Exclude<V[number], ''> | null>,
    Exclude<V[number], ''> | null,
    Exclude<V[number], ''> | null,
    Values<V, O>
  >
> {
  const all = (o.empty ? ['', ...values] : values) as unknown as readonly [string, ...string[]];
  const named = values.filter((v) => v !== '') as [string, ...string[]];
  const options = typeof o.options === 'string' ? Object.fromEntries(named.map((v) => [v, `${o.options as string}.${v}`])) : o.options;
  return make('choice', o, {
    send: send.oneOf(all),
    read: readOneOf(all),
    patch: named.length > 0 ? z.enum(named).nullable() : choicePatch,
    view: (v) => (typeof v === 'string' && v !== '' && named.includes(v) ? v : null),
    default: '',
    values: all,
    options: options ? { ...options } : undefined,
  });
}

export interface FlagOptions extends Common<boolean> {
  /** what the service and the page take when none is given (false by default) */
  default?: boolean;
}

const flagPatch = z.boolean();

/** Yes or no. */
export function flag<const O extends FlagOptions = Record<never, never>>(
  o: O = {} as O,
): Field<Typed<O, typeof send.bool, typeof readBool, typeof flagPatch, boolean, boolean, boolean>> {
  const fallback = o.default ?? false;
  return make('flag', o, { send: send.bool, read: readBool, patch: flagPatch, view: (v) => bool(v, fallback), default: fallback });
}

const datePatch = PATCH.isoDate.nullable();

/** A date as YYYY-MM-DD; null when there is none. */
export function date<const O extends Common<string | null> = Record<never, never>>(
  o: O = {} as O,
): Field<Typed<O, typeof send.date, typeof readDate, typeof datePatch, string | null, string | null, string | null>> {
  return make('date', o, { send: send.date, read: readDate, patch: datePatch, view: (v) => (v ? String(v) : null), default: null });
}

// ---- records inside records

type Parts<P extends FieldTable, Of extends 'view' | 'draft' | 'stored'> = {
  [K in keyof P]: Of extends 'view' ? ViewOf<P[K]> : Of extends 'draft' ? DraftOf<P[K]> : StoredOf<P[K]>;
};

function partsOf<P extends FieldTable, V>(parts: P, each: (f: Field, k: string) => V): Record<string, V> {
  return Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, each(f, k)]));
}

function groupSchemas<P extends FieldTable>(parts: P) {
  return {
    send: z.object(sendShape(parts)).partial(),
    read: z.object(recordShape(parts)),
    patch: z.object(patchShape(parts)).partial().strict(),
  };
}

/** Fields kept together under one name, such as the three reference lines; each merges and conflicts on its own ('reference.line1'). */
export function group<const P extends FieldTable, const O extends Common = Record<never, never>>(
  parts: P,
  o: O = {} as O,
): Field<
  Typed<
    O,
    ReturnType<typeof groupSchemas<P>>['send'],
    ReturnType<typeof groupSchemas<P>>['read'],
    ReturnType<typeof groupSchemas<P>>['patch'],
    Parts<P, 'view'>,
    Parts<P, 'draft'>,
    Parts<P, 'stored'>
  >
> {
  const schemas = groupSchemas(parts);
  const at = (v: unknown, k: string) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined);
  return make('group', o, {
    ...schemas,
    view: (v) => partsOf(parts, (f, k) => f.view(at(v, k))) as Parts<P, 'view'>,
    draft: (v) => partsOf(parts, (f, k) => f.draft(at(v, k) ?? f.view(undefined))) as Parts<P, 'draft'>,
    default: partsOf(parts, (f) => f.default),
    parts,
  });
}

/** The three printed reference lines (docs/service-api.md, Clients). */
export const REFERENCE_LINES = { line1: text(), line2: text(), line3: text() };
/** The reference lines as sent. */
export type Reference = { line1?: string; line2?: string; line3?: string };

/**
 * The service writes a list of records, such as a quotation's `lines`, as
 * an object keyed line1, line2, … and as [] when there are none
 * (docs/wire-format.md); both become an ordered array.
 */
export function linesFromWire(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return [];
  if (Array.isArray(v) || typeof v !== 'object') return v;
  const entries = Object.entries(v as Record<string, unknown>);
  const order = (k: string) => Number(/(\d+)$/.exec(k)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return entries.sort(([a], [b]) => order(a) - order(b)).map(([, line]) => line);
}

function listSchemas<P extends FieldTable>(parts: P) {
  return {
    send: z.preprocess(linesFromWire, z.array(z.object(sendShape(parts)).partial())),
    read: z.preprocess(linesFromWire, z.array(z.object(recordShape(parts)).partial())),
  };
}

/** A list of records of their own table, such as a quotation's lines; kept and shown by hand (place: 'own'). */
export function list<const P extends FieldTable, const O extends Common = Record<never, never>>(
  parts: P,
  o: O = {} as O,
): Field<Typed<O, ReturnType<typeof listSchemas<P>>['send'], ReturnType<typeof listSchemas<P>>['read'], null, unknown, unknown, unknown[]>> {
  return make('list', o, { ...listSchemas(parts), patch: null, view: (v) => v, default: [], parts });
}

export interface OwnOptions extends Common {
  /** the rule for what we send (none for a read-only field) */
  send?: z.ZodType;
  read: z.ZodType;
  /** what the service keeps when none is given (its type is the kept value's: `false as number | false`) */
  default: unknown;
}

type OwnSend<O> = O extends { send: infer S extends z.ZodType } ? S : z.ZodNever;

/** A field whose schemas are written out: its kind has a rule of its own (a country by id or name, stock or false). */
export function own<const O extends OwnOptions>(o: O): Field<Typed<O, OwnSend<O>, O['read'], null, unknown, unknown, O['default']>> {
  return make('own', o, { send: o.send ?? z.never(), read: o.read, patch: null, view: (v) => v, default: o.default });
}
