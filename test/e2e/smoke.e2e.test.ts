import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openApp, screenshot, syncText, type App } from './support';

let app: App;
beforeAll(async () => {
  app = await openApp({ language: 'en' });
}, 90_000);
afterAll(async () => {
  await app?.close();
});

describe('the app in Chromium over the web host', () => {
  it('shows the quotation list with the sync bar online', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: 'Quotations' }).waitFor();
    expect(await syncText(page)).toMatch(/Online.*0 pending/);
    await screenshot(page, 'quotations');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
