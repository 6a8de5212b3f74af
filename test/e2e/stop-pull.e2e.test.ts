// A long pull can be stopped from the sync bar: here the demo service's
// client list never ends (a byte every 2 s), the bar shows the pull and a
// Stop button, and the button ends it at once; what was stored stays, and
// the next Sync now reads everything again.
import { expect, it } from 'vitest';
import { axeViolations, bridge, appForFile, screenshot, syncText } from './support';

const desk = appForFile({ language: 'en', viewport: { width: 1024, height: 640 } });

it('stops a pull that does not end, and a later one reads everything', async () => {
  await desk.page.goto(`${desk.app.host.url.split('#')[0]}#/clients`);
  await desk.page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
  await expect.poll(async () => (await bridge(desk.page, 'sync.status', {})).lastSyncAt, { timeout: 30_000 }).not.toBeNull();
  const before = (await bridge(desk.page, 'sync.status', {})).lastSyncAt;

  const sandbox = desk.app.host.sandbox!;
  const remove = sandbox.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'stall', everyMs: 2000 } });
  await desk.page.getByRole('button', { name: 'Sync now' }).click();
  const stop = desk.page.getByRole('button', { name: 'Stop fetching' });
  await stop.waitFor({ timeout: 15_000 });
  await expect.poll(() => sandbox.requestLog().some((q) => q.fault === 'stall'), { timeout: 15_000 }).toBe(true);
  expect(await syncText(desk.page)).toContain('Fetching from the service');
  await screenshot(desk.page, 'sync-bar-stop-pull');
  expect(await axeViolations(desk.page)).toEqual([]);

  const started = Date.now();
  await stop.click();
  await stop.waitFor({ state: 'detached', timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(5000);
  const stopped = await bridge(desk.page, 'sync.status', {});
  expect(stopped.pulling).toBeNull();
  // not a pull that ended: the last sync stays what it was
  expect(stopped.lastSyncAt).toBe(before);
  expect(await syncText(desk.page)).not.toContain('Fetching from the service');

  remove();
  await desk.page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(async () => (await bridge(desk.page, 'sync.status', {})).lastSyncAt, { timeout: 30_000 }).not.toBe(before);
  expect(desk.app.errors).toEqual([]);
});
