// count/start on every list and search (docs/service-api.md, Paging). start is a 0-based offset:
// start=0&count=100 is the first page, start=100&count=100 the second. The
// spec states no maximum for count and names no paging parameters for the
// quotation list, so the sandbox can also play a service that caps pages
// (maxCount) or answers a list whole (unpaged): docs/paging.md. Nor does it
// state an order: lists go out by id ascending, or in a fixed order that is
// not by id (listOrder 'scrambled').
import { badRequest } from './errors';
import type { FieldError } from '../../shared/field-errors';

export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 1000;

export interface Paging {
  start: number;
  count: number;
}

/** The lists whose paging can be played differently; `search` is every search area. */
export const PAGED_LISTS = ['clients', 'products', 'quotations', 'search'] as const;
export type PagedList = (typeof PAGED_LISTS)[number];

/**
 * The order of every paged list and search: 'id' ascending (the newest last,
 * since ids grow), or 'scrambled', a fixed order that is neither by id nor by
 * age (a hash of the id), as a service that lists by some key of its own would.
 */
export const LIST_ORDERS = ['id', 'scrambled'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** How the sandbox pages its lists. */
export interface ListPaging {
  /** every paged list gives at most this many rows, whatever count asks (any whole count is then accepted); 0 = as asked */
  maxCount: number;
  /** lists that ignore count and start and answer every record */
  unpaged: ReadonlySet<PagedList>;
  /** the order rows go out in; switched at runtime (setListOrder) */
  order: ListOrder;
}

/** The page a list request asks for, as this sandbox's paging answers it. */
export function pageOf(paging: ListPaging, list: PagedList, query: Record<string, unknown>): Paging {
  if (paging.unpaged.has(list)) return { start: 0, count: Infinity };
  const page = parsePaging(query, paging.maxCount > 0);
  return paging.maxCount > 0 ? { start: page.start, count: Math.min(page.count, paging.maxCount) } : page;
}

function wholeNumber(name: string, raw: unknown, errors: FieldError[]): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim())) {
    errors.push({ field: name, message: 'must be a whole number of 0 or more' });
    return undefined;
  }
  return Number(raw.trim());
}

export function parsePaging(query: Record<string, unknown>, anyCount = false): Paging {
  const errors: FieldError[] = [];
  const count = wholeNumber('count', query.count, errors);
  const start = wholeNumber('start', query.start, errors);
  if (count !== undefined && count > MAX_COUNT && !anyCount) errors.push({ field: 'count', message: `must be at most ${MAX_COUNT}` });
  if (errors.length > 0) {
    throw badRequest(
      `Bad paging parameters: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}. ` +
        `Use count (1 to ${MAX_COUNT}, default ${DEFAULT_COUNT}) and start (0-based record offset).`,
      errors,
    );
  }
  return { start: start ?? 0, count: count ?? DEFAULT_COUNT };
}
