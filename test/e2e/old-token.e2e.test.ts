// A page whose token is old (the web host was started again) cannot read the
// settings: it still speaks the language it last spoke, here Dutch, and says
// in Dutch that its requests are refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'nl' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

it('speaks Dutch with an old token, though no setting can be read', async () => {
  const base = new URL(app.host.url);
  await page.goto(`${base.origin}/?token=an-old-token-of-a-host-started-before`);
  await page.getByText('Dit verzoek kwam niet uit het venster van quotedesk en is geweigerd.', { exact: false }).first().waitFor({ timeout: 15_000 });
  expect(await page.locator('html').getAttribute('lang')).toBe('nl');
  expect(await page.getByText('This request did not come from the quotedesk window').count()).toBe(0);
  await screenshot(page, 'old-token-nl');
});
