// Text typed in a number field of a quotation that reads as no number
// ("12x") is kept in the draft as typed, in the field itself, so nothing
// typed is lost (drafts hold whatever was typed: shared/local.ts). It counts
// for nothing: a view carries it apart from the field's number (`typed`), so
// the totals and the document see no value there; and it is never sent: the
// checks name it with what was typed, so a save or a send by the person is
// refused, and the background's save is parked until it is corrected
// (docs/fields.md, "A number typed as text"). The page decides what reads
// as a number (renderer/lib/numbers.ts, typedValue) and hands over either a
// number or the text; here text is whatever the wire would not read.
import type { Field, FieldTable } from './fields';
import { LINE_TABLE, QUOTATION_TABLE } from './fields';
import { num } from './fields/view-values';
import type { FieldError } from './field-errors';

const NUMBER_KINDS = new Set<Field['kind']>(['int', 'decimal']);

/** The text a number field holds in place of a number, or null when it holds a number or nothing. */
export function typedText(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' && num(v) === null ? v : null;
}

function isNumberField(table: FieldTable, key: string): boolean {
  const f = table[key];
  return f !== undefined && NUMBER_KINDS.has(f.kind);
}

/** The number fields of `record` (by its table) that hold typed text, by field; undefined when none does. */
export function typedFields(record: object, table: FieldTable): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const [k, v] of Object.entries(record)) {
    const text = isNumberField(table, k) ? typedText(v) : null;
    if (text !== null) (out ??= {})[k] = text;
  }
  return out;
}

const PREFIX = 'is not a number: ';

/** The field error's message for typed text: the problem says what was typed (renderer/lib/validation.ts). */
export function notANumber(text: string): string {
  return PREFIX + text;
}

/** Whether a field error is one of typed text in a number field. */
export function isNotANumber(e: FieldError): boolean {
  return e.message.startsWith(PREFIX);
}

/** The value at a field error's path of a quotation's content ("discount", "lines.2.price"), and whether it is a number field. */
function numberAt(content: { lines?: readonly object[] } & object, field: string): unknown {
  const m = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (m) {
    const line = content.lines?.[Number(m[1])] as Record<string, unknown> | undefined;
    return line && isNumberField(LINE_TABLE, m[2]!) ? line[m[2]!] : undefined;
  }
  return isNumberField(QUOTATION_TABLE, field) ? (content as Record<string, unknown>)[field] : undefined;
}

/**
 * The errors of a quotation's content with those of number fields that hold
 * typed text said as such ("lines.2.price: is not a number: 12x"), in place
 * of the wire's rule ("must be a number with a dot as decimal separator"),
 * which the person did not break: what was typed is no number at all. Paths
 * count lines among all lines, as the content holds them.
 */
export function sayTypedText(errors: readonly FieldError[], content: { lines?: readonly object[] } & object): FieldError[] {
  return errors.map((e) => {
    const text = typedText(numberAt(content, e.field));
    return text === null ? e : { field: e.field, message: notANumber(text) };
  });
}
