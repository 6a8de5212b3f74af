// What the sync bar says of how fresh each list is, in both languages: the
// first load with and without its length known, the words once loaded, a
// list the service does not order newest last, a Full refresh, and why
// background reading waits (the desk's own budget named as such, with its time).
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { ago, freshSummary, listLines, loadingNow, loadingText, timeLeft, waitText, type FreshEnv } from '../../renderer/lib/freshness';
import type { ListFreshness } from '../../shared/bridge';

const MIN = 60_000;
const HOUR = 60 * MIN;
// 14:00 local time on a Monday
const now = new Date(2026, 10, 30, 14, 0).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

function env(lang: 'nl' | 'en', at = now): FreshEnv {
  const i18n = createAppI18n(lang);
  return { t: (key, params) => i18n.global.t(key, params ?? {}), lang, now: at };
}

function list(name: ListFreshness['list'], over: Partial<ListFreshness> = {}): ListFreshness {
  return {
    list: name,
    loading: null,
    newestCheckedAt: iso(now - 3 * MIN),
    allCheckedSince: iso(now - 2 * HOUR),
    sweep: null,
    order: 'id',
    refreshing: false,
    ...over,
  };
}

describe('the first load', () => {
  it('says the share loaded and the time left in words, in Dutch and English', () => {
    const clients = list('clients', { loading: { share: 0.45, read: 45_000, endsAt: iso(now + 62 * MIN) } });
    expect(loadingText(clients, env('nl'))).toBe('Klanten 45% geladen, nog ongeveer 1 uur');
    expect(loadingText(clients, env('en'))).toBe('Clients 45% loaded, about 1 hour to go');
    const soon = list('quotations', { loading: { share: 0.9, read: 900, endsAt: iso(now + 5 * MIN + 10_000) } });
    expect(loadingText(soon, env('nl'))).toBe('Offertes 90% geladen, nog ongeveer 5 minuten');
    expect(loadingText(soon, env('en'))).toBe('Quotations 90% loaded, about 5 minutes to go');
  });

  it('says how many are loaded, grouped as the language writes numbers, while the length is not known', () => {
    const clients = list('clients', { loading: { share: null, read: 12_300, endsAt: null } });
    expect(loadingText(clients, env('nl'))).toBe('Klanten: 12.300 geladen');
    expect(loadingText(clients, env('en'))).toBe('Clients: 12,300 loaded');
  });

  it('says no time when the end is not known, or has passed, and never 100% before it is done', () => {
    const unknown = list('products', { loading: { share: 0.999, read: 999, endsAt: null } });
    expect(loadingText(unknown, env('en'))).toBe('Products 99% loaded');
    const passed = list('products', { loading: { share: 0.5, read: 50, endsAt: iso(now - MIN) } });
    expect(loadingText(passed, env('nl'))).toBe('Producten 50% geladen');
  });

  it('leaves the list’s name out in the details, where it stands beside it', () => {
    const clients = list('clients', { loading: { share: 0.45, read: 45_000, endsAt: iso(now + 62 * MIN) } });
    expect(listLines(clients, env('nl'), true)).toEqual(['45% geladen, nog ongeveer 1 uur']);
    expect(listLines(list('products', { loading: { share: null, read: 0, endsAt: null } }), env('en'), false)).toEqual(['Not started yet']);
    expect(listLines(list('products', { loading: { share: null, read: 1_234, endsAt: null } }), env('en'), false)).toEqual(['1,234 loaded']);
  });

  it('tells a list the load has not come to as not started, and none once loaded', () => {
    const clients = list('clients', { loading: { share: null, read: 0, endsAt: null } });
    expect(loadingText(clients, env('nl'), false)).toBe('Klanten: nog niet begonnen');
    expect(loadingText(list('clients'), env('nl'))).toBeNull();
  });

  it('reads the quotations first, then the products, then the clients', () => {
    const loading = { share: null, read: 0, endsAt: null };
    const lists = [list('clients', { loading }), list('products', { loading }), list('quotations', { loading })];
    expect(loadingNow(lists)?.list).toBe('quotations');
    expect(loadingNow([list('clients', { loading }), list('products'), list('quotations')])?.list).toBe('clients');
    expect(loadingNow([list('clients'), list('products'), list('quotations')])).toBeNull();
    expect(loadingNow(undefined)).toBeNull();
  });

  it('says durations in words, hours and days too', () => {
    const t = env('nl').t;
    expect(timeLeft(30_000, t)).toBe('nog minder dan een minuut');
    expect(timeLeft(MIN, t)).toBe('nog ongeveer 1 minuut');
    expect(timeLeft(23 * MIN, t)).toBe('nog ongeveer 25 minuten');
    expect(timeLeft(2 * HOUR + 10 * MIN, t)).toBe('nog ongeveer 2 uur');
    expect(timeLeft(3 * 24 * HOUR, t)).toBe('nog ongeveer 3 dagen');
    expect(timeLeft(0, t)).toBeNull();
    expect(timeLeft(2 * HOUR, env('en').t)).toBe('about 2 hours to go');
  });
});

