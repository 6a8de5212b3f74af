// Reading what the service already holds: leniently. The spec's limits and
// formats (lengths, ranges, decimals, e-mail and currency forms) are rules
// for what we send, checked by the input schemas; a record the service
// returns is read as it is (docs/wire-format.md, Reading leniently):
// - null is an absent value;
// - an empty or zero date ("", "0000-00-00", "0000-00-00 00:00:00") is no
//   date (null), and a date with a time is its date;
// - text of any length is kept, and so is a number outside the range or with
//   more decimals than we may send;
// - a value that cannot be read as its field's type at all ("abc" in a
//   number, "maybe" in a yes/no, a value not in a field's list) is kept as
//   it came in the record's `unread` map, under the field's path ("top",
//   "reference.line1", "lines.2.amount"), and the field is left out. The
//   record is still read.
// Only a record's own number (clientnr, id; a quotation's clientnr) must be
// readable: without it a record cannot be stored, and it fails as before.
import { z } from 'zod';
import { NOT_CHEAP, withCheapPath } from './cheap';
import { isValidDate, numeric } from './send';

/** A value of a field that could not be read: kept as it came until the record is settled. */
export class Unread {
  constructor(readonly raw: unknown) {}
}

/** Fields of a record that could not be read, by path, as the service wrote them. */
export type UnreadFields = Record<string, unknown>;

/** What a record read from the service carries besides its fields. */
export type ReadExtras = {
  /** values that could not be read, kept raw; never sent back (the input schemas do not know the key) */
  unread?: UnreadFields;
};

/**
 * The field read leniently: a value its schema cannot read becomes an
 * Unread, which the record's `settleUnread` moves to `unread`. Typed as the
 * schema itself, since no Unread is left once the record is settled.
 */
export function lenient<T extends z.ZodType>(schema: T): T {
  return schema.catch((ctx) => new Unread(ctx.value) as z.output<T>) as unknown as T;
}

function absent(v: unknown): boolean {
  return v === null || v === undefined;
}

/** Text of any length; numbers and booleans as their text; null is absent. */
export const readText = withCheapPath(
  z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : absent(v) ? undefined : v), z.string().optional()),
  (v) => (typeof v === 'string' ? v : v === null ? undefined : NOT_CHEAP),
);

/** A number from its text, as sent (send.ts); "" and null are absent. */
const readNumeric = (v: unknown): unknown => (absent(v) ? undefined : numeric(v));

/** A whole number of any size; "" and null are absent. */
export const readInt = withCheapPath(z.preprocess(readNumeric, z.number({ error: 'must be a whole number' }).int('must be a whole number').optional()), (v) =>
  typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v === '' || v === null ? undefined : NOT_CHEAP,
);

/** A number with any number of decimals, dot as separator; "" and null are absent. */
export const readNumber = withCheapPath(
  z.preprocess(readNumeric, z.number({ error: 'must be a number with a dot as decimal separator' }).finite('must be a finite number').optional()),
  (v) => (typeof v === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(v) ? Number(v) : v === '' || v === null ? undefined : NOT_CHEAP),
);

/** true/false as the wire writes them ("true", "1", 1; "false", "0", 0, ""); null is absent. */
export const readBool = withCheapPath(
  z.preprocess(
    (v) => {
      if (v === 'true' || v === '1' || v === 1) return true;
      if (v === 'false' || v === '0' || v === 0 || v === '') return false;
      return absent(v) ? undefined : v;
    },
    z.boolean({ error: 'must be true or false' }).optional(),
  ),
  (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : v === null ? undefined : NOT_CHEAP),
);

const ZERO_DATE = /^0000-00-00( 00:00(:00)?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function dateFromWire(v: unknown): unknown {
  if (absent(v)) return undefined;
  if (typeof v !== 'string') return v;
  if (v === '' || ZERO_DATE.test(v)) return null;
  return DATE_TIME.exec(v)?.[1] ?? v;
}

/** YYYY-MM-DD; "" and zero dates are no date (null), a date with a time is its date, null is absent. */
export const readDate = withCheapPath(z.preprocess(dateFromWire, z.string().refine(isValidDate, 'must be a date as YYYY-MM-DD').nullable().optional()), (v) =>
  v === '' ? null : v === null ? undefined : typeof v === 'string' && isValidDate(v) ? v : NOT_CHEAP,
);

/** One of the values the app knows; null is absent; any other value cannot be read. */
export function readOneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<unknown>(values);
  return withCheapPath(
    z.preprocess((v) => (absent(v) ? undefined : v), z.enum(values, { error: `must be one of: ${values.join(', ')}` }).optional()),
    (v) => (allowed.has(v) ? v : v === null ? undefined : NOT_CHEAP),
  );
}

/**
 * Moves every Unread of a record (its fields, the fields of a nested record
 * such as `reference`, the fields of each record of a list such as `lines`)
 * to the record's `unread` map, by path. The record is given back as it is
 * when it holds none; otherwise a copy, so nothing shared is changed.
 */
export function settleUnread<T>(record: T): T {
  const unread: UnreadFields = {};
  const out = settled(record, '', unread);
  if (out === record) return record;
  (out as ReadExtras).unread = unread;
  return out as T;
}

function settled<T>(value: T, path: string, unread: UnreadFields): T {
  if (value === null || typeof value !== 'object' || value instanceof Unread) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = settled(item, `${path}${i}.`, unread);
      if (next !== item) (copy ??= value.slice())[i] = next;
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  const rec = value as Record<string, unknown>;
  for (const k in rec) {
    const v = rec[k];
    if (v instanceof Unread) {
      unread[path + k] = v.raw;
      copy ??= { ...rec };
      delete copy[k];
    } else if (v !== null && typeof v === 'object') {
      const next = settled(v, `${path}${k}.`, unread);
      if (next !== v) (copy ??= { ...rec })[k] = next;
    }
  }
  return (copy ?? value) as T;
}
