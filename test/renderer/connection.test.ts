// What the sync bar says of the connection, in both languages: Online while
// the last answer backs it, and, while an answer is slow to come, that the
// desk waits for it and since when, in its stead; offline, a refused key and
// a failure since the last exchange are said before it.
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { connectionText } from '../../renderer/lib/connection';
import type { SyncFailure, SyncStatus } from '../../shared/bridge';
import { reachOf } from '../../shared/reach';

const tr = (lang: 'nl' | 'en') => createAppI18n(lang).global.t as (key: string, params?: Record<string, unknown>) => string;

// 14:02 local time, when the write went; the bar is drawn 15 s later, the service last answered at 14:01
const since = new Date(2026, 10, 22, 14, 2).toISOString();
const now = new Date(2026, 10, 22, 14, 2, 15).getTime();
const status = (over: Partial<SyncStatus> = {}) =>
  ({ online: true, checking: false, lastReachedAt: new Date(2026, 10, 22, 14, 1, 50).toISOString(), account: 'demo', waitingSince: null, ...over }) as const;
const bar = (lang: 'nl' | 'en', over: Partial<SyncStatus> = {}, trouble: SyncFailure | null = null) =>
  connectionText(reachOf(status(over), now), trouble, tr(lang), lang);

describe('the connection in the sync bar', () => {
  it('says Online while no answer is late', () => {
    expect(bar('en')).toBe('Online');
    expect(bar('nl')).toBe('Online');
    // a main process that does not tell
    expect(bar('en', { waitingSince: undefined })).toBe('Online');
  });

  it("says the desk waits for the service's answer, and since when, in its stead", () => {
    expect(bar('en', { waitingSince: since })).toBe("Waiting for the service's answer since 14:02");
    expect(bar('nl', { waitingSince: since })).toBe('Wacht op antwoord van de service sinds 14:02');
    // rather than a check under way, or a last answer long ago
    expect(bar('en', { waitingSince: since, checking: true })).toBe("Waiting for the service's answer since 14:02");
    expect(bar('en', { waitingSince: since, lastReachedAt: new Date(2026, 10, 22, 13, 0).toISOString() })).toBe("Waiting for the service's answer since 14:02");
    expect(bar('en', { waitingSince: since, lastReachedAt: null })).toBe("Waiting for the service's answer since 14:02");
  });

  it('says offline, a key needed, or a failure since the last exchange before it', () => {
    expect(bar('en', { waitingSince: since, online: false })).toBe('Offline, service last reached 14:01');
    expect(bar('en', { waitingSince: since, account: 'needs_key' })).toBe('Not sending: an API key is needed');
    const failure: SyncFailure = { kind: 'server', messageKey: 'api.server', params: {}, at: new Date(2026, 10, 22, 14, 1).toISOString() };
    expect(bar('en', { waitingSince: since }, failure)).toBe('The service answers with errors');
  });
});
