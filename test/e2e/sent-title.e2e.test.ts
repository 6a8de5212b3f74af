// A sent quotation is titled by the number the customer sees, not by the
// service's internal id; and a send queued offline says it waits to be sent
// until it went, in Dutch.
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('says a send queued offline waits, then that it went, under the quotation’s number', async () => {
  const client = await bridge(page, 'clients.create', { fields: { company: 'Bakkerij Zoet', email: 'inkoop@zoet.example' } });
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { description: 'Petitfours, doos van 24', amount: 10, price: 18.5, tax_rate: 9 } });
  await app.host.setOnline(false);
  await bridge(page, 'quotations.send', { id: q.id, sendmethod: 'email' });
  const queued = await bridge(page, 'quotations.get', { id: q.id });
  expect(queued).toMatchObject({ sent: true, sending: true, serverId: null });
  expect(queued.quotationreference).not.toBe('');

  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
  await page.getByRole('heading', { name: `Offerte ${queued.quotationreference}`, level: 1 }).waitFor();
  const notice = page.getByTestId('sent-notice');
  expect(await notice.innerText()).toBe(
    'Deze offerte wacht om te worden verstuurd en kan niet meer worden gewijzigd. Hij gaat zodra de service bereikbaar is.',
  );
  await screenshot(page, 'sent-title-waiting-nl');
  expect(await axeViolations(page)).toEqual([]);

  await app.host.setOnline(true);
  await expect.poll(() => notice.innerText(), { timeout: 30_000 }).toBe('Deze offerte is verstuurd en kan niet meer worden gewijzigd.');
  const sent = await bridge(page, 'quotations.get', { id: q.id });
  expect(sent.sending).toBe(false);
  expect(sent.serverId).not.toBeNull();
  // the internal id is not the title; the number the customer sees stays
  await page.getByRole('heading', { name: `Offerte ${sent.quotationreference}`, level: 1, exact: true }).waitFor();
  await screenshot(page, 'sent-title-sent-nl');
  expect(app.errors).toEqual([]);
});
