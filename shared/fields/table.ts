// Reading a field table, and the one way to add a field to one at run time:
// for tests only (addFieldForTest). Everything derived from a table (the
// schemas, the bridge's patches, the lists the store loops over) is made
// once, when its module is first imported, from what `fieldsOf` gives; so a
// field is added before any of that is imported, or never.
import type { Field, FieldTable, Place } from './field';

/** The tables read, with their fields by place: a table does not change once read, so each list is made once. */
const read = new WeakMap<FieldTable, { all: [string, Field][]; at: Map<Place, [string, Field][]> }>();

function entriesOf(table: FieldTable) {
  let known = read.get(table);
  if (!known) {
    known = { all: Object.entries(table), at: new Map() };
    read.set(table, known);
  }
  return known;
}

/** A table's fields in its order; the table counts as read from now on. */
export function fieldsOf(table: FieldTable): readonly [string, Field][] {
  return entriesOf(table).all;
}

/** The fields kept at `place` (docs/fields.md, Where a field is kept). */
export function fieldsAt(table: FieldTable, place: Place): readonly [string, Field][] {
  const known = entriesOf(table);
  let fields = known.at.get(place);
  if (!fields) {
    fields = known.all.filter(([, f]) => f.place === place);
    known.at.set(place, fields);
  }
  return fields;
}

/**
 * Adds a field to a table, as if it had been declared there: the test of a
 * new field (test/renderer/new-field.test.ts) uses it to show that declaring a
 * field is all it takes. The app never calls it. It throws once anything has
 * been derived from the table, since that would not hold the field: the
 * test imports the module that calls this before anything else of the app.
 */
export function addFieldForTest(table: FieldTable, key: string, field: Field): void {
  if (read.has(table)) throw new Error(`the field table was read already: add "${key}" before importing anything that derives from it`);
  if (key in table) throw new Error(`the table has a field "${key}" already`);
  (table as Record<string, Field>)[key] = field;
}
