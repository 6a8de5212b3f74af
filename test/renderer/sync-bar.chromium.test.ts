// The sync bar's words of how fresh each list is, in Chromium, with the
// freshness the status carries set by the test: the page's own bridge client
// runs as always, and a script put in before it lays the test's fields over
// every status it reads or is told (status-overlay.ts). The first load with and without its
// length known, the words once loaded, a list the service does not order
// newest last, background reading waiting for the desk's own budget, the
// details opened and closed by keyboard, and Full refresh. Also the share of
// background reading in Settings, and the editor telling the main process it
// opened a quotation; and the desk waiting for an answer slow to come, said in
// place of Online.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from '../e2e/support';
import { calledOps, installStatusOverlay, tellStatus } from '../e2e/status-overlay';
import type { ListFreshness, SyncStatus } from '../../shared/bridge';

const MIN = 60_000;

let app: App;
let page: Page;

beforeAll(async () => {
  app = await openApp({ language: 'en', viewport: { width: 1366, height: 768 } });
  page = app.page;
  await installStatusOverlay(page);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const iso = (ms: number) => new Date(ms).toISOString();

function list(name: ListFreshness['list'], over: Partial<ListFreshness> = {}): ListFreshness {
  const now = Date.now();
  return {
    list: name,
    loading: null,
    newestCheckedAt: iso(now - 3 * MIN - 10_000),
    allCheckedSince: iso(now - 2 * 60 * MIN - 10_000),
    sweep: null,
    order: 'id',
    refreshing: false,
    ...over,
  };
}

/** Lays `fields` over the status the page shows, and tells it now. */
async function tell(fields: Partial<SyncStatus> | null): Promise<void> {
  await tellStatus(page, fields);
}

async function calls(op: string): Promise<unknown[]> {
  return calledOps(page, op);
}

/** A moment as the page writes a time of day. */
function pageTime(at: string, locale: 'en-GB' | 'nl-NL'): Promise<string> {
  return page.evaluate(([a, l]) => new Date(a).toLocaleTimeString(l, { hour: '2-digit', minute: '2-digit' }), [at, locale] as const);
}

const bar = () => page.locator('footer.syncbar');
const text = async (testId: string) => ((await page.getByTestId(testId).innerText()) ?? '').replace(/\s+/g, ' ').trim();

/** Lines the bar's status and words take: the rows their items stand in. */
async function barLines(): Promise<number> {
  return bar().evaluate((el) => {
    const items = [...el.querySelectorAll('.sync-status > span, .sync-line > .sep, .fresh')].filter((e) => e.getClientRects().length > 0);
    const tops: number[] = [];
    for (const item of items) {
      const r = item.getBoundingClientRect();
      const middle = r.top + r.height / 2;
      if (!tops.some((t) => Math.abs(t - middle) < 6)) tops.push(middle);
    }
    return tops.length;
  });
}

/** The bar's status and words keep one line: no taller than its buttons' row. */
async function oneLine(): Promise<boolean> {
  return bar().evaluate((el) => {
    const line = el.querySelector('.sync-line')!.getBoundingClientRect();
    const button = el.querySelector('.sync-actions button')!.getBoundingClientRect();
    return line.height <= button.height + 4 && el.scrollWidth <= el.clientWidth;
  });
}

describe('the first load in the sync bar', () => {
  it('says the share of the list loaded now and the time left, with its progress bar and Stop', async () => {
    await tell({
      pulling: { phase: 'clients', pagesDone: 40, pagesEstimated: 90 },
      readingWaits: null,
      freshness: [
        list('quotations'),
        list('products'),
        list('clients', { loading: { share: 0.45, read: 45_000, endsAt: iso(Date.now() + 62 * MIN) }, newestCheckedAt: null, allCheckedSince: null }),
      ],
    });
    await expect.poll(() => text('first-load')).toBe('Clients 45% loaded, about 1 hour to go');
    const progress = page.getByTestId('first-load-progress');
    expect(await progress.getAttribute('value')).toBe('45');
    expect(await progress.getAttribute('max')).toBe('100');
    expect(await page.getByRole('button', { name: 'Stop fetching' }).count()).toBe(1);
    expect(await page.getByTestId('fresh-summary').count()).toBe(0);
    expect(await oneLine()).toBe(true);
  });

  it('says how many are loaded while the length is not known, with no time when the end is not known', async () => {
    await tell({
      pulling: { phase: 'clients', pagesDone: 123, pagesEstimated: 124 },
      readingWaits: null,
      freshness: [list('quotations'), list('products'), list('clients', { loading: { share: null, read: 12_300, endsAt: null } })],
    });
    await expect.poll(() => text('first-load')).toBe('Clients: 12,300 loaded');
    const progress = page.getByTestId('first-load-progress');
    expect(await progress.getAttribute('value')).toBe('123');
    expect(await progress.getAttribute('max')).toBe('124');
  });

  it('names a wait for the desk’s own budget as such, with its time, in the bar and the details', async () => {
    const until = iso(Date.now() + 42 * MIN);
    await tell({
      pulling: { phase: 'clients', pagesDone: 40, pagesEstimated: 90 },
      readingWaits: { why: 'own_budget', until },
      freshness: [
        list('quotations'),
        list('products'),
        list('clients', { loading: { share: 0.45, read: 45_000, endsAt: iso(Date.now() + 62 * MIN) }, newestCheckedAt: null, allCheckedSince: null }),
      ],
    });
    const time = await pageTime(until, 'en-GB');
    const said = `Background reading waits until ${time}: the hour's requests are kept for what you do`;
    await expect.poll(() => text('reading-waits')).toBe(said);
    // inside the bar's status, which is announced
    expect(await page.getByRole('status', { name: 'Sync status' }).innerText()).toContain(said);
    expect(await bar().innerText()).not.toMatch(/background sync waits/i);
    await page.getByTestId('sync-details-toggle').click();
    const details = page.getByTestId('sync-details');
    await details.waitFor();
    expect(await details.innerText()).toContain(said);
    expect(await text('fresh-clients')).toBe('45% loaded, about 1 hour to go');
    await screenshot(page, 'sync-bar-first-load-waits-details-en');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });
});

describe('once loaded', () => {
  it('says when the newest quotations were checked and which list was checked whole longest ago, moving on as time passes', async () => {
    const now = Date.now();
    const yesterday = new Date(now);
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(12, 0, 0, 0);
    await tell({
      pulling: null,
      readingWaits: null,
      freshness: [list('quotations'), list('products'), list('clients', { allCheckedSince: yesterday.toISOString() })],
    });
    await expect.poll(() => text('fresh-summary')).toBe('new quotations checked 3 min ago · all clients yesterday');
    expect(await page.getByTestId('first-load').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop fetching' }).count()).toBe(0);
    expect(await oneLine()).toBe(true);
    await screenshot(page, 'sync-bar-fresh-en');
    // a minute on, the same status says a minute more
    await tell({
      pulling: null,
      readingWaits: null,
      freshness: [
        list('quotations', { newestCheckedAt: iso(now - 4 * MIN - 10_000) }),
        list('products'),
        list('clients', { allCheckedSince: yesterday.toISOString() }),
      ],
    });
    await expect.poll(() => text('fresh-summary')).toBe('new quotations checked 4 min ago · all clients yesterday');
  });

  it('says plainly when the service does not list a list newest last, and when its round ends', async () => {
    const ends = iso(Date.now() + 95 * MIN);
    await tell({
      pulling: null,
      readingWaits: null,
      freshness: [
        list('quotations', {
          order: 'other',
          newestCheckedAt: null,
          allCheckedSince: iso(Date.now() - 30 * MIN - 20_000),
          sweep: { share: 0.25, endsAt: ends },
        }),
        list('products'),
        list('clients'),
      ],
    });
    const time = await pageTime(ends, 'en-GB');
    await expect.poll(() => text('fresh-summary')).toContain(`new quotations show up only after a full round (around ${time})`);
    const toggle = page.getByTestId('sync-details-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const quotations = page.getByTestId('fresh-quotations');
    await quotations.waitFor();
    expect(await text('fresh-quotations')).toBe(
      'The service does not list quotations newest last, so new quotations show up here only when a full round over the whole list comes by them. ' +
        `Full round under way: 25%, done around ${time} All checked 30 min ago`,
    );
    await screenshot(page, 'sync-bar-other-order-details-en');
    expect(await axeViolations(page)).toEqual([]);
    // Escape closes it, and the focus is back on its button
    await page.keyboard.press('Escape');
    await page.getByTestId('sync-details').waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('asks for a Full refresh from the details, and shows each list’s round while it goes', async () => {
    await tell({ pulling: null, readingWaits: null, freshness: [list('quotations'), list('products'), list('clients')] });
    await page.getByTestId('sync-details-toggle').click();
    const button = page.getByRole('button', { name: 'Full refresh' });
    await button.waitFor();
    expect(await calls('sync.refreshAll')).toEqual([]);
    await button.click();
    await expect.poll(() => calls('sync.refreshAll')).toEqual([{}]);
    const ends = iso(Date.now() + 50 * MIN);
    const sweeping = (share: number) => ({ refreshing: true, allCheckedSince: null, sweep: { share, endsAt: ends } });
    await tell({
      pulling: null,
      readingWaits: null,
      freshness: [list('quotations', sweeping(0.4)), list('products', sweeping(0.7)), list('clients', sweeping(0.2))],
    });
    const time = await pageTime(ends, 'en-GB');
    await expect.poll(() => text('fresh-clients')).toBe(`Newest checked 3 min ago Fetching again: 20%, done around ${time}`);
    expect(await text('fresh-summary')).toBe(`new quotations checked 3 min ago · fetching everything again, done around ${time}`);
    // pressed once, it is not pressed again while the lists are read
    expect(await button.isDisabled()).toBe(true);
    await screenshot(page, 'sync-bar-full-refresh-en');
    await page.getByTestId('sync-details-toggle').click();
    await page.getByTestId('sync-details').waitFor({ state: 'detached' });
  });

  it('says it in Dutch, on one line', async () => {
    try {
      await inDutch();
    } finally {
      await bridge(page, 'settings.set', { language: 'en' });
      await page.reload();
      await page
        .getByRole('status')
        .filter({ hasText: /pending/ })
        .waitFor();
      await tell(null);
    }
    expect(app.errors).toEqual([]);
  });
});

async function inDutch(): Promise<void> {
  await bridge(page, 'settings.set', { language: 'nl' });
  await page.reload();
  await page
    .getByRole('status')
    .filter({ hasText: /in wachtrij/ })
    .waitFor();
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  yesterday.setHours(12, 0, 0, 0);
  await tell({
    pulling: null,
    readingWaits: null,
    freshness: [list('quotations'), list('products'), list('clients', { allCheckedSince: yesterday.toISOString() })],
  });
  await expect.poll(() => text('fresh-summary')).toBe('nieuwe offertes 3 min geleden gecontroleerd · alle klanten gisteren');
  await screenshot(page, 'sync-bar-fresh-nl');
  expect(await oneLine()).toBe(true);
  await page.getByTestId('sync-details-toggle').click();
  await page.getByRole('button', { name: 'Alles opnieuw ophalen' }).waitFor();
  await screenshot(page, 'sync-bar-fresh-details-nl');
  await page.keyboard.press('Escape');
  // in the narrowest window: two lines at most, the budget left to the details
  await page.setViewportSize({ width: 1024, height: 640 });
  await screenshot(page, 'sync-bar-fresh-nl-1024');
  expect(await barLines()).toBeLessThanOrEqual(2);
  expect(await page.getByTestId('budget').isVisible()).toBe(false);
  await page.setViewportSize({ width: 1366, height: 768 });
  await tell({
    pulling: { phase: 'clients', pagesDone: 40, pagesEstimated: 90 },
    readingWaits: { why: 'own_budget', until: iso(Date.now() + 42 * MIN) },
    freshness: [
      list('quotations'),
      list('products'),
      list('clients', { loading: { share: null, read: 12_300, endsAt: null }, newestCheckedAt: null, allCheckedSince: null }),
    ],
  });
  await expect.poll(() => text('first-load')).toBe('Klanten: 12.300 geladen');
  expect(await text('reading-waits')).toMatch(/^Ophalen op de achtergrond wacht tot \d\d:\d\d: het uurbudget is bewaard voor wat je zelf doet$/);
  await screenshot(page, 'sync-bar-first-load-waits-nl');
  await page.setViewportSize({ width: 1024, height: 640 });
  try {
    await screenshot(page, 'sync-bar-first-load-waits-nl-1024');
    expect(await barLines()).toBeLessThanOrEqual(2);
    // the wait in fewer words, still named as the desk's own budget
    expect(await text('reading-waits')).toMatch(/^Ophalen wacht tot \d\d:\d\d: uurbudget bewaard voor jou$/);
  } finally {
    await page.setViewportSize({ width: 1366, height: 768 });
  }
}

describe('the connection in the sync bar', () => {
  it("says the desk waits for the service's answer, and since when, in place of Online, and Online again once it came", async () => {
    const now = Date.now();
    const since = iso(now - 12_000);
    const line = { online: true, checking: false, lastReachedAt: iso(now - 20_000), account: 'demo', lastPullFailure: null, lastPushFailure: null } as const;
    try {
      await tell({ ...line, pending: 1, waitingSince: since });
      const said = `Waiting for the service's answer since ${await pageTime(since, 'en-GB')}`;
      await expect.poll(() => text('connection')).toBe(said);
      // inside the bar's status, which is announced
      expect((await page.getByRole('status', { name: 'Sync status' }).innerText()).replace(/\s+/g, ' ')).toContain(`${said} · 1 pending`);
      await screenshot(page, 'sync-bar-waiting-answer-en');
      await tell({ ...line, pending: 0, waitingSince: null });
      await expect.poll(() => text('connection')).toBe('Online');
    } finally {
      await tell(null);
    }
  });
});

describe('the share of background reading, in Settings', () => {
  it('shows 10%, keeps a new value, and the one in force for a value out of bounds', async () => {
    await page.goto(`${app.host.url.split('#')[0]}#/settings`);
    // a technical setting: under Advanced, closed until opened
    await page.getByText('Advanced', { exact: true }).click();
    const field = page.getByLabel('Share of the requests for background reading (%)');
    await field.waitFor();
    expect(await field.inputValue()).toBe('10');
    expect(await page.getByText('The percentage of the 1,000 requests an hour that reading in the background may use.').count()).toBe(1);
    await field.fill('25');
    await field.press('Tab');
    await expect.poll(async () => (await bridge(page, 'settings.get', {})).backgroundSharePercent).toBe(25);
    await field.fill('60');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('25');
    expect((await bridge(page, 'settings.get', {})).backgroundSharePercent).toBe(25);
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-background-share-en');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a quotation opened in the editor', () => {
  it('is told to the main process once', async () => {
    const clients = await bridge(page, 'clients.list', { limit: 1 });
    const q = await bridge(page, 'quotations.create', { clientId: clients.items[0]!.id });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
    const add = page.getByRole('button', { name: 'Add line', exact: true });
    await add.waitFor();
    await expect.poll(() => calls('records.opened')).toEqual([{ kind: 'quotation', id: q.id }]);
    // a line added and the quotation read again: no new opening
    await add.click();
    await page.getByRole('textbox', { name: 'Description' }).first().waitFor();
    await expect.poll(() => calls('quotations.get').then((c) => c.length)).toBeGreaterThan(0);
    expect(await calls('records.opened')).toEqual([{ kind: 'quotation', id: q.id }]);
    expect(app.errors).toEqual([]);
  });
});
