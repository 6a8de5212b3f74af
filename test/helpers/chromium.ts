// Debian's Chromium driven by playwright-core: no browser download. One
// browser per test file; each launch gets a fresh profile folder that is
// removed on close.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Chromium {
  context: BrowserContext;
  /** a new tab; closed with the browser */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(opts: { viewport?: { width: number; height: number }; locale?: string; scrollbars?: boolean } = {}): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'quotedesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    // headless Chromium hides scrollbars by default; Electron's take room from the page, and a layout test must see them
    ...(opts.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    locale: opts.locale ?? 'en-US',
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where screenshots go (gitignored); returns the file path for `name`. */
export function screenshotPath(name: string): string {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name.endsWith('.png') ? name : `${name}.png`);
}
