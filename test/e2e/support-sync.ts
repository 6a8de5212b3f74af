// Waiting on the sync bar and taking the demo service off the network, for
// the end-to-end files that go offline.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { syncText, type App } from './support';

/**
 * What the desk was doing, for the message of a wait that timed out: the
 * outbox entries not done (when each may go next, why the last try failed),
 * the engine's view of the line, and the service's last requests.
 */
export function syncDiagnosis(app: App): string {
  const { core } = app.host;
  const now = Date.now();
  const entries = core.space.store.outbox
    .list()
    .map(
      (o) =>
        `#${o.id} ${o.kind} ${o.state}, ${o.attempts} tries, next in ${Math.round((Math.max(o.nextAttemptAt, o.holdUntil) - now) / 1000)} s` +
        (o.lastError ? `, last: ${o.lastError.kind} ${o.lastError.message}` : ''),
    );
  const c = core.sync.engine.connectivity;
  const requests = (core.sandbox?.requestLog() ?? []).slice(-8).map((r) => `${r.method} ${r.url} ${r.status}${r.fault ? ` ${r.fault}` : ''}`);
  return [
    `outbox: ${entries.join('; ') || 'empty'}`,
    `line: online ${String(c.online)}, doubtful ${String(c.doubtful)}, next probe ${String(c.nextProbeAt)}, service online ${String(core.isDemoOnline())}`,
    `last requests: ${requests.join('; ') || 'none'}`,
  ].join('\n');
}

/** Waits for the sync bar to say `text`; when it never does, the message says what the bar said last, and with `app` what the desk was doing. */
export async function waitForSync(page: Page, text: RegExp, timeout = 15_000, app?: App): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout });
  } catch (e) {
    const last = await syncText(page).catch(() => '(no sync bar)');
    throw new Error(`the sync bar never said ${text} in ${timeout} ms; it says: ${last}${app ? `\n${syncDiagnosis(app)}` : ''}`, { cause: e });
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
