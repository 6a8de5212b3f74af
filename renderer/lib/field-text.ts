// Fields and values in the UI's language, wherever a field is named outside
// its own input (the conflict dialog, the attention panel, the editor's
// list of problems): a field by the label the editors use, a value as a
// person reads it (yes/no, a date, a choice by its name, a quotation line as
// one sentence).
import type { ConflictRow } from '../../shared/bridge';
import { CLIENT_TABLE, fieldNamed, LINE_TABLE, PRODUCT_TABLE, QUOTATION_TABLE, type Field, type FieldTable } from '../../shared/fields';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
export interface Formatters {
  number(v: string | number | null | undefined, max?: number): string;
  date(v: string | null | undefined): string;
}

/** The names of the quotation that are no field of its table: the client as the page names it, the send method. */
const QUOTATION_OTHER_LABELS: Record<string, string> = {
  client: 'editor.client',
  clientId: 'editor.client',
  sendmethod: 'send.method',
};

const TABLES: Record<'quotation' | 'client' | 'product', FieldTable> = { quotation: QUOTATION_TABLE, client: CLIENT_TABLE, product: PRODUCT_TABLE };

/** A field of an entity's table (shared/fields), or of a group of it ('reference.line1'). */
function fieldOf(entity: 'quotation' | 'client' | 'product', name: string): Field | undefined {
  return fieldNamed(TABLES[entity], name);
}

function referenceLine(field: string): number | null {
  const m = /^reference\.line([123])$/.exec(field);
  return m ? Number(m[1]) : null;
}

/** A row's label: the field's name in the editor, or "Line 2". */
export function rowLabel(entity: 'quotation' | 'client' | 'product', row: Pick<ConflictRow, 'field' | 'line'>, t: Translate): string {
  return fieldLabel(entity, row.field === 'line' ? `line:${row.line ?? 0}` : row.field, t);
}

/**
 * A field's label. Besides field names it reads "line:2" (a line by its
 * position, from 1) and the service's "lines.1" and "lines.1.price" (from 0).
 */
export function fieldLabel(entity: 'quotation' | 'client' | 'product', field: string, t: Translate): string {
  const line = /^line:(\d+)$/.exec(field);
  if (line) return t('line.rowLabel', { n: Number(line[1]) });
  const wire = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (wire) {
    const row = t('line.rowLabel', { n: Number(wire[1]) + 1 });
    const key = wire[2] && Object.hasOwn(LINE_TABLE, wire[2]) ? LINE_TABLE[wire[2] as keyof typeof LINE_TABLE].label : null;
    return key ? `${row}, ${t(key)}` : row;
  }
  // the reference lines are named by their number
  const ref = referenceLine(field);
  if (ref !== null && entity !== 'product') return entity === 'quotation' ? t('editor.reference', { n: ref }) : t(`client.field.reference${ref}`);
  const key = fieldOf(entity, field)?.label ?? (entity === 'quotation' ? QUOTATION_OTHER_LABELS[field] : undefined);
  return key ? t(key) : field;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function yesNo(v: unknown): string | null {
  if (v === true || v === 'true' || v === 1 || v === '1') return 'common.yes';
  if (v === false || v === 'false' || v === 0 || v === '0') return 'common.no';
  return null;
}

/** A quotation line in one sentence: "2 hours × Advice at 80, 21% tax, 10% discount"; a text line is its text. */
export function lineText(line: Record<string, unknown>, t: Translate, fmt: Formatters): string {
  const description = isEmpty(line.description) ? '' : String(line.description);
  const priced = !isEmpty(line.amount) || !isEmpty(line.price);
  if (!priced) return description || t('common.none');
  const amount = [fmt.number(line.amount as number | string | null) || '0', isEmpty(line.unit) ? '' : String(line.unit)].filter(Boolean).join(' ');
  let text = t('conflict.line', {
    amount,
    description,
    price: fmt.number(line.price as number | string | null, 3) || '0',
    tax: fmt.number((line.tax_rate as number | string | null) ?? 0, 2) || '0',
  });
  if (!isEmpty(line.discount_pct) && Number(line.discount_pct) !== 0)
    text += t('conflict.lineDiscount', { discount: fmt.number(line.discount_pct as number | string, 2) });
  if (line.tax_country === true || line.tax_country === 'true') text += t('line.foreignTax');
  return text;
}

/** A value as a person reads it, by its field's kind in the entity's table; "—" for nothing. */
export function valueText(entity: 'quotation' | 'client' | 'product', row: Pick<ConflictRow, 'field'>, value: unknown, t: Translate, fmt: Formatters): string {
  if (isEmpty(value)) return t('common.none');
  const f = row.field;
  if (f === 'line' && typeof value === 'object' && value !== null) return lineText(value as Record<string, unknown>, t, fmt);
  const field = fieldOf(entity, f);
  if (field?.kind === 'flag') {
    const key = yesNo(value);
    if (key) return t(key);
  }
  if (entity === 'product') {
    if (f === 'stock' && (value === false || value === 'false')) return t('products.noStock');
    if (field?.kind === 'int' || field?.kind === 'decimal' || f === 'stock') return fmt.number(value as number | string, 3);
    return String(value);
  }
  if (field?.kind === 'date') return fmt.date(String(value));
  const option = field?.options?.[String(value)];
  if (option) {
    // a value the catalogue has no name for is shown as it is
    const text = t(option);
    return text === option ? String(value) : text;
  }
  if (field?.kind === 'int' || field?.kind === 'decimal') return fmt.number(value as number | string) || String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Fields named in a sentence: "Payment condition, Internal notes". */
export function fieldList(entity: 'quotation' | 'client' | 'product', fields: readonly string[], t: Translate): string {
  return fields.map((f) => fieldLabel(entity, f, t)).join(', ');
}
