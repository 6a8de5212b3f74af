// The dialogs the keyboard test does not open: the app's delete
// confirmations, Needs attention and the conflict dialog. Each opened from
// the keyboard starts at its safe first control, and Esc gives the focus back
// to the control that opened it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, bridge, openApp, type App } from './support';
import { goOffline } from './support-sync';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en', quotations: 2 });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const hasFocus = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);
const home = () => app.host.url.split('#')[0]!;

/** Opens a dialog from `opener` with Enter, checks where the focus starts, and that Esc brings it back. */
async function opensAndReturns(opener: Locator, dialogName: string | RegExp, first: (d: Locator) => Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await expect.poll(() => hasFocus(first(dialog)), { timeout: 5000 }).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(opener), { timeout: 5000 }).toBe(true);
}

describe('the focus in the confirmation and sync dialogs', () => {
  it('a delete confirmation starts at Cancel and gives the focus back to Delete, for a quotation, a client and a product', async () => {
    const client = (await bridge(page, 'clients.list', {})).items.find((c) => c.clientnr !== null)!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'quotations.update', { id: q.id, patch: { notes: 'kept' } });
    await page.goto(`${home()}#/quotations/${encodeURIComponent(q.id)}`);
    await opensAndReturns(page.getByRole('button', { name: 'Delete quotation' }), /^Delete quotation/, (d) => d.getByRole('button', { name: 'Cancel' }));

    await page.goto(`${home()}#/clients/${encodeURIComponent(client.id)}`);
    await opensAndReturns(page.getByRole('button', { name: 'Delete client' }), /^Delete client/, (d) => d.getByRole('button', { name: 'Cancel' }));

    const [product] = (await bridge(page, 'products.list', { limit: 1 })).items;
    await page.goto(`${home()}#/products/${encodeURIComponent(product!.localId)}`);
    await opensAndReturns(page.getByRole('button', { name: 'Delete product' }), /^Delete “/, (d) => d.getByRole('button', { name: 'Cancel' }));
    // nothing was deleted by any of it
    expect((await bridge(page, 'quotations.get', { id: q.id })).id).toBe(q.id);
  }, 60_000);

  it('Needs attention and the conflict dialog start inside and give the focus back to their button in the sync bar', async () => {
    const sb = app.host.sandbox!;
    const client = (await bridge(page, 'clients.list', {})).items.find((c) => c.clientnr !== null)!;
    // a change the service refuses: a quotation with a category it does not know
    const refused = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'lines.add', { quotationId: refused.id, line: { amount: 1, price: 10, tax_rate: 21, description: 'Refused' } });
    await bridge(page, 'quotations.update', { id: refused.id, patch: { category: 99_999 } });
    await bridge(page, 'quotations.saveToService', { id: refused.id });
    const attention = page.getByRole('button', { name: /^Needs attention \(\d+\)$/ });
    await attention.waitFor({ timeout: 20_000 });
    // no field and no closing actions: the list itself, where a stray Enter does nothing, never the × in its corner
    await opensAndReturns(attention, 'Needs attention', (d) => d.locator('.modal-body'));

    // the same client changed here and on the service
    await goOffline(app);
    await bridge(page, 'clients.update', { id: client.id, patch: { city: 'Hier' } });
    sb.data.clients.patch(client.clientnr!, { city: 'Daar' });
    await app.host.setOnline(true);
    const conflicts = page.getByRole('button', { name: 'Conflicts (1)' });
    await expect
      .poll(
        async () => {
          if (await conflicts.isVisible()) return true;
          await page
            .getByRole('button', { name: 'Sync now' })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return false;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    await opensAndReturns(conflicts, 'Resolve conflict', (d) =>
      d.locator('.modal-body :is(input, select, textarea), .modal-actions :is(button, a[href])').first(),
    );
    expect(app.errors).toEqual([]);
  }, 90_000);
});
