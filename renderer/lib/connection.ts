// What the sync bar says of the connection to the service: a failure since
// the last exchange that went well, in plain words (lib/trouble.ts), else as
// much as the main process's record backs (shared/reach.ts): Online, Up to
// date between the reads the desk makes at its pace, the desk waiting for an
// answer slow to come and since when, a check under way, when the service was
// last reached (only once that is longer ago than the pull interval), offline.
import type { SyncFailure } from '../../shared/bridge';
import type { UiLanguage } from '../../shared/language';
import type { Reach } from '../../shared/reach';
import { clockTime } from './next-try';
import { troubleText } from './trouble';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** "Online", "Waiting for the service's answer since 14:02", "Offline, service last reached 14:05"… */
export function connectionText(reach: Reach, trouble: SyncFailure | null, t: Translate, language: UiLanguage): string {
  if (trouble) return troubleText(trouble, t);
  const time = (iso: string) => clockTime(iso, language);
  switch (reach.kind) {
    case 'online':
      return t('sync.online');
    case 'quiet':
      return t('sync.upToDate');
    case 'waiting':
      return t('sync.waitingForAnswer', { time: time(reach.since) });
    case 'checking':
      return t('sync.checking');
    case 'no_key':
      return t('sync.waitingForKey');
    case 'stale':
      return t('sync.lastReached', { time: time(reach.at) });
    case 'offline':
      return reach.at ? t('sync.offlineSince', { time: time(reach.at) }) : t('sync.offline');
  }
}
