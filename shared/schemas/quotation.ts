// Quotation and quotation line (docs/service-api.md: Quotations, Quotation lines, States of a quotation).
import { z } from 'zod';
import { bool, date, decimal, int, oneOf, reference, text } from './fields';
import { SENDMETHODS } from './client';

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

export const lineRecord = z.object({ ...lineWritable, linetotal: decimal(4) }).partial();
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

export const approvalRecord = z.preprocess(
  (v) => (v === false || v === 'false' || v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? null : v),
  z.object({ name: text(), date: date, ip: text().optional(), comments: text().optional() }).nullable(),
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

/** A quotation as the service returns it, coerced from the wire. */
export const quotationRecord = z
  .object({
    ...quotationContent,
    id: int,
    clientnr: int,
    lines: z.preprocess(linesFromWire, z.array(lineRecord)),
    discounttype: oneOf(['', ...DISCOUNT_TYPES]),
    profile_name: text(),
    category_name: text(),
    datedue: date,
    totalintax: decimal(4),
    sent: bool,
    customstatus: oneOf(['', ...CUSTOM_STATUSES]),
    approved: approvalRecord,
    contact: text(),
    company: text(),
    address: text(),
    zipcode: text(),
    city: text(),
    country: int,
    phone: text(),
    mobile: text(),
    email: text(),
    sign_url: text(),
  })
  .partial()
  .required({ id: true, clientnr: true });
export type Quotation = z.output<typeof quotationRecord>;
