// How the quotation list is ordered, and what the follow-up list shows of a
// sent quotation that waits for an answer (docs/follow-up.md).
import { z } from 'zod';
import type { QuotationSummary } from './views';

export const SORT_KEYS = ['date', 'client', 'total', 'state'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** A column of the quotation list and its direction; empty values last either way. */
export const quotationSort = z.object({ key: z.enum(SORT_KEYS), dir: z.enum(['asc', 'desc']) }).strict();
export type QuotationSort = z.infer<typeof quotationSort>;

export interface FollowUpItem extends QuotationSummary {
  /** last day the quotation is valid: the service's datedue, else date + quotationperiod; null when neither is known */
  datedue: string | null;
  /** days from today to datedue: 0 on the last day, negative once it has passed; null without a datedue */
  daysLeft: number | null;
  /** datedue has passed */
  expired: boolean;
  sign_url: string | null;
}
