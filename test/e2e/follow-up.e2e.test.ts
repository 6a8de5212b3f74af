// The follow-up list in Chromium: sent quotations that wait for an answer,
// an expired one at the top said in words; approving one from there; the
// quotation list sorted by each column head (mouse and keyboard, both ways,
// kept while moving around) and searched without accents; nl and en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { waitForSync } from './support-sync';
import type { QuotationSummary, SortKey } from '../../shared/bridge';
import { fold } from '../../shared/fold';

let app: App;
let page: Page;
beforeAll(async () => {
  // the demo data: its clients (Café 't Hoekje among them) and its quotations, some sent long ago
  app = await openApp({ language: 'en', clients: undefined, quotations: undefined });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const base = () => app.host.url.split('#')[0];
const ids: { expired: string; fresh: string } = { expired: '', fresh: '' };

async function clientNamed(name: string) {
  const hit = (await bridge(page, 'clients.list', { query: name })).items[0];
  if (!hit) throw new Error(`no client ${name} in the demo data`);
  return hit;
}

/** A quotation of one line, sent by e-mail; its id once the service has it. */
async function sent(clientName: string, price: number): Promise<string> {
  const client = await clientNamed(clientName);
  const q = await bridge(page, 'quotations.create', { clientId: client.id });
  await bridge(page, 'quotations.update', { id: q.id, patch: { quotationperiod: 30 } });
  await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, price, tax_rate: 21, description: 'Advies' } });
  await bridge(page, 'quotations.send', { id: q.id, sendmethod: 'email' });
  await expect.poll(async () => (await bridge(page, 'quotations.get', { id: q.id })).state, { timeout: 15_000 }).toBe('sent');
  return q.id;
}

