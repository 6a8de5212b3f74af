// Settings, at the bottom of the page where an account is connected: why a
// Connect failed is said beside the Connect button, announced as it appears,
// with the focus left on the button; other errors stay at the top. And the
// banner of an account whose key is not in this computer's keychain says so,
// not that the service refused it, in English and Dutch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile, axeViolations, bridge, screenshot } from './support';
import { launchChromium, type Chromium } from '../helpers/chromium';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { startWebHost, type WebHost } from '../../electron/webhost/host';
import { createCore } from '../../electron/core';
import { MemoryKeychain } from '../../electron/keychain';

let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, user: 'bakkerij', key: 'key-bakkerij-7731', clients: 3, products: 2, quotations: 1 });
});
afterAll(async () => {
  await sb?.close();
});

/** Whether the element is the page's focused one. */
const focused = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);

describe('a Connect that fails', () => {
  const desk = appForFile({ language: 'en', viewport: { width: 1280, height: 720 } }, 120_000);

  async function connect(url: string, user: string, key: string): Promise<void> {
    await desk.page.locator('#a-url').fill(url);
    await desk.page.locator('#a-user').fill(user);
    await desk.page.locator('#a-key').fill(key);
    await desk.page.locator('form.connect button[type="submit"]').click();
  }

  it('says why beside the Connect button, announced, with the focus left on the button', async () => {
    await desk.page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await desk.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // nothing listens on port 9 of this computer
    await connect('http://127.0.0.1:9/api/v1', 'bakkerij', 'key-bakkerij-7731');
    const note = desk.page.getByTestId('connect-error');
    await note.waitFor();
    expect(await note.getAttribute('role')).toBe('alert');
    expect(await note.innerText()).toMatch(/^Not connected\. .+/);
    const button = desk.page.locator('form.connect button[type="submit"]');
    expect(await button.getAttribute('aria-describedby')).toBe('a-connect-error');
    expect(await focused(desk.page, 'form.connect button[type="submit"]')).toBe(true);
    // beside the button, both in view where the person pressed it; nothing at the top of the page
    const [b, n] = [(await button.boundingBox())!, (await note.boundingBox())!];
    expect(n.x).toBeGreaterThan(b.x + b.width - 1);
    expect(Math.abs(n.y - b.y)).toBeLessThan(40);
    expect(await note.isVisible()).toBe(true);
    expect(await desk.page.locator('.screen.settings > .error-note').count()).toBe(0);
    expect(await bridge(desk.page, 'account.list', {})).toEqual([]);
    await screenshot(desk.page, 'settings-connect-error');
    expect(await axeViolations(desk.page)).toEqual([]);
  }, 60_000);

  it('says a refused key there too, in Dutch, and clears it when the next Connect works', async () => {
    await desk.page.locator('#s-lang').selectOption('nl');
    await desk.page.getByRole('heading', { name: 'Instellingen', level: 1 }).waitFor();
    await connect(sb.url, 'bakkerij', 'niet-de-sleutel');
    const note = desk.page.getByTestId('connect-error');
    await expect.poll(() => note.innerText()).toMatch(/^Niet gekoppeld\. .+/);
    expect(await note.innerText()).not.toMatch(/\b(uw|u)\b/);
    expect(await focused(desk.page, 'form.connect button[type="submit"]')).toBe(true);
    await screenshot(desk.page, 'settings-connect-error-nl');
    expect(await axeViolations(desk.page)).toEqual([]);

    await connect(sb.url, 'bakkerij', 'key-bakkerij-7731');
    await expect.poll(() => note.count()).toBe(0);
    await expect.poll(async () => (await bridge(desk.page, 'account.list', {})).length).toBe(1);
    expect(desk.app.errors).toEqual([]);
  }, 60_000);
});

describe('an account whose key is not in the keychain', () => {
  let dataDir: string;
  let host: WebHost;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    // connected on this data folder, then started with a keychain that does not hold the key
    dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-key-missing-e2e-'));
    const first = await createCore({ dataDir, secrets: new MemoryKeychain(), autoSync: false });
    await first.handlers['account.connect']({ baseUrl: sb.url, username: 'bakkerij', apiKey: 'key-bakkerij-7731', displayName: 'Bakkerij' });
    await first.sync.engine.pull();
    await first.close();
    host = await startWebHost({ dataDir, port: 0, secrets: new MemoryKeychain() });
    browser = await launchChromium({ viewport: { width: 1280, height: 720 }, locale: 'en-GB' });
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(host.url);
    await bridge(page, 'settings.set', { language: 'en' });
    await page.reload();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the key is not in the keychain, not that the service refused it, in English and Dutch', async () => {
    const banner = page.getByTestId('key-missing-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toMatch(
      /^The API key is not in this computer's keychain, so nothing was sent to the service\. Enter the key again in Settings/,
    );
    expect(await page.locator('.banner.needs-key').count()).toBe(1);
    // the bar neither checks the line nor claims it: nothing goes until a key is entered
    await expect.poll(() => page.getByTestId('connection').innerText()).toBe('Not sending: an API key is needed');
    // its data is still there
    expect((await bridge(page, 'clients.list', {})).total).toBe(3);
    await screenshot(page, 'key-missing-banner');
    expect(await axeViolations(page)).toEqual([]);

    await bridge(page, 'settings.set', { language: 'nl' });
    await page.reload();
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/^De API-sleutel staat niet in de sleutelhanger van deze computer, dus er is niets naar de service gestuurd\./);
    await banner.getByRole('link').click();
    await page.getByRole('heading', { name: 'Instellingen', level: 1 }).waitFor();
    expect(await page.locator('.accounts .badge-attention').innerText()).toBe('API-sleutel niet in de sleutelhanger');
    await screenshot(page, 'key-missing-settings-nl');
  }, 60_000);
});
