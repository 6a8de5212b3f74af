// A sync status set by the test, laid over what the page's own bridge client
// reads and is told: the page runs as always, and a script put in before its
// bridge client lays the test's fields over every sync.status it reads or is
// told. So the sync bar can be shown in any state (trouble, a wait, a low
// budget) without making the service misbehave for it.
import type { Page } from 'playwright-core';
import type { SyncStatus } from '../../shared/bridge';

/**
 * Laid over the page's bridge client before it is made: its fetch and its
 * event stream. Every sync.status read or told gets `__qd.status`'s fields;
 * `__qd.tell` tells one at once; `__qd.calls` lists the operations called.
 */
export const STATUS_OVERLAY = `(() => {
  // bump: each tell counts one up, and every status laid over is made after those laid over before it
  // (the page keeps the status made last: a read under way with the fields before is not shown after the tell)
  const qd = { status: null, last: null, calls: [], listeners: [], bump: 0 };
  window.__qd = qd;
  const seen = (s) => { if (!qd.last || (s.seq ?? 0) >= (qd.last.seq ?? 0)) qd.last = s; };
  const over = (s) => ({ ...s, ...(qd.status ?? {}), seq: (s.seq ?? 0) + qd.bump });
  const RealSource = window.EventSource;
  window.EventSource = class extends RealSource {
    addEventListener(type, listener, opts) {
      if (type !== 'message') return super.addEventListener(type, listener, opts);
      qd.listeners.push(listener);
      return super.addEventListener(type, (e) => {
        let msg;
        try { msg = JSON.parse(e.data); } catch { return listener(e); }
        if (msg.event === 'sync.status') { seen(msg.payload); msg = { ...msg, payload: over(msg.payload) }; }
        listener({ data: JSON.stringify(msg) });
      }, opts);
    }
  };
  const realFetch = window.fetch.bind(window);
  window.fetch = async (url, init) => {
    const res = await realFetch(url, init);
    if (typeof url !== 'string' || !url.startsWith('/__bridge/invoke') || !init || !init.body) return res;
    const { op, input } = JSON.parse(init.body);
    qd.calls.push({ op, input });
    if (op !== 'sync.status') return res;
    const body = await res.json();
    if (body.ok) { seen(body.value); body.value = over(body.value); }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  qd.tell = (fields) => {
    qd.status = fields;
    qd.bump++;
    const payload = over(qd.last);
    for (const l of qd.listeners) l({ data: JSON.stringify({ event: 'sync.status', payload }) });
  };
})();`;

/** Puts the overlay into the page and reloads it, waiting for the page to have read a status. */
export async function installStatusOverlay(page: Page): Promise<void> {
  await page.addInitScript({ content: STATUS_OVERLAY });
  await page.reload();
  await page.locator('footer.syncbar').waitFor();
  await page.waitForFunction(() => (globalThis as unknown as { __qd?: { last: unknown } }).__qd?.last !== null);
}

/** Lays `fields` over the status the page shows, and tells it now; null takes the overlay off. */
export async function tellStatus(page: Page, fields: Partial<SyncStatus> | null): Promise<void> {
  await page.evaluate((f) => (globalThis as unknown as { __qd: { tell(f: unknown): void } }).__qd.tell(f), fields);
}

/** The operations the page called with their inputs, since the overlay was put in. */
export async function calledOps(page: Page, op: string): Promise<unknown[]> {
  return page.evaluate(
    (o) => (globalThis as unknown as { __qd: { calls: { op: string; input: unknown }[] } }).__qd.calls.filter((c) => c.op === o).map((c) => c.input),
    op,
  );
}
