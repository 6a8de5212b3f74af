// Turns what was typed into what the service accepts, with field errors for
// what it would refuse. Empty values of fields that have no empty form (a
// number, a country) mean "not set" and are left out rather than refused.
//
// Two layers use these checks, so they live here, below both: the store shows
// the field errors beside the fields as the person types (store.*.errors),
// and the push builds its request bodies from them
// (electron/sync/request-bodies.ts, where the protocol's own parts are added:
// action, savename, overwrite). The store sits below sync and must not reach
// up into it. Nothing here needs Node.
import type { z } from 'zod';
import { clientInput, lineInput, productInput, quotationCreate, type ClientInput, type LineInput, type ProductInput, type QuotationCreate } from './schemas';
import { fieldErrorsFromZod, type FieldError } from './field-errors';
import type { ClientFields, DraftLine, ProductFields, QuotationContent } from './local';
import { QUOTATION_HEADER_FIELDS } from './local';
import { filledLineIndexes, isEmptyLine, needsTaxRate, typedLineField } from './empty-line';
import { sayTypedText } from './typed-number';

type Shape = Record<string, z.ZodType>;

function dropEmpty(shape: Shape, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if ((v === '' || v === null) && shape[k] && !shape[k].safeParse(v).success) continue;
    out[k] = v;
  }
  return out;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

function check<T>(schema: z.ZodType<T>, input: unknown, prefix = ''): Checked<T> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, errors: fieldErrorsFromZod(r.error).map((e) => ({ ...e, field: prefix + e.field })) };
}

/** A client's fields as a create/update body, or what is wrong with them. */
export function clientToInput(fields: ClientFields): Checked<ClientInput> {
  return check(clientInput, dropEmpty(clientInput.shape as unknown as Shape, fields as Record<string, unknown>));
}

/**
 * A product's fields as a create/update body, or what is wrong with them.
 * A product that does not use stock carries no stock amount: the service
 * keeps `false` there.
 */
export function productToInput(fields: ProductFields): Checked<ProductInput> {
  const all = { ...fields } as Record<string, unknown>;
  if (all.stock_use === false || all.stock_use === 'false') delete all.stock;
  const r = check(productInput, dropEmpty(productInput.shape as unknown as Shape, all));
  const usesStock = all.stock_use === true || all.stock_use === 'true';
  const noStock = all.stock === undefined || all.stock === null || all.stock === '' || all.stock === false;
  if (usesStock && noStock) {
    const missing = { field: 'stock', message: 'give the amount in stock, or turn stock off' };
    return { ok: false, errors: [...(r.ok ? [] : r.errors.filter((e) => e.field !== 'stock')), missing] };
  }
  return r;
}

export function lineToInput(line: DraftLine): Record<string, unknown> {
  const { id: _id, ...rest } = line;
  return dropEmpty(lineInput.shape as unknown as Shape, rest);
}

/**
 * The body that saves (or sends) a draft. `clientnr` comes from the client
 * record, which may only now have been created on the service.
 */
export function quotationToInput(
  content: QuotationContent,
  extra: {
    clientnr: number | null;
    action: 'save' | 'send';
    savename?: string | null;
    quotationreference?: string | null;
    overwrite_if_exist?: boolean;
    sendmethod?: string;
  },
): Checked<QuotationCreate> {
  const shape = quotationCreate.shape as unknown as Shape;
  const header: Record<string, unknown> = {};
  for (const f of QUOTATION_HEADER_FIELDS) if (content[f] !== undefined) header[f] = content[f];
  // empty lines are not sent (shared/empty-line.ts); errors name lines by their place among those typed
  const kept = filledLineIndexes(content.lines);
  const body: Record<string, unknown> = {
    ...dropEmpty(shape, header),
    lines: kept.map((i) => lineToInput(content.lines[i]!)),
    action: extra.action,
  };
  if (extra.clientnr !== null) body.clientnr = extra.clientnr;
  if (extra.savename) body.savename = extra.savename;
  if (extra.quotationreference) body.quotationreference = extra.quotationreference;
  if (extra.overwrite_if_exist !== undefined) body.overwrite_if_exist = extra.overwrite_if_exist;
  if (extra.sendmethod) body.sendmethod = extra.sendmethod;
  const checked = check(quotationCreate, body);
  // text typed in a number field is said as what was typed ("is not a number: 12x"), never sent
  const r: Checked<QuotationCreate> = checked.ok
    ? checked
    : {
        ok: false,
        errors: sayTypedText(
          checked.errors.map((e) => ({ ...e, field: typedLineField(e.field, kept) })),
          content,
        ),
      };
  if (!r.ok && extra.clientnr === null) {
    return { ok: false, errors: r.errors.map((e) => (e.field === 'clientnr' ? { field: 'clientId', message: 'choose a client for this quotation' } : e)) };
  }
  return r;
}

/**
 * The lines that cannot be sent for want of a tax rate (shared/empty-line.ts,
 * needsTaxRate), by their place among all lines. Checked when the person
 * sends (store.quotations.errors(id, 'send')); a draft may be saved without.
 */
export function missingRateErrors(lines: readonly DraftLine[]): FieldError[] {
  const out: FieldError[] = [];
  lines.forEach((l, i) => {
    if (needsTaxRate(l)) out.push({ field: `lines.${i}.tax_rate`, message: 'choose a tax rate for this line; 0 when no VAT is charged' });
  });
  return out;
}

export function lineErrors(line: DraftLine, index: number): FieldError[] {
  if (isEmptyLine(line)) return [];
  const r = check(lineInput, lineToInput(line), 'lines.0.');
  if (r.ok) return [];
  return sayTypedText(r.errors, { lines: [line] }).map((e) => ({ ...e, field: e.field.replace(/^lines\.0\./, `lines.${index}.`) }));
}

export type { LineInput };
