// A calm moment looks calm, in Dutch, in Chromium through the web host: after
// a while idle the bar says the desk is up to date, not when the service was
// last reached; the hour's budget only when it matters (a quarter or less
// left, or work waiting on it); trouble still said at once. Settings keeps
// the technical settings under Geavanceerd, closed; the demo's banner knows
// an account is connected and offers to switch to it.
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { appForFile, axeViolations, bridge, screenshot } from './support';
import { installStatusOverlay, tellStatus } from './status-overlay';

const desk = appForFile({ language: 'nl', viewport: { width: 1024, height: 640 }, scrollbars: true });
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const said = async (testId: string) => (await desk.page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();
const barText = async () => (await desk.page.locator('footer.syncbar').innerText()).replace(/\s+/g, ' ');

describe('the sync bar while all is well', () => {
  it('says the desk is up to date after a few minutes idle, leaves a full budget to its details, and names the last answer or trouble only when there is cause', async () => {
    const { page } = desk;
    await installStatusOverlay(page);
    await tellStatus(page, {
      online: true,
      checking: false,
      lastReachedAt: iso(Date.now() - 3 * MIN),
      waitingSince: null,
      lastPullFailure: null,
      lastPushFailure: null,
      readingWaits: null,
      pending: 0,
      budget: { limit: 1000, remaining: 992, reserve: 200, resetsAt: iso(Date.now() + 40 * MIN) },
    });
    await expect.poll(() => said('connection')).toBe('Bijgewerkt');
    expect(await page.getByTestId('connection').getAttribute('class')).toContain('on');
    expect(await barText()).not.toMatch(/laatst bereikt|verzoeken|tegoed/);
    expect(await page.getByTestId('budget').count()).toBe(0);
    await screenshot(page, 'calm-bar-nl-1024');
    // the details still tell the budget to whoever looks
    await page.getByTestId('sync-details-toggle').click();
    expect(await said('details-budget')).toMatch(/^Nog 992 van 1000 verzoeken, nieuw tegoed uiterlijk \d\d:\d\d$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('sync-details').waitFor({ state: 'detached' });

    // the time the service was last reached, only once that is longer ago than the pull interval
    const at = iso(Date.now() - 15 * MIN);
    const time = await page.evaluate((a) => new Date(a).toLocaleTimeString('nl-NL', { hour: '2-digit', minute: '2-digit' }), at);
    await tellStatus(page, { online: true, checking: false, lastReachedAt: at, waitingSince: null, lastPullFailure: null, lastPushFailure: null });
    await expect.poll(() => said('connection')).toBe(`Service laatst bereikt om ${time}`);

    // trouble and a wait for an answer are said at once, as before
    const sent = iso(Date.now() - 15_000);
    const sentAt = await page.evaluate((a) => new Date(a).toLocaleTimeString('nl-NL', { hour: '2-digit', minute: '2-digit' }), sent);
    await tellStatus(page, { online: true, checking: false, lastReachedAt: iso(Date.now() - 20_000), waitingSince: sent, pending: 1 });
    await expect.poll(() => said('connection')).toBe(`Wacht op antwoord van de service sinds ${sentAt}`);
    await tellStatus(page, {
      online: true,
      checking: false,
      lastReachedAt: iso(Date.now() - 2 * MIN),
      lastOkAt: iso(Date.now() - 3 * MIN),
      waitingSince: null,
      lastPushFailure: { kind: 'server', messageKey: 'api.server', params: {}, at: iso(Date.now() - 2 * MIN) },
    });
    await expect.poll(() => said('connection')).toBe('De service antwoordt met fouten');
    await page.getByTestId('trouble-details').waitFor();
    await tellStatus(page, null);
  });

  it('names the budget with a quarter or less left, in fewer words in a narrow window', async () => {
    const { page } = desk;
    await tellStatus(page, {
      online: true,
      checking: false,
      lastReachedAt: iso(Date.now() - 5_000),
      readingWaits: null,
      budget: { limit: 1000, remaining: 180, reserve: 200, resetsAt: null },
    });
    await expect.poll(() => said('budget')).toBe('Nog 180 van 1000 verzoeken');
    await page.setViewportSize({ width: 1366, height: 768 });
    try {
      await expect.poll(() => said('budget')).toBe('Nog 180 van 1000 verzoeken, nieuw tegoed binnen het uur');
    } finally {
      await page.setViewportSize({ width: 1024, height: 640 });
    }
  });
});

describe('Settings', () => {
  it('keeps the technical settings under Geavanceerd, closed until opened', async () => {
    const { page } = desk;
    await page.goto(`${desk.app.host.url.split('#')[0]}#/settings`);
    await page.getByRole('heading', { name: 'Instellingen', level: 1 }).waitFor();
    await page.getByLabel('Taal').waitFor();
    const wait = page.getByLabel('Langste wachttijd op één antwoord van de service (seconden)');
    const advanced = page.getByTestId('advanced-settings');
    expect(await advanced.getAttribute('open')).toBeNull();
    for (const text of ['Verzoeken aan de service', 'Langste wachttijd op één antwoord van de service (seconden)'])
      expect(await page.getByText(text, { exact: true }).isVisible()).toBe(false);
    expect(await wait.isVisible()).toBe(false);
    // the section kept from before: what the service fills in
    expect(await page.getByRole('heading', { name: 'Wat de service invult' }).isVisible()).toBe(true);
    await advanced.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await screenshot(page, 'settings-advanced-closed-nl-1024');
    await page.getByText('Geavanceerd', { exact: true }).click();
    await wait.waitFor();
    expect(await wait.inputValue()).toBe('120');
    expect(await page.getByRole('heading', { name: 'Verzoeken aan de service' }).isVisible()).toBe(true);
    await advanced.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'settings-advanced-nl-1024');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the demo banner', () => {
  it('knows an account is connected, and switches to it', async () => {
    const { page } = desk;
    await page.goto(`${desk.app.host.url.split('#')[0]}#/quotations`);
    const banner = page.getByTestId('demo-banner');
    await banner.waitFor();
    const service = await startSandbox({ user: 'acme', key: 'acme-key', clients: 2, products: 1, quotations: 1, quiet: true });
    try {
      await bridge(page, 'account.connect', { baseUrl: service.url, username: 'acme', apiKey: 'acme-key', displayName: 'Schildersbedrijf De Kwast' });
      await banner.waitFor({ state: 'detached' });
      // back to the demo, with the account still connected
      await bridge(page, 'account.setActive', { id: null });
      await expect
        .poll(() => banner.innerText())
        .toBe('Demomodus: je werkt met voorbeeldgegevens, niet met je account Schildersbedrijf De Kwast. Overschakelen naar Schildersbedrijf De Kwast');
      expect(await banner.innerText()).not.toMatch(/Koppel je account/);
      await screenshot(page, 'demo-banner-account-nl');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Overschakelen naar Schildersbedrijf De Kwast' }).click();
      await banner.waitFor({ state: 'detached' });
      await expect.poll(async () => (await bridge(page, 'sync.status', {})).account).toBe('connected');
      await bridge(page, 'account.setActive', { id: null });
    } finally {
      await service.close();
    }
    expect(desk.app.errors).toEqual([]);
  });
});
