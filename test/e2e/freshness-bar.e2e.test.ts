// How fresh the lists are, in the sync bar, on a real first load: a demo
// service of 600 clients in pages of 10 with an hourly limit of 60 requests,
// so the first load spends what is above the reserve partway through the
// clients and waits for the hour's allowance to renew. The bar says how far
// the clients are and how long is left, and that background reading waits
// for the desk's own budget until its real time; with the limit raised and
// Sync now pressed the load ends, and the bar says when the newest
// quotations and every list were checked. The details open from those words;
// Full refresh reads everything again and each list shows its round. In
// Dutch and English, at 1366 and 1024 px wide, with screenshots.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startWebHost, type WebHost } from '../../electron/webhost/host';
import { ensureBuilt } from '../../scripts/build-parts';
import { launchChromium, type Chromium } from '../helpers/chromium';
import { axeViolations, bridge, screenshot } from './support';

let host: WebHost;
let browser: Chromium;
let page: Page;
let dataDir: string;
const errors: string[] = [];

/** The bar's words: one line of text. */
const said = async (testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

/** A moment as the page writes a time of day, in the page's own time zone. */
function pageTime(iso: string, locale: 'en-GB' | 'nl-NL'): Promise<string> {
  return page.evaluate(([at, l]) => new Date(at).toLocaleTimeString(l, { hour: '2-digit', minute: '2-digit' }), [iso, locale] as const);
}

async function speak(language: 'nl' | 'en'): Promise<void> {
  await bridge(page, 'settings.set', { language });
  await page.reload();
  await page
    .getByRole('status')
    .filter({ hasText: language === 'nl' ? /in wachtrij/ : /pending/ })
    .waitFor();
}

/** Nothing runs over the bar or the window, and the details (when open) lie inside the window. */
async function fits(): Promise<void> {
  const box = await page.locator('footer.syncbar').evaluate((el) => {
    // the page's DOM as the checks use it (this file is typed without a DOM of its own)
    const w = globalThis as unknown as { innerWidth: number; innerHeight: number; document: { documentElement: { scrollWidth: number; clientWidth: number } } };
    const panel = el.querySelector('.sync-details');
    const details = panel?.getBoundingClientRect();
    return {
      bar: el.scrollWidth <= el.clientWidth,
      page: w.document.documentElement.scrollWidth <= w.document.documentElement.clientWidth,
      details: !details || (details.left >= 0 && details.top >= 0 && details.right <= w.innerWidth && details.bottom <= w.innerHeight),
      detailsScroll: !panel || panel.scrollWidth <= panel.clientWidth,
    };
  });
  expect(box).toEqual({ bar: true, page: true, details: true, detailsScroll: true });
}

beforeAll(async () => {
  await ensureBuilt(['renderer', 'preload']);
  dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-fresh-'));
  host = await startWebHost({ dataDir, port: 0, demoSeed: { clients: 600, quotations: 6, maxCount: 10, rateLimit: 60 } });
  browser = await launchChromium({ viewport: { width: 1366, height: 768 }, locale: 'en-GB' });
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(10_000);
  await page.goto(host.url);
  await page
    .getByRole('status')
    .filter({ hasText: /pending|in wachtrij/ })
    .waitFor();
  await speak('nl');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await host?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the first load, waiting for the hour’s allowance', () => {
  it('says how far the clients are and how long is left, and that reading waits for the desk’s own budget, in Dutch', async () => {
    // the load spends what is above the reserve (12 of 60) and waits
    await expect.poll(async () => (await bridge(page, 'sync.status', {})).readingWaits?.why ?? null, { timeout: 20_000 }).toBe('own_budget');
    const status = await bridge(page, 'sync.status', {});
    const clients = status.freshness!.find((f) => f.list === 'clients')!;
    expect(clients.loading?.share).toBeGreaterThan(0.2);
    expect(status.pulling).not.toBeNull();

    await expect.poll(() => said('first-load')).toMatch(/^Klanten \d{1,2}% geladen, nog ongeveer 1 uur$/);
    const time = await pageTime(status.readingWaits!.until, 'nl-NL');
    expect(await said('reading-waits')).toBe(`Ophalen op de achtergrond wacht tot ${time}: het uurbudget is bewaard voor wat je zelf doet`);
    // the first load's bar and its Stop button, as before
    expect(await page.getByTestId('first-load-progress').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Ophalen stoppen' }).count()).toBe(1);
    expect(await page.locator('footer.syncbar').innerText()).not.toMatch(/achtergrondsynchronisatie/);
    await fits();
    await screenshot(page, 'freshness-first-load-nl');

    // the details, from the bar's words
    await page.getByTestId('sync-details-toggle').click();
    await page.getByTestId('sync-details').waitFor();
    expect(await said('fresh-clients')).toMatch(/^\d{1,2}% geladen, nog ongeveer 1 uur$/);
    expect(await said('fresh-quotations')).toMatch(/^Nieuwste (zojuist|\d+ min geleden) gecontroleerd Alles (zojuist|\d+ min geleden) gecontroleerd$/);
    await fits();
    await screenshot(page, 'freshness-first-load-details-nl');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('sync-details').waitFor({ state: 'detached' });
  });

  it('and in English, at 1024 px too', async () => {
    await speak('en');
    await expect.poll(() => said('first-load')).toMatch(/^Clients \d{1,2}% loaded, about 1 hour to go$/);
    const status = await bridge(page, 'sync.status', {});
    const time = await pageTime(status.readingWaits!.until, 'en-GB');
    expect(await said('reading-waits')).toBe(`Background reading waits until ${time}: the hour's requests are kept for what you do`);
    await screenshot(page, 'freshness-first-load-en');
    await page.setViewportSize({ width: 1024, height: 640 });
    try {
      await fits();
      await page.getByTestId('sync-details-toggle').click();
      await page.getByTestId('sync-details').waitFor();
      await fits();
      await screenshot(page, 'freshness-first-load-details-en-1024');
      await page.getByTestId('sync-details-toggle').click();
      await page.getByTestId('sync-details').waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1366, height: 768 });
    }
  });
});

