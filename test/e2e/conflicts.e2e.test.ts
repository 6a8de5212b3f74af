// A draft changed here and on the service: the conflict dialog shows both
// versions of what both changed, and each of the three resolutions does
// what it says, keeping what changed on one side only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { goOffline, waitForSync } from './support-sync';

let app: App;
let page: Page;
beforeAll(async () => {
  app = await openApp({ language: 'en' });
  page = app.page;
}, 90_000);
afterAll(async () => {
  await app?.close();
});

describe('conflicts', () => {
  it('resolves a draft conflict each of the three ways', async () => {
    const clients = await bridge(page, 'clients.list', { limit: 3 });
    const ids: string[] = [];
    for (const [i, c] of clients.items.slice(0, 3).entries()) {
      const q = await bridge(page, 'quotations.create', { clientId: c.id });
      await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, price: 100 + i, tax_rate: 21, description: `Werk ${i}` } });
      await bridge(page, 'quotations.saveToService', { id: q.id });
      ids.push(q.id);
    }
    await waitForSync(page, /Online · 0 pending/, 20_000, app);
    const serverIds = await Promise.all(ids.map(async (id) => (await bridge(page, 'quotations.get', { id })).serverId!));
    expect(serverIds.every((n) => typeof n === 'number')).toBe(true);

    await goOffline(app);
    const data = app.host.sandbox!.data;
    for (const [i, id] of ids.entries()) {
      await bridge(page, 'quotations.update', { id, patch: { notes: `Mijn notitie ${i}` } });
      await bridge(page, 'quotations.saveToService', { id });
      data.quotations.patch(serverIds[i]!, { notes: `Hun notitie ${i}`, paymentcondition: `Hun voorwaarde ${i}` });
    }
    await app.host.setOnline(true);
    await page.getByRole('button', { name: 'Conflicts (3)' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Resolve conflict' });
    await dialog.getByRole('cell', { name: 'Mijn notitie', exact: false }).first().waitFor();
    // the saves the conflicts hold back are the conflict dialog's, not "needs attention" as well
    expect(await page.getByRole('button', { name: /^Needs attention/ }).count()).toBe(0);
    await screenshot(page, 'conflict-dialog');
    expect(await axeViolations(page)).toEqual([]);
    // only what changed on both sides, by the editor's labels; the service's defaults and empties are no difference
    expect(await dialog.getByRole('rowheader').allInnerTexts()).toEqual(['Internal notes']);
    await dialog.getByText('Changed only on the service: Payment condition.').waitFor();
    await dialog.getByText('Changes made on one side only are kept, whichever you choose.').waitFor();

    const resolvedAs: Record<string, 'mine' | 'theirs' | 'both'> = {};
    for (const [resolution, button] of [
      ['mine', 'Keep the one here'],
      ['theirs', 'Take the one on the service'],
      ['both', 'Keep both'],
    ] as const) {
      const open = await bridge(page, 'conflicts.list', {});
      const shown = open[0]!;
      expect(JSON.stringify(shown.mine)).toContain('Mijn notitie');
      expect(JSON.stringify(shown.theirs)).toContain('Hun notitie');
      expect(shown.fields).toEqual(['notes']);
      await dialog.getByText(`(${shown.reference})`, { exact: false }).first().waitFor();
      resolvedAs[shown.entityId] = resolution;
      await dialog.getByRole('button', { name: button }).click();
      await expect.poll(async () => (await bridge(page, 'conflicts.list', {})).length).toBe(open.length - 1);
    }
    await dialog.waitFor({ state: 'detached' });
    // each resolution is pushed without "Sync now" after the spell offline (the time allowed is for a loaded machine)
    await waitForSync(page, /Online · 0 pending/, 20_000);
    // the bar may still say 0 pending from before the last resolution went out: wait for the service to have each one
    const notesOnService = (i: number) =>
      data.quotations
        .all()
        .filter((q) => q.notes === `Mijn notitie ${i}` || q.notes === `Hun notitie ${i}`)
        .map((q) => q.notes)
        .sort();
    await expect
      .poll(() => ids.map((_, i) => notesOnService(i)), { timeout: 10_000 })
      .toEqual(
        ids.map((id, i) =>
          resolvedAs[id] === 'mine' ? [`Mijn notitie ${i}`] : resolvedAs[id] === 'theirs' ? [`Hun notitie ${i}`] : [`Hun notitie ${i}`, `Mijn notitie ${i}`],
        ),
      );

    for (const [i, id] of ids.entries()) {
      const how = resolvedAs[id];
      const local = await bridge(page, 'quotations.get', { id });
      const onService = data.quotations.all().filter((q) => q.notes === `Mijn notitie ${i}` || q.notes === `Hun notitie ${i}`);
      // the service's change nobody was asked about survives every resolution, here and there
      expect(local.paymentcondition).toBe(`Hun voorwaarde ${i}`);
      expect(onService.map((q) => q.paymentcondition)).toEqual(onService.map(() => `Hun voorwaarde ${i}`));
      if (how === 'mine') {
        expect(local.notes).toBe(`Mijn notitie ${i}`);
        expect(onService.map((q) => q.notes)).toEqual([`Mijn notitie ${i}`]);
      } else if (how === 'theirs') {
        expect(local.notes).toBe(`Hun notitie ${i}`);
        expect(onService.map((q) => q.notes)).toEqual([`Hun notitie ${i}`]);
      } else {
        expect(local.notes).toBe(`Mijn notitie ${i}`);
        expect(onService.map((q) => q.notes).sort()).toEqual([`Hun notitie ${i}`, `Mijn notitie ${i}`]);
        const mineAndTheirs = (await bridge(page, 'quotations.list', {})).items.filter((q) => q.client?.id === clients.items[i]!.id);
        expect(mineAndTheirs.length).toBeGreaterThanOrEqual(2);
      }
    }
    expect(Object.values(resolvedAs).sort()).toEqual(['both', 'mine', 'theirs']);
  }, 90_000);

  it('a line removed here and changed on the service is a choice of its own; the other lines merge', async () => {
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    const first = await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, price: 80, tax_rate: 21, description: 'Advies' } });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, price: 25, tax_rate: 21, description: 'Reiskosten' } });
    await bridge(page, 'quotations.saveToService', { id: q.id });
    await waitForSync(page, /Online · 0 pending/, 20_000);
    const serverId = (await bridge(page, 'quotations.get', { id: q.id })).serverId!;

    await goOffline(app);
    const data = app.host.sandbox!.data;
    await bridge(page, 'lines.remove', { quotationId: q.id, lineId: first.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, price: 40, tax_rate: 21, description: 'Nazorg' } });
    await bridge(page, 'quotations.saveToService', { id: q.id });
    const lines = data.quotations.get(serverId)!.lines;
    data.quotations.patch(serverId, {
      lines: [
        { ...lines[0]!, price: 90 },
        { ...lines[1]!, description: 'Reis- en verblijfkosten' },
      ],
    });
    await app.host.setOnline(true);
    await page.getByRole('button', { name: 'Conflicts (1)' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Resolve conflict' });
    await dialog.getByRole('cell', { name: 'Line removed' }).waitFor();
    expect(await dialog.getByRole('rowheader').allInnerTexts()).toEqual(['Line 1']);
    await dialog.getByText('Changed only here: Lines.').waitFor();
    await screenshot(page, 'conflict-dialog-line');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Take the one on the service' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForSync(page, /Online · 0 pending/, 20_000);
    // theirs for the line in question; the line changed there and the one added here both stay
    const texts = (ls: { description?: unknown; price?: unknown }[]) => ls.map((l) => `${String(l.description)}:${Number(l.price)}`);
    const expected = ['Advies:90', 'Reis- en verblijfkosten:25', 'Nazorg:40'];
    // the bar may still say 0 pending from before the resolution went out
    await expect.poll(() => texts(data.quotations.get(serverId)!.lines), { timeout: 20_000 }).toEqual(expected);
    expect(texts((await bridge(page, 'quotations.get', { id: q.id })).lines)).toEqual(expected);
  }, 90_000);
});
