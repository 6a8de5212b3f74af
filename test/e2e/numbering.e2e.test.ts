// Own numbering in Chromium: a scheme set in Settings with its live example
// and a refused pattern beside the field, then a quotation saved offline
// that shows its number at once, in the editor and in the list; back online,
// another desk turns out to have used that number, and the quotation takes
// the next one by itself and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
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

const base = () => app.host.url.split('#')[0];
let quotationId = '';
const yy = String(new Date().getFullYear() % 100).padStart(2, '0');

describe('numbering', () => {
  it('sets a scheme in Settings: the example follows the typing, a refused pattern says what to do', async () => {
    await waitForSync(page, /Last sync/);
    await page.goto(`${base()}#/settings`);
    const section = page.getByTestId('numbering-settings');
    await section.waitFor();
    const pattern = section.getByLabel('Pattern', { exact: true });
    const next = section.getByLabel('Next number', { exact: true });
    await pattern.fill('OF{YYYY}');
    await expect.poll(() => section.getByTestId('numbering-pattern-problem').innerText()).toBe('Add a running number: hash signs in braces, such as {####}.');
    expect(await pattern.getAttribute('aria-invalid')).toBe('true');
    expect(await section.getByTestId('numbering-example').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'numbering-settings-problem');
    // saving a refused pattern stores nothing
    await section.getByRole('button', { name: 'Save numbering' }).click();
    expect((await bridge(page, 'numbering.get', {})).pattern).toBe('OF{YYYY}-{####}');

    await pattern.fill('Q{YY}-{###}');
    await next.fill('41');
    await expect.poll(() => section.getByTestId('numbering-example').innerText()).toBe(`Example: the next quotation gets Q${yy}-041`);
    await section.getByRole('button', { name: 'Save numbering' }).click();
    await section.getByTestId('numbering-saved').waitFor();
    expect(await bridge(page, 'numbering.get', {})).toEqual({ mode: 'own', pattern: 'Q{YY}-{###}', next: 41, preview: `Q${yy}-041` });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'numbering-settings');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('numbers a quotation when it is saved, offline, and shows the number in the editor and the list', async () => {
    await goOffline(app);
    const client = (await bridge(page, 'clients.list', {})).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    quotationId = q.id;
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 2, price: 75, tax_rate: 21, description: 'Advies' } });
    await page.goto(`${base()}#/quotations/${encodeURIComponent(q.id)}`);
    const reference = page.getByTestId('editor-reference');
    await expect.poll(() => reference.innerText()).toBe('draft');

    await page.getByRole('button', { name: 'Save to service' }).click();
    await expect.poll(() => reference.innerText()).toBe(`Q${yy}-041`);
    expect((await bridge(page, 'quotations.get', { id: q.id })).quotationreference).toBe(`Q${yy}-041`);
    // nothing reached the service: the number was handed out here
    expect(app.host.sandbox!.data.quotations.all().filter((x) => x.quotationreference === `Q${yy}-041`)).toEqual([]);
    await screenshot(page, 'numbering-editor');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${base()}#/quotations`);
    await page
      .getByRole('row')
      .filter({ hasText: `Q${yy}-041` })
      .waitFor();
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('back online, a number another desk used first gives way to the next one, and the person is told', async () => {
    const sb = app.host.sandbox!;
    // while this desk was offline, another one saved a quotation under the same number
    const template = sb.data.quotations.all()[0]!;
    sb.data.quotations.set({ ...template, id: sb.data.nextId('quotations'), savename: 'other-desk', quotationreference: `Q${yy}-041`, sent: false });
    await app.host.setOnline(true);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => sb.data.quotations.all().find((x) => x.savename === 'other-desk' || x.quotationreference === `Q${yy}-042`)?.quotationreference ?? null, {
        timeout: 15_000,
      })
      .toBeTruthy();
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: quotationId })).quotationreference, { timeout: 15_000 }).toBe(`Q${yy}-042`);
    const ours = sb.data.quotations.all().filter((x) => x.quotationreference === `Q${yy}-042`);
    expect(ours).toHaveLength(1);
    expect(
      sb.data.quotations
        .all()
        .filter((x) => x.quotationreference === `Q${yy}-041`)
        .map((x) => x.savename),
    ).toEqual(['other-desk']);

    // in the list: what changed, with a way to the quotation
    const notices = page.getByTestId('numbering-notices');
    // the service refused it, or a pull showed it first: either way the person reads both numbers
    const text = new RegExp(
      `^Number Q${yy}-041 (was already used by another quotation on your account|belongs to a quotation made elsewhere on your account), so this quotation now has number Q${yy}-042\\.`,
    );
    await notices.getByText(text).waitFor();
    await screenshot(page, 'numbering-notices-list');
    expect(await axeViolations(page)).toEqual([]);
    await notices.getByRole('button', { name: `Open quotation Q${yy}-042` }).click();

    // in the quotation itself, until the person has read it
    const notice = page.getByTestId('numbering-notice');
    await expect.poll(() => notice.innerText()).toMatch(text);
    await expect.poll(() => page.getByTestId('editor-reference').innerText()).toBe(`Q${yy}-042`);
    await screenshot(page, 'numbering-notice-editor');
    expect(await axeViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Understood' }).click();
    await notice.waitFor({ state: 'detached' });
    // the notice goes at once; the dismissal is stored after
    await expect.poll(() => bridge(page, 'numbering.notices', {})).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
