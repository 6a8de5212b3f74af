// Whether the sync bar names the hour's request budget. Most hours the desk
// spends a tenth of it and the person never needs to think of it, so the bar
// leaves it to its details until it matters: a quarter or less is left (the
// reserve for the person's own actions is a fifth, docs/request-budget.md),
// or work waits on it (background reading held for the new allowance, a
// save or a read refused over the hourly limit since the last exchange that
// went well). Said at all other times, it reads as trouble that is not there.
import type { SyncStatus } from '../../shared/bridge';

/** At or under this share of the limit left, the budget is named in the bar. */
export const BUDGET_LOW_SHARE = 1 / 4;

type Status = Pick<SyncStatus, 'budget'> & Partial<Pick<SyncStatus, 'readingWaits' | 'lastPushFailure' | 'lastPullFailure' | 'lastOkAt'>>;

export function budgetMatters(s: Status | null | undefined): boolean {
  const b = s?.budget;
  if (!s || !b) return false;
  if (b.limit > 0 && b.remaining <= b.limit * BUDGET_LOW_SHARE) return true;
  if (s.readingWaits?.why === 'own_budget') return true;
  const okAt = s.lastOkAt ? Date.parse(s.lastOkAt) : -Infinity;
  return [s.lastPushFailure, s.lastPullFailure].some((f) => f?.kind === 'rate_limited' && Date.parse(f.at) > okAt);
}
