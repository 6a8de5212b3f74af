// Waiting on the sync bar and taking the demo service off the network, for
// the end-to-end files that go offline.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { syncText, type App } from './support';

/** Waits for the sync bar to say `text`; when it never does, the message says what the bar said last. */
export async function waitForSync(page: Page, text: RegExp, timeout = 15_000): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout });
  } catch (e) {
    const last = await syncText(page).catch(() => '(no sync bar)');
    throw new Error(`the sync bar never said ${text} in ${timeout} ms; it says: ${last}`, { cause: e });
  }
}

/** Takes the service off the network; the app learns it from the next request that fails. */
export async function goOffline(app: App): Promise<void> {
  const { page } = app;
  await waitForSync(page, /Last sync|Laatst gesynchroniseerd/);
  await app.host.setOnline(false);
  await expect
    .poll(
      async () => {
        const text = await syncText(page);
        if (!/Offline/.test(text))
          await page
            .locator('.sync-actions button')
            .last()
            .click({ timeout: 1000 })
            .catch(() => undefined);
        return text;
      },
      { timeout: 15_000, interval: 400 },
    )
    .toMatch(/Offline/);
}