describe('once loaded', () => {
  it('names the newest check of the quotations and the list checked whole longest ago', () => {
    const yesterday = new Date(2026, 10, 29, 16, 30).getTime();
    const lists = [list('clients', { allCheckedSince: iso(yesterday) }), list('products'), list('quotations')];
    expect(freshSummary(lists, env('nl'))).toBe('nieuwe offertes 3 min geleden gecontroleerd · alle klanten gisteren');
    expect(freshSummary(lists, env('en'))).toBe('new quotations checked 3 min ago · all clients yesterday');
  });

  it('moves on as time passes', () => {
    const lists = [list('clients'), list('products'), list('quotations', { allCheckedSince: iso(now - 40 * MIN) })];
    expect(freshSummary(lists, env('en', now + 10 * MIN))).toBe('new quotations checked 13 min ago · all clients 2 hours ago');
    expect(freshSummary(lists, env('nl', now + 70 * MIN))).toBe('nieuwe offertes 1 uur geleden gecontroleerd · alle klanten 3 uur geleden');
  });

  it('says relative times that stay true: just now, minutes, hours today, yesterday, a date', () => {
    const e = env('en');
    expect(ago(iso(now - 20_000), e)).toBe('just now');
    expect(ago(iso(now - 59 * MIN), e)).toBe('59 min ago');
    expect(ago(iso(now - HOUR), e)).toBe('1 hour ago');
    expect(ago(iso(new Date(2026, 10, 29, 9, 0).getTime()), e)).toBe('yesterday');
    expect(ago(iso(new Date(2026, 10, 24, 9, 0).getTime()), e)).toBe('on 24 Nov 2026');
    expect(ago(iso(new Date(2026, 10, 24, 9, 0).getTime()), env('nl'))).toMatch(/^op 24 nov\.? 2026$/);
  });

  it('says nothing while a list still loads', () => {
    expect(freshSummary([list('clients', { loading: { share: 0.5, read: 5, endsAt: null } }), list('quotations')], env('en'))).toBeNull();
    expect(freshSummary([], env('en'))).toBeNull();
    expect(freshSummary(undefined, env('en'))).toBeNull();
  });

  it('tells a round whose progress is not known without numbers', () => {
    const clients = list('clients', { sweep: { share: null, endsAt: null } });
    expect(listLines(clients, env('nl'), false)).toEqual([
      'Nieuwste 3 min geleden gecontroleerd',
      'Volledige ronde bezig',
      'Alles 2 uur geleden gecontroleerd',
    ]);
    const refreshing = list('clients', { refreshing: true, allCheckedSince: null, sweep: { share: null, endsAt: null } });
    expect(listLines(refreshing, env('en'), false)).toEqual(['Newest checked 3 min ago', 'Fetching again']);
  });

  it('gives each list its lines in the details', () => {
    const clients = list('clients', { sweep: { share: 0.4, endsAt: iso(now + 30 * MIN) } });
    expect(listLines(clients, env('nl'), false)).toEqual([
      'Nieuwste 3 min geleden gecontroleerd',
      'Volledige ronde bezig: 40%, klaar rond 14:30',
      'Alles 2 uur geleden gecontroleerd',
    ]);
    expect(listLines(clients, env('en'), false)).toEqual([
      'Newest checked 3 min ago',
      'Full round under way: 40%, done around 14:30',
      'All checked 2 hours ago',
    ]);
  });
});

