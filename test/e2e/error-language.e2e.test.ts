// A refusal of the local database reaches the page in the UI's language: an
// edit to a quotation that is being deleted (its delete waits for the
// service, which is off the network) is refused by the store, and the Dutch
// editor says why in Dutch, from the message catalogue (shared/messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'nl' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const base = () => app.host.url.split('#')[0];

describe('a store error in the Dutch editor', () => {
  it('says in Dutch that the quotation is being deleted, and keeps what was typed', async () => {
    await expect.poll(async () => (await bridge(page, 'quotations.list', { states: ['saved'] })).items.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [saved] = (await bridge(page, 'quotations.list', { states: ['saved'] })).items;
    await page.goto(`${base()}#/quotations/${encodeURIComponent(saved!.id)}`);
    const description = page.getByRole('textbox', { name: 'Omschrijving' }).first();
    await description.waitFor();

    // the delete cannot reach the service, so the quotation stays here, being deleted
    await app.host.setOnline(false);
    await bridge(page, 'quotations.delete', { id: saved!.id });
    // the error as it crosses the bridge: its own key, not a general one
    const refused = await page.evaluate((id) => {
      const q = (globalThis as unknown as { quotedesk: { invoke(op: string, input: unknown): Promise<unknown> } }).quotedesk;
      return q.invoke('quotations.update', { id, patch: { quotationperiod: 14 } }).then(
        () => null,
        (e: { kind: string; messageKey: string }) => ({ kind: e.kind, messageKey: e.messageKey }),
      );
    }, saved!.id);
    expect(refused).toEqual({ kind: 'conflict_state', messageKey: 'store.quotation.deleting' });

    await description.fill('Nog even aangepast');
    const indicator = page.getByTestId('save-indicator');
    await expect.poll(() => indicator.innerText(), { timeout: 10_000 }).toContain('Deze offerte wordt verwijderd en kan niet meer worden gewijzigd.');
    expect(await indicator.innerText()).not.toMatch(/being deleted/);
    expect(await description.inputValue()).toBe('Nog even aangepast');
    await screenshot(page, 'error-language-nl');
    expect(await axeViolations(page)).toEqual([]);
  }, 90_000);
});
