// Templates as the renderer sees them, and the payloads of their operations
// (docs/templates.md). Templates are kept on this computer only. Names are
// checked by the store (empty, too long, taken), which names the field.
import { z } from 'zod';
import type { Reference } from '../schemas';
import type { LineView } from './views';

const id = z.string().min(1).max(100);
/** room for a name the store then refuses as too long, beside the field, rather than a bare invalid request */
const name = z.string().max(1000);

export const templateOperations = {
  /** by name; a query matches the name and the lines' texts, accents and case ignored */
  'templates.list': z.object({ query: z.string().max(200).optional() }).strict(),
  'templates.get': z.object({ id }).strict(),
  /** from a quotation: all its lines, or those of `lineIds` (in the quotation's order); `withHeader`: its reusable header fields too */
  'templates.create': z.object({ quotationId: id, name, lineIds: z.array(id).min(1).max(10_000).optional(), withHeader: z.boolean() }).strict(),
  'templates.rename': z.object({ id, name }).strict(),
  'templates.delete': z.object({ id }).strict(),
  /** a new draft from the template, dated today; the client is chosen as for any new quotation (null: not yet) */
  'templates.newQuotation': z.object({ id, clientId: id.nullable().optional() }).strict(),
  /** the template's lines into a draft, after `afterLineId` or at the end */
  'templates.insert': z.object({ id, quotationId: id, afterLineId: id.nullable().optional() }).strict(),
} as const;

/** The quotation fields a template may keep. */
export interface TemplateHeaderView {
  reference?: Reference;
  paymentcondition?: string;
  quotationperiod?: number;
  discounttype?: 'amount' | 'percentage';
  discount?: number;
}

export interface TemplateSummary {
  id: string;
  name: string;
  lineCount: number;
  /** the first few line texts, for telling templates apart in a list */
  preview: string[];
  /** null: lines only */
  header: TemplateHeaderView | null;
  updatedAt: string;
}

export interface TemplateView extends TemplateSummary {
  /** ids are positions ("1", "2", …): a template's lines are not edited one by one */
  lines: LineView[];
}