describe('once loaded', () => {
  it('ends the load when the allowance is there again, and says when the newest quotations and every list were checked', async () => {
    host.core.sandbox!.setRateLimit(1000);
    // a person's Sync now may spend the reserve: its answer shows the new allowance, and the background goes on
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(async () => (await bridge(page, 'sync.status', {})).freshness!.every((f) => f.loading === null), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => said('fresh-summary'), { timeout: 10_000 })
      .toMatch(/^new quotations checked (just now|\d+ min ago) · all (clients|products|quotations) (just now|\d+ min ago)$/);
    expect(await page.getByTestId('first-load').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop fetching' }).count()).toBe(0);
    expect(await page.getByTestId('reading-waits').count()).toBe(0);
    // one line at this width: the words no taller than the buttons beside them
    const line = await page.locator('footer.syncbar').evaluate((el) => {
      const words = el.querySelector('.sync-line')!.getBoundingClientRect();
      const button = el.querySelector('.sync-actions button')!.getBoundingClientRect();
      return words.height <= button.height + 4;
    });
    expect(line).toBe(true);
    await fits();
    await screenshot(page, 'freshness-loaded-en');
  });

  it('reads everything again on Full refresh, and each list shows its round', async () => {
    const toggle = page.getByTestId('sync-details-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('sync-details').waitFor();
    await screenshot(page, 'freshness-loaded-details-en');
    const button = page.getByRole('button', { name: 'Full refresh' });
    await button.click();
    await expect
      .poll(async () => (await bridge(page, 'sync.status', {})).freshness!.find((f) => f.list === 'clients')!.refreshing, { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => said('fresh-clients'), { timeout: 15_000 })
      .toMatch(/^Newest checked (just now|\d+ min ago) Fetching again: (\d+%, )?done around \d\d:\d\d$/);
    await expect
      .poll(() => said('fresh-summary'))
      .toMatch(/^new quotations checked (just now|\d+ min ago) · fetching everything again(, done around \d\d:\d\d)?$/);
    expect(await button.isDisabled()).toBe(true);
    await fits();
    await screenshot(page, 'freshness-full-refresh-en');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('and in Dutch, at 1024 px too', async () => {
    await speak('nl');
    await expect
      .poll(() => said('fresh-summary'))
      .toMatch(/^nieuwe offertes (zojuist|\d+ min geleden) gecontroleerd · alles wordt opnieuw opgehaald(, klaar rond \d\d:\d\d)?$/);
    await screenshot(page, 'freshness-full-refresh-bar-nl');
    await page.getByTestId('sync-details-toggle').click();
    await page.getByTestId('sync-details').waitFor();
    expect(await said('fresh-clients')).toMatch(/^Nieuwste (zojuist|\d+ min geleden) gecontroleerd Opnieuw ophalen: (\d+%, )?klaar rond \d\d:\d\d$/);
    expect(await page.getByRole('button', { name: 'Alles opnieuw ophalen' }).isDisabled()).toBe(true);
    await fits();
    await screenshot(page, 'freshness-full-refresh-nl');
    await page.setViewportSize({ width: 1024, height: 640 });
    try {
      await fits();
      await screenshot(page, 'freshness-full-refresh-nl-1024');
    } finally {
      await page.setViewportSize({ width: 1366, height: 768 });
    }
    expect(errors).toEqual([]);
  });
});