describe('a list the service does not order newest last', () => {
  it('says plainly that new records show up only with a full round, and when this one ends', () => {
    const quotations = list('quotations', {
      order: 'other',
      newestCheckedAt: null,
      allCheckedSince: iso(now - 30 * MIN),
      sweep: { share: 0.25, endsAt: iso(now + 90 * MIN) },
    });
    const lists = [list('clients'), list('products'), quotations];
    expect(freshSummary(lists, env('en'))).toBe('new quotations show up only after a full round (around 15:30) · all clients 2 hours ago');
    expect(freshSummary(lists, env('nl'))).toBe('nieuwe offertes verschijnen pas na een volledige ronde (rond 15:30) · alle klanten 2 uur geleden');
    expect(listLines(quotations, env('en'), false)).toEqual([
      'The service does not list quotations newest last, so new quotations show up here only when a full round over the whole list comes by them.',
      'Full round under way: 25%, done around 15:30',
      'All checked 30 min ago',
    ]);
    expect(listLines(quotations, env('nl'), false)).toEqual([
      'De service zet offertes niet op volgorde met de nieuwste achteraan. Nieuwe offertes verschijnen hier daarom pas als een volledige ronde langs de hele lijst ze tegenkomt.',
      'Volledige ronde bezig: 25%, klaar rond 15:30',
      'Alles 30 min geleden gecontroleerd',
    ]);
  });

  it('says it without a time when no round is under way', () => {
    const products = list('products', { order: 'other', newestCheckedAt: null });
    expect(freshSummary([list('clients'), products, list('quotations', { order: 'other', newestCheckedAt: null })], env('en'))).toBe(
      'new quotations show up only after a full round · all quotations 2 hours ago',
    );
    expect(listLines(products, env('nl'), false)[0]).toBe(
      'De service zet producten niet op volgorde met de nieuwste achteraan. Nieuwe producten verschijnen hier daarom pas als een volledige ronde langs de hele lijst ze tegenkomt.',
    );
  });
});

describe('a Full refresh', () => {
  it('is told in the bar with its end, and per list with its share', () => {
    const sweeping = (share: number, mins: number) => ({ refreshing: true, allCheckedSince: null, sweep: { share, endsAt: iso(now + mins * MIN) } });
    const lists = [list('clients', sweeping(0.2, 50)), list('products', sweeping(0.6, 20)), list('quotations', sweeping(0.4, 35))];
    expect(freshSummary(lists, env('nl'))).toBe('nieuwe offertes 3 min geleden gecontroleerd · alles wordt opnieuw opgehaald, klaar rond 14:50');
    expect(freshSummary(lists, env('en'))).toBe('new quotations checked 3 min ago · fetching everything again, done around 14:50');
    expect(listLines(lists[0]!, env('en'), false)).toEqual(['Newest checked 3 min ago', 'Fetching again: 20%, done around 14:50']);
    const waiting = list('clients', { refreshing: true, allCheckedSince: null, sweep: null });
    expect(listLines(waiting, env('nl'), false)).toEqual(['Nieuwste 3 min geleden gecontroleerd', 'Opnieuw ophalen: begint zo']);
  });
});

