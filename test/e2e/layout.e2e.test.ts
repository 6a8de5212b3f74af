// Every screen and every dialog at the smallest window the app supports
// (1024×640) and at a common desktop size (1440×900), in English and in
// Dutch: nothing scrolls sideways, no control is cut off by the window or by
// a box that clips it, the lines table keeps its columns and row actions in
// view, and axe finds nothing serious or critical. Each state is
// photographed as layout-SCREEN-WIDTHxHEIGHT-LANG.png.
//
// The editor is swept as people fill it: a client with a long name, a
// reference line as long as a job's description, and the sync bar in its
// longest words (trouble, a wait, lists not read whole, a first load), with
// scrollbars that take room as Electron's do. An earlier sweep had a short
// reference line, a calm bar and headless Chromium's hidden scrollbars: the
// reference line, kept on one line, pushed Versturen out of the window by
// less than the page's margin, which only a real scrollbar (or a longer
// line) brings into view, so it passed while a painter's editor scrolled
// sideways (docs/layout.md, How it is checked).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, bridge, openApp, screenshot, type App } from './support';
import { goOffline, waitForSync } from './support-sync';
import { installStatusOverlay, tellStatus } from './status-overlay';
import type { SyncStatus } from '../../shared/bridge';
import { startSandbox } from '../../electron/sandbox';

/** The texts of the buttons that open each screen's states and dialogs (the catalogues are the renderer's, not importable here). */
const TEXTS = {
  en: {
    followUp: 'Follow up',
    showLines: 'Show lines',
    newClient: 'New client',
    send: 'Send',
    saveAsTemplate: 'Save as template…',
    insertTemplate: 'Insert template…',
    deleteQuotation: 'Delete quotation',
    deleteClient: 'Delete client',
    deleteProduct: 'Delete product',
    newProduct: 'New product',
    rename: 'Rename',
    delete: 'Delete',
    discard: 'Discard',
    disconnect: 'Disconnect',
    attention: /^Needs attention \(\d+\)$/,
    conflicts: /^Conflicts \(\d+\)$/,
  },
  nl: {
    followUp: 'Opvolgen',
    showLines: 'Regels tonen',
    newClient: 'Nieuwe klant',
    send: 'Versturen',
    saveAsTemplate: 'Opslaan als sjabloon…',
    insertTemplate: 'Sjabloon invoegen…',
    deleteQuotation: 'Offerte verwijderen',
    deleteClient: 'Klant verwijderen',
    deleteProduct: 'Product verwijderen',
    newProduct: 'Nieuw product',
    rename: 'Naam wijzigen',
    delete: 'Verwijderen',
    discard: 'Weggooien',
    disconnect: 'Ontkoppelen',
    attention: /^Aandacht nodig \(\d+\)$/,
    conflicts: /^Conflicten \(\d+\)$/,
  },
} as const;

/** The draft's first reference line: what the job is, as long as people write it. */
const REFERENCE = 'Schilderwerk buitenkozijnen, dakgoten en boeidelen, Kerkstraat 14 te Utrecht';
/** The draft's client: a long name, as a firm's full name on the register is. */
const LONG_CLIENT = 'Schildersbedrijf Van den Heuvel-Hoogendoorn & Zonen Onderhoud B.V.';

/**
 * The sync bar in its longest words at once: a list not read whole with
 * records set aside (said at once, as trouble), Sync now failed, work
 * waiting with its next try and why, lists the service did not give whole,
 * background reading waiting for the hour's allowance, a first load with
 * Stop, and (from the set-up) Needs attention and Conflicts.
 */
