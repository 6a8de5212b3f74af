// What the sync bar, the attention panel and the editor say when the service
// is in trouble: the last failure of a pull or a push (SyncStatus), named in
// plain words (the service answers with errors, this network shows a login
// page, a list could not be read and records were set aside), with what to do.
import type { PushError, SyncFailure } from '../../shared/bridge';
import type { UiLanguage } from '../../shared/language';
import { clockTime } from './next-try';

export type TroubleKey = 'server' | 'login' | 'unreadable' | 'list' | 'setAside' | 'timeout' | 'budget' | 'wait' | 'other';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Which of the bar's words fit a failure. */
export function troubleKey(f: Pick<SyncFailure, 'kind' | 'messageKey' | 'params'> & { list?: string; setAside?: number }): TroubleKey {
  if (f.messageKey === 'api.login_page' || f.params.code === 'login_page') return 'login';
  if (f.kind === 'set_aside') return 'setAside';
  if (f.list) return 'list';
  if (f.kind === 'server') return 'server';
  if (f.kind === 'bad_response') return 'unreadable';
  if (f.kind === 'timeout' || f.kind === 'network') return 'timeout';
  // the desk's own hourly allowance, kept or spent: never the service's fault
  if (f.kind === 'rate_limited') return f.messageKey === 'api.rate_limited.reserve' ? 'budget' : 'wait';
  return 'other';
}

/**
 * The failure to tell of, if any: the newer of the last pull's and push's,
 * while nothing has gone well since. Failures the bar already words its own
 * way are left to it: a line that is down (offline), the service asking to
 * wait (the next try says so), a key refused (its banner).
 */
export function currentTrouble(
  s: { lastPullFailure?: SyncFailure | null; lastPushFailure?: SyncFailure | null; lastOkAt?: string | null } | null,
): SyncFailure | null {
  if (!s) return null;
  const okAt = s.lastOkAt ? Date.parse(s.lastOkAt) : -Infinity;
  const told = [s.lastPullFailure, s.lastPushFailure].filter((f): f is SyncFailure => {
    if (!f || Date.parse(f.at) <= okAt) return false;
    if (troubleKey(f) === 'login') return true;
    return !['offline', 'rate_limited', 'unauthorized', 'aborted', 'validation', 'not_found', 'payment_required', 'has_documents', 'forbidden'].includes(
      f.kind,
    );
  });
  told.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return told[0] ?? null;
}

/** The bar's short words: "The service answers with errors". */
export function troubleText(f: SyncFailure, t: Translate): string {
  const key = troubleKey(f);
  if (key === 'list' && (f.setAside ?? 0) > 0) return t('trouble.short.listSetAside', { n: f.setAside });
  return t(`trouble.short.${key}`, { n: f.setAside ?? 0, minutes: f.params.minutes ?? 60 });
}

/** What to do about it, for the attention panel. */
export function troubleAdvice(f: SyncFailure, t: Translate): string {
  const key = troubleKey(f);
  return t(`trouble.advice.${key === 'list' && (f.setAside ?? 0) > 0 ? 'listSetAside' : key}`);
}

/** Why a save or send waits after a failure, as the editor says it: "the service answers with errors". */
function pushErrorReason(e: PushError, t: Translate): string {
  if (e.messageKey === 'api.login_page') return t('trouble.reason.login');
  if (e.kind === 'rate_limited') return t(e.messageKey === 'api.rate_limited.reserve' ? 'trouble.reason.budget' : 'trouble.reason.wait');
  if (e.kind === 'network') return t('trouble.reason.network');
  if (e.messageKey === 'api.bad_response' || e.messageKey === 'api.too_large') return t('trouble.reason.unreadable');
  return t('trouble.reason.server');
}

/** The editor's notice of a save or send that failed and goes again: why, and when. */
export function pushErrorText(e: PushError, t: Translate, language: UiLanguage, now = Date.now()): string {
  const reason = pushErrorReason(e, t);
  const at = e.nextTryAt ? Date.parse(e.nextTryAt) : NaN;
  return at > now ? t('trouble.notSaved', { reason, time: clockTime(e.nextTryAt!, language) }) : t('trouble.notSavedLater', { reason });
}
