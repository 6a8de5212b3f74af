// What the sync bar says of the outbox's next try after a failure: when it
// goes, and why it waits (the main process decides both: SyncStatus.nextTry).
// A time gone by is not shown: the bar ticks, and the main process tells the
// status again when the wait is over.
import type { NextTry } from '../../shared/bridge';
import type { UiLanguage } from '../../shared/language';
import { formatDateTime } from './format';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A moment's time of day, as the sync bar writes it: 14:05. */
export function clockTime(iso: string, language: UiLanguage): string {
  return new Date(iso).toLocaleTimeString(language === 'en' ? 'en-GB' : 'nl-NL', { hour: '2-digit', minute: '2-digit' });
}

/** A moment as the sync bar writes it: its time of day when it is today ("14:05"), with the day when not ("1 Dec, 14:05"). */
export function barMoment(iso: string, now: number, language: UiLanguage): string {
  return new Date(iso).toDateString() === new Date(now).toDateString() ? clockTime(iso, language) : formatDateTime(iso, language);
}

/** "next try at 14:05 (the service asked to wait)"; null when nothing waits, or the time has come. */
export function nextTryText(next: NextTry | null | undefined, now: number, t: Translate, language: UiLanguage): string | null {
  const at = next ? Date.parse(next.at) : NaN;
  if (!next || !(at > now)) return null;
  // later than today (a long Retry-After): the day too
  const time = barMoment(next.at, now, language);
  return next.why === 'backoff' ? t('sync.nextTry', { time }) : t(`sync.nextTryWhy.${next.why}`, { time });
}
