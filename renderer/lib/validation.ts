// Inline validation with the spec's rules from shared/schemas. A value that
// breaks a rule is still kept in the draft; this only says what is wrong, in
// a form the UI translates. The service's 400/422 field errors go through
// the same translation, since the sandbox and the client use these schemas.
import type { z } from 'zod';
import { clientWritable, lineWritable, productWritable, quotationContent } from '../../shared/schemas';
import type { FieldError } from '../../shared/field-errors';

export interface Problem {
  /** key under `problem.` in the UI catalogue; '' when only the raw message fits */
  code: string;
  params: Record<string, string | number>;
  /** the rule's own (English) text, shown when no translation exists */
  message: string;
}

const PATTERNS: Array<[RegExp, string, (m: RegExpExecArray) => Record<string, string | number>]> = [
  [/^at most (\d+) characters$/, 'maxChars', (m) => ({ max: Number(m[1]) })],
  [/^at most (\d+) decimals$/, 'maxDecimals', (m) => ({ places: Number(m[1]) })],
  [/^must be a percentage from 0 to 100$/, 'percentage', () => ({})],
  // text typed in a number field (shared/typed-number.ts): the problem quotes it
  [/^is not a number: ([\s\S]*)$/, 'notANumber', (m) => ({ text: m[1] ?? '' })],
  [/^must be a number/, 'number', () => ({})],
  [/^must be a finite number$/, 'number', () => ({})],
  [/^must be a whole number$/, 'wholeNumber', () => ({})],
  [/^must be a date as YYYY-MM-DD$/, 'date', () => ({})],
  [/^must be an e-mail address/, 'email', () => ({})],
  [/^must be a three-letter currency code/, 'currency', () => ({})],
  [/^must be one of: (.*)$/, 'oneOf', (m) => ({ values: m[1] ?? '' })],
  [/^must be (send)$/, 'oneOf', (m) => ({ values: m[1] ?? '' })],
  [/^is required when a discount is given/, 'discountType', () => ({})],
  [/^is required$/, 'required', () => ({})],
  [/^must be 0 or more days$/, 'min0days', () => ({})],
  [/^must be 0 or more$/, 'min0', () => ({})],
  [/^must be a client number$/, 'clientnr', () => ({})],
  [/^choose a client/i, 'clientnr', () => ({})],
  [/^no client with number/, 'clientnr', () => ({})],
  [/^must be a positive number$/, 'positive', () => ({})],
  [/^must be true or false$/, 'boolean', () => ({})],
  [/^give the amount in stock/, 'stockNeeded', () => ({})],
  [/^must be a country id or name$/, 'country', () => ({})],
  [/^must be a date$/, 'date', () => ({})],
  [/^must be a whole number of 0 or more$/, 'wholeMin0', () => ({})],
  [/^must be at most (\d+)$/, 'atMost', (m) => ({ max: Number(m[1]) })],
  // the service's own rules (spec and sandbox), as it words them
  [
    /^(company or contact is required|is required: the name shown on the invoice|cannot be empty: it is the name shown on the invoice)$/,
    'nameRequired',
    () => ({}),
  ],
  [/^a line needs a description/, 'lineEmpty', () => ({})],
  [/^choose a tax rate/, 'taxRateNeeded', () => ({})],
  [/^is required when action is send$/, 'sendmethod', () => ({})],
  [/^client \d+ has no e-mail address/, 'noEmail', () => ({})],
  [/^client \d+ no longer exists/, 'clientGone', () => ({})],
  [/^quotation \d+ is already sent/, 'alreadySent', () => ({})],
  [/^only sent quotations can be approved/, 'approveSentOnly', () => ({})],
  [/^a custom status is only available for sent quotations/, 'statusSentOnly', () => ({})],
  [/^(a quotation named ".*" exists|".*" is the name of sent quotation \d+)/, 'savenameTaken', () => ({})],
  [/^".*" is already used by quotation \d+/, 'referenceTaken', () => ({})],
  [/^client number \d+ is already used/, 'clientnrTaken', () => ({})],
  [/^cannot be changed \(this is client \d+\)$/, 'clientnrFixed', () => ({})],
];

export function problemFromMessage(message: string): Problem {
  for (const [re, code, params] of PATTERNS) {
    const m = re.exec(message);
    if (m) return { code, params: params(m), message };
  }
  return { code: '', params: {}, message };
}

function check(schema: z.ZodType, value: unknown): Problem | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  return problemFromMessage(r.error.issues[0]?.message ?? 'invalid');
}

export type LineField = 'amount' | 'amount_desc' | 'description' | 'tax_rate' | 'price' | 'discount_pct';

// A 500-line table asks about the same few values over and over.
const lineCache = new Map<string, Problem | null>();

/** A line field's problem; empty values are allowed (a line may be incomplete while drafting). */
export function lineFieldProblem(field: LineField, value: unknown): Problem | null {
  if (value === undefined || value === null || value === '') return null;
  const key = `${field}|${typeof value}|${String(value)}`;
  const known = lineCache.get(key);
  if (known !== undefined) return known;
  const found = check(lineWritable[field], value);
  if (lineCache.size > 10_000) lineCache.clear();
  lineCache.set(key, found);
  return found;
}

/** Any field of the quotation we send, by its rule (shared/fields/quotation.ts). */
export type DraftField = keyof typeof quotationContent;

export function draftFieldProblem(field: DraftField, value: unknown): Problem | null {
  if (value === undefined || value === null || value === '') return null;
  return check(quotationContent[field], value);
}

/** The discount's rules beyond its own type: a percentage is at most 100, and a discount needs a type. */
export function discountProblem(discounttype: 'amount' | 'percentage' | null, discount: number | null): Problem | null {
  if (discount === null) return null;
  const own = draftFieldProblem('discount', discount);
  if (own) return own;
  if (discounttype === 'percentage' && discount > 100) return problemFromMessage('must be a percentage from 0 to 100');
  return null;
}

export type ClientField = keyof typeof clientWritable;

export function clientFieldProblem(field: ClientField, value: unknown): Problem | null {
  if (value === undefined || value === null || value === '') return null;
  const schema = clientWritable[field] as z.ZodType | undefined;
  return schema ? check(schema, value) : null;
}

/**
 * Field errors from the service keyed the way the editor shows them:
 * "lines.2.price" becomes the line's id and field, everything else stays.
 */
export function indexFieldErrors(errors: readonly FieldError[], lineIds: readonly string[]): Map<string, Problem> {
  const out = new Map<string, Problem>();
  for (const e of errors) {
    let key = e.field;
    const m = /^lines\.(\d+)\.(\w+)$/.exec(e.field);
    if (m) {
      const id = lineIds[Number(m[1])];
      key = id ? `line:${id}:${m[2]}` : 'lines';
    } else if (/^lines\.\d+$/.test(e.field)) {
      const id = lineIds[Number(e.field.split('.')[1])];
      key = id ? `line:${id}:description` : 'lines';
    } else if (e.field === 'clientnr' || e.field === 'clientId') {
      key = 'client';
    }
    if (!out.has(key)) out.set(key, problemFromMessage(e.message));
  }
  return out;
}

export type ProductField = keyof typeof productWritable;

/** What the service would refuse in one product field, by the shared schema (empty is left to the service). */
export function productFieldProblem(field: ProductField, value: unknown): Problem | null {
  if (value === undefined || value === null || value === '') return null;
  return check(productWritable[field] as z.ZodType, value);
}
