// `npm run bench -- ui`: the renderer in Chromium over the web host.
// 1. Typing in a price cell of a 500-line quotation: each keystroke is timed
//    from the input event until Vue has rendered (the next task) and layout
//    is done, and the total incl. tax must show a new amount by then.
//    Floor: the same keystrokes in a 1-line quotation, same run.
// 2. First paint of the app: first-contentful-paint and "app ready" (the sync
//    bar drawn) on a fresh page load. Floor: first-contentful-paint of a
//    one-line static page served from the same machine.
// Usage: npm run bench -- ui [--lines N] [--keys N]
import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium';
import { startTestWebHost } from '../helpers/webhost';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  return v;
}

const LINES = option('--lines', 500);
const KEYS = option('--keys', 80);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const ms = (n: number) => `${n.toFixed(2)} ms`;

type Invoke = (op: string, input: unknown) => Promise<unknown>;

// The page's DOM as the functions below use it (this file is typed for Node).
interface El {
  value: string;
  textContent: string | null;
  offsetHeight: number;
  focus(): void;
  dispatchEvent(e: unknown): boolean;
}
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<El>; querySelector(selector: string): El | null };
  InputEvent: new (type: string, init: object) => unknown;
  MessageChannel: new () => { port1: { onmessage: (() => void) | null }; port2: { postMessage(v: unknown): void } };
}

async function makeQuotation(page: Page, lines: number): Promise<string> {
  return page.evaluate(async (n) => {
    const qd = (globalThis as unknown as { quotedesk: { invoke: Invoke } }).quotedesk;
    const clients = (await qd.invoke('clients.list', { limit: 1 })) as { items: Array<{ id: string }> };
    const q = (await qd.invoke('quotations.create', { clientId: clients.items[0]!.id })) as { id: string };
    for (let i = 0; i < n; i++) {
      await qd.invoke('lines.add', {
        quotationId: q.id,
        line: i % 25 === 24 ? { description: `Tekstregel ${i}` } : { amount: 1 + (i % 7), amount_desc: 'st', description: `Regel ${i}`, tax_rate: i % 3 === 0 ? 9 : 21, price: 10 + (i % 50) + 0.25 },
      });
    }
    return q.id;
  }, lines);
}

/** Types `keys` digits into the price cell of the middle priced row; returns per-key times. */
async function typeInPrice(page: Page, keys: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const w = globalThis as unknown as PageGlobals;
    const cells = Array.from(w.document.querySelectorAll('input[data-col="price"]'));
    const cell = cells[Math.floor(cells.length / 2)]!;
    const total = w.document.querySelector('[data-testid="total"]')!;
    cell.focus();
    // start from a price the keystrokes below never produce
    cell.value = '0';
    cell.dispatchEvent(new w.InputEvent('input', { bubbles: true, data: '0', inputType: 'insertText' }));
    await new Promise((r) => setTimeout(r, 50));
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < count; i++) {
      // a price that changes the total on every key: 1, 12, 123, then over again
      text = text.length >= 3 ? String((i % 9) + 1) : text + String((i % 9) + 1);
      const before = total.textContent;
      const t0 = performance.now();
      cell.value = text;
      cell.dispatchEvent(new w.InputEvent('input', { bubbles: true, data: text.slice(-1), inputType: 'insertText' }));
      // Vue renders in a microtask; the next task runs after it
      await new Promise<void>((resolve) => {
        const ch = new w.MessageChannel();
        ch.port1.onmessage = () => resolve();
        ch.port2.postMessage(null);
      });
      void total.offsetHeight; // layout included
      const t1 = performance.now();
      if (total.textContent === before) throw new Error(`the total did not change after typing "${text}" (it shows ${String(total.textContent)})`);
      times.push(t1 - t0);
      // let the frame and the coalesced autosave run, as between real keystrokes
      await new Promise((r) => setTimeout(r, 30));
    }
    return times;
  }, keys);
}

async function openEditor(page: Page, base: string, id: string, rows: number): Promise<number> {
  const t = Date.now();
  await page.goto(`${base}#/quotations/${encodeURIComponent(id)}`);
  await page.waitForFunction((n) => (globalThis as unknown as PageGlobals).document.querySelectorAll('.line').length === n, rows, { timeout: 60_000 });
  return Date.now() - t;
}

// playwright's pipe does not hold the event loop open while the page works
const keepAlive = setInterval(() => undefined, 1000);
const host = await startTestWebHost({ clients: 5, products: 10, quotations: 2 });
const browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
const floorServer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html><head><title>floor</title></head><body><p>quotedesk</p></body></html>');
});
try {
  const page = await browser.newPage();
  page.on('crash', () => console.error('the page crashed'));
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  page.on('console', (m) => console.error(`console: ${m.text()}`));
  await page.goto(host.url);
  await page.locator('.syncbar').waitFor();
  const base = host.url.split('#')[0]!;

  console.log(`building a ${LINES}-line quotation over the bridge…`);
  const big = await makeQuotation(page, LINES);
  const small = await makeQuotation(page, 1);

  const openBig = await openEditor(page, base, big, LINES);
  await typeInPrice(page, 10); // warm up
  const bigTimes = await typeInPrice(page, KEYS);
  await openEditor(page, base, small, 1);
  await typeInPrice(page, 10);
  const smallTimes = await typeInPrice(page, KEYS);

  console.log(`\ntyping in a price cell until the total has re-rendered (${KEYS} keys)`);
  console.log(`  ${LINES} lines: median ${ms(pct(bigTimes, 50))}  p95 ${ms(pct(bigTimes, 95))}  max ${ms(Math.max(...bigTimes))}   (target p95 < 16 ms)`);
  console.log(`  floor, 1 line: median ${ms(pct(smallTimes, 50))}  p95 ${ms(pct(smallTimes, 95))}`);
  console.log(`  opening the ${LINES}-line quotation: ${openBig} ms`);

  // first paint, fresh page each round
  const paints: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await browser.newPage();
    await p.goto(host.url);
    await p.locator('.syncbar').waitFor();
    const r = await p.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { fcp: fcp ? fcp.startTime : NaN, now: performance.now() };
    });
    paints.push(r.fcp);
    ready.push(r.now);
    await p.close();
  }
  await new Promise<void>((r) => floorServer.listen(0, '127.0.0.1', () => r()));
  const port = (floorServer.address() as { port: number }).port;
  const floors: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await browser.newPage();
    await p.goto(`http://127.0.0.1:${port}/`);
    await p.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    floors.push(await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime));
    await p.close();
  }
  console.log('\nfirst paint of the app (5 fresh loads)');
  console.log(`  first-contentful-paint: median ${ms(pct(paints, 50))}  max ${ms(Math.max(...paints))}   (target < 1000 ms)`);
  console.log(`  app ready (sync bar drawn, data read over the bridge): median ${ms(pct(ready, 50))}  max ${ms(Math.max(...ready))}`);
  console.log(`  floor, static one-line page: median ${ms(pct(floors, 50))}`);
  const ok = pct(bigTimes, 95) < 16 && Math.max(...paints) < 1000;
  console.log(`\n${ok ? 'within' : 'OUTSIDE'} the targets`);
} finally {
  clearInterval(keepAlive);
  floorServer.close();
  await browser.close();
  await host.close();
}
