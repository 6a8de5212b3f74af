// What a new user met, as they would see it in Chromium: a new quotation
// left untouched leaves nothing behind; an empty line is not on the
// document; deletes are asked in the app's own dialog, naming what goes;
// a client the service refuses to delete is made inactive in one step; the
// status bar claims Online only while the service's answer is recent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForSync } from './support-sync';
import { axeViolations, bridge, openApp, screenshot, syncText, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en', clients: 6, quotations: 2 });
  page = app.page;
  await page
    .getByRole('status')
    .filter({ hasText: /Last sync/ })
    .waitFor({ timeout: 20_000 });
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const activeLabel = () =>
  page.evaluate(() => {
    const el = (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement;
    return el?.textContent?.trim() ?? '';
  });

async function openQuotations(): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Quotations', exact: true }).click();
  await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
}

describe('rough edges a new user met', () => {
  it('leaves nothing behind of a new quotation nobody typed into', async () => {
    await openQuotations();
    const before = (await bridge(page, 'quotations.list', {})).items.length;
    await page.keyboard.press('Alt+N');
    await page.getByRole('heading', { level: 1, name: 'Quotation (no client yet)' }).waitFor();
    await openQuotations();
    await expect.poll(async () => (await bridge(page, 'quotations.list', {})).items.length).toBe(before);
    await expect.poll(() => page.locator('table.list tbody tr').count()).toBe(before);
    expect(await page.getByText('No client yet').count()).toBe(0);
    expect((await bridge(page, 'sync.status', {})).pending).toBe(0);
  });

  it('keeps an empty line off the document and lets the quotation go', async () => {
    const [client] = (await bridge(page, 'clients.list', {})).items;
    const q = await bridge(page, 'quotations.create', { clientId: client!.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: '' } });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 2, description: 'Dakgoot vervangen', price: 120, tax_rate: 21 } });
    await page.goto(`${app.host.url}#/quotations/${encodeURIComponent(q.id)}/preview`);
    // the preview draws the quotation open before until this one is read: wait for this one's own line
    await page.getByTestId('document-line').filter({ hasText: 'Dakgoot vervangen' }).waitFor();
    expect(await page.getByTestId('document-line').count()).toBe(1);
    expect(await page.getByTestId('document-text-line').count()).toBe(0);
    await screenshot(page, 'rough-b-preview-empty-line');
    const saved = await bridge(page, 'quotations.saveToService', { id: q.id });
    expect(saved.when).toBe('now');
  });

  it('asks before deleting a quotation, naming it, with Cancel focused', async () => {
    const [, client] = (await bridge(page, 'clients.list', {})).items;
    const q = await bridge(page, 'quotations.create', { clientId: client!.id });
    await bridge(page, 'quotations.update', { id: q.id, patch: { notes: 'Offerte voor de goot' } });
    await page.goto(`${app.host.url}#/quotations/${encodeURIComponent(q.id)}`);
    const name = client!.company || client!.contact;
    await page.getByRole('heading', { level: 1, name: `Quotation for ${name}` }).waitFor();
    let native = 0;
    page.on('dialog', (d) => {
      native++;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Delete quotation' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete quotation “draft for ${name}”?` });
    await dialog.waitFor();
    await expect.poll(activeLabel).toBe('Cancel');
    await screenshot(page, 'rough-b-delete-quotation');
    expect(await axeViolations(page)).toEqual([]);
    // Escape keeps it
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await bridge(page, 'quotations.list', {})).items.some((x) => x.id === q.id)).toBe(true);
    await page.getByRole('button', { name: 'Delete quotation' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
    expect((await bridge(page, 'quotations.list', {})).items.some((x) => x.id === q.id)).toBe(false);
    expect(native).toBe(0);
  });

  it('offers to make a client inactive in place of a delete the service refused, in one step', async () => {
    const sb = app.host.sandbox!;
    const used = new Set((await bridge(page, 'quotations.list', {})).items.map((q) => q.client?.id));
    const { items } = await bridge(page, 'clients.list', {});
    // a client with no quotation here, given an invoice on the service: only the service can refuse its delete
    const c = items.find((x) => x.clientnr !== null && !used.has(x.id));
    expect(c, 'a client with no quotation here').toBeDefined();
    if (sb.data.documentsOf(c!.clientnr!).invoices === 0) {
      sb.data.invoices.set({
        id: sb.data.invoices.maxId() + 1,
        invoicenr: 'F2026-0999',
        clientnr: c!.clientnr!,
        company: c!.company,
        contact: c!.contact,
        email: '',
        city: '',
        date: '2026-11-01',
        datedue: '2026-11-15',
        status: 'paid',
        totalintax: '121.00',
      });
    }
    const name = c!.company || c!.contact;
    await page.goto(`${app.host.url}#/clients/${encodeURIComponent(c!.id)}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'Delete client' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete client “${name}”?` });
    await dialog.waitFor();
    await screenshot(page, 'rough-b-delete-client');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

    // the service refuses; Needs attention says what happened and offers the one step
    const open = page.getByRole('button', { name: /^Needs attention \(\d+\)$/ });
    await open.waitFor({ timeout: 20_000 });
    await open.click();
    const panel = page.getByRole('dialog', { name: 'Needs attention' });
    await panel.getByText(/did not delete this client: it has documents there/).waitFor();
    expect(await panel.getByRole('button', { name: 'Discard' }).count()).toBe(0);
    await screenshot(page, 'rough-b-refused-delete');
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Make inactive instead' }).click();
    await panel.getByText('Nothing needs attention.').waitFor();
    await expect.poll(() => sb.data.clients.get(c!.clientnr!)?.active, { timeout: 20_000 }).toBe(false);
    await expect.poll(async () => (await bridge(page, 'sync.status', {})).pending, { timeout: 20_000 }).toBe(0);
    expect(sb.data.clients.has(c!.clientnr!)).toBe(true);
    await page.keyboard.press('Escape');
  }, 90_000);

  it('stops saying Online once the service is gone', async () => {
    await openQuotations();
    await expect.poll(() => syncText(page), { timeout: 20_000 }).toMatch(/^Online · /);
    await app.host.setOnline(false);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await waitForSync(page, /Offline, service last reached \d\d:\d\d · /, 20_000, app);
    await screenshot(page, 'rough-b-offline');
    expect(await axeViolations(page)).toEqual([]);
    await app.host.setOnline(true);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => syncText(page), { timeout: 30_000 }).toMatch(/^Online · /);
  }, 90_000);

  it('names what is deleted in Dutch too', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    const q = await bridge(page, 'quotations.create', {});
    await bridge(page, 'quotations.update', { id: q.id, patch: { notes: 'Nog uitzoeken' } });
    await page.goto(`${app.host.url}#/quotations/${encodeURIComponent(q.id)}`);
    await page.reload();
    // the smallest window the app is made for
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.getByRole('button', { name: 'Offerte verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offerte “concept zonder klant” verwijderen?' });
    await dialog.waitFor();
    // the button that deletes stands out from the one that keeps
    expect(
      await dialog
        .getByRole('button', { name: 'Verwijderen', exact: true })
        .evaluate((el) => (el.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color),
    ).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'rough-b-delete-quotation-nl-1024');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuleren', exact: true }).click();
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('makes a client inactive in place of a refused delete from the client itself, in Dutch', async () => {
    const sb = app.host.sandbox!;
    const used = new Set((await bridge(page, 'quotations.list', {})).items.map((q) => q.client?.id));
    const c = (await bridge(page, 'clients.list', {})).items.find((x) => x.clientnr !== null && !used.has(x.id) && x.active);
    expect(c, 'another client with no quotation here').toBeDefined();
    sb.data.invoices.set({
      id: sb.data.invoices.maxId() + 1,
      invoicenr: 'F2026-0998',
      clientnr: c!.clientnr!,
      company: c!.company,
      contact: c!.contact,
      email: '',
      city: '',
      date: '2026-11-02',
      datedue: '2026-11-16',
      status: 'open',
      totalintax: '60.50',
    });
    const name = c!.company || c!.contact;
    await page.goto(`${app.host.url}#/clients/${encodeURIComponent(c!.id)}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'Klant verwijderen' }).click();
    await page
      .getByRole('dialog', { name: `Klant “${name}” verwijderen?` })
      .getByRole('button', { name: 'Verwijderen', exact: true })
      .click();
    const note = page.getByTestId('has-documents');
    await note.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /^Aandacht nodig \(\d+\)$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Aandacht nodig' });
    await panel.getByText(/heeft deze klant niet verwijderd/).waitFor();
    await screenshot(page, 'rough-b-refused-delete-nl');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await note.getByRole('button', { name: 'Inactief maken' }).click();
    await note.waitFor({ state: 'detached' });
    await expect.poll(() => sb.data.clients.get(c!.clientnr!)?.active, { timeout: 20_000 }).toBe(false);
    await expect.poll(async () => (await bridge(page, 'outbox.parked', {})).filter((o) => o.entityId === c!.id).length).toBe(0);
    await expect.poll(() => syncText(page), { timeout: 20_000 }).toMatch(/^Online · 0 in wachtrij/);
    await screenshot(page, 'rough-b-made-inactive-nl');
    expect(app.errors).toEqual([]);
  }, 90_000);
});
