// Quotation and quotation line (docs/service-api.md: Quotations, Quotation lines, States of a quotation),
// made from their field tables (shared/fields/quotation.ts, line.ts; docs/fields.md).
import { z } from 'zod';
import { date, oneOf, text } from '../fields/send';
import { settleUnread, type ReadExtras } from '../fields/read';
import { recordShape, requiredMask, sendShape } from '../fields/derive';
import { LINE_TABLE } from '../fields/line';
import { CUSTOM_STATUSES, QUOTATION_TABLE } from '../fields/quotation';
import { SENDMETHODS } from '../fields/client';

export { SENDMETHODS };
export { CUSTOM_STATUSES, DISCOUNT_TYPES, approvalRecord, type Approval, type CustomStatus } from '../fields/quotation';
export { linesFromWire } from '../fields/builders';
export const ACTIONS = ['save', 'send'] as const;

export const lineWritable = sendShape(LINE_TABLE);

/** A line as sent; a text-only line carries only a description (docs/service-api.md, Quotation lines). */
export const lineInput = z.object(lineWritable).partial();
export type LineInput = z.output<typeof lineInput>;

/** A line as the service returns it, read leniently (shared/fields/read.ts). */
export const lineRecord = z.object(recordShape(LINE_TABLE)).partial();
export type Line = z.output<typeof lineRecord>;

export function isTextOnlyLine(line: LineInput): boolean {
  return line.amount === undefined && line.price === undefined && line.tax_rate === undefined && line.discount_pct === undefined;
}

export const approvalInput = z.object({
  name: text(255).refine((s) => s.trim() !== '', 'is required'),
  date: date.refine((d) => d !== null, 'is required'),
  comments: text().optional(),
});

/** Attributes of a quotation's content, as saved or sent. */
export const quotationContent = sendShape(QUOTATION_TABLE);

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
export const quotationRecord = z.object(recordShape(QUOTATION_TABLE)).partial().required(requiredMask(QUOTATION_TABLE)).overwrite(settleUnread);
export type Quotation = z.output<typeof quotationRecord> & ReadExtras;
