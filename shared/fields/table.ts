// Reading a field table. Everything derived from a table (the schemas, the
// bridge's patches, the lists the store loops over) is made once, when its
// module is first imported, from what `fieldsOf` gives.
import type { Field, FieldTable, Place } from './field';

/** A table's fields in its order. */
export function fieldsOf(table: FieldTable): [string, Field][] {
  return Object.entries(table);
}

/** The fields kept at `place` (docs/fields.md, Where a field is kept). */
export function fieldsAt(table: FieldTable, place: Place): [string, Field][] {
  return fieldsOf(table).filter(([, f]) => f.place === place);
}
