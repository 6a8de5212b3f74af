// count/start on every list and search (spec 4.1). start is a 0-based offset:
// start=0&count=100 is the first page, start=100&count=100 the second.
import { badRequest } from './errors';
import type { FieldError } from '../../shared/field-errors';

export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 1000;

export interface Paging {
  start: number;
  count: number;
}

function wholeNumber(name: string, raw: unknown, errors: FieldError[]): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim())) {
    errors.push({ field: name, message: 'must be a whole number of 0 or more' });
    return undefined;
  }
  return Number(raw.trim());
}

export function parsePaging(query: Record<string, unknown>): Paging {
  const errors: FieldError[] = [];
  const count = wholeNumber('count', query.count, errors);
  const start = wholeNumber('start', query.start, errors);
  if (count !== undefined && count > MAX_COUNT) errors.push({ field: 'count', message: `must be at most ${MAX_COUNT}` });
  if (errors.length > 0) {
    throw badRequest(
      `Bad paging parameters: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}. Use count (1 to ${MAX_COUNT}, default ${DEFAULT_COUNT}) and start (0-based record offset).`,
      errors,
    );
  }
  return { start: start ?? 0, count: count ?? DEFAULT_COUNT };
}