function longestBar(): Partial<SyncStatus> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const failure = { kind: 'server', messageKey: 'api.server', params: {}, at: iso(now - 5_000), list: 'clients', setAside: 12 } as const;
  return {
    online: true,
    checking: false,
    lastReachedAt: iso(now - 4_000),
    lastOkAt: iso(now - 60_000),
    waitingSince: null,
    pending: 12,
    lastPullFailure: failure,
    lastPushFailure: null,
    nextTry: { at: iso(now + 5 * 60_000), why: 'service_trouble' },
    lastRun: { at: iso(now - 2_000), asked: true, outcome: 'failed', pushed: 0, failure },
    incomplete: ['clients', 'products', 'quotations'],
    readingWaits: { why: 'own_budget', until: iso(now + 42 * 60_000) },
    budget: { limit: 1000, remaining: 180, reserve: 200, resetsAt: iso(now + 42 * 60_000) },
    pulling: { phase: 'clients', pagesDone: 40, pagesEstimated: 90 },
  };
}

const SIZES = [
  { width: 1024, height: 640 },
  { width: 1440, height: 900 },
] as const;

/**
 * What is wrong with the layout as it is now, one text per problem. Run in
 * the page as a string: the test files are compiled without the DOM types.
 */
const LAYOUT_PROBLEMS = `(() => {
  const out = [];
  const name = (el) => {
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    const label = el.getAttribute('aria-label') || (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    return el.tagName.toLowerCase() + cls + (label ? ' "' + label + '"' : '');
  };
  const root = document.scrollingElement;
  if (root.scrollWidth > innerWidth + 1) out.push('the page scrolls sideways: ' + root.scrollWidth + ' > ' + innerWidth);
  for (const el of document.querySelectorAll('body *')) {
    const cs = getComputedStyle(el);
    if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      out.push('scrolls sideways: ' + name(el).slice(0, 60) + ' ' + el.scrollWidth + ' > ' + el.clientWidth);
    }
  }
  // with a modal open only the dialog can be used (the last opened is on top)
  const open = document.querySelectorAll('dialog[open]');
  const scope = open[open.length - 1] || document.body;
  // a dialog is whole in the window, its actions too; a long body scrolls inside it
  if (scope !== document.body) {
    const r = scope.getBoundingClientRect();
    if (r.top < -1 || r.bottom > innerHeight + 1) out.push('dialog taller than the window: ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + innerHeight);
  }
  const controls = scope.querySelectorAll('button, input, select, textarea, a[href], [role=cell], [role=columnheader], th, td, label, h1, h2, p');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || el.closest('.sr-only, .skip')) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    if (r.left < -1 || r.right > innerWidth + 1) out.push('outside the window: ' + name(el) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    // the nearest box that clips sideways must hold the control whole
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (r.left < ar.left - 1 || r.right > ar.right + 1) out.push('cut off by ' + name(a).slice(0, 40) + ': ' + name(el));
      break;
    }
  }
  return out;
})()`;

/** The lines table's own check: each line's columns and row actions inside the table's box. */
const LINES_PROBLEMS = `(() => {
  const out = [];
  const table = document.querySelector('.lines-wrap');
  if (!table) return ['no lines table'];
  const box = table.getBoundingClientRect();
  const line = document.querySelector('.line:not(.text-line)');
  if (!line) return ['no line with numbers'];
  for (const col of ['amount', 'description', 'tax_rate', 'price', 'discount_pct']) {
    const el = line.querySelector('[data-col="' + col + '"]');
    if (!el) { out.push('no ' + col + ' cell'); continue; }
    const r = el.getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.width < 24) out.push(col + ' not wholly in view: ' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  const total = line.querySelector('[data-testid="line-total"]').getBoundingClientRect();
  if (total.right > box.right + 1) out.push('total cut off');
  for (const b of line.querySelectorAll('.row-actions button')) {
    const r = b.getBoundingClientRect();
    if (r.width < 16 || r.left < box.left - 1 || r.right > box.right + 1) out.push('row action cut off: ' + b.getAttribute('aria-label') + ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  return out;
})()`;

/**
 * The sync bar leaves the page its room: every action of the bar in view on
 * one line, and the bar no taller than a quarter of the window.
 */
const BAR_PROBLEMS = `(() => {
  const out = [];
  const bar = document.querySelector('footer.syncbar');
  if (!bar) return ['no sync bar'];
  const r = bar.getBoundingClientRect();
  if (r.height > innerHeight / 4) out.push('the sync bar takes ' + Math.round(r.height) + ' px of ' + innerHeight);
  for (const b of bar.querySelectorAll('.sync-actions button')) {
    const br = b.getBoundingClientRect();
    if (br.left < -1 || br.right > innerWidth + 1 || br.bottom > innerHeight + 1) out.push('sync action out of view: ' + b.textContent.trim());
  }
  return out;
})()`;

