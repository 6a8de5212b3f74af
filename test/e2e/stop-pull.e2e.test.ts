// A long first load can be stopped from the sync bar: here the demo
// service's client list never ends (a byte every 2 s) once the load comes to
// the clients. The bar shows the load and a Stop button; the button ends the
// request under way at once and rests the reading, and the bar says so and
// when it goes on by itself; what was stored stays. Sync now goes on with
// it, and the load ends.
import { expect, it } from 'vitest';
import { axeViolations, bridge, appForFile, screenshot } from './support';

const desk = appForFile({
  language: 'en',
  viewport: { width: 1024, height: 640 },
  clients: 300,
  quotations: 30,
  maxCount: 20,
  faultRules: [{ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'stall', everyMs: 2000 } }],
});

it('stops a first load that does not end, and Sync now goes on with it', async () => {
  const sandbox = desk.app.host.sandbox!;
  const stop = desk.page.getByRole('button', { name: 'Stop fetching' });
  await stop.waitFor({ timeout: 15_000 });
  await expect.poll(() => sandbox.requestLog().some((q) => q.fault === 'stall'), { timeout: 15_000 }).toBe(true);
  // the load is at the clients, and says how far
  await expect.poll(() => desk.page.getByTestId('first-load').innerText()).toMatch(/Clients/);
  await screenshot(desk.page, 'sync-bar-stop-pull');
  expect(await axeViolations(desk.page)).toEqual([]);
  const quotations = desk.app.host.core.space.store.checks.held('quotations');
  expect(quotations).toBe(30);

  const started = Date.now();
  await stop.click();
  await stop.waitFor({ state: 'detached', timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(5000);
  const stopped = await bridge(desk.page, 'sync.status', {});
  expect(stopped.pulling).toBeNull();
  expect(stopped.readingWaits).toMatchObject({ why: 'stopped' });
  await expect.poll(() => desk.page.locator('footer.syncbar').innerText()).toMatch(/Fetching stopped/);
  expect(await desk.page.getByTestId('first-load-progress').count()).toBe(0);
  await screenshot(desk.page, 'sync-bar-stopped');
  // what was read stays
  expect(desk.app.host.core.space.store.checks.held('quotations')).toBe(30);

  sandbox.clearFaults();
  await desk.page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(async () => (await bridge(desk.page, 'sync.status', {})).freshness!.every((f) => f.loading === null), { timeout: 30_000 }).toBe(true);
  expect(desk.app.host.core.space.store.checks.held('clients')).toBe(300);
  expect((await bridge(desk.page, 'sync.status', {})).readingWaits).toBeNull();
  expect(desk.app.errors).toEqual([]);
});
