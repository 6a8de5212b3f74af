// Keyboard first: keys typed straight after a shortcut land where the person
// is looking (the new line, the dialog's first field, the search field), and
// the focus comes back to the control in use after a dialog or a move.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
// on a failure: what had the focus, what the page said, and how it looked
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  console.error(`focus: ${JSON.stringify(await focused().catch(() => null))}\npage errors: ${app.errors.join('\n')}`);
  await screenshot(page, `keyboard-failed-${Date.now()}`).catch(() => undefined);
});

/** What has the focus: its aria-label, or its label's text, or its id. */
function focused(): Promise<{ label: string; id: string; col: string; row: string; value: string; tag: string }> {
  return page.evaluate(() => {
    const d = (
      globalThis as unknown as {
        document: {
          activeElement: null | {
            id: string;
            tagName: string;
            value?: string;
            getAttribute(n: string): string | null;
            closest(s: string): null | { getAttribute(n: string): string | null };
            labels?: ArrayLike<{ textContent: string | null }>;
          };
        };
      }
    ).document;
    const el = d.activeElement;
    if (!el) return { label: '', id: '', col: '', row: '', value: '', tag: '' };
    const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent?.trim() ?? '';
    return {
      label,
      id: el.id,
      col: el.getAttribute('data-col') ?? '',
      row: el.closest('[data-line-id]')?.getAttribute('data-line-id') ?? '',
      value: el.value ?? '',
      tag: el.tagName.toLowerCase(),
    };
  });
}

/**
 * Opens a quotation's editor. Until the quotation is read the editor still
 * shows the one open before (its buttons too), so it waits for this one's own
 * payment condition first.
 */
