// A long pull can be stopped from the sync bar: here the demo service's
// client list never ends (a byte every 2 s), the bar shows the pull and a
// Stop button, and the button ends it at once; what was stored stays, and
// the next Sync now reads everything again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, syncText, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en', viewport: { width: 1024, height: 640 } });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

it('stops a pull that does not end, and a later one reads everything', async () => {
  await page.goto(`${app.host.url.split('#')[0]}#/clients`);
  await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
  await expect.poll(async () => (await bridge(page, 'sync.status', {})).lastSyncAt, { timeout: 30_000 }).not.toBeNull();
  const before = (await bridge(page, 'sync.status', {})).lastSyncAt;

  const sandbox = app.host.sandbox!;
  const remove = sandbox.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'stall', everyMs: 2000 } });
  await page.getByRole('button', { name: 'Sync now' }).click();
  const stop = page.getByRole('button', { name: 'Stop fetching' });
  await stop.waitFor({ timeout: 15_000 });
  await expect.poll(() => sandbox.requestLog().some((q) => q.fault === 'stall'), { timeout: 15_000 }).toBe(true);
  expect(await syncText(page)).toContain('Fetching from the service');
  await screenshot(page, 'sync-bar-stop-pull');
  expect(await axeViolations(page)).toEqual([]);

  const started = Date.now();
  await stop.click();
  await stop.waitFor({ state: 'detached', timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(5000);
  const stopped = await bridge(page, 'sync.status', {});
  expect(stopped.pulling).toBeNull();
  // not a pull that ended: the last sync stays what it was
  expect(stopped.lastSyncAt).toBe(before);
  expect(await syncText(page)).not.toContain('Fetching from the service');

  remove();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(async () => (await bridge(page, 'sync.status', {})).lastSyncAt, { timeout: 30_000 }).not.toBe(before);
  expect(app.errors).toEqual([]);
});