describe('follow-up', () => {
  it('lists the quotations that wait for an answer, the expired one first and said in words', async () => {
    await waitForSync(page, /Last sync/);
    ids.expired = await sent("Café 't Hoekje", 250);
    ids.fresh = await sent('Studio Lindeboom', 120);
    // the service dated the first one long ago: its validity ended on 19 January
    const sb = app.host.sandbox!;
    const serverId = (await bridge(page, 'quotations.get', { id: ids.expired })).serverId!;
    const rec = sb.data.quotations.all().find((r) => r.id === serverId)!;
    sb.data.quotations.set({ ...rec, date: '2026-01-05', datedue: '2026-01-19' });
    await bridge(page, 'sync.pullNow', {});
    await expect
      .poll(async () => (await bridge(page, 'quotations.followUp', {})).items.find((q) => q.id === ids.expired)?.expired, { timeout: 15_000 })
      .toBe(true);

    await page.goto(`${base()}#/followup`);
    const list = page.getByTestId('follow-up-list');
    await list.waitFor();
    expect(await page.getByRole('link', { name: 'Follow-up' }).getAttribute('aria-current')).toBe('page');
    const rows = list.locator('tbody tr[data-quotation-id]');
    const expiredRow = list.locator(`tr[data-quotation-id="${ids.expired}"]`);
    const days = Math.round((Date.parse(new Date().toLocaleDateString('sv-SE')) - Date.parse('2026-01-19')) / 86_400_000);
    expect(await expiredRow.getByTestId('validity').innerText()).toBe(`19 Jan 2026\nExpired, ${days} days ago`);
    const freshRow = list.locator(`tr[data-quotation-id="${ids.fresh}"]`);
    expect(await freshRow.getByTestId('validity').innerText()).toMatch(/(29|30) days left/);
    const answer = await bridge(page, 'quotations.followUp', {});
    const items = answer.items;
    // a few here: one page holds them all, and the count of the expired is the whole list's
    expect(answer.total).toBe(items.length);
    const expiredCount = items.filter((q) => q.expired).length;
    expect(expiredCount).toBeGreaterThan(0);
    expect(answer.expired).toBe(expiredCount);
    expect(await page.getByTestId('expired-count').innerText()).toContain(
      expiredCount === 1 ? '1 quotation has expired' : `${expiredCount.toLocaleString('en-GB')} quotations have expired`,
    );
    // every row is in the validity order the bridge gives
    const order = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-quotation-id')));
    expect(order).toEqual(items.map((q) => q.id));
    expect(order.indexOf(ids.expired)).toBeLessThan(order.indexOf(ids.fresh));
    // every expired one is before every one still valid, and none is approved, completed or declined
    expect(items.findIndex((q) => !q.expired)).toBe(expiredCount);
    expect(items.every((q) => q.state !== 'approved' && q.customstatus !== 'completed' && q.customstatus !== 'declined')).toBe(true);
    const dues = items.map((q) => q.datedue ?? '9999');
    expect([...dues].sort()).toEqual(dues);
    await screenshot(page, 'follow-up-list');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 90_000);

  it('approves a quotation from there: the approval goes to the service and the quotation leaves the list', async () => {
    const button = page.getByRole('button', { name: "Follow up: Café 't Hoekje" });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByTestId('follow-up-panel');
    await panel.waitFor();
    await panel.getByTestId('signing-link').waitFor();
    // today, shown day first as the English UI shows dates (not the browser's way)
    expect(await panel.getByLabel('Date', { exact: true }).inputValue()).toBe(new Date().toLocaleDateString('en-GB'));
    await panel.getByLabel('Name', { exact: true }).fill('Kees de Wit');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'follow-up-panel');
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Mark approved' }).click();
    await expect.poll(() => page.getByTestId('follow-up-news').innerText()).toContain("Quotation for Café 't Hoekje marked approved");
    await expect.poll(() => page.locator(`tr[data-quotation-id="${ids.expired}"]`).count()).toBe(0);
    expect(await page.getByTestId('follow-up-panel').count()).toBe(0);
    // the service has it, once
    await expect.poll(async () => (await bridge(page, 'quotations.get', { id: ids.expired })).state, { timeout: 15_000 }).toBe('approved');
    const serverId = (await bridge(page, 'quotations.get', { id: ids.expired })).serverId!;
    expect(app.host.sandbox!.data.quotations.all().find((r) => r.id === serverId)?.approved?.name).toBe('Kees de Wit');
    expect(await page.locator(`tr[data-quotation-id="${ids.fresh}"]`).count()).toBe(1);
    await screenshot(page, 'follow-up-approved');
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('sets a custom status from there: completed takes the quotation off the list', async () => {
    const waiting = (await bridge(page, 'quotations.followUp', {})).items;
    const target = waiting.find((q) => q.client?.name === 'Tuinhuis De Linde')!;
    expect(target).toBeTruthy();
    await page.getByRole('button', { name: 'Follow up: Tuinhuis De Linde' }).click();
    const panel = page.getByTestId('follow-up-panel');
    await panel.getByRole('combobox', { name: 'Custom status' }).selectOption('completed');
    await panel.getByRole('button', { name: 'Set status' }).click();
    await expect.poll(() => page.getByTestId('follow-up-news').innerText()).toContain('Status of the quotation for Tuinhuis De Linde set.');
    await expect.poll(() => page.locator(`tr[data-quotation-id="${target.id}"]`).count()).toBe(0);
    await expect.poll(() => app.host.sandbox!.data.quotations.all().find((r) => r.id === target.serverId)?.customstatus, { timeout: 15_000 }).toBe('completed');
    expect(app.errors).toEqual([]);
  }, 60_000);

  it('duplicates a waiting quotation into a new draft from the panel', async () => {
    const before = (await bridge(page, 'quotations.list', {})).items.length;
    await page.getByRole('button', { name: 'Follow up: Studio Lindeboom' }).click();
    await page.getByTestId('follow-up-panel').getByRole('button', { name: 'Duplicate as new draft' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/quotations\/[^/]+$/);
    const copyId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
    expect(copyId).not.toBe(ids.fresh);
    const copy = await bridge(page, 'quotations.get', { id: copyId });
    expect(copy.sent).toBe(false);
    expect(copy.client?.name).toBe('Studio Lindeboom');
    expect(copy.lines.map((l) => l.price)).toEqual([120]);
    expect((await bridge(page, 'quotations.list', {})).items.length).toBe(before + 1);
  }, 60_000);
});

describe('the quotation list', () => {
  const STATE_ORDER = ['conflict', 'attention', 'local', 'saved', 'pending', 'sent', 'approved'];
  const keyOf = (q: QuotationSummary, key: SortKey): string | number | null => {
    if (key === 'date') return q.date;
    if (key === 'client') return q.client?.name ? fold(q.client.name) : null;
    if (key === 'total') return Number(q.totalintax);
    return STATE_ORDER.indexOf(q.state);
  };

  async function shownOrder(): Promise<string[]> {
    return page.locator('table.list tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-quotation-id')!));
  }

  it('sorts by each column head, both ways, with the mouse and the keyboard', async () => {
    await page.goto(`${base()}#/quotations`);
    await page.locator('table.list tbody tr').first().waitFor();
    const heads: Array<[SortKey, string]> = [
      ['date', 'Date'],
      ['client', 'Client'],
      ['total', 'Total incl. tax'],
      ['state', 'State'],
    ];
    for (const [key, label] of heads) {
      const head = page.getByRole('columnheader', { name: label });
      const button = head.getByRole('button');
      for (const dir of ['asc', 'desc'] as const) {
        // the first sort by the mouse, the second by the keyboard
        if (dir === 'asc') await button.click();
        else {
          await button.focus();
          await page.keyboard.press('Enter');
        }
        await expect.poll(() => head.getAttribute('aria-sort')).toBe(dir === 'asc' ? 'ascending' : 'descending');
        const wanted = (await bridge(page, 'quotations.list', { sort: { key, dir } })).items;
        await expect.poll(shownOrder).toEqual(wanted.map((q) => q.id));
        // and that order is the column's: empty values last, then by the value
        const keys = wanted.map((q) => keyOf(q, key));
        const filled = keys.filter((k) => k !== null);
        expect(keys.slice(0, filled.length)).toEqual(filled);
        const sorted = [...filled].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
        expect(filled).toEqual(dir === 'asc' ? sorted : sorted.reverse());
        // only one head says it sorts
        expect(await page.locator('th[aria-sort]').count()).toBe(1);
      }
      if (key === 'total') await screenshot(page, 'quotations-sorted-total');
    }
    expect(await axeViolations(page)).toEqual([]);

    // kept while the person moves around
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Quotations', exact: true }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'State' }).getAttribute('aria-sort')).toBe('descending');
    expect(await shownOrder()).toEqual((await bridge(page, 'quotations.list', { sort: { key: 'state', dir: 'desc' } })).items.map((q) => q.id));
    await screenshot(page, 'quotations-sorted-state');
    expect(app.errors).toEqual([]);
  }, 90_000);

  it('finds Café by "cafe"', async () => {
    const search = page.getByRole('searchbox', { name: 'Search quotations' });
    await search.fill('cafe');
    const rows = page.locator('table.list tbody tr');
    const all = (await bridge(page, 'quotations.list', {})).items;
    const cafe = all.filter((q) => q.client?.name === "Café 't Hoekje").length;
    expect(cafe).toBeGreaterThan(0);
    // the rows of the list before stay until the search's answer is there
    const names = () => rows.locator('td:first-child').allInnerTexts();
    await expect.poll(async () => (await names()).map((n) => n.includes("Café 't Hoekje"))).toEqual(Array<boolean>(cafe).fill(true));
    await screenshot(page, 'quotations-search-cafe');
    expect(await axeViolations(page)).toEqual([]);
    await search.fill('');
  }, 30_000);

  it('reads in Dutch', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.goto(`${base()}#/followup`);
    await page.reload();
    await page.getByRole('heading', { name: 'Opvolgen', level: 1 }).waitFor();
    await page.getByTestId('follow-up-list').waitFor();
    expect(await page.locator(`tr[data-quotation-id="${ids.fresh}"]`).getByTestId('validity').innerText()).toMatch(/Nog (29|30) dagen/);
    await page.getByRole('button', { name: 'Opvolgen: Studio Lindeboom' }).click();
    await page.getByTestId('follow-up-panel').waitFor();
    await screenshot(page, 'follow-up-nl');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${base()}#/quotations`);
    const head = page.getByRole('columnheader', { name: 'Klant' });
    await head.getByRole('button').click();
    await expect.poll(() => head.getAttribute('aria-sort')).toBe('ascending');
    await screenshot(page, 'quotations-sorted-nl');
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
