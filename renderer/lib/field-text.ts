// Fields and values in the UI's language, wherever a field is named outside
// its own input (the conflict dialog, the attention panel, the editor's
// list of problems): a field by the label the editors use, a value as a
// person reads it (yes/no, a date, a choice by its name, a quotation line as
// one sentence).
import type { ConflictRow } from '../../shared/bridge';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
export interface Formatters {
  number(v: string | number | null | undefined, max?: number): string;
  date(v: string | null | undefined): string;
}

const QUOTATION_LABELS: Record<string, string> = {
  client: 'editor.client',
  clientnr: 'editor.client',
  clientId: 'editor.client',
  sendmethod: 'send.method',
  savename: 'conflict.label.savename',
  quotationreference: 'quotations.col.reference',
  date: 'editor.date',
  quotationperiod: 'editor.period',
  discounttype: 'editor.discountType',
  discount: 'editor.discount',
  paymentcondition: 'editor.paymentcondition',
  showtotals: 'editor.showtotals',
  notes: 'editor.notes',
  lines: 'editor.lines',
  profile: 'conflict.label.profile',
  category: 'conflict.label.category',
  convert_prices_to_euro: 'conflict.label.convertPricesToEuro',
};

/** Client fields whose values are choices with a name of their own. */
const CLIENT_OPTIONS: Record<string, string> = {
  sendmethod: 'client.option.sendmethod',
  paymentmethod: 'client.option.paymentmethod',
  tax_type: 'client.option.tax_type',
  collecttype: 'client.option.collecttype',
  default_doclang: 'client.option.doclang',
};

const CLIENT_FIELD_NAMES = new Set([
  'company',
  'contact',
  'showcontact',
  'email',
  'phone',
  'mobile',
  'addon',
  'address',
  'address_addon',
  'zipcode',
  'city',
  'country',
  'sendmethod',
  'paymentmethod',
  'top',
  'stddiscount',
  'tax_type',
  'tax_shifted',
  'taxnumber',
  'currency',
  'default_doclang',
  'default_category',
  'mailintro',
  'email_reminder',
  'bankcode',
  'biccode',
  'mandate_id',
  'mandate_date',
  'collecttype',
  'notes',
  'notes_on_invoice',
]);

const PRODUCT_FIELD_NAMES = new Set(['code', 'name', 'price', 'taxes', 'priceintax', 'notes', 'stock', 'stock_use']);

function referenceLine(field: string): number | null {
  const m = /^reference\.line([123])$/.exec(field);
  return m ? Number(m[1]) : null;
}

/** A row's label: the field's name in the editor, or "Line 2". */
export function rowLabel(entity: 'quotation' | 'client' | 'product', row: Pick<ConflictRow, 'field' | 'line'>, t: Translate): string {
  return fieldLabel(entity, row.field === 'line' ? `line:${row.line ?? 0}` : row.field, t);
}

const LINE_LABELS: Record<string, string> = {
  amount: 'line.quantity',
  amount_desc: 'line.unit',
  description: 'line.description',
  tax_rate: 'line.tax',
  price: 'line.price',
  discount_pct: 'line.discount',
  tax_country: 'line.taxCountryOn',
};

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
    const key = wire[2] ? LINE_LABELS[wire[2]] : undefined;
    return key ? `${row}, ${t(key)}` : row;
  }
  if (entity === 'product') return PRODUCT_FIELD_NAMES.has(field) ? t(`product.field.${field}`) : field;
  const ref = referenceLine(field);
  if (entity === 'quotation') {
    if (ref !== null) return t('editor.reference', { n: ref });
    return QUOTATION_LABELS[field] ? t(QUOTATION_LABELS[field]) : field;
  }
  if (ref !== null) return t(`client.field.reference${ref}`);
  if (field === 'active') return t('conflict.label.active');
  return CLIENT_FIELD_NAMES.has(field) ? t(`client.field.${field}`) : field;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function yesNo(v: unknown): string | null {
  if (v === true || v === 'true' || v === 1 || v === '1') return 'common.yes';
  if (v === false || v === 'false' || v === 0 || v === '0') return 'common.no';
  return null;
}

const BOOLEAN_FIELDS = new Set(['showtotals', 'convert_prices_to_euro', 'showcontact', 'tax_shifted', 'notes_on_invoice', 'active', 'stock_use']);
const NUMBER_FIELDS = new Set(['discount', 'quotationperiod', 'profile', 'category', 'top', 'stddiscount']);

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

/** A value as a person reads it; "—" for nothing. */
export function valueText(entity: 'quotation' | 'client' | 'product', row: Pick<ConflictRow, 'field'>, value: unknown, t: Translate, fmt: Formatters): string {
  if (isEmpty(value)) return t('common.none');
  const f = row.field;
  if (f === 'line' && typeof value === 'object' && value !== null) return lineText(value as Record<string, unknown>, t, fmt);
  if (BOOLEAN_FIELDS.has(f)) {
    const key = yesNo(value);
    if (key) return t(key);
  }
  if (entity === 'product') {
    if (f === 'stock' && (value === false || value === 'false')) return t('products.noStock');
    if (['price', 'priceintax', 'taxes', 'stock'].includes(f)) return fmt.number(value as number | string, 3);
    return String(value);
  }
  if (entity === 'quotation') {
    if (f === 'discounttype') return value === 'amount' ? t('editor.discountAmount') : value === 'percentage' ? t('editor.discountPercentage') : String(value);
    if (f === 'date') return fmt.date(String(value));
  } else {
    if (f === 'mandate_date') return fmt.date(String(value));
    const options = CLIENT_OPTIONS[f];
    if (options) {
      const key = `${options}.${String(value)}`;
      const text = t(key);
      return text === key ? String(value) : text;
    }
  }
  if (NUMBER_FIELDS.has(f)) return fmt.number(value as number | string) || String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Fields named in a sentence: "Payment condition, Internal notes". */
export function fieldList(entity: 'quotation' | 'client' | 'product', fields: readonly string[], t: Translate): string {
  return fields.map((f) => fieldLabel(entity, f, t)).join(', ');
}
