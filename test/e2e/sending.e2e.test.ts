// Sending a quotation as a person does it: the send dialog says to whom and
// how it goes and warns before queuing what the service is sure to refuse;
// once sent, the signing link is there with Copy and Open, right away and in
// the sent view. The demo service hands out https signing links here, as the
// live service does (the sandbox's own links are http on loopback).
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, syncText, type App } from './support';
import type { ClientView } from '../../shared/bridge';

const SIGN_ORIGIN = 'https://sign.quotedesk.test';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en', signOrigin: SIGN_ORIGIN });
  page = app.page;
  const origin = new URL(app.host.url).origin;
  await app.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  // the signing page itself is the service's; here a stand-in answers for it
  await app.browser.context.route(`${SIGN_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Sign the quotation</title><h1>Sign the quotation</h1>' }),
  );
}, 90_000);
afterAll(async () => {
  await app?.close();
});

function explainFailure(): void {
  onTestFailed(async () => {
    const parked = await bridge(page, 'outbox.parked', {}).catch((e: unknown) => String(e));
    console.error(`sync bar: ${await syncText(page).catch(() => '?')}\nparked: ${JSON.stringify(parked)}\npage errors: ${app.errors.join('\n')}`);
    await screenshot(page, `failed-sending-${Date.now()}`).catch(() => undefined);
  });
}

async function waitForSync(text: RegExp, timeout = 15_000): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout });
}

/** A draft with one line for a client, opened in the editor. */
async function openDraft(client: { id: string; company: string; contact: string }, description: string): Promise<string> {
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 2, price: 95, tax_rate: 21, description } });
  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
  await page
    .getByTestId('editor-title')
    .filter({ hasText: client.company || client.contact })
    .waitFor();
  await page
    .getByRole('textbox', { name: /^(Description|Omschrijving)$/ })
    .first()
    .waitFor();
  return q.id;
}

async function openSendDialog() {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send quotation' });
  await dialog.getByTestId('send-recipient').waitFor();
  return dialog;
}

describe('sending and the signing link', () => {
  let link = '';
  let quotationId = '';

  it('shows to whom the quotation is e-mailed, and what posting it needs', async () => {
    explainFailure();
    await waitForSync(/Last sync/);
    const clients = await bridge(page, 'clients.list', { limit: 50 });
    const withEmail = [];
    for (const c of clients.items.filter((c) => c.email)) {
      const full = await bridge(page, 'clients.get', { id: c.id });
      if (full.fields.address && full.city) withEmail.push(full);
    }
    const client = withEmail[0]!;
    quotationId = await openDraft(client, 'Snoeien van de heg');
    const dialog = await openSendDialog();
    await dialog.getByRole('radio', { name: 'E-mail' }).check();
    await dialog.getByText(`It is e-mailed to ${client.email}.`).waitFor();
    expect(await dialog.getByTestId('send-recipient').innerText()).toContain(client.company || client.contact);
    expect(await dialog.getByTestId('send-warning').count()).toBe(0);
    await screenshot(page, 'send-dialog-email');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('radio', { name: 'Print it yourself (mail)' }).check();
    const address = await dialog.getByTestId('send-address').innerText();
    expect(address).toContain(String(client.fields.address));
    expect(address).toContain(client.city);
    await dialog.getByRole('radio', { name: 'Print center' }).check();
    await dialog.getByTestId('send-cost').filter({ hasText: 'costs print center credits' }).waitFor();
    await screenshot(page, 'send-dialog-printcenter');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('radio', { name: 'E-mail' }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();

    // the editor gives way to the sent view, and the link comes with the service's answer
    const url = page.getByTestId('sign-url');
    await url.waitFor({ timeout: 20_000 });
    link = await url.innerText();
    expect(link).toMatch(new RegExp(`^${SIGN_ORIGIN}/sign/[0-9a-f]{24}$`));
    const sent = app.host.sandbox!.data.quotations.all().find((q) => q.sign_url === link);
    expect(sent?.sent).toBe(true);
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await page.getByRole('button', { name: 'Open in browser' }).waitFor();
    await screenshot(page, 'sent-signing-link');
  }, 90_000);

  it('copies the link to the clipboard and says so', async () => {
    explainFailure();
    await page.evaluate("navigator.clipboard.writeText('something else')");
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByTestId('signing-status').filter({ hasText: 'Link copied.' }).waitFor();
    expect(await page.getByTestId('signing-status').getAttribute('aria-live')).toBe('polite');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    // brief: the note makes room for the next copy
    await expect.poll(() => page.getByTestId('signing-status').textContent(), { timeout: 8000 }).toBe('');
  });

  it('opens the link in a new page, without a way back to the app', async () => {
    explainFailure();
    const [popup] = await Promise.all([app.browser.context.waitForEvent('page'), page.getByRole('button', { name: 'Open in browser' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(link);
    expect(await popup.title()).toBe('Sign the quotation');
    expect(await popup.evaluate('window.opener')).toBeNull();
    await popup.close();
  });

  it('shows the same link with Copy and Open in the sent view, opened again', async () => {
    explainFailure();
    await page.getByRole('link', { name: 'All quotations' }).click();
    await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(quotationId)}`);
    await page.getByTestId('sign-url').filter({ hasText: link }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await page.getByRole('button', { name: 'Open in browser' }).waitFor();
    await screenshot(page, 'sent-view-signing-link');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('warns before sending by e-mail to a client without an address, and queues nothing unless told to', async () => {
    explainFailure();
    const client = await bridge(page, 'clients.create', { fields: { company: 'Kwekerij Zonder Post', contact: 'M. de Wit' } });
    const draftId = await openDraft(client, 'Plantadvies');
    const dialog = await openSendDialog();
    await dialog.getByRole('radio', { name: 'E-mail' }).check();
    const warning = dialog.getByTestId('send-warning');
    await warning.filter({ hasText: 'This client has no e-mail address' }).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This is likely to be refused' }).waitFor();
    // still open, nothing queued for this quotation
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('send-anyway');
    await screenshot(page, 'send-dialog-no-email');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('radio', { name: 'Print it yourself (mail)' }).check();
    await warning.filter({ hasText: 'This client has no postal address' }).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This is likely to be refused' }).waitFor();
    await screenshot(page, 'send-dialog-no-address');
    expect(await axeViolations(page)).toEqual([]);
    // nothing was queued: still a draft, and no outbox entry sends it
    expect((await bridge(page, 'quotations.get', { id: draftId })).sent).toBe(false);

    // the warning's way out: the client, to add what is missing
    await warning.getByRole('link', { name: 'Open the client' }).click();
    // the client's own heading: the quotation's ("Quotation for Kwekerij Zonder Post") names the client too
    await page.getByRole('heading', { name: /^Kwekerij Zonder Post/, level: 1 }).waitFor();
    expect(await dialog.count()).toBe(0);
  }, 60_000);

  it('warns of used-up print center credits after the service refused a print center send', async () => {
    explainFailure();
    const sandbox = app.host.sandbox!;
    const clients = await bridge(page, 'clients.list', { limit: 50 });
    let client: ClientView | null = null;
    for (const c of clients.items) {
      const full = await bridge(page, 'clients.get', { id: c.id });
      if (full.fields.address && full.city && full.email) client = full;
    }
    sandbox.setCredits(0);
    const first = await bridge(page, 'quotations.create', { clientId: client!.id });
    await bridge(page, 'lines.add', { quotationId: first.id, line: { amount: 1, price: 40, tax_rate: 21, description: 'Drukwerk' } });
    await bridge(page, 'quotations.send', { id: first.id, sendmethod: 'printcenter' });
    await expect.poll(async () => (await bridge(page, 'sending.credits', {})).refusedAt, { timeout: 20_000 }).not.toBeNull();

    await openDraft(client!, 'Tweede drukwerk');
    const dialog = await openSendDialog();
    await dialog.getByRole('radio', { name: 'Print center' }).check();
    await dialog.getByTestId('send-warning').filter({ hasText: 'the credits were used up' }).waitFor();
    await screenshot(page, 'send-dialog-no-credits');
    expect(await axeViolations(page)).toEqual([]);
    // the person's clear choice queues it anyway
    await dialog.getByTestId('send-anyway').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('signing-link').waitFor();
    expect(await dialog.count()).toBe(0);
  }, 60_000);

  it('says the link comes once the quotation is sent while the send waits offline', async () => {
    explainFailure();
    await app.host.setOnline(false);
    await expect
      .poll(
        async () => {
          const text = await syncText(page);
          if (!/Offline/.test(text))
            await page
              .getByRole('button', { name: 'Sync now' })
              .click({ timeout: 1000 })
              .catch(() => undefined);
          return text;
        },
        { timeout: 15_000, interval: 400 },
      )
      .toMatch(/Offline/);
    const clients = await bridge(page, 'clients.list', { limit: 50 });
    const withEmail = clients.items.find((c) => c.email)!;
    await openDraft(withEmail, 'Onderhoud');
    const dialog = await openSendDialog();
    await dialog.getByRole('radio', { name: 'E-mail' }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('signing-waiting').filter({ hasText: 'You are offline. The signing link comes once the quotation has been sent' }).waitFor();
    expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    await screenshot(page, 'sent-signing-link-offline');

    await app.host.setOnline(true);
    await page.getByTestId('sign-url').filter({ hasText: SIGN_ORIGIN }).waitFor({ timeout: 20_000 });
  }, 60_000);

  it('shows a link that is not https as text with a note, and offers no Open', async () => {
    explainFailure();
    // the service hands out an http link for the first quotation; the next pull brings it
    const onService = app.host.sandbox!.data.quotations.all().find((q) => q.sign_url === link)!;
    const plain = link.replace(/^https:/, 'http:');
    app.host.sandbox!.data.quotations.patch(onService.id, { sign_url: plain });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(quotationId)}`);
    await expect
      .poll(
        async () => {
          await page
            .getByRole('button', { name: 'Sync now' })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return page.getByTestId('sign-url').innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(plain);
    await page.getByTestId('signing-problem').filter({ hasText: 'does not start with https://' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open in browser' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Copy link' }).click();
    // the copy is written to the clipboard after the click, over the https link copied before
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(plain);
    await screenshot(page, 'sent-signing-link-not-https');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('says all of it in Dutch', async () => {
    explainFailure();
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(quotationId)}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Ondertekenlink' }).waitFor();
    await page.getByRole('button', { name: 'Link kopiëren' }).waitFor();
    await page.getByTestId('signing-problem').filter({ hasText: 'begint niet met https://' }).waitFor();
    await screenshot(page, 'sent-signing-link-nl');

    const [client] = await bridge(page, 'clients.search', { query: 'Kwekerij Zonder Post' });
    await openDraft(client!, 'Snoeiadvies');
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Offerte versturen' });
    await dialog.getByRole('radio', { name: 'E-mail' }).check();
    await dialog.getByTestId('send-warning').filter({ hasText: 'Deze klant heeft geen e-mailadres' }).waitFor();
    await dialog.getByRole('link', { name: 'Klant openen' }).waitFor();
    await dialog.getByLabel('Toch in de wachtrij zetten', { exact: false }).waitFor();
    await screenshot(page, 'send-dialog-no-email-nl');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
  }, 60_000);
});
