// The status bar's progress bar while a pull runs, drawn from the sync
// engine's own report of the pull (shared/sync.ts PullProgress: pages read of
// pages expected), in English and Dutch; gone once the pull ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en', clients: 40, quotations: 10 });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

async function pullSlowly(shot: string, label: RegExp): Promise<void> {
  const sandbox = app.host.sandbox!;
  // slow answers, so the pull is still running when the bar is looked at
  sandbox.setFaults({ latencyMs: 400 });
  try {
    expect((await bridge(page, 'sync.pullNow', {})).started).toBe(true);
    const bar = page.locator('footer.syncbar progress');
    await bar.waitFor({ timeout: 15_000 });
    await expect.poll(async () => Number(await bar.getAttribute('max')), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const value = Number(await bar.getAttribute('value'));
    const max = Number(await bar.getAttribute('max'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(max);
    await expect.poll(async () => (await page.locator('footer.syncbar label.pull').textContent()) ?? '').toMatch(label);
    await screenshot(page, shot);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    sandbox.clearFaults();
  }
  await page.locator('footer.syncbar progress').waitFor({ state: 'detached', timeout: 30_000 });
}

describe('pull progress in the status bar', () => {
  it('shows the pages read of the pages expected while a pull runs, in English', async () => {
    await pullSlowly('pull-progress-en', /Fetching from the service/);
  });

  it('and in Dutch', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: /in wachtrij/ })
      .waitFor();
    await pullSlowly('pull-progress-nl', /Ophalen van de service/);
  });
});
