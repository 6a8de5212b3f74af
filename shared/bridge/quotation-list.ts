// The quotation list a page at a time: its order, its filters and search, and
// what the follow-up list shows of a sent quotation that waits for an answer
// (docs/follow-up.md, docs/quotation-list.md).
import { z } from 'zod';
import type { QuotationState, QuotationSummary } from './views';

export const SORT_KEYS = ['date', 'reference', 'client', 'total', 'state'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** A column of the quotation list and its direction; empty values last either way. */
export const quotationSort = z.object({ key: z.enum(SORT_KEYS), dir: z.enum(['asc', 'desc']) }).strict();
export type QuotationSort = z.infer<typeof quotationSort>;

/** The chips above the list: each one a group of states. */
export const LIST_FILTERS = ['all', 'drafts', 'sent', 'attention'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** The states each chip shows. */
export const FILTER_STATES: Record<ListFilter, readonly QuotationState[] | null> = {
  all: null,
  drafts: ['local', 'pending', 'saved'],
  sent: ['sent', 'approved'],
  attention: ['attention', 'conflict'],
};

/** Most rows one call answers: a screenful or a few, never the whole list. */
export const LIST_PAGE_MAX = 500;

export const quotationListInput = z
  .object({
    /** every word must appear in the quotation's name, reference, client, contact, date, total or status (not the service's id, shown nowhere); case and accents do not matter */
    query: z.string().max(200).optional(),
    /** only quotations in these states */
    states: z.array(z.string().max(20)).max(10).optional(),
    /** a chip's group of states (FILTER_STATES); with `states`, both must hold */
    filter: z.enum(LIST_FILTERS).optional(),
    /** default: most recently changed first */
    sort: quotationSort.optional(),
    offset: z.number().int().min(0).max(100_000_000).optional(),
    /** default 100 */
    limit: z.number().int().min(1).max(LIST_PAGE_MAX).optional(),
  })
  .strict();
export type QuotationListInput = z.input<typeof quotationListInput>;

/** One page of the list, the number of quotations the search and filter leave, and the chips' counts (search left aside). */
export interface QuotationPage {
  items: QuotationSummary[];
  /** how many match the query and the filter, over all pages */
  total: number;
  /** per chip, how many quotations it holds (not deleted), whatever the search */
  counts: Record<ListFilter, number>;
}

export interface FollowUpPage {
  items: FollowUpItem[];
  /** how many quotations wait for an answer, over all pages */
  total: number;
  /** how many of them are past their validity date, over all pages */
  expired: number;
}

export interface FollowUpItem extends QuotationSummary {
  /** last day the quotation is valid: the service's datedue, else date + quotationperiod; null when neither is known */
  datedue: string | null;
  /** days from today to datedue: 0 on the last day, negative once it has passed; null without a datedue */
  daysLeft: number | null;
  /** datedue has passed */
  expired: boolean;
  sign_url: string | null;
}
