// Drafting in the editor costs no requests; leaving the quotation sends what
// the service does not have yet, once. The sync bar shows what is left of the
// hour's requests and when the allowance renews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const writes = () => app.host.sandbox!.requests().filter((r) => r.method !== 'GET');

describe('leaving a draft', () => {
  it('types without requests, and saves the draft once when the person leaves it', async () => {
    const clients = await bridge(page, 'clients.list', { limit: 1 });
    const q = await bridge(page, 'quotations.create', { clientId: clients.items[0]!.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 2, price: 40, tax_rate: 21, description: 'Snoeiwerk' } });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
    const description = page.getByRole('textbox', { name: 'Description' }).first();
    await description.waitFor();
    const before = writes().length;

    for (const text of ['Snoeiwerk voortuin', 'Snoeiwerk voortuin en heg', 'Snoeiwerk voortuin en heg, afvoer inbegrepen']) {
      await description.fill(text);
      await page.keyboard.press('Tab');
      await page.waitForTimeout(2000);
    }
    expect((await bridge(page, 'quotations.get', { id: q.id })).lines[0]!.description).toBe('Snoeiwerk voortuin en heg, afvoer inbegrepen');
    expect(writes().length).toBe(before);
    expect(app.host.sandbox!.data.quotations.all().filter((x) => x.lines.some((l) => l.description.startsWith('Snoeiwerk voortuin')))).toEqual([]);
    // plenty left: the bar leaves the budget to its details (lib/budget-matters.ts)
    expect(await page.getByTestId('budget').count()).toBe(0);
    await page.getByTestId('sync-details-toggle').click();
    await page
      .getByTestId('details-budget')
      .filter({ hasText: /\d+ of \d+ requests left this hour, new allowance (by|within the hour)/ })
      .waitFor();
    await screenshot(page, 'editor-drafting-budget');
    await page.keyboard.press('Escape');

    await page.getByRole('navigation').getByRole('link', { name: 'Quotations', exact: true }).click();
    await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
    await expect
      .poll(
        () =>
          app.host.sandbox!.data.quotations.all().filter((x) => x.lines.some((l) => l.description === 'Snoeiwerk voortuin en heg, afvoer inbegrepen')).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(
      writes()
        .slice(before)
        .map((w) => w.method),
    ).toEqual(['POST']);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
