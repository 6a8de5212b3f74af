// The quotation open in the editor follows what the sync does with it, with no
// reload of the page: the service's number and the saved state once its save
// is pushed, and a conflict once the service turns out to have changed it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, syncText, type App } from './support';
import { goOffline, waitForSync } from './support-sync';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

/** Back on the network, and Sync now until the bar says so (the next probe may be minutes away). */
async function backOnline(): Promise<void> {
  await app.host.setOnline(true);
  await expect
    .poll(
      async () => {
        const text = await syncText(page);
        if (/Offline/.test(text))
          await page
            .locator('.sync-actions button')
            .last()
            .click({ timeout: 1000 })
            .catch(() => undefined);
        return text;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toMatch(/Online/);
}

describe('the open editor', () => {
  it("shows a push's state, and a conflict, without a reload", async () => {
    const clients = await bridge(page, 'clients.list', { limit: 1 });
    const q = await bridge(page, 'quotations.create', { clientId: clients.items[0]!.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 3, price: 40, tax_rate: 21, description: 'Snoeien' } });
    await goOffline(app);
    await bridge(page, 'quotations.saveToService', { id: q.id });

    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
    // the list stays until the editor has read the quotation, and its row says "Waiting to sync" too
    await page.getByTestId('editor-title').waitFor();
    await page.getByText('Waiting to sync', { exact: true }).waitFor();
    // saved, it has its number at once, offline too
    const reference = (await bridge(page, 'quotations.get', { id: q.id })).quotationreference;
    await expect.poll(() => page.getByTestId('editor-reference').innerText()).toBe(reference);
    // a page that reloaded would lose this
    await page.evaluate(() => ((globalThis as { stayed?: boolean }).stayed = true));
    await screenshot(page, 'live-editor-waiting');

    await backOnline();
    const serverId = await expect
      .poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).serverId, { timeout: 20_000 })
      .not.toBeNull()
      .then(async () => (await bridge(page, 'quotations.get', { id: q.id })).serverId!);
    await page.getByText('Saved on the service', { exact: true }).waitFor();
    // its one number stays; the service's id is not shown as another
    expect(await page.getByTestId('editor-reference').innerText()).toBe(reference);
    expect(await page.locator('.head-sub .server-id').count()).toBe(0);
    expect(await page.getByText('Waiting to sync', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { stayed?: boolean }).stayed)).toBe(true);
    await screenshot(page, 'live-editor-saved');
    expect(await axeViolations(page)).toEqual([]);

    // both sides change the notes while the line is down; the push finds the service's version changed
    await waitForSync(page, /Online · 0 pending/, 20_000);
    await goOffline(app);
    const notes = page.getByRole('textbox', { name: 'Internal notes' });
    await notes.fill('Mijn notitie');
    await notes.blur();
    await page.getByRole('button', { name: 'Save to service' }).click();
    await page.getByText('Waiting to sync', { exact: true }).waitFor();
    app.host.sandbox!.data.quotations.patch(serverId, { notes: 'Hun notitie' });
    await backOnline();
    await page.getByText('Conflict', { exact: true }).first().waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (globalThis as { stayed?: boolean }).stayed)).toBe(true);
    // what was typed is still there
    expect(await notes.inputValue()).toBe('Mijn notitie');
    await screenshot(page, 'live-editor-conflict');
    expect(app.errors).toEqual([]);
  }, 120_000);
});
