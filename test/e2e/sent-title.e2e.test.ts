// A sent quotation is titled by the number the customer sees, not by the
// service's internal id; and a send queued offline says it waits to be sent
// until it went, in Dutch.
import { expect, it } from 'vitest';
import { axeViolations, bridge, appForFile, screenshot } from './support';

const desk = appForFile({ language: 'nl' });

it('says a send queued offline waits, then that it went, under the quotation’s number', async () => {
  const client = await bridge(desk.page, 'clients.create', { fields: { company: 'Bakkerij Zoet', email: 'inkoop@zoet.example' } });
  const q = await bridge(desk.page, 'quotations.create', { clientId: client.id });
  await bridge(desk.page, 'lines.add', { quotationId: q.id, line: { description: 'Petitfours, doos van 24', amount: 10, price: 18.5, tax_rate: 9 } });
  await desk.app.host.setOnline(false);
  await bridge(desk.page, 'quotations.send', { id: q.id, sendmethod: 'email' });
  const queued = await bridge(desk.page, 'quotations.get', { id: q.id });
  expect(queued).toMatchObject({ sent: true, sending: true, serverId: null });
  expect(queued.quotationreference).not.toBe('');

  await desk.page.goto(`${desk.app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
  await desk.page.getByRole('heading', { name: `Offerte ${queued.quotationreference}`, level: 1 }).waitFor();
  const notice = desk.page.getByTestId('sent-notice');
  expect(await notice.innerText()).toBe(
    'Deze offerte wacht om te worden verstuurd en kan niet meer worden gewijzigd. Hij gaat zodra de service bereikbaar is.',
  );
  await screenshot(desk.page, 'sent-title-waiting-nl');
  expect(await axeViolations(desk.page)).toEqual([]);

  await desk.app.host.setOnline(true);
  await expect.poll(() => notice.innerText(), { timeout: 30_000 }).toBe('Deze offerte is verstuurd en kan niet meer worden gewijzigd.');
  const sent = await bridge(desk.page, 'quotations.get', { id: q.id });
  expect(sent.sending).toBe(false);
  expect(sent.serverId).not.toBeNull();
  // the internal id is not the title; the number the customer sees stays
  await desk.page.getByRole('heading', { name: `Offerte ${sent.quotationreference}`, level: 1, exact: true }).waitFor();
  await screenshot(desk.page, 'sent-title-sent-nl');
  expect(desk.app.errors).toEqual([]);
});
