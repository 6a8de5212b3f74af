// The header fields a quotation shows outside the editor's inputs, as its
// table says (shared/fields/quotation.ts): those printed on the document
// (`document`, under a key of the document's catalogue) and those among the
// facts of a sent quotation (`sent`, under the field's label). A field is
// shown only when it holds something; the screen formats its value by kind.
import { fieldsAt, QUOTATION_TABLE, type Field, type Kind } from '../../shared/fields';

export interface ShownField {
  key: string;
  /** the i18n key it is shown under */
  label: string;
  kind: Kind;
  value: string | number | boolean;
  /** a block of text, its line breaks kept */
  block: boolean;
}

/** Whether a value is worth a line: text that is not blank, a number, a date, a flag that is on. */
function holds(kind: Kind, v: unknown): v is string | number | boolean {
  if (kind === 'flag') return v === true;
  if (kind === 'int' || kind === 'decimal') return typeof v === 'number';
  return typeof v === 'string' && v.trim() !== '';
}

function shown(values: object, pick: (f: Field) => string | null): ShownField[] {
  const from = values as Record<string, unknown>;
  return fieldsAt(QUOTATION_TABLE, 'json').flatMap(([key, f]) => {
    const label = pick(f);
    const value = from[key];
    return label !== null && holds(f.kind, value) ? [{ key, label, kind: f.kind, value, block: f.sent === 'block' }] : [];
  });
}

/** The fields printed among the document's details, from the editor's draft: never the internal notes, which have no `document`. */
export function documentFields(draft: object): ShownField[] {
  return shown(draft, (f) => f.document);
}

/** The fields among a sent quotation's facts, from its view. */
export function sentFields(view: object): ShownField[] {
  return shown(view, (f) => (f.sent ? f.label : null));
}

/** How a screen writes a shown field's value, in its own language: the word for a flag that is on, a number, a date. */
export interface ShownFieldFormat {
  yes: () => string;
  number: (v: number) => string;
  date: (v: string) => string;
}

/** A shown field's value as text: "yes" for a flag, a number or a date formatted, else the text itself. */
export function shownFieldText(f: ShownField, format: ShownFieldFormat): string {
  if (f.kind === 'flag') return format.yes();
  if (f.kind === 'int' || f.kind === 'decimal') return format.number(f.value as number);
  if (f.kind === 'date') return format.date(String(f.value));
  return String(f.value);
}
