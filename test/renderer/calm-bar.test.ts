// The sync bar's words while nothing is wrong, in both languages: Online
// while the last answer is recent, Up to date between the reads the desk
// makes at its pace, the time the service was last reached only once that is
// longer ago than the pull interval; the hour's budget only when it matters.
// Trouble is still said at once.
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { connectionText } from '../../renderer/lib/connection';
import { budgetMatters } from '../../renderer/lib/budget-matters';
import type { RateBudget, SyncFailure, SyncStatus } from '../../shared/bridge';
import { PULL_INTERVAL_MS, reachOf } from '../../shared/reach';

const tr = (lang: 'nl' | 'en') => createAppI18n(lang).global.t as (key: string, params?: Record<string, unknown>) => string;
const MIN = 60_000;
// the service last answered at 06:06 local time
const at = new Date(2026, 10, 22, 6, 6).getTime();
const status = (over: Partial<SyncStatus> = {}) =>
  ({ online: true, checking: false, lastReachedAt: new Date(at).toISOString(), account: 'demo', waitingSince: null, ...over }) as const;
const bar = (lang: 'nl' | 'en', idleMs: number, over: Partial<SyncStatus> = {}, trouble: SyncFailure | null = null) =>
  connectionText(reachOf(status(over), at + idleMs), trouble, tr(lang), lang);

describe('the connection while all is well', () => {
  it('says Online, then Up to date after a minute idle: not the time the service was last reached', () => {
    expect(bar('nl', 20_000)).toBe('Online');
    expect(bar('nl', 70_000)).toBe('Bijgewerkt');
    expect(bar('en', 70_000)).toBe('Up to date');
    expect(bar('nl', PULL_INTERVAL_MS)).toBe('Bijgewerkt');
  });

  it('names the time the service was last reached once that is longer ago than the pull interval', () => {
    expect(bar('nl', PULL_INTERVAL_MS + 2 * MIN)).toBe('Service laatst bereikt om 06:06');
    expect(bar('en', PULL_INTERVAL_MS + 2 * MIN)).toBe('Service last reached 06:06');
  });

  it('still says trouble, a wait for an answer and offline at once', () => {
    const since = new Date(at + 70_000).toISOString();
    expect(bar('nl', 90_000, { waitingSince: since })).toBe('Wacht op antwoord van de service sinds 06:07');
    expect(bar('nl', 70_000, { online: false })).toBe('Offline, service laatst bereikt om 06:06');
    expect(bar('nl', 70_000, { checking: true })).toBe('Verbinding controleren…');
    const failure: SyncFailure = { kind: 'server', messageKey: 'api.server', params: {}, at: new Date(at + 30_000).toISOString() };
    expect(bar('nl', 70_000, {}, failure)).toBe('De service antwoordt met fouten');
  });
});

describe('the hour’s budget in the bar', () => {
  const budget = (remaining: number, limit = 1000): RateBudget => ({ limit, remaining, reserve: limit / 5, resetsAt: null });
  const okAt = new Date(at).toISOString();

  it('is left to the details while plenty is left and nothing waits on it', () => {
    expect(budgetMatters({ budget: budget(992) })).toBe(false);
    expect(budgetMatters({ budget: budget(251) })).toBe(false);
    expect(budgetMatters({ budget: null })).toBe(false);
    expect(budgetMatters(null)).toBe(false);
  });

  it('is named with a quarter or less left', () => {
    expect(budgetMatters({ budget: budget(250) })).toBe(true);
    expect(budgetMatters({ budget: budget(12) })).toBe(true);
    expect(budgetMatters({ budget: budget(0) })).toBe(true);
  });

  it('is named while work waits on it: background reading held for the new allowance, a request refused over the limit since', () => {
    expect(budgetMatters({ budget: budget(900), readingWaits: { why: 'own_budget', until: okAt } })).toBe(true);
    // the service asked to wait, or reading was stopped: not the budget
    expect(budgetMatters({ budget: budget(900), readingWaits: { why: 'service_asked', until: okAt } })).toBe(false);
    const refused: SyncFailure = { kind: 'rate_limited', messageKey: 'api.rate_limited', params: {}, at: new Date(at + MIN).toISOString() };
    expect(budgetMatters({ budget: budget(900), lastPushFailure: refused, lastOkAt: okAt })).toBe(true);
    expect(budgetMatters({ budget: budget(900), lastPullFailure: refused, lastOkAt: okAt })).toBe(true);
    // a refusal that went well since is over
    expect(budgetMatters({ budget: budget(900), lastPushFailure: refused, lastOkAt: new Date(at + 2 * MIN).toISOString() })).toBe(false);
  });
});
