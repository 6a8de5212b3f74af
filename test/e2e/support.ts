// What the end-to-end files share: the web host with its demo sandbox, one
// Chromium per file, the page's own bridge for setting up data, screenshots
// and an axe-core scan.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotPath, type Chromium } from '../helpers/chromium';
import { startTestWebHost, type TestWebHost, type TestWebHostOptions } from '../helpers/webhost';
import type { OperationInput, OperationName, OperationResults } from '../../shared/bridge';
import { afterAll, beforeAll } from 'vitest';

export interface App {
  host: TestWebHost;
  browser: Chromium;
  page: Page;
  /** page errors and console errors seen so far */
  errors: string[];
  close(): Promise<void>;
}

export async function openApp(
  opts: TestWebHostOptions & {
    language?: 'nl' | 'en';
    viewport?: { width: number; height: number };
    /** scrollbars that take room from the page, as in Electron (headless Chromium hides them) */
    scrollbars?: boolean;
  } = {},
): Promise<App> {
  // the demo catalogue (products at 21, 9 and 0% VAT), a few generated clients and quotations
  const host = await startTestWebHost({ clients: 3, quotations: 2, ...opts });
  let browser: Chromium | null = null;
  try {
    browser = await launchChromium({ viewport: opts.viewport ?? { width: 1366, height: 900 }, locale: 'en-GB', scrollbars: opts.scrollbars });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.setDefaultTimeout(10_000);
    await page.goto(host.url);
    await page
      .getByRole('status')
      .filter({ hasText: /pending|in wachtrij/ })
      .waitFor();
    if (opts.language) {
      await bridge(page, 'settings.set', { language: opts.language });
      await page.reload();
      await page
        .getByRole('status')
        .filter({ hasText: /pending|in wachtrij/ })
        .waitFor();
    }
    const b = browser;
    return {
      host,
      browser: b,
      page,
      errors,
      async close() {
        await b.close();
        await host.close();
      },
    };
  } catch (e) {
    await browser?.close();
    await host.close();
    throw e;
  }
}

/** Calls the bridge from inside the page, as the app does (for setting up and checking data). */
export async function bridge<N extends OperationName>(page: Page, op: N, input: OperationInput<N>): Promise<OperationResults[N]> {
  return page.evaluate(([o, i]) => (globalThis as unknown as { quotedesk: { invoke(op: string, input: unknown): Promise<never> } }).quotedesk.invoke(o, i), [
    op,
    input,
  ] as const);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(name) });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Serious and critical axe-core violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the devtools protocol, so the page's CSP does not apply
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const g = globalThis as unknown as {
      document: unknown;
      axe: {
        run(
          ctx: unknown,
          opts: unknown,
        ): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
      };
    };
    const r = await g.axe.run(g.document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The sync bar's text, e.g. "Online · 0 pending · …". */
export async function syncText(page: Page): Promise<string> {
  return (
    await page
      .getByRole('status')
      .filter({ hasText: /pending|in wachtrij/ })
      .innerText()
  ).replace(/\s+/g, ' ');
}

type OpenOptions = Parameters<typeof openApp>[0];

/**
 * The app for one test file (or one describe block, called inside it): opened
 * in Chromium before its tests, closed after them; `hookTimeout` is the limit
 * for opening it.
 */
export function appForFile(opts: OpenOptions = {}, hookTimeout = 90_000): { readonly app: App; readonly page: Page } {
  let app: App | null = null;
  beforeAll(async () => {
    app = await openApp(opts);
  }, hookTimeout);
  afterAll(async () => {
    await app?.close();
  });
  const opened = () => {
    if (!app) throw new Error('The app is not open: use it inside a test, after beforeAll.');
    return app;
  };
  return {
    get app() {
      return opened();
    },
    get page() {
      return opened().page;
    },
  };
}

/** A Dutch interior studio's company details, as the document tests print them. */
export const STUDIO = {
  name: 'Studio Verhoef Interieur',
  street: 'Oudegracht 112',
  postcode: '3511 AX',
  city: 'Utrecht',
  country: 'Nederland',
  vatNumber: 'NL001234567B01',
  cocNumber: '30123456',
  iban: 'NL91 ABNA 0417 1643 00',
  email: 'hallo@studioverhoef.nl',
  phone: '030 231 4455',
} as const;

/** Sets the company details the document shows (STUDIO, with other fields where given). */
export async function setCompany(page: Page, fields: Partial<Record<keyof typeof STUDIO, string>> = {}): Promise<void> {
  await bridge(page, 'company.set', { fields: { ...STUDIO, ...fields } });
}

/** The studio's logo, a small SVG, as the document tests print it. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48"><rect width="48" height="48" rx="8" fill="#1f5fbf"/><text x="58" y="32" font-family="sans-serif" font-size="20" fill="#1d2330">Studio</text></svg>';

/** Sets LOGO_SVG as the company's logo. */
export async function setLogo(page: Page): Promise<void> {
  await bridge(page, 'company.setLogo', { type: 'image/svg+xml', dataBase64: Buffer.from(LOGO_SVG).toString('base64') });
}
