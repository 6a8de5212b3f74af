// Waiting on the sync bar and taking the demo service off the network, for
// the end-to-end files that go offline.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { syncText, type App } from './support';

export async function waitForSync(page: Page, text: RegExp, timeout = 15_000): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout });
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