describe('background reading that waits', () => {
  const until = iso(new Date(2026, 10, 30, 14, 42).getTime());

  it('names the desk’s own budget as such, with its real time, never as the service’s fault', () => {
    expect(waitText({ why: 'own_budget', until }, env('nl'))).toBe('Ophalen op de achtergrond wacht tot 14:42: het uurbudget is bewaard voor wat je zelf doet');
    expect(waitText({ why: 'own_budget', until }, env('en'))).toBe("Background reading waits until 14:42: the hour's requests are kept for what you do");
    expect(waitText({ why: 'own_budget', until }, env('en'))).not.toMatch(/service/);
  });

  it('says it in fewer words for a narrow window, still naming whose wait it is', () => {
    expect(waitText({ why: 'own_budget', until }, env('nl'), true)).toBe('Ophalen wacht tot 14:42: uurbudget bewaard voor jou');
    expect(waitText({ why: 'own_budget', until }, env('en'), true)).toBe("Reading waits until 14:42: the hour's requests are kept for you");
    expect(waitText({ why: 'service_asked', until }, env('nl'), true)).toBe('Ophalen wacht tot 14:42: de service vroeg te wachten');
    expect(waitText({ why: 'service_asked', until }, env('en'), true)).toBe('Reading waits until 14:42: the service asked to wait');
  });

  it('says when the service asked to wait', () => {
    expect(waitText({ why: 'service_asked', until }, env('nl'))).toBe('Ophalen op de achtergrond wacht tot 14:42: de service vroeg te wachten');
    expect(waitText({ why: 'service_asked', until }, env('en'))).toBe('Background reading waits until 14:42: the service asked to wait');
  });

  it('names the day when it is not today, and says nothing once the time has come', () => {
    const tomorrow = iso(new Date(2026, 11, 1, 9, 5).getTime());
    expect(waitText({ why: 'own_budget', until: tomorrow }, env('en'))).toMatch(/^Background reading waits until 1 Dec.* 09:05: /);
    expect(waitText({ why: 'own_budget', until }, env('en', Date.parse(until)))).toBeNull();
    expect(waitText(null, env('en'))).toBeNull();
  });
});

describe('every text it says', () => {
  it('is in both catalogues', () => {
    const loads = [
      { share: 0.3, read: 30, endsAt: iso(now + 3 * MIN) },
      { share: 0.3, read: 30, endsAt: null },
      { share: null, read: 30, endsAt: iso(now + 3 * MIN) },
      { share: null, read: 30, endsAt: null },
      { share: null, read: 0, endsAt: null },
    ];
    const sweeps = [null, { share: 0.5, endsAt: iso(now + HOUR) }, { share: null, endsAt: null }];
    for (const lang of ['nl', 'en'] as const) {
      const e = env(lang);
      const texts: (string | null)[] = [];
      for (const name of ['quotations', 'clients', 'products'] as const) {
        for (const loading of loads) {
          const f = list(name, { loading });
          texts.push(loadingText(f, e, true), loadingText(f, e, false), ...listLines(f, e, false));
        }
        for (const sweep of sweeps)
          for (const refreshing of [false, true])
            for (const order of ['id', 'other', null] as const)
              for (const allCheckedSince of [null, iso(now - 5 * MIN)]) {
                const f = list(name, { sweep, refreshing, order, allCheckedSince });
                texts.push(...listLines(f, e, false), freshSummary([f, list('quotations', { sweep, refreshing, order })], e));
              }
      }
      for (const ms of [1, 30_000, MIN, 7 * MIN, 30 * MIN, HOUR, 5 * HOUR, 40 * HOUR]) texts.push(timeLeft(ms, e.t), ago(iso(now - ms), e));
      texts.push(ago(iso(now - 30 * 24 * HOUR), e));
      for (const why of ['own_budget', 'service_asked'] as const)
        texts.push(waitText({ why, until: iso(now + MIN) }, e), waitText({ why, until: iso(now + MIN) }, e, true));
      const said = texts.filter((x): x is string => x !== null);
      expect(said.length).toBeGreaterThan(100);
      for (const text of said) expect(text, text).not.toMatch(/fresh\.|\{\w+\}/);
    }
  });
});