/**
 * The editor opened at its top: its first lines show without scrolling, under
 * the header and its fields (the seldom needed ones behind "More fields" in a
 * short window), inside the part of the window the page scrolls in.
 */
const FIRST_LINES_IN_VIEW = `(() => {
  const main = document.querySelector('main');
  const rows = document.querySelectorAll('.lines-body .line');
  if (!main || rows.length < 2) return ['no lines to see'];
  const view = main.getBoundingClientRect();
  const bottom = Math.min(view.bottom, innerHeight);
  const out = [];
  if (main.scrollTop > 0) out.push('the editor is not at its top: ' + main.scrollTop);
  for (const row of [rows[0], rows[1]]) {
    // its first field: a long description makes a row taller in a narrow window, and what starts in view is seen
    const r = row.querySelector('[data-col]').getBoundingClientRect();
    if (r.top < view.top - 1 || r.bottom > bottom + 1) out.push('line ' + row.getAttribute('aria-rowindex') + ' not in view without scrolling: ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + Math.round(view.top) + '..' + Math.round(bottom));
  }
  return out;
})()`;

for (const lang of ['en', 'nl'] as const) {
  const m = TEXTS[lang];

  describe(`the layout in ${lang === 'en' ? 'English' : 'Dutch'}`, () => {
    let app: App;
    let page: Page;
    const base = () => app.host.url.split('#')[0];
    const found: string[] = [];
    const ids = { draft: '', sent: '', client: '', clientName: '', product: '', numbered: '' };

    beforeAll(async () => {
      app = await openApp({ language: lang, viewport: SIZES[0], clients: 6, quotations: 6, scrollbars: true });
      page = app.page;
      // the bar's states are laid over the status the page reads (test/e2e/status-overlay.ts); none until told
      await installStatusOverlay(page);
    }, 90_000);

    afterAll(async () => {
      await app?.close();
    });
    beforeEach(() => {
      found.length = 0;
    });

    // expect.poll, which the set-up needs, works inside a test only
    it('sets up a long draft, a sent quotation, a template, a conflict, a refused save and a number taken elsewhere', async () => {
      await waitForSync(page, /Last sync|Laatst gesynchroniseerd/, 20_000);
      const clients = await bridge(page, 'clients.list', { limit: 3 });
      const client = clients.items[0]!;
      ids.client = String(client.id);
      ids.clientName = client.company || client.contact;
      const long = await bridge(page, 'clients.create', { fields: { company: LONG_CLIENT, contact: 'Gert-Jan van den Heuvel' } });
      ids.product = String((await bridge(page, 'products.list', { limit: 1 })).items[0]!.localId);
      // a draft as people write them: a heading, long descriptions, units, discounts, several rates
      const q = await bridge(page, 'quotations.create', { clientId: long.id });
      ids.draft = q.id;
      await bridge(page, 'quotations.update', {
        id: q.id,
        patch: { reference: { line1: REFERENCE }, paymentcondition: 'Binnen 14 dagen', quotationperiod: 30 },
      });
      await bridge(page, 'lines.add', { quotationId: q.id, line: { description: 'Onderhoud van de website, het hele jaar door' } });
      await bridge(page, 'lines.add', {
        quotationId: q.id,
        line: {
          amount: 12,
          amount_desc: 'maand',
          description: 'Hosting met dagelijkse back-ups en een beveiligingscertificaat',
          price: 1234.567,
          tax_rate: 21,
          discount_pct: 12.5,
        },
      });
      await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1250, amount_desc: 'stuks', description: 'Drukwerk', price: 0.125, tax_rate: 9 } });
      await bridge(page, 'lines.add', {
        quotationId: q.id,
        line: { amount: 3, amount_desc: 'uur', description: 'Training', price: 95, tax_rate: 0, discount_pct: 100 },
      });
      for (let i = 0; i < 5; i++)
        await bridge(page, 'lines.add', {
          quotationId: q.id,
          line: { amount: i + 1, description: `Werkzaamheden fase ${i + 1}`, price: 100 * (i + 1), tax_rate: 21 },
        });
      // what a line says beside its values: a rate the account does not use, a price with too many decimals
      await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: 'Boeken', price: 42, tax_rate: 7 } });
      await bridge(page, 'lines.add', { quotationId: q.id, line: { amount: 1, description: 'Licentie', price: 12.3456, tax_rate: 21 } });
      await bridge(page, 'templates.create', { quotationId: q.id, name: 'Website onderhoud', withHeader: true });
      // a sent quotation, for the sent view and the follow-up list
      const s = await bridge(page, 'quotations.create', { clientId: clients.items[1]!.id });
      await bridge(page, 'lines.add', {
        quotationId: s.id,
        line: { amount: 2, amount_desc: 'dag', description: 'Workshop voor het hele team', price: 795, tax_rate: 21 },
      });
      await bridge(page, 'quotations.send', { id: s.id, sendmethod: 'email' });
      ids.sent = s.id;
      await expect.poll(async () => (await bridge(page, 'quotations.get', { id: s.id })).state, { timeout: 20_000 }).toBe('sent');

      // a conflict: changed here offline and on the service; and a save the service refuses (an unknown category)
      const c = await bridge(page, 'quotations.create', { clientId: clients.items[2]!.id });
      await bridge(page, 'lines.add', { quotationId: c.id, line: { amount: 1, price: 10, tax_rate: 21, description: 'Snoeiwerk' } });
      await bridge(page, 'quotations.saveToService', { id: c.id });
      await expect.poll(async () => (await bridge(page, 'quotations.get', { id: c.id })).serverId, { timeout: 20_000 }).toBeTypeOf('number');
      const serverId = (await bridge(page, 'quotations.get', { id: c.id })).serverId!;
      await goOffline(app);
      await bridge(page, 'quotations.update', { id: c.id, patch: { notes: 'Mijn notitie, met wat meer tekst dan één regel in de vergelijking breed is' } });
      await bridge(page, 'quotations.saveToService', { id: c.id });
      app.host.sandbox!.data.quotations.patch(serverId, { notes: 'Hun notitie, ook langer dan één regel in de vergelijking breed is' });
      const bad = await bridge(page, 'quotations.create', { clientId: client.id });
      await bridge(page, 'lines.add', { quotationId: bad.id, line: { amount: 1, price: 12.5, tax_rate: 21, description: 'Schilderwerk' } });
      // a category the service does not know (removed there since the last pull): it refuses the save
      await bridge(page, 'quotations.update', { id: bad.id, patch: { category: 987_654 } });
      await bridge(page, 'quotations.saveToService', { id: bad.id });
      // own numbering: a quotation numbered here while another desk takes the same number on the service
      await bridge(page, 'numbering.set', { mode: 'own', pattern: 'Q{YY}-{###}', next: 41 });
      const n = await bridge(page, 'quotations.create', { clientId: clients.items[1]!.id });
      ids.numbered = n.id;
      await bridge(page, 'lines.add', { quotationId: n.id, line: { amount: 2, price: 75, tax_rate: 21, description: 'Advies' } });
      await bridge(page, 'quotations.saveToService', { id: n.id });
      const taken = (await bridge(page, 'quotations.get', { id: n.id })).quotationreference;
      const sb = app.host.sandbox!;
      const other = sb.data.quotations.all()[0]!;
      sb.data.quotations.set({ ...other, id: sb.data.nextId('quotations'), savename: 'other-desk', quotationreference: taken, sent: false });
      await app.host.setOnline(true);
      await expect
        .poll(
          async () => {
            const conflicts = (await bridge(page, 'conflicts.list', {})).length;
            const parked = (await bridge(page, 'outbox.parked', {})).length;
            const notices = (await bridge(page, 'numbering.notices', {})).length;
            if (conflicts === 0 || parked === 0 || notices === 0)
              await page
                .locator('.sync-actions button')
                .last()
                .click({ timeout: 1000 })
                .catch(() => undefined);
            return { conflicts: conflicts > 0, parked: parked > 0, notices: notices > 0 };
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual({ conflicts: true, parked: true, notices: true });
    }, 120_000);

    /** Checks and photographs the page as it is now, at each size. */
    async function sweep(name: string, extra?: string, sizes: ReadonlyArray<{ width: number; height: number }> = SIZES): Promise<void> {
      for (const size of sizes) {
        await page.setViewportSize(size);
        // two frames: the new size laid out and painted
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        const at = `${name} at ${size.width}×${size.height}`;
        const problems = new Set([...((await page.evaluate(LAYOUT_PROBLEMS)) as string[]), ...(extra ? ((await page.evaluate(extra)) as string[]) : [])]);
        for (const p of problems) found.push(`${at}: ${p}`);
        await screenshot(page, `layout-${name}-${size.width}x${size.height}-${lang}`);
        for (const v of await axeViolations(page)) found.push(`${at}: axe ${v.id} (${v.impact}) ${v.help} ${v.nodes.join(' ')}`);
      }
      await page.setViewportSize(SIZES[0]);
    }

    /**
     * Opens a screen by its address and waits for each of `ready` in turn. The
     * screen before stays until the new one has read its data, and an editor
     * shows the record it had open before until the new one is read: the first
     * of `ready` must be something only the new screen, with its own record, has.
     */
    async function go(hash: string, ...ready: Array<string | Locator>): Promise<void> {
      await page.goto(`${base()}#${hash}`);
      for (const r of ready) await (typeof r === 'string' ? page.locator(r) : r).first().waitFor();
    }
    // the draft's editor: its first reference line is in the heading's subtitle, and its lines are shown
    const DRAFT_EDITOR = [`.editor .head-sub:has-text("${REFERENCE}")`, '.line'];
    // the sent quotation: only the sent view has .sent (the draft's editor has lines too)
    const SENT_VIEW = '.sent .line';
    const clientEditor = (name: string) => page.locator('.client-editor h1').filter({ hasText: name });

    async function dialog(name: string, open: () => Promise<void>, close?: () => Promise<void>): Promise<void> {
      await open();
      const d = page.locator('dialog[open]');
      await d.waitFor();
      await sweep(`dialog-${name}`);
      if (close) await close();
      else await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    }

    /**
     * A delete asks before it goes: in the app's own dialog (swept), or in
     * the browser's, which is answered No.
     */
    async function deleteConfirmation(name: string, button: string): Promise<void> {
      const native: string[] = [];
      const onDialog = (d: { message(): string; dismiss(): Promise<void> }) => {
        native.push(d.message());
        void d.dismiss();
      };
      page.on('dialog', onDialog);
      try {
        await page.getByRole('button', { name: button, exact: true }).click();
        const own = page.locator('dialog[open]');
        await expect.poll(async () => native.length + (await own.count()), { timeout: 5000 }).toBeGreaterThan(0);
        if (native.length === 0) await dialog(name, async () => undefined);
      } finally {
        page.off('dialog', onDialog);
      }
    }

    it('lays out the lists: quotations, follow-up, clients, products, templates', async () => {
      await go('/quotations', 'table.quotation-list tbody tr');
      await page.getByTestId('numbering-notices').waitFor();
      await sweep('quotations');
      await go('/followup', '[data-testid="follow-up-list"] tbody tr');
      await sweep('followup');
      await page.locator('table.list tbody tr').first().getByRole('button', { name: m.followUp }).click();
      await page
        .locator('.followup-panel, [data-testid="follow-up-panel"], form')
        .first()
        .waitFor()
        .catch(() => undefined);
      await sweep('followup-panel');
      await go('/clients', 'table.client-list tbody tr');
      await sweep('clients');
      await go('/products', 'table.product-list tbody tr');
      await sweep('products');
      await go('/templates', '[data-template-id]');
      await page.locator('[data-template-id]').first().getByRole('button', { name: m.showLines }).click();
      await sweep('templates');
      expect(found).toEqual([]);
    }, 120_000);

    it('lays out the editor with its lines table, the preview and the sent view', async () => {
      await go(`/quotations/${encodeURIComponent(ids.draft)}`, ...DRAFT_EDITOR);
      await sweep('editor', `[...${LINES_PROBLEMS}, ...${FIRST_LINES_IN_VIEW}]`);
      // the sync bar in its longest words: the editor's actions and the bar's stay in view, nothing scrolls sideways
      await tellStatus(page, longestBar());
      await page.getByTestId('incomplete').waitFor();
      try {
        // and at 1280×800, where the bar's words take a second line beside the actions
        await sweep('editor-sync-trouble', `[...${LINES_PROBLEMS}, ...${BAR_PROBLEMS}]`, [...SIZES, { width: 1280, height: 800 }]);
      } finally {
        await tellStatus(page, null);
      }
      // the seldom needed fields, opened: everything still in its place
      await page.getByTestId('more-fields-toggle').click();
      await sweep('editor-more-fields', LINES_PROBLEMS);
      await page.getByTestId('more-fields-toggle').click();
      await page.locator('.lines-head').scrollIntoViewIfNeeded();
      await page.locator('main').evaluate('(m) => { m.scrollTop = m.querySelector(".lines-card").offsetTop - 8; }');
      await sweep('editor-lines', LINES_PROBLEMS);
      // the lines and totals further down the page
      await page.locator('.editor-bottom').scrollIntoViewIfNeeded();
      await sweep('editor-bottom', LINES_PROBLEMS);
      // the document below the editor, drawn as one types
      await page.locator('.live-preview > button.link').click();
      await page.locator('.live-preview .qdoc').scrollIntoViewIfNeeded();
      await sweep('editor-live-preview');
      await page.locator('.live-preview > button.link').click();
      await go(`/quotations/${encodeURIComponent(ids.numbered)}`, '[data-testid="numbering-notice"]');
      await page.getByTestId('numbering-notice').scrollIntoViewIfNeeded();
      await sweep('editor-numbering-notice');
      // the preview shows the quotation open in the editor: the one before until the draft is read
      await go(`/quotations/${encodeURIComponent(ids.draft)}/preview`, `.doc-preview .qdoc-refline:has-text("${REFERENCE}")`);
      await sweep('preview');
      // the unit stands apart from the quantity (it ran into it: "12maand")
      expect(await page.getByTestId('document-line').filter({ hasText: 'Hosting' }).locator('td').first().innerText()).toBe('12 maand');
      // a unit price to the decimals it has, so that quantity × price is the amount shown
      expect(await page.getByTestId('document-line').filter({ hasText: 'Drukwerk' }).locator('td').nth(2).innerText()).toMatch(/^[£€]\s?0[.,]125$/);
      await go(`/quotations/${encodeURIComponent(ids.sent)}`, SENT_VIEW);
      await sweep('sent');
      expect(found).toEqual([]);
    }, 120_000);

    it('lays out the client and product editors and the settings', async () => {
      await go(`/clients/${encodeURIComponent(ids.client)}`, clientEditor(ids.clientName), '.client-editor fieldset');
      await sweep('client-editor');
      await go(`/products/${encodeURIComponent(ids.product)}`, '#product-form input');
      await sweep('product-editor');
      // the product's editor before has the same form: wait for the new product's heading
      await go('/products/new', page.getByRole('heading', { level: 1, name: m.newProduct, exact: true }), '#product-form input');
      await sweep('product-new');
      await go('/settings', '[data-testid="numbering-settings"]');
      await sweep('settings');
      expect(found).toEqual([]);
    }, 120_000);

    it('lays out every dialog', async () => {
      await go('/clients', 'table.client-list tbody tr');
      await dialog('new-client', () => page.getByRole('button', { name: m.newClient, exact: true }).click());
      await dialog('shortcut-sheet', () => page.keyboard.press('F1'));

      await go(`/quotations/${encodeURIComponent(ids.draft)}`, ...DRAFT_EDITOR);
      await dialog('new-client-editor', () => page.getByRole('button', { name: m.newClient, exact: true }).click());
      await dialog('send', () => page.getByRole('button', { name: m.send, exact: true }).click());
      await dialog('save-template', () => page.getByRole('button', { name: m.saveAsTemplate, exact: true }).click());
      await dialog('insert-template', () => page.getByRole('button', { name: m.insertTemplate, exact: true }).click());
      await deleteConfirmation('delete-quotation', m.deleteQuotation);

      await go(`/clients/${encodeURIComponent(ids.client)}`, clientEditor(ids.clientName), '.client-editor fieldset');
      await deleteConfirmation('delete-client', m.deleteClient);
      await go(`/products/${encodeURIComponent(ids.product)}`, '#product-form input');
      await deleteConfirmation('delete-product', m.deleteProduct);
      await go(`/quotations/${encodeURIComponent(ids.sent)}`, SENT_VIEW);
      await deleteConfirmation('delete-sent', m.deleteQuotation);

      await go('/templates', '[data-template-id]');
      const row = page.locator('[data-template-id]').first();
      await dialog('template-rename', () => row.getByRole('button', { name: m.rename, exact: true }).click());
      await dialog('template-delete', () => row.getByRole('button', { name: m.delete, exact: true }).click());

      // a client with documents on the service: the refused delete is said on the client, with Make inactive
      const sb = app.host.sandbox!;
      const used = new Set((await bridge(page, 'quotations.list', {})).items.map((q) => q.client?.id));
      const c = (await bridge(page, 'clients.list', {})).items.find((x) => x.clientnr !== null && !used.has(x.id) && x.active)!;
      sb.data.invoices.set({
        id: sb.data.invoices.maxId() + 1,
        invoicenr: 'F2026-0998',
        clientnr: c.clientnr!,
        company: c.company,
        contact: c.contact,
        email: '',
        city: '',
        date: '2026-11-02',
        datedue: '2026-11-16',
        status: 'open',
        totalintax: '60.50',
      });
      await go(`/clients/${encodeURIComponent(c.id)}`, clientEditor(c.company || c.contact), '.client-editor fieldset');
      await page.getByRole('button', { name: m.deleteClient, exact: true }).click();
      await page.locator('dialog[open]').getByRole('button', { name: m.delete, exact: true }).click();
      await page.getByTestId('has-documents').waitFor({ timeout: 20_000 });
      await page.getByTestId('has-documents').scrollIntoViewIfNeeded();
      await sweep('client-refused-delete');

      await go('/quotations', 'table.quotation-list tbody tr');
      await page.locator('.sync-actions button.warn').filter({ hasText: m.attention }).click();
      const open = page.locator('dialog[open]');
      await open.first().waitFor();
      await sweep('dialog-attention');
      // Discard asks first, in a dialog over the panel
      await open.first().getByRole('button', { name: m.discard, exact: true }).first().click();
      await expect.poll(() => open.count()).toBe(2);
      await sweep('dialog-attention-discard');
      await page.keyboard.press('Escape');
      await expect.poll(() => open.count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => open.count()).toBe(0);
      await dialog('conflict', () => page.locator('.sync-actions button.warn').filter({ hasText: m.conflicts }).click());

      // an account of its own, for the confirmation of disconnecting it (the demo has no account to disconnect)
      const service = await startSandbox({ user: 'acme', key: 'acme-key', clients: 2, products: 1, quotations: 1, quiet: true });
      try {
        await bridge(page, 'account.connect', { baseUrl: service.url, username: 'acme', apiKey: 'acme-key', displayName: 'Acme Installatietechniek B.V.' });
        await go('/settings', '[data-testid="numbering-settings"]');
        await dialog('disconnect', () => page.getByRole('button', { name: m.disconnect, exact: true }).first().click());
        // back to the demo, with the service still there to answer
        await bridge(page, 'account.setActive', { id: null });
      } finally {
        await service.close();
      }
      expect(found).toEqual([]);
      expect(app.errors).toEqual([]);
    }, 180_000);
  });
}
