// What the sync bar says of how fresh each of the service's lists is here
// (SyncStatus.freshness, docs/freshness.md): the first load while it runs,
// when the newest records and every record were last checked, a list the
// service does not order newest last, a Full refresh under way, and why
// background reading waits. Every time is worked out against `now`, which
// the bar moves on as time passes, so "3 min ago" never goes stale.
import type { ListFreshness, ReadingWait } from '../../shared/bridge';
import type { UiLanguage } from '../../shared/language';
import { formatDate, formatNumber, todayIso } from './format';
import { barMoment } from './next-try';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface FreshEnv {
  t: Translate;
  lang: UiLanguage;
  /** epoch ms */
  now: number;
}

type ListName = ListFreshness['list'];

/** The order the lists are told in: as the menu has them. */
export const SHOWN_ORDER: readonly ListName[] = ['quotations', 'clients', 'products'];
/** The order the first load reads them in (quotations first, clients last). */
const LOAD_ORDER: readonly ListName[] = ['quotations', 'products', 'clients'];

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The lists in the order they are told, as the status has them (none from a main process that does not tell). */
export function shownLists(lists: readonly ListFreshness[] | undefined): ListFreshness[] {
  const all = lists ?? [];
  return SHOWN_ORDER.flatMap((name) => all.filter((l) => l.list === name));
}

/** The list the first load reads now: the first in the load's order that is still loading; null once loaded. */
export function loadingNow(lists: readonly ListFreshness[] | undefined): ListFreshness | null {
  for (const name of LOAD_ORDER) {
    const f = lists?.find((l) => l.list === name);
    if (f?.loading) return f;
  }
  return null;
}

/** A share as a whole percentage, never 100 before it is done: "45%". */
export function percent(share: number, lang: UiLanguage): string {
  return `${formatNumber(Math.min(99, Math.max(0, Math.floor(share * 100))), lang, 0)}%`;
}

/** Time left, in words: "about 1 hour to go" ("nog ongeveer 1 uur"); null when the time has come. */
export function timeLeft(ms: number, t: Translate): string | null {
  if (!(ms > 0)) return null;
  if (ms < MIN) return t('fresh.left.underMinute');
  if (ms < 50 * MIN) {
    const m = Math.max(1, Math.round(ms / MIN));
    const n = m < 10 ? m : Math.round(m / 5) * 5;
    return n === 1 ? t('fresh.left.minute') : t('fresh.left.minutes', { n });
  }
  if (ms < 36 * HOUR) {
    const n = Math.max(1, Math.round(ms / HOUR));
    return n === 1 ? t('fresh.left.hour') : t('fresh.left.hours', { n });
  }
  return t('fresh.left.days', { n: Math.round(ms / DAY) });
}

/** A moment gone by, in words that stay true as time passes: "just now", "3 min ago", "2 hours ago", "yesterday", "on 24 Nov 2026". */
export function ago(iso: string, env: FreshEnv): string {
  const at = Date.parse(iso);
  const { t, now, lang } = env;
  const past = now - at;
  if (!(past >= MIN)) return t('fresh.ago.now');
  if (past < HOUR) return t('fresh.ago.minutes', { n: Math.floor(past / MIN) });
  const day = new Date(at);
  const today = new Date(now);
  if (day.toDateString() === today.toDateString()) {
    const n = Math.floor(past / HOUR);
    return n === 1 ? t('fresh.ago.hour') : t('fresh.ago.hours', { n });
  }
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (day.toDateString() === yesterday.toDateString()) return t('fresh.ago.yesterday');
  return t('fresh.ago.on', { date: formatDate(todayIso(day), lang) });
}

/** A moment to come: its time of day today ("14:30"), with the day when later ("1 Dec, 14:30"); null once it has come. */
export function comingAt(iso: string | null | undefined, env: FreshEnv): string | null {
  const at = iso ? Date.parse(iso) : NaN;
  if (!(at > env.now)) return null;
  return barMoment(iso!, env.now, env.lang);
}

/**
 * The first load of a list, in a line: "Clients 45% loaded, about 1 hour to
 * go", "Clients: 12,300 loaded" while its length is not known, "Clients:
 * not started yet" for one the load has not come to; without the list's
 * name (`named` false) where its name stands beside it. Null once loaded.
 */
export function loadingText(f: ListFreshness, env: FreshEnv, current = true, named = true): string | null {
  const l = f.loading;
  if (!l) return null;
  const { t, lang } = env;
  const group = named ? 'fresh.loading' : 'fresh.row.loading';
  const list = t(`fresh.list.${f.list}`);
  if (!current && l.read === 0 && !l.share) return t(`${group}.notYet`, { list });
  const left = l.endsAt ? timeLeft(Date.parse(l.endsAt) - env.now, t) : null;
  if (l.share !== null) {
    const share = percent(l.share, lang);
    return left ? t(`${group}.shareLeft`, { list, percent: share, left }) : t(`${group}.share`, { list, percent: share });
  }
  const n = formatNumber(l.read, lang, 0);
  return left ? t(`${group}.readLeft`, { list, n, left }) : t(`${group}.read`, { list, n });
}

