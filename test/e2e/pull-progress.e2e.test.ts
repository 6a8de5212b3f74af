// The status bar's progress bar while the first load runs, drawn from the
// desk's own report of it (shared/sync.ts PullProgress: pages read of pages
// expected, never ahead of what is known), in English and Dutch; gone once
// every list was read whole. The demo service answers slowly and in pages
// of 20, so the load is still running when the bar is looked at.
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function firstLoad(language: 'en' | 'nl', shot: string, label: RegExp): Promise<void> {
  app = await openApp({ language, clients: 400, quotations: 60, maxCount: 20, latencyMs: 120 });
  const page = app.page;
  const bar = page.getByTestId('first-load-progress');
  await bar.waitFor({ timeout: 15_000 });
  await expect.poll(async () => Number(await bar.getAttribute('max')), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const value = Number(await bar.getAttribute('value'));
  const max = Number(await bar.getAttribute('max'));
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(max);
  await expect.poll(async () => (await page.getByTestId('first-load').textContent()) ?? '').toMatch(label);
  await screenshot(page, shot);
  expect(await axeViolations(page)).toEqual([]);
  await bar.waitFor({ state: 'detached', timeout: 60_000 });
  const status = await bridge(page, 'sync.status', {});
  expect(status.pulling).toBeNull();
  expect(status.freshness!.every((f) => f.loading === null)).toBe(true);
}

describe('the first load in the status bar', () => {
  it('shows the pages read of the pages expected while the first load runs, in English', async () => {
    await firstLoad('en', 'pull-progress-en', /(Quotations|Products|Clients).*loaded|Fetching from the service/);
  });

  it('and in Dutch', async () => {
    await firstLoad('nl', 'pull-progress-nl', /(Offertes|Producten|Klanten).*geladen|Ophalen van de service/);
  });
});