async function openQuotation(id: string, paymentcondition: string): Promise<void> {
  await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(id)}`);
  await page.waitForFunction(
    (pc) => (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector('#q-paycond')?.value === pc,
    paymentcondition,
  );
  await page.getByRole('button', { name: 'Save to service' }).waitFor();
}

/** Types at 4 ms a key; a tab in the text is the Tab key, pressed as fast. */
async function typeFast(text: string): Promise<void> {
  const parts = text.split('\t');
  for (const [i, part] of parts.entries()) {
    if (i > 0) await page.keyboard.press('Tab', { delay: 4 });
    await page.keyboard.type(part, { delay: 4 });
  }
}

const header = (q: Awaited<ReturnType<typeof get>>) => ({
  date: q.date,
  reference: q.reference,
  paymentcondition: q.paymentcondition,
  discount: q.discount,
  discounttype: q.discounttype,
});
const get = (id: string) => bridge(page, 'quotations.get', { id });

describe('typing straight after adding a line', () => {
  let id = '';
  beforeAll(async () => {
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    id = q.id;
    await bridge(page, 'quotations.update', {
      id,
      patch: { date: '2026-11-23', reference: { line1: 'Kantoor', line2: 'Verbouwing' }, paymentcondition: '14 days', discounttype: 'percentage', discount: 5 },
    });
    for (let i = 0; i < 300; i++)
      await bridge(page, 'lines.add', { quotationId: id, line: { amount: 1, description: `Line ${i + 1}`, price: 10, tax_rate: 21 } });
  }, 120_000);

  /** The header as the page shows it: none of it may change while a line is typed. */
  async function headerOnPage(): Promise<string[]> {
    return Promise.all(['#q-date', '#ref-1', '#ref-2', '#ref-3', '#q-paycond', '#q-dtype', '#q-discount'].map((sel) => page.locator(sel).inputValue()));
  }

  async function lastLines(n: number) {
    return (await get(id)).lines.slice(-n).map((l) => ({ amount: l.amount, amount_desc: l.amount_desc ?? '', description: l.description ?? '' }));
  }

  it('puts every key typed at 4 ms straight after Alt+L, Enter on the last row and Alt+T in the new line', async () => {
    await openQuotation(id, '14 days');
    const before = header(await get(id));
    const shown = await headerOnPage();
    // when the new row takes the focus, counted from the key that asks for it
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        __t: { key: number; focus: number[]; early: number };
        document: { addEventListener(t: string, f: (e: { altKey: boolean; code: string; target: { closest(s: string): unknown } }) => void, c: boolean): void };
        performance: { now(): number };
      };
      g.__t = { key: 0, focus: [], early: 0 };
      g.document.addEventListener(
        'keydown',
        (e) => {
          // a key that comes while the new row has not got the focus yet
          if (g.__t.key) g.__t.early++;
          if (e.altKey && e.code === 'KeyL') g.__t.key = g.performance.now();
        },
        true,
      );
      g.document.addEventListener(
        'focusin',
        (e) => {
          if (g.__t.key && e.target.closest('[data-pending]')) g.__t.focus.push(g.performance.now() - g.__t.key);
          g.__t.key = 0;
        },
        true,
      );
    });

    // Alt+L with the date field focused: the date must not change
    await page.locator('#q-date').focus();
    await page.keyboard.press('Alt+L');
    await typeFast('7\tuur\tFast line A');
    await expect.poll(() => lastLines(1), { timeout: 10_000 }).toEqual([{ amount: 7, amount_desc: 'uur', description: 'Fast line A' }]);
    const t = await page.evaluate(() => (globalThis as unknown as { __t: { focus: number[]; early: number } }).__t);
    console.log(`Alt+L to the focus in the new row, 300 lines: ${t.focus.map((x) => x.toFixed(1)).join(', ')} ms`);
    // in the same task as the key: no key comes before it
    expect(t.focus).toHaveLength(1);
    expect(t.early).toBe(0);
    // the focus went along to the line itself, in the cell last typed in
    expect(await focused()).toMatchObject({ col: 'description', value: 'Fast line A' });
    expect((await focused()).row).toBe((await get(id)).lines[300]!.id);

    // Enter on the last row, typing at once
    await page.keyboard.press('Enter');
    await typeFast('3\tstuks\tFast line B');
    await expect
      .poll(() => lastLines(2), { timeout: 10_000 })
      .toEqual([
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
    await expect
      .poll(() => lastLines(2), { timeout: 10_000 })
      .toEqual([
        { amount: undefined, amount_desc: '', description: 'Fast text line C' },
        { amount: 2.5, amount_desc: 'm2', description: 'Fast line D' },
      ]);

    // two lines asked for before the first exists: each gets its own keys, in order
    await page.keyboard.press('Alt+L');
    await typeFast('5\t\tTwo at once 1');
    await page.keyboard.press('Alt+L');
    await typeFast('6\t\tTwo at once 2');
    await expect
      .poll(() => lastLines(2), { timeout: 10_000 })
      .toEqual([
        { amount: 5, amount_desc: '', description: 'Two at once 1' },
        { amount: 6, amount_desc: '', description: 'Two at once 2' },
      ]);

    const all = await get(id);
    expect(all.lines).toHaveLength(306);
    expect(all.lines[299]).toMatchObject({ amount: 1, description: 'Line 300', price: 10, tax_rate: 21 });
    expect(header(all)).toEqual(before);
    expect(await headerOnPage()).toEqual(shown);
    await screenshot(page, 'keyboard-fast-lines');
    expect(app.errors).toEqual([]);
  }, 60_000);
});

/** Whether the element a locator finds has the focus. */
function hasFocus(locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);
}

async function pressAndCheck(key: string, locator: ReturnType<Page['locator']>): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(() => hasFocus(locator), { timeout: 5000 }).toBe(true);
}

describe('a line the editor could not add', () => {
  it('keeps what was typed in its row, offers to try again, and discards on request', async () => {
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'quotations.update', { id: q.id, patch: { paymentcondition: '30 days' } });
    await openQuotation(q.id, '30 days');
    // the bridge call that adds a line is lost on its way, as a request to a host that went away is
    let refuse = true;
    await page.route('**/__bridge/invoke', (route) =>
      refuse && /"op":"lines\.add"/.test(route.request().postData() ?? '') ? route.abort('connectionreset') : route.continue(),
    );
    await page.locator('#q-paycond').focus();
    await page.keyboard.press('Alt+L');
    await typeFast('4\tkg\tKept text');
    const pending = page.locator('.pending-line');
    await pending.getByRole('alert').waitFor();
    expect(await pending.locator('[data-col="description"]').inputValue()).toBe('Kept text');
    expect(await pending.locator('[data-col="amount"]').inputValue()).toBe('4');
    expect(await page.locator('#q-paycond').inputValue()).toBe('30 days');
    await screenshot(page, 'keyboard-line-not-added');
    expect(await axeViolations(page)).toEqual([]);

    refuse = false;
    await pending.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(async () => (await get(q.id)).lines.map((l) => [l.amount, l.amount_desc, l.description])).toEqual([[4, 'kg', 'Kept text']]);
    await expect.poll(() => pending.count()).toBe(0);

    refuse = true;
    await page.keyboard.press('Alt+T');
    await page.keyboard.type('Not wanted', { delay: 4 });
    await pending.getByRole('alert').waitFor();
    await pending.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => pending.count()).toBe(0);
    await page.unroute('**/__bridge/invoke');
    expect((await get(q.id)).lines).toHaveLength(1);
    expect((await get(q.id)).paymentcondition).toBe('30 days');
    app.errors.length = 0;
  }, 30_000);
});

describe('the focus after each shortcut and dialog', () => {
  let id = '';

  it('Alt+N: the new quotation starts at its Client field', async () => {
    await page.goto(`${app.host.url.split('#')[0]}#/quotations`);
    await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
    await page.keyboard.press('Alt+N');
    // the editor shows the quotation open before until the new one is read: that one has a client
    await page.getByRole('heading', { name: 'Quotation (no client yet)', level: 1, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save to service' }).waitFor();
    id = decodeURIComponent(new URL(page.url()).hash.split('/').pop()!);
    const client = page.getByRole('combobox', { name: 'Client' });
    await expect.poll(() => hasFocus(client), { timeout: 5000 }).toBe(true);
  });

  it('Alt+K: the new client dialog starts at its first field, and Esc gives the focus back', async () => {
    const client = page.getByRole('combobox', { name: 'Client' });
    await client.focus();
    await page.keyboard.press('Alt+K');
    const dialog = page.getByRole('dialog', { name: 'New client' });
    await expect.poll(() => hasFocus(dialog.getByLabel('Company')), { timeout: 5000 }).toBe(true);
    // typed at once, it lands there
    await page.keyboard.type('Acme', { delay: 4 });
    expect(await dialog.getByLabel('Company').inputValue()).toBe('Acme');
    await screenshot(page, 'keyboard-new-client-dialog');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(client), { timeout: 5000 }).toBe(true);
    // opened by its button, it gives the focus back to the button
    const button = page.getByRole('button', { name: 'New client' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(dialog.getByLabel('Company')), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(button), { timeout: 5000 }).toBe(true);
  });

  it('Alt+L, Alt+T and Alt+P go to the new line and to the catalogue', async () => {
    await page.locator('#q-paycond').focus();
    await pressAndCheck('Alt+L', page.locator('.line').last().locator('[data-col="amount"]'));
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('First');
    await pressAndCheck('Alt+T', page.locator('.line').last().locator('[data-col="description"]'));
    await page.keyboard.type('Second');
    await pressAndCheck('Alt+P', page.getByRole('combobox', { name: 'Add product' }));
    await pressAndCheck('Alt+L', page.locator('.line').last().locator('[data-col="amount"]'));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Third');
    await expect.poll(async () => (await get(id)).lines.map((l) => l.description)).toEqual(['First', 'Second', 'Third']);
  });

  const descriptions = async () => (await get(id)).lines.map((l) => l.description);
  const cell = (n: number, col: string) => page.locator(`.line[data-index="${n}"] [data-col="${col}"]`);

  it('Alt+↑ and Alt+↓ keep the focus in the cell of the line moved', async () => {
    await cell(2, 'description').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(descriptions).toEqual(['First', 'Third', 'Second']);
    await expect.poll(() => hasFocus(cell(1, 'description')), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(descriptions).toEqual(['First', 'Second', 'Third']);
    await expect.poll(() => hasFocus(cell(2, 'description')), { timeout: 5000 }).toBe(true);
    expect(await cell(2, 'description').inputValue()).toBe('Third');
  });

  it('the move buttons keep the focus on the button of the line moved', async () => {
    const down = page.locator('.line[data-index="0"]').getByRole('button', { name: 'Move line down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(descriptions).toEqual(['Second', 'First', 'Third']);
    await expect.poll(() => hasFocus(page.locator('.line[data-index="1"]').getByRole('button', { name: 'Move line down' })), { timeout: 5000 }).toBe(true);
    // up to the top: its Move up is disabled there, so the focus stays on the line's Move down
    // (the line's buttons are out of the Tab order: ← goes along them)
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(descriptions).toEqual(['First', 'Second', 'Third']);
    await expect.poll(() => hasFocus(page.locator('.line[data-index="0"]').getByRole('button', { name: 'Move line down' })), { timeout: 5000 }).toBe(true);
  });

  it('a line dragged keeps the focus in the cell that was in use', async () => {
    await cell(1, 'description').focus();
    await page.locator('.line[data-index="2"] .handle').dragTo(page.locator('.line').first());
    await expect.poll(descriptions).toEqual(['Third', 'First', 'Second']);
    await expect.poll(() => hasFocus(cell(2, 'description')), { timeout: 5000 }).toBe(true);
    expect(await cell(2, 'description').inputValue()).toBe('Second');
  });

  it('Alt+D goes to the copy, typed keys included; Alt+Delete to the line taking its place', async () => {
    await cell(1, 'description').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Alt+D');
    await page.keyboard.type(' copy', { delay: 4 });
    await expect.poll(descriptions).toEqual(['Third', 'First', 'First copy', 'Second']);
    await expect.poll(() => hasFocus(cell(2, 'description')), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Alt+Delete');
    await expect.poll(descriptions).toEqual(['Third', 'First', 'Second']);
    await expect.poll(() => hasFocus(cell(2, 'description')), { timeout: 5000 }).toBe(true);
    expect(await cell(2, 'description').inputValue()).toBe('Second');
    await screenshot(page, 'keyboard-editor');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('Ctrl+Enter: the send dialog starts at the chosen way of sending, and Esc gives the focus back', async () => {
    const opener = cell(0, 'description');
    await opener.focus();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Send quotation' });
    await expect.poll(() => hasFocus(dialog.getByRole('radio', { checked: true })), { timeout: 5000 }).toBe(true);
    await screenshot(page, 'keyboard-send-dialog');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(opener), { timeout: 5000 }).toBe(true);
  });

  it('the template dialogs start at their first field and give the focus back', async () => {
    const save = page.getByTestId('save-as-template');
    await save.focus();
    await page.keyboard.press('Enter');
    const saveDialog = page.getByRole('dialog', { name: 'Save as template' });
    await expect.poll(() => hasFocus(saveDialog.getByRole('textbox')), { timeout: 5000 }).toBe(true);
    // the suggested name is selected: typing replaces it
    await page.keyboard.type('Keyboard template');
    expect(await saveDialog.getByRole('textbox').inputValue()).toBe('Keyboard template');
    await page.keyboard.press('Enter');
    await saveDialog.waitFor({ state: 'detached' });
    const insert = page.getByTestId('insert-template');
    await insert.focus();
    await page.keyboard.press('Enter');
    const insertDialog = page.getByRole('dialog', { name: 'Insert a template' });
    await expect.poll(() => hasFocus(insertDialog.getByRole('searchbox')), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(insert), { timeout: 5000 }).toBe(true);

    await page.goto(`${app.host.url.split('#')[0]}#/templates`);
    const rename = page.getByRole('button', { name: 'Rename' }).first();
    await rename.focus();
    await page.keyboard.press('Enter');
    const renameDialog = page.getByRole('dialog', { name: 'Rename template' });
    await expect.poll(() => hasFocus(renameDialog.getByRole('textbox')), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(rename), { timeout: 5000 }).toBe(true);
    const remove = page.getByRole('button', { name: 'Delete' }).first();
    await remove.focus();
    await page.keyboard.press('Enter');
    // nothing to type in: the safe choice first
    const deleteDialog = page.getByRole('dialog', { name: 'Delete template' });
    await expect.poll(() => hasFocus(deleteDialog.getByRole('button', { name: 'Cancel' })), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(remove), { timeout: 5000 }).toBe(true);
  });

  it('Ctrl+F goes to the search field of each list, with its text selected; a list without one does not offer it', async () => {
    for (const [screen, field] of [
      ['quotations', '#q-search'],
      ['clients', '#c-search'],
      ['products', '#p-search'],
      ['templates', '#tpl-search'],
    ] as const) {
      await page.goto(`${app.host.url.split('#')[0]}#/${screen}`);
      const search = page.locator(field);
      await search.waitFor();
      await search.fill('abc');
      await page.locator('h1').click();
      expect(await search.getAttribute('aria-keyshortcuts')).toBe('Control+F');
      expect(await search.getAttribute('title')).toContain('Ctrl+F');
      await pressAndCheck('Control+F', search);
      expect(
        await search.evaluate((el) => [(el as unknown as { selectionStart: number }).selectionStart, (el as unknown as { selectionEnd: number }).selectionEnd]),
      ).toEqual([0, 3]);
      await search.fill('');
    }
    await page.goto(`${app.host.url.split('#')[0]}#/followup`);
    // the templates screen, with its search field, stays until the follow-up list takes its place
    await page.getByRole('heading', { name: 'Follow-up', level: 1 }).waitFor();
    expect(await page.locator('[aria-keyshortcuts="Control+F"]').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});

describe('in Dutch at 1024 × 640', () => {
  it('opens the dialogs at their first field and gives the focus back, axe clean', async () => {
    await bridge(page, 'settings.set', { language: 'nl' });
    await page.setViewportSize({ width: 1024, height: 640 });
    const client = (await bridge(page, 'clients.list', { limit: 1 })).items[0]!;
    const q = await bridge(page, 'quotations.create', { clientId: client.id });
    await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 2, description: 'Snoeiwerk', price: 45, tax_rate: 21 } });
    await page.goto(`${app.host.url.split('#')[0]}#/quotations/${encodeURIComponent(q.id)}`);
    await page.reload();
    await page.getByRole('button', { name: 'Opslaan op de service' }).waitFor();
    const description = page.locator('.line[data-index="0"] [data-col="description"]');
    await description.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Alt+D');
    await page.keyboard.type(' (tweede)', { delay: 4 });
    await expect.poll(async () => (await get(q.id)).lines.map((l) => l.description)).toEqual(['Snoeiwerk', 'Snoeiwerk (tweede)']);
    await page.keyboard.press('Alt+L');
    await page.keyboard.type('3', { delay: 4 });
    await screenshot(page, 'keyboard-editor-nl-1024');
    expect(await axeViolations(page)).toEqual([]);

    const opener = page.locator('.line').last().locator('[data-col="amount"]');
    await expect.poll(() => hasFocus(opener), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Alt+K');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await expect.poll(() => hasFocus(dialog.getByLabel('Bedrijf')), { timeout: 5000 }).toBe(true);
    await screenshot(page, 'keyboard-new-client-dialog-nl-1024');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(opener), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Control+Enter');
    const send = page.getByRole('dialog', { name: 'Offerte versturen' });
    await expect.poll(() => hasFocus(send.getByRole('radio', { checked: true })), { timeout: 5000 }).toBe(true);
    await screenshot(page, 'keyboard-send-dialog-nl-1024');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasFocus(opener), { timeout: 5000 }).toBe(true);
    expect(app.errors).toEqual([]);
  }, 30_000);
});
