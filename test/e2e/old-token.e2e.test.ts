// A page whose token is old (the web host was started again) cannot read the
// settings: it still speaks the language it last spoke, here Dutch, and says
// in Dutch that its requests are refused.
import { expect, it } from 'vitest';
import { appForFile, screenshot } from './support';

const desk = appForFile({ language: 'nl' });

it('speaks Dutch with an old token, though no setting can be read', async () => {
  const base = new URL(desk.app.host.url);
  await desk.page.goto(`${base.origin}/?token=an-old-token-of-a-host-started-before`);
  await desk.page.getByText('Dit verzoek kwam niet uit het venster van quotedesk en is geweigerd.', { exact: false }).first().waitFor({ timeout: 15_000 });
  expect(await desk.page.locator('html').getAttribute('lang')).toBe('nl');
  expect(await desk.page.getByText('This request did not come from the quotedesk window').count()).toBe(0);
  await screenshot(desk.page, 'old-token-nl');
});
