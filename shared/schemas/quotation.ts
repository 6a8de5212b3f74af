// Quotation and quotation line (docs/service-api.md: Quotations, Quotation lines, States of a quotation).
import { z } from 'zod';
import { bool, date, decimal, int, oneOf, reference, text } from '../fields/send';
import { SENDMETHODS } from './client';
import { lenientShape, readBool, readDate, readInt, readNumber, readOneOf, readReference, readText, settleUnread, type ReadExtras } from '../fields/read';

export { SENDMETHODS };
export const ACTIONS = ['save', 'send'] as const;
export const DISCOUNT_TYPES = ['amount', 'percentage'] as const;
export const CUSTOM_STATUSES = ['progress', 'completed', 'billable', 'declined'] as const;
/** A sent quotation's own status (besides approved): the one declaration of it, from the list above. */
export type CustomStatus = (typeof CUSTOM_STATUSES)[number];

const percentage = decimal(2).refine((n) => n >= 0 && n <= 100, 'must be a percentage from 0 to 100');

export const lineWritable = {
  amount: decimal(3),
  amount_desc: text(),
  description: text(),
  tax_rate: percentage,
  price: decimal(3),
  discount_pct: percentage,
  tax_country: bool,
} as const;

/** A line as sent; a text-only line carries only a description (docs/service-api.md, Quotation lines). */
export const lineInput = z.object(lineWritable).partial();
export type LineInput = z.output<typeof lineInput>;

/** A line as the service returns it, read leniently (shared/fields/read.ts). */
export const lineRecord = z
  .object(
    lenientShape({
      amount: readNumber,
      amount_desc: readText,
      description: readText,
      tax_rate: readNumber,
      price: readNumber,
      discount_pct: readNumber,
      tax_country: readBool,
      linetotal: readNumber,
    }),
  )
  .partial();
export type Line = z.output<typeof lineRecord>;

export function isTextOnlyLine(line: LineInput): boolean {
  return line.amount === undefined && line.price === undefined && line.tax_rate === undefined && line.discount_pct === undefined;
}

/**
 * The wire sends `lines` as an object keyed line1, line2, … and as [] when
 * there are none (docs/wire-format.md); both become an ordered array.
 */
export function linesFromWire(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return [];
  if (Array.isArray(v) || typeof v !== 'object') return v;
  const entries = Object.entries(v as Record<string, unknown>);
  const order = (k: string) => Number(/(\d+)$/.exec(k)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return entries.sort(([a], [b]) => order(a) - order(b)).map(([, line]) => line);
}

export const approvalInput = z.object({
  name: text(255).refine((s) => s.trim() !== '', 'is required'),
  date: date.refine((d) => d !== null, 'is required'),
  comments: text().optional(),
});

/** An approval as a record carries it: none is false, "", null or []; a zero date is no date. */
export const approvalRecord = z.preprocess(
  (v) => (v === false || v === 'false' || v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? null : v),
  z.object({ name: text(), date: readDate.transform((d) => d ?? null), ip: text().optional(), comments: text().optional() }).nullable(),
);
export type Approval = z.output<typeof approvalRecord>;

/** Attributes of a quotation's content, as saved or sent. */
export const quotationContent = {
  clientnr: int.refine((n) => n > 0, 'must be a client number'),
  savename: text(40),
  overwrite_if_exist: bool,
  quotationreference: text(40),
  reference,
  lines: z.preprocess(linesFromWire, z.array(lineInput)),
  profile: int,
  category: int,
  // '' (no discount) is what a record read back carries; accepted so whole records can be sent back
  discounttype: oneOf(['', ...DISCOUNT_TYPES]),
  discount: decimal(3).refine((n) => n >= 0, 'must be 0 or more'),
  paymentcondition: text(),
  quotationperiod: int.refine((n) => n >= 0, 'must be 0 or more days'),
  showtotals: bool,
  date,
  notes: text(),
  convert_prices_to_euro: bool,
} as const;

/** POST /quotations body (docs/service-api.md, Endpoints). */
export const quotationCreate = z
  .object({
    ...quotationContent,
    action: oneOf(ACTIONS),
    sendmethod: oneOf(SENDMETHODS).optional(),
  })
  .partial()
  .required({ clientnr: true, action: true })
  .superRefine((q, ctx) => {
    if (q.action === 'send' && !q.sendmethod) {
      ctx.addIssue({ code: 'custom', path: ['sendmethod'], message: 'is required when action is send' });
    }
    if (q.discount !== undefined && q.discount !== 0 && !q.discounttype) {
      ctx.addIssue({ code: 'custom', path: ['discounttype'], message: 'is required when a discount is given (amount or percentage)' });
    }
    if (q.discounttype === 'percentage' && q.discount !== undefined && q.discount > 100) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'must be a percentage from 0 to 100' });
    }
  });
export type QuotationCreate = z.output<typeof quotationCreate>;

/** PUT /quotations/{id} body: send a draft, approve or unapprove, custom status (docs/service-api.md, States of a quotation). */
export const quotationUpdate = z
  .object({
    action: z.literal('send', { error: 'must be send' }),
    sendmethod: oneOf(SENDMETHODS),
    approved: z.union([z.literal(false), z.literal('false').transform(() => false as const), approvalInput]),
    customstatus: oneOf([...CUSTOM_STATUSES, 'clear']),
  })
  .partial()
  .superRefine((q, ctx) => {
    if (q.action === 'send' && !q.sendmethod) {
      ctx.addIssue({ code: 'custom', path: ['sendmethod'], message: 'is required when action is send' });
    }
  });
export type QuotationUpdate = z.output<typeof quotationUpdate>;

/** A quotation as the service returns it, coerced from the wire and read leniently (shared/fields/read.ts). */
export const quotationRecord = z
  .object({
    id: int,
    clientnr: int,
    ...lenientShape({
      savename: readText,
      overwrite_if_exist: readBool,
      quotationreference: readText,
      reference: readReference,
      lines: z.preprocess(linesFromWire, z.array(lineRecord)),
      profile: readInt,
      category: readInt,
      discounttype: readOneOf(['', ...DISCOUNT_TYPES]),
      discount: readNumber,
      paymentcondition: readText,
      quotationperiod: readInt,
      showtotals: readBool,
      date: readDate,
      notes: readText,
      convert_prices_to_euro: readBool,
      profile_name: readText,
      category_name: readText,
      datedue: readDate,
      totalintax: readNumber,
      sent: readBool,
      customstatus: readOneOf(['', ...CUSTOM_STATUSES]),
      approved: approvalRecord,
      contact: readText,
      company: readText,
      address: readText,
      zipcode: readText,
      city: readText,
      country: readInt,
      phone: readText,
      mobile: readText,
      email: readText,
      sign_url: readText,
    }),
  })
  .partial()
  .required({ id: true, clientnr: true })
  .overwrite(settleUnread);
export type Quotation = z.output<typeof quotationRecord> & ReadExtras;