/**
 * The bar's short words once every list is loaded: the newest check of the
 * quotations (or that the service does not order them newest last), and the
 * list checked whole longest ago, named; or the Full refresh under way.
 * "new quotations checked 3 min ago · all clients yesterday". Null while a
 * list still loads, or when nothing is known.
 */
export function freshSummary(lists: readonly ListFreshness[] | undefined, env: FreshEnv): string | null {
  const parts = freshParts(lists, env);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** freshSummary's parts, each said on its own: none while a list still loads. */
export function freshParts(lists: readonly ListFreshness[] | undefined, env: FreshEnv): string[] {
  if (!lists || lists.length === 0 || lists.some((l) => l.loading)) return [];
  const { t } = env;
  const parts: string[] = [];
  const q = lists.find((l) => l.list === 'quotations');
  if (q?.order === 'other') {
    const time = comingAt(q.sweep?.endsAt, env);
    const list = t('fresh.lower.quotations');
    parts.push(time ? t('fresh.bar.otherOrderAt', { list, time }) : t('fresh.bar.otherOrder', { list }));
  } else if (q?.newestCheckedAt) parts.push(t('fresh.bar.newest', { list: t('fresh.lower.quotations'), when: ago(q.newestCheckedAt, env) }));
  const refreshing = lists.filter((l) => l.refreshing);
  if (refreshing.length > 0) {
    const ends = refreshing.map((l) => l.sweep?.endsAt ?? null);
    const last = ends.every((e) => e !== null) ? ends.reduce((a, b) => (Date.parse(b!) > Date.parse(a!) ? b : a)) : null;
    const time = comingAt(last, env);
    parts.push(time ? t('fresh.bar.refreshingUntil', { time }) : t('fresh.bar.refreshing'));
  } else {
    let oldest: ListFreshness | null = null;
    for (const name of SHOWN_ORDER) {
      const l = lists.find((x) => x.list === name);
      if (l?.allCheckedSince && (!oldest || Date.parse(l.allCheckedSince) < Date.parse(oldest.allCheckedSince!))) oldest = l;
    }
    if (oldest) parts.push(t('fresh.bar.all', { list: t(`fresh.lower.${oldest.list}`), when: ago(oldest.allCheckedSince!, env) }));
  }
  return parts;
}

/** A sweep's progress in words: "40%, done around 14:30"; null when neither is known. */
function sweepProgress(sweep: NonNullable<ListFreshness['sweep']>, env: FreshEnv): string | null {
  const bits: string[] = [];
  if (sweep.share !== null) bits.push(percent(sweep.share, env.lang));
  const time = comingAt(sweep.endsAt, env);
  if (time) bits.push(env.t('fresh.row.doneAround', { time }));
  return bits.length > 0 ? bits.join(', ') : null;
}

/** A round under way in a line: "Full round under way: 40%, done around 14:30"; a Full refresh's before its first page: "Fetching again: starts soon". */
function sweepLine(f: ListFreshness, env: FreshEnv): string | null {
  const kind = f.refreshing ? 'refreshing' : 'sweep';
  if (!f.sweep) return f.refreshing ? env.t('fresh.row.refreshing', { progress: env.t('fresh.row.startsSoon') }) : null;
  const progress = sweepProgress(f.sweep, env);
  return progress ? env.t(`fresh.row.${kind}`, { progress }) : env.t(`fresh.row.${kind}Plain`);
}

/** What the details say of one list, a line each. */
export function listLines(f: ListFreshness, env: FreshEnv, current: boolean): string[] {
  const { t } = env;
  const loading = loadingText(f, env, current, false);
  if (loading) return [loading];
  const lines: string[] = [];
  if (f.order === 'other') lines.push(otherOrderText(f, env));
  else if (f.newestCheckedAt) lines.push(t('fresh.row.newest', { when: ago(f.newestCheckedAt, env) }));
  const round = sweepLine(f, env);
  if (round) lines.push(round);
  // a Full refresh reads every record again: what was checked before it is not told
  if (!f.refreshing) lines.push(f.allCheckedSince ? t('fresh.row.all', { when: ago(f.allCheckedSince, env) }) : t('fresh.row.allNotYet'));
  return lines;
}

/** A list the service does not order newest last: its new records show up only as a whole round over it comes by them (the round's end is the next line). */
export function otherOrderText(f: ListFreshness, env: FreshEnv): string {
  return env.t('fresh.row.otherOrder', { list: env.t(`fresh.lower.${f.list}`) });
}

/**
 * Why background reading waits, with its real time: the desk's own budget,
 * or the service asked; null when it does not, or no longer. `short`: the
 * same in fewer words, for a narrow window.
 */
export function waitText(w: ReadingWait | null | undefined, env: FreshEnv, short = false): string | null {
  if (!w) return null;
  const time = comingAt(w.until, env);
  return time ? env.t(`fresh.${short ? 'waitShort' : 'wait'}.${w.why}`, { time }) : null;
}
