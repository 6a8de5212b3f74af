// Keyboard first: keys typed straight after a shortcut land where the person
// is looking (the new line, the dialog's first field, the search field), and
// the focus comes back to the control in use after a dialog or a move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en', quotations: 2 });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

/** What has the focus: its aria-label, or its label's text, or its id. */
function focused(): Promise<{ label: string; id: string; col: string; row: string; value: string; tag: string }> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { activeElement: null | { id: string; tagName: string; value?: string; getAttribute(n: string): string | null; closest(s: string): null | { getAttribute(n: string): string | null }; labels?: ArrayLike<{ textContent: string | null }> } } }).document;
    const el = d.activeElement;
    if (!el) return { label: '', id: '', col: '', row: '', value: '', tag: '' };
    const label = el.getAttribute('aria-label') ?? (el.labels?.[0]?.textContent?.trim() ?? '');
    return { label, id: el.id, col: el.getAttribute('data-col') ?? '', row: el.closest('[data-line-id]')?.getAttribute('data-line-id') ?? '', value: el.value ?? '', tag: el.tagName.toLowerCase() };
  });
}

async function openQuotation(id: string): Promise<void> {
  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(id)}`);
  await page.getByRole('button', { name: 'Save to service' }).waitFor();
}

const header = (q: Awaited<ReturnType<typeof get>>) => ({ date: q.date, reference: q.reference, paymentcondition: q.paymentcondition, discount: q.discount, discounttype: q.discounttype });
const get = (id: string) => bridge(page, 'quotations.get', { id });

describe('typing straight after adding a line', () => {
  let id = '';
  beforeAll(async () => {
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    id = q.id;
    await bridge(page, 'quotations.update', { id, patch: { date: '2026-11-23', reference: { line1: 'Kantoor', line2: 'Verbouwing' }, paymentcondition: '14 days', discounttype: 'percentage', discount: 5 } });
    for (let i = 0; i < 300; i++) await bridge(page, 'lines.add', { quotationId: id, line: { amount: 1, description: `Line ${i + 1}`, price: 10, tax_rate: 21 } });
  }, 120_000);

  /** The header as the page shows it: none of it may change while a line is typed. */
  async function headerOnPage(): Promise<string[]> {
    return Promise.all(['#q-date', '#ref-1', '#ref-2', '#ref-3', '#q-paycond', '#q-dtype', '#q-discount'].map((sel) => page.locator(sel).inputValue()));
  }

  async function lastLines(n: number) {
    return (await get(id)).lines.slice(-n).map((l) => ({ amount: l.amount, amount_desc: l.amount_desc ?? '', description: l.description ?? '' }));
  }

  /** Types at 4 ms a key; a tab in the text is the Tab key, pressed as fast. */
  async function typeFast(text: string): Promise<void> {
    const parts = text.split('\t');
    for (const [i, part] of parts.entries()) {
      if (i > 0) await page.keyboard.press('Tab', { delay: 4 });
      await page.keyboard.type(part, { delay: 4 });
    }
  }

  it('puts every key typed at 4 ms straight after Alt+L, Enter on the last row and Alt+T in the new line', async () => {
    await openQuotation(id);
    const before = header(await get(id));
    const shown = await headerOnPage();
    // when the new row takes the focus, counted from the key that asks for it
    await page.evaluate(() => {
      const g = globalThis as unknown as { __t: { key: number; focus: number[] }; document: { addEventListener(t: string, f: (e: { key: string; target: { closest(s: string): unknown } }) => void, c: boolean): void }; performance: { now(): number } };
      g.__t = { key: 0, focus: [] };
      g.document.addEventListener('keydown', (e) => {
        if (e.key === 'l' || e.key === 'L' || e.key === '¬') g.__t.key = g.performance.now();
      }, true);
      g.document.addEventListener('focusin', (e) => {
        if (g.__t.key && e.target.closest('[data-pending]')) g.__t.focus.push(g.performance.now() - g.__t.key);
      }, true);
    });

    // Alt+L with the date field focused: the date must not change
    await page.locator('#q-date').focus();
    await page.keyboard.press('Alt+L');
    await typeFast('7\tuur\tFast line A');
    await expect.poll(() => lastLines(1), { timeout: 10_000 }).toEqual([{ amount: 7, amount_desc: 'uur', description: 'Fast line A' }]);
    const t = await page.evaluate(() => (globalThis as unknown as { __t: { focus: number[] } }).__t.focus);
    console.log(`Alt+L to the focus in the new row, 300 lines: ${t.map((x) => x.toFixed(1)).join(', ')} ms`);
    // the focus went along to the line itself, in the cell last typed in
    expect(await focused()).toMatchObject({ col: 'description', value: 'Fast line A' });
    expect((await focused()).row).toBe((await get(id)).lines[300]!.id);

    // Enter on the last row, typing at once
    await page.keyboard.press('Enter');
    await typeFast('3\tstuks\tFast line B');
    await expect.poll(() => lastLines(2), { timeout: 10_000 }).toEqual([
      { amount: 7, amount_desc: 'uur', description: 'Fast line A' },
      { amount: 3, amount_desc: 'stuks', description: 'Fast line B' },
    ]);

    // Alt+T from the discount and from a reference line
    await page.locator('#q-discount').focus();
    await page.keyboard.press('Alt+T');
    await page.keyboard.type('Fast text line C', { delay: 4 });
    await page.locator('#ref-2').focus();
    await page.keyboard.press('Alt+L');
    await typeFast('2,5\tm2\tFast line D');
    await expect.poll(() => lastLines(2), { timeout: 10_000 }).toEqual([
      { amount: undefined, amount_desc: '', description: 'Fast text line C' },
      { amount: 2.5, amount_desc: 'm2', description: 'Fast line D' },
    ]);

    const all = await get(id);
    expect(all.lines).toHaveLength(304);
    expect(all.lines[299]).toMatchObject({ amount: 1, description: 'Line 300', price: 10, tax_rate: 21 });
    expect(header(all)).toEqual(before);
    expect(await headerOnPage()).toEqual(shown);
    await screenshot(page, 'keyboard-fast-lines');
    expect(app.errors).toEqual([]);
  }, 60_000);
});
