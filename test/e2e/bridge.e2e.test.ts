// The app in Debian's Chromium over the web host: the page gets the bridge
// before its own scripts, calls it, receives its events, is refused without
// the token, and lives through the demo service going off the network and
// coming back, with screenshots of both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotPath, type Chromium } from '../helpers/chromium';
import { startTestWebHost, type TestWebHost } from '../helpers/webhost';
import type { SyncStatus } from '../../shared/bridge';

let host: TestWebHost;
let browser: Chromium;
let page: Page;
const pageErrors: string[] = [];

type PageWindow = typeof globalThis & {
  quotedesk: { host: string; invoke(op: string, input: unknown): Promise<unknown>; on(e: string, l: (p: unknown) => void): () => void };
  statuses: SyncStatus[];
};

function invoke(op: string, input: unknown): Promise<unknown> {
  return page.evaluate(([o, i]) => (globalThis as PageWindow).quotedesk.invoke(o, i), [op, input] as const);
}

async function control(online: boolean): Promise<unknown> {
  const res = await fetch(host.controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ online }) });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  host = await startTestWebHost({ clients: 4, products: 3, quotations: 2 });
  browser = await launchChromium({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  await page.goto(host.url);
  await page.getByTestId('demo-banner').waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

describe('the bridge in the page', () => {
  it('is window.quotedesk, in place before the app ran, and cannot be replaced', async () => {
    const r = await page.evaluate(() => {
      const w = globalThis as PageWindow;
      const d = Object.getOwnPropertyDescriptor(w, 'quotedesk');
      let replaced = true;
      try {
        (w as { quotedesk: unknown }).quotedesk = {};
      } catch {
        replaced = false;
      }
      return {
        host: w.quotedesk.host,
        keys: Object.keys(w.quotedesk).sort(),
        writable: d?.writable,
        configurable: d?.configurable,
        replaced: replaced && w.quotedesk.host !== 'web',
      };
    });
    expect(r).toEqual({ host: 'web', keys: ['host', 'invoke', 'on'], writable: false, configurable: false, replaced: false });
    expect(await page.locator('head script').first().getAttribute('src')).toBe('/__bridge/client.js');
    // the app itself got its data through it
    await expect(page.getByTestId('demo-banner').textContent()).resolves.toMatch(/demo/i);
  });

  it('answers calls from the page, with the demo data pulled into the local database', async () => {
    // nobody picked a language yet: the page follows its browser's
    expect(await invoke('settings.get', {})).toMatchObject({
      language: null,
      languagePicked: false,
      defaultSendmethod: expect.stringMatching(/^(email|mail|printcenter)$/),
    });
    await page.waitForFunction(
      async () => ((await (globalThis as PageWindow).quotedesk.invoke('clients.list', { includeInactive: true })) as { total: number }).total === 4,
    );
    const status = (await invoke('sync.status', {})) as SyncStatus;
    expect(status).toMatchObject({ account: 'demo', online: true });
  });

  it('rejects a malformed call with a BridgeError the UI can show', async () => {
    const e = await page.evaluate(async () => {
      try {
        await (globalThis as PageWindow).quotedesk.invoke('quotations.get', { id: 42, extra: true });
        return null;
      } catch (err) {
        const b = err as Error & { kind: string; messageKey: string; fieldErrors?: { field: string }[] };
        return { isError: b instanceof Error, name: b.name, kind: b.kind, messageKey: b.messageKey, fields: b.fieldErrors?.map((f) => f.field).sort() };
      }
    });
    expect(e).toEqual({ isError: true, name: 'BridgeError', kind: 'invalid_request', messageKey: 'bridge.invalid_request', fields: ['', 'id'] });
  });

  it('is refused to a request without the token, even from the page itself', async () => {
    const r = await page.evaluate(async () => {
      const res = await fetch('/__bridge/invoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ op: 'settings.get', input: {} }),
      });
      return { status: res.status, body: (await res.json()) as { ok: boolean; error: { kind: string } } };
    });
    expect(r).toEqual({ status: 403, body: { ok: false, error: expect.objectContaining({ kind: 'untrusted_sender' }) } });
  });
});

describe('off the network and back', () => {
  it('keeps working offline and sends the work when the network is back', async () => {
    await page.evaluate(() => {
      const w = globalThis as PageWindow;
      w.statuses = [];
      w.quotedesk.on('sync.status', (s) => w.statuses.push(s as SyncStatus));
    });

    expect(await control(false)).toEqual({ online: false });
    expect(host.sandbox?.online).toBe(false);
    const client = (await invoke('clients.create', { fields: { company: 'Treinwerk B.V.', email: 'info@treinwerk.nl' } })) as { id: string };
    await page
      .getByRole('status')
      .getByText(/offline/i)
      .waitFor();
    await page.waitForFunction(() => (globalThis as PageWindow).statuses.some((s) => !s.online && s.pending >= 1));
    expect(((await invoke('clients.get', { id: client.id })) as { clientnr: number | null }).clientnr).toBeNull();
    await page.screenshot({ path: screenshotPath('bridge-offline') });

    expect(await control(true)).toEqual({ online: true });
    await page
      .getByRole('status')
      .getByText(/online/i)
      .waitFor();
    await page.waitForFunction(() => (globalThis as PageWindow).statuses.some((s) => s.online && s.pending === 0));
    const pushed = (await invoke('clients.get', { id: client.id })) as { clientnr: number | null; state: string };
    expect(pushed.clientnr).not.toBeNull();
    expect(pushed.state).toBe('synced');
    expect(host.sandbox!.data.clients.all().filter((c) => c.company === 'Treinwerk B.V.')).toHaveLength(1);
    await page.getByTestId('pending').getByText(/^0 /).waitFor();
    await page.screenshot({ path: screenshotPath('bridge-online') });
  });

  it('showed no errors in the page but the refusal it asked for', () => {
    expect(pageErrors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
  });
});
