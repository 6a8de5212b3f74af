// What a person sees when the service is in trouble, in English and Dutch:
// a service answering 500 to everything (the sync bar, the editor, the
// attention panel and Sync now's answer), a network that shows a login page
// in place of data, and a pull that set records aside.
import { describe, expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot } from './support';

for (const language of ['en', 'nl'] as const) {
  const w =
    language === 'en'
      ? {
          server: 'The service answers with errors',
          notSaved: /^Not on the service yet: the service answers with errors\. Next try at \d\d:\d\d\.$/,
          details: 'What is wrong?',
          panel: 'Trouble with the service',
          advice: /tries again by itself/,
          syncNow: 'Sync now',
          failed: 'Sync did not complete. The service answers with errors.',
          login: 'This network shows a login page',
          setAside: 'Not every record could be read (1 set aside)',
          done: 'Up to date',
          online: 'Online',
        }
      : {
          server: 'De service antwoordt met fouten',
          notSaved: /^Nog niet op de service: de service antwoordt met fouten\. Volgende poging om \d\d:\d\d\.$/,
          details: 'Wat is er?',
          panel: 'Probleem met de service',
          advice: /probeert het vanzelf opnieuw/,
          syncNow: 'Nu synchroniseren',
          failed: 'Synchroniseren niet gelukt. De service antwoordt met fouten.',
          login: 'Dit netwerk toont een inlogpagina',
          setAside: 'Niet elk record kon worden gelezen (1 apart gezet)',
          done: 'Bijgewerkt',
          online: 'Online',
        };

  describe(`the service in trouble, in ${language === 'en' ? 'English' : 'Dutch'}`, () => {
    const desk = appForFile({ language, viewport: { width: 1280, height: 800 } });
    const connection = () => desk.page.getByTestId('connection').innerText();

    it('says the service answers with errors: in the bar, in the editor within seconds, in the panel and in Sync now’s answer', async () => {
      const sandbox = desk.app.host.sandbox!;
      await expect.poll(connection, { timeout: 30_000 }).toBe(w.online);
      const client = (await bridge(desk.page, 'clients.list', {})).items.find((c) => c.email)!;
      const q = await bridge(desk.page, 'quotations.create', { clientId: client.id });
      await bridge(desk.page, 'lines.add', { quotationId: q.id, line: { description: 'Taart, drie lagen', amount: 1, price: 65, tax_rate: 9 } });
      await desk.page.goto(`${desk.app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
      await desk.page.getByTestId('editor-title').waitFor();

      sandbox.setFaults({ serverErrorRate: 1 });
      try {
        await trouble();
      } finally {
        // a failure above must not leave the service erring for the tests after it
        sandbox.clearFaults();
      }
      await desk.page.getByRole('button', { name: w.syncNow }).click();
      await expect.poll(() => desk.page.getByTestId('sync-result').innerText(), { timeout: 20_000 }).toMatch(new RegExp(`^${w.done}`));
      await expect.poll(connection).toBe(w.online);
      await expect.poll(() => desk.page.getByTestId('push-error').count()).toBe(0);
    });

    /** The service answers 500 to everything: what the editor, the bar, the panel and Sync now say. */
    async function trouble(): Promise<void> {
      const pressed = Date.now();
      await desk.page.keyboard.press('Control+s');
      const notice = desk.page.getByTestId('push-error');
      await notice.waitFor({ timeout: 15_000 });
      expect(Date.now() - pressed).toBeLessThan(15_000);
      // the first pauses between tries are a second or two, jittered: on a loaded machine the notice may be read once the next try is due ("as soon as it can")
      await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(w.notSaved);
      await expect.poll(connection).toBe(w.server);
      await screenshot(desk.page, `sync-truth-500-editor-${language}`);

      await desk.page.getByRole('button', { name: w.syncNow }).click();
      await expect.poll(() => desk.page.getByTestId('sync-result').innerText(), { timeout: 20_000 }).toBe(w.failed);
      await desk.page.getByTestId('trouble-details').click();
      const panel = desk.page.getByTestId('trouble');
      await panel.waitFor();
      expect(await panel.getByRole('heading').innerText()).toBe(w.panel);
      expect(await panel.innerText()).toContain(w.server);
      expect(await panel.innerText()).toMatch(w.advice);
      await screenshot(desk.page, `sync-truth-500-panel-${language}`);
      expect(await axeViolations(desk.page)).toEqual([]);
      await desk.page.keyboard.press('Escape');
    }

    it('says this network shows a login page', async () => {
      const remove = desk.app.host.sandbox!.addFault({ method: 'GET', times: Infinity, effect: { kind: 'login_page' } });
      try {
        await desk.page.getByRole('button', { name: w.syncNow }).click();
        await expect.poll(connection, { timeout: 20_000 }).toBe(w.login);
        await screenshot(desk.page, `sync-truth-login-${language}`);
      } finally {
        remove();
      }
      await desk.page.getByRole('button', { name: w.syncNow }).click();
      await expect.poll(connection, { timeout: 30_000 }).toBe(w.online);
    });

    it('says a pull set records aside, and what it read stays', async () => {
      const sandbox = desk.app.host.sandbox!;
      const before = (await bridge(desk.page, 'clients.list', { includeInactive: true })).total;
      sandbox.data.clients.setRaw(sandbox.data.clients.ids()[0]!, { clientnr: 'abc' });
      await desk.page.getByRole('button', { name: w.syncNow }).click();
      await expect.poll(connection, { timeout: 20_000 }).toBe(w.setAside);
      expect((await bridge(desk.page, 'clients.list', { includeInactive: true })).total).toBe(before);
      await screenshot(desk.page, `sync-truth-set-aside-${language}`);
      expect(desk.app.errors).toEqual([]);
    });
  });
}
