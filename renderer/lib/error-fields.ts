// An error's text with its fields named as a person reads them. The main
// process words a refusal with the raw field paths ("lines.4.discount_pct:
// must be a percentage…"), as describeFieldErrors writes them; wherever such
// a text is shown it reads "Line 5, Discount %: …" instead, as the attention
// panel names them. A text that does not hold the list (a translation that
// leaves it out) gets it after it, so no field goes unnamed.
import { describeFieldErrors, type FieldError } from '../../shared/field-errors';
import { fieldLabel, type Translate } from './field-text';

export type Entity = 'quotation' | 'client' | 'product';

/**
 * A field by its label. Without an entity: the quotation's labels (which
 * also read line paths), else the client's, else the product's, else the
 * name as it is.
 */
export function anyFieldLabel(field: string, t: Translate, entity?: Entity): string {
  if (entity) return fieldLabel(entity, field, t);
  for (const e of ['quotation', 'client', 'product'] as const) {
    const label = fieldLabel(e, field, t);
    if (label !== field) return label;
  }
  return field;
}

/** "Line 5, Discount %: must be …; Date: …", each problem in the UI's language by `problem`. */
export function readableFieldErrors(errors: readonly FieldError[], label: (field: string) => string, problem: (message: string) => string): string {
  // a problem's own full stop would double the sentence's around it
  const said = (m: string) => problem(m).replace(/\.$/, '');
  return errors.map((e) => (e.field ? `${label(e.field)}: ${said(e.message)}` : said(e.message))).join('; ');
}

/** `text` with the raw list of `errors` put in readable words (or added after it when the text does not hold it). */
export function withReadableFields(
  text: string,
  errors: readonly FieldError[] | undefined,
  label: (field: string) => string,
  problem: (message: string) => string,
): string {
  if (!errors || errors.length === 0) return text;
  const readable = readableFieldErrors(errors, label, problem);
  const raw = describeFieldErrors(errors);
  if (raw && text.includes(raw)) return text.replace(raw, readable);
  // each path on its own (a text that quotes one field, or lists them otherwise)
  let out = text;
  let replaced = false;
  for (const e of errors) {
    if (!e.field) continue;
    const one = `${e.field}: ${e.message}`;
    if (out.includes(one)) {
      out = out.replace(one, readableFieldErrors([e], label, problem));
      replaced = true;
    }
  }
  if (replaced) return out;
  return `${text.trimEnd()} (${readable})`;
}
