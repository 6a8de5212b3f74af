// A service whose quotation list ignores count and start, holding exactly a
// page of them: the pull cannot know whether more exist. The sync bar says
// so, in the person's language, and stops saying it once a pull reads the
// list to its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  // the client asks 1000 rows a page; 1000 quotations answered whole fill it exactly
  app = await openApp({ language: 'en', clients: 3, quotations: 1000, unpaged: ['quotations'] });
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a pull whose quotation list is in doubt', () => {
  it('says which list was not read to its end, and that nothing was removed from it', async () => {
    const note = page.getByTestId('incomplete');
    await note
      .filter({ hasText: 'The service did not give its whole list of quotations: nothing missing from it was removed here' })
      .waitFor({ timeout: 30_000 });
    expect((await bridge(page, 'sync.status', {})).incomplete).toEqual(['quotations']);
    await screenshot(page, 'syncbar-list-incomplete');
    expect(await axeViolations(page)).toEqual([]);

    await bridge(page, 'settings.set', { language: 'nl' });
    await page.reload();
    await note.filter({ hasText: 'De service gaf niet zijn hele lijst met offertes' }).waitFor();

    // one fewer on the service: the list is read whole, and the note goes
    app.host.sandbox!.data.quotations.delete(app.host.sandbox!.data.quotations.ids()[0]!);
    await page.getByRole('button', { name: 'Nu synchroniseren' }).click();
    await note.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await bridge(page, 'sync.status', {})).incomplete).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 90_000);
});
