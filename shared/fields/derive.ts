// What the rest of the app derives from a field table (docs/fields.md): the
// zod shapes of what we send, of what the service answers and of the page's
// patches; the fields the page sees and the editor holds; the fields the
// service keeps; the order of the editor's layout. Each is made from the
// table in its order, so a field declared there is in all of them.
import { lenient } from './read';
import { fieldsAt, fieldsOf } from './table';
import type { DraftOf, Field, FieldTable, KeysAt, PatchKeys, PatchOf, ReadOf, RequiredKeys, SendKeys, SendOf, StoredKeys, StoredOf, ViewOf } from './field';

export type SendShape<T extends FieldTable> = { [K in SendKeys<T>]: NonNullable<SendOf<T[K]>> };
export type ReadShape<T extends FieldTable> = { [K in keyof T & string]: ReadOf<T[K]> };
export type PatchShape<T extends FieldTable> = { [K in PatchKeys<T>]: NonNullable<PatchOf<T[K]>> };
export type RequiredMask<T extends FieldTable> = { [K in RequiredKeys<T>]: true };
/** The fields kept in the record's local JSON, as the page sees them. */
export type ViewFields<T extends FieldTable> = { [K in KeysAt<T, 'json'>]: ViewOf<T[K]> };
/** The same fields as the editor holds them. */
export type DraftFields<T extends FieldTable> = { [K in KeysAt<T, 'json'>]: DraftOf<T[K]> };
/** A record as the service keeps it: every field but those of the protocol. */
export type StoredRecord<T extends FieldTable> = { [K in StoredKeys<T>]: StoredOf<T[K]> };
/** The fields the page edits, as the service keeps them. */
export type StoredFields<T extends FieldTable> = { [K in KeysAt<T, 'json'>]: StoredOf<T[K]> };

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The rules for what we send, by field: read-only fields have none. */
export function sendShape<T extends FieldTable>(table: T): SendShape<T> {
  return Object.fromEntries(fieldsOf(table).flatMap(([k, f]) => (f.send === null ? [] : [[k, f.send]]))) as SendShape<T>;
}

/** How each field of a record is read: leniently, but for the fields a record must hold readable. */
export function recordShape<T extends FieldTable>(table: T): ReadShape<T> {
  return Object.fromEntries(fieldsOf(table).map(([k, f]) => [k, f.required ? f.read : lenient(f.read)])) as ReadShape<T>;
}

/** The fields a record must hold readable, as zod's `required` takes them. */
export function requiredMask<T extends FieldTable>(table: T): RequiredMask<T> {
  return Object.fromEntries(fieldsOf(table).flatMap(([k, f]) => (f.required ? [[k, true]] : []))) as RequiredMask<T>;
}

/** The bridge's checks of a patch, by field the page edits. */
export function patchShape<T extends FieldTable>(table: T): PatchShape<T> {
  return Object.fromEntries(fieldsOf(table).flatMap(([k, f]) => (f.patch === null ? [] : [[k, f.patch]]))) as PatchShape<T>;
}

/** The keys of the fields kept in the record's local JSON, in table order. */
export function jsonKeys<T extends FieldTable>(table: T): KeysAt<T, 'json'>[] {
  return fieldsAt(table, 'json').map(([k]) => k as KeysAt<T, 'json'>);
}

/** The fields the page edits, as it sees them, from what is kept here. */
export function viewFields<T extends FieldTable>(table: T, kept: object): ViewFields<T> {
  const from = kept as Record<string, unknown>;
  return Object.fromEntries(fieldsAt(table, 'json').map(([k, f]) => [k, f.view(from[k])])) as ViewFields<T>;
}

/** The editor's values of those fields, from a view (a field the view lacks is empty). */
export function draftFields<T extends FieldTable>(table: T, view: object): DraftFields<T> {
  const from = view as Record<string, unknown>;
  return Object.fromEntries(fieldsAt(table, 'json').map(([k, f]) => [k, f.draft(from[k] === undefined ? f.view(undefined) : from[k])])) as DraftFields<T>;
}

function fresh<V>(v: V): V {
  return (isRecord(v) ? { ...v } : Array.isArray(v) ? [...(v as unknown[])] : v) as V;
}

/** A new record as the service keeps it: each field at its default. */
export function storedDefaults<T extends FieldTable>(table: T): StoredRecord<T> {
  return Object.fromEntries(fieldsOf(table).flatMap(([k, f]) => (f.place === 'none' ? [] : [[k, fresh(f.default)]]))) as StoredRecord<T>;
}

/**
 * The fields the page edits, as the service keeps them from what was sent
 * (`input`, parsed): what was not sent is the field's default; a group
 * keeps the parts that were sent over its default.
 */
export function storedFields<T extends FieldTable>(table: T, input: object): StoredFields<T> {
  const from = input as Record<string, unknown>;
  return Object.fromEntries(
    fieldsAt(table, 'json').map(([k, f]) => {
      const v = from[k];
      if (f.kind === 'group') {
        const sent = isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null)) : {};
        return [k, { ...(f.default as object), ...sent }];
      }
      return [k, v === undefined || v === null ? fresh(f.default) : v];
    }),
  ) as StoredFields<T>;
}

/** Names of a table's fields and of its groups' parts ('reference.line1'), with their fields. */
export function fieldNamed(table: FieldTable, name: string): Field | undefined {
  const dot = name.indexOf('.');
  if (dot < 0) return Object.hasOwn(table, name) ? table[name] : undefined;
  const group = Object.hasOwn(table, name.slice(0, dot)) ? table[name.slice(0, dot)] : undefined;
  const part = name.slice(dot + 1);
  return group?.kind === 'group' && group.parts && Object.hasOwn(group.parts, part) ? group.parts[part] : undefined;
}

/** A field's name; a group's, its parts one by one as 'reference.line1'. */
export function partNames(name: string, field: Field): string[] {
  return field.kind === 'group' && field.parts ? Object.keys(field.parts).map((p) => `${name}.${p}`) : [name];
}

/**
 * The fields the page edits, in the order the editor lays them out (a
 * field's `layout`; those without one follow in table order), a group's
 * parts one by one as 'reference.line1'. The conflict dialog shows its rows
 * in this order.
 */
export function layoutOrder(table: FieldTable): string[] {
  const fields = fieldsAt(table, 'json').map(([k, f], i) => ({ k, f, at: f.layout ?? Number.POSITIVE_INFINITY, i }));
  fields.sort((a, b) => a.at - b.at || a.i - b.i);
  return fields.flatMap(({ k, f }) => partNames(k, f));
}
