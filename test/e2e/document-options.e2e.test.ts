// Choosing the layout profile and the category of a quotation in the editor,
// online and offline (the lists are kept from the last pull); the client's
// default category is offered; the choice reaches the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { goOffline, waitForSync } from './support-sync';

let app: App;
let page: Page;
beforeAll(async () => {
  // the demo data set: its clients have default categories, its account three profiles
  app = await openApp({ language: 'en', clients: undefined, quotations: undefined });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

async function openEditor(clientQuery: string): Promise<string> {
  const client = (await bridge(page, 'clients.search', { query: clientQuery }))[0]!;
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, price: 450, tax_rate: 21, description: 'Logo ontwerp' } });
  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
  await page.getByTestId('document-options').waitFor();
  await page.getByRole('heading', { level: 1, name: new RegExp(clientQuery) }).waitFor();
  return q.id;
}

const selected = (id: string) => page.locator(`${id} option:checked`).innerText();
/** The profile and category the quotation has stored: each pick is written after a short pause, the category perhaps in a write after the profile's. */
async function storedPicks(id: string): Promise<[number | null, number | null]> {
  const q = await bridge(page, 'quotations.get', { id });
  return [q.profile, q.category];
}

describe('profile and category in the editor', () => {
  it('offers the default profile and the client default category, and saves what is picked', async () => {
    await waitForSync(page, /Last sync/);
    const id = await openEditor('Lindeboom');
    const profile = page.getByLabel('Layout profile');
    const category = page.getByLabel('Category', { exact: true });
    // Studio Lindeboom files its work under Webdesign
    await expect.poll(() => selected('#q-category')).toBe('Webdesign');
    // the service's default is named by its name alone, and listed once
    expect(await selected('#q-profile')).toBe('Standaard');
    expect(await profile.locator('option').allInnerTexts()).toEqual(['Standaard', 'English', 'Zonder logo']);

    await profile.selectOption({ label: 'English' });
    await category.selectOption({ label: 'Onderhoud' });
    await expect.poll(() => storedPicks(id), { timeout: 5000 }).toEqual([2, 4]);
    await screenshot(page, 'document-options');
    expect(await axeViolations(page)).toEqual([]);

    // saved to the service with both
    await page.getByRole('button', { name: 'Save to service' }).click();
    await expect
      .poll(
        () =>
          app.host.sandbox!.data.quotations.all().find((q) => q.lines.some((l) => 'price' in l && l.description === 'Logo ontwerp') && q.profile === 2)
            ?.category_name ?? null,
        { timeout: 15_000 },
      )
      .toBe('Onderhoud');
  }, 60_000);

  it('picks from the kept lists while offline, back to the default too', async () => {
    await goOffline(app);
    const id = await openEditor('Brightwater');
    await expect.poll(() => selected('#q-category')).toBe('Advies');
    await page.getByLabel('Layout profile').selectOption({ label: 'Zonder logo' });
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'No category' });
    await expect.poll(() => storedPicks(id), { timeout: 5000 }).toEqual([3, null]);
    await screenshot(page, 'document-options-offline');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Layout profile').selectOption({ label: 'Standaard' });
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id })).profile, { timeout: 5000 }).toBeNull();
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('says so when the service stops offering the lists, and still names the profile chosen before', async () => {
    await app.host.setOnline(true);
    const id = await openEditor('Gouden Korst');
    await page.getByLabel('Layout profile').selectOption({ label: 'English' });
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id })).profile, { timeout: 5000 }).toBe(2);
    app.host.sandbox!.data.hiddenLists.add('profiles');
    app.host.sandbox!.data.hiddenLists.add('categories');
    // a person's Sync now reads the lists again
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByTestId('profile-note').filter({ hasText: 'offers no layout profiles' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('category-note').innerText()).toBe('The service offers no categories for this account.');
    expect(await page.getByLabel('Layout profile').locator('option').allInnerTexts()).toEqual(['Default of the service', 'English (not in the list)']);
    expect(await page.getByLabel('Category', { exact: true }).locator('option').allInnerTexts()).toEqual(['No category']);
    expect(await selected('#q-profile')).toBe('English (not in the list)');
    await screenshot(page, 'document-options-unavailable');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
