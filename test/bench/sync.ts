// `npm run bench -- sync`: the first pull of 10,000 clients, 2,000 products
// and 1,000 quotations from a sandbox (rate limiting off) into a fresh local
// database, and a later pull into the same database with nothing changed,
// next to floors of bare undici asking for the same pages: bodies read as
// text (what is left of the network on loopback); bodies JSON.parse'd (the
// floor of the later pull); bodies parsed and their records written as bare
// JSON rows, a transaction per page (the floor of the first pull). Also the
// number of requests the pull made, the autosave write latency and the
// type-ahead search latency.
// The sandbox runs in a process of its own, as the service would.
// Usage: npm run bench -- sync [--rounds N]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { authorization, benchApi, sandboxProcess } from './_sandbox';
import { bareRowsFile, fetchParse, listPaths } from './_floors';
import { option, settle } from './_stats';
import { openStore } from '../../electron/store';
import { SyncEngine } from '../../electron/sync';

const ROUNDS = option('--rounds', 5);
const COUNTS = { clients: 10_000, products: 2_000, quotations: 1_000 };
const PAGE = 1000;
const TARGET_FIRST = 1.5;
const TARGET_LATER = 1.2;

/** Every page the pull asks for, in its order. */
function pullPaths(base: string): string[] {
  return [`${base}/countrylist`, ...Object.entries(COUNTS).flatMap(([list, total]) => listPaths(base, list, total, PAGE))];
}

/** The floor: the same pages, one after another, bodies read as text. */
async function bare(pool: Pool, base: string): Promise<number> {
  const headers = { authorization, accept: 'application/json' };
  let requests = 0;
  const get = async (path: string) => {
    requests++;
    const res = await pool.request({ method: 'GET', path: base + path, headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${text.slice(0, 200)}`);
    return text;
  };
  await get('/countrylist');
  for (const [list, total] of Object.entries(COUNTS)) {
    for (let start = 0; start <= total; start += PAGE) await get(`/${list}?count=${PAGE}&start=${start}`);
  }
  // the first pull of a database also reads the profiles and categories, a request each
  // (later pulls within the day do not); only this count of requests includes them
  await get('/profiles');
  await get('/categories');
  return requests;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
}

/** Wall time of `f`, from a clean heap. */
async function time<T>(f: () => Promise<T>): Promise<[number, T]> {
  settle();
  const t0 = performance.now();
  const r = await f();
  return [performance.now() - t0, r];
}

/** This process's CPU time (ms) while `f` runs. */
async function cpu(f: () => Promise<unknown>): Promise<number> {
  const c0 = process.cpuUsage();
  await f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** The same pages read and parsed by the API client, nothing written or kept: what the pull costs before the database. */
async function readOnly(url: string): Promise<number> {
  const api = benchApi(url, PAGE);
  let rows = 0;
  try {
    rows += (await api.countries()).length;
    for await (const page of api.clients.pages()) rows += page.length;
    for await (const page of api.products.pages()) rows += page.length;
    for await (const page of api.quotations.pages()) rows += page.length;
  } finally {
    await api.close();
  }
  return rows;
}

/** The floor of the first pull: the same pages fetched and parsed, each page's records written as bare rows (bareRowsFile). */
async function bareRows(pool: Pool, paths: string[], file: string): Promise<{ ms: number; rows: number }> {
  const db = bareRowsFile(file);
  try {
    const [ms, rows] = await time(() => fetchParse(pool, paths, db.write));
    return { ms, rows };
  } finally {
    db.close();
  }
}

const clocks = new WeakMap<object, { ms: number }>();

/**
 * The wall time spent inside the writers of pulled records (the store's
 * put and sweep calls), summed over the store's life: the store's share of a
 * pull, read directly rather than as a difference of noisy CPU times.
 */
function storeClock(store: ReturnType<typeof openStore>): { ms: number } {
  let clock = clocks.get(store);
  if (clock) return clock;
  const c = { ms: 0 };
  const cache = store.pulled as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['putCountries', 'putClients', 'putProducts', 'putQuotations', 'sweepClients', 'sweepProducts', 'sweepQuotations']) {
    const f = cache[name]!.bind(store.pulled);
    cache[name] = (...args) => {
      const t0 = performance.now();
      try {
        return f(...args);
      } finally {
        c.ms += performance.now() - t0;
      }
    };
  }
  clocks.set(store, (clock = c));
  return clock;
}

const { url, stop } = await sandboxProcess(COUNTS);
const base = new URL(url);
const pool = new Pool(base.origin, { connections: 4, keepAliveTimeout: 30_000 });
const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-'));
try {
  const pullOnce = async (n: number, into?: ReturnType<typeof openStore>) => {
    const store = into ?? openStore(join(dir, `pull-${n}.sqlite`));
    const api = benchApi(url, PAGE);
    let requests = 0;
    const transport = api.transport;
    const request = transport.request.bind(transport);
    transport.request = ((spec, read) => {
      requests++;
      return request(spec, read);
    }) as typeof transport.request;
    const engine = new SyncEngine({ store, api });
    const clock = storeClock(store);
    try {
      let summary: Awaited<ReturnType<typeof engine.pull>> | undefined;
      const before = clock.ms;
      const [ms, cpuMs] = await time(() => cpu(async () => void (summary = await engine.pull())));
      for (const k of ['clients', 'products', 'quotations'] as const) {
        if (summary![k] !== COUNTS[k]) throw new Error(`pulled ${summary![k]} ${k}, expected ${COUNTS[k]}`);
      }
      return { ms, cpu: cpuMs, inStore: clock.ms - before, requests, store };
    } finally {
      await engine.dispose();
      await api.close();
    }
  };
  const paths = pullPaths(base.pathname);
  const total = 1 + COUNTS.clients + COUNTS.products + COUNTS.quotations;
  const parsed = async () => {
    const rows = await fetchParse(pool, paths);
    // the country list's rows are not counted in COUNTS
    if (rows < total) throw new Error(`the floor read ${rows} records, expected at least ${total}`);
  };

  // warm-up of every path (JIT, connections, the sandbox's caches)
  await bare(pool, base.pathname);
  await parsed();
  await bareRows(pool, paths, join(dir, 'bare-0.sqlite'));
  await readOnly(url);
  const warm = await pullOnce(0);
  (await pullOnce(0, warm.store)).store.close();

  const floor: number[] = [];
  const parseFloor: number[] = [];
  const parseCpu: number[] = [];
  const rowsFloor: number[] = [];
  const first: number[] = [];
  const firstCpu: number[] = [];
  const firstStore: number[] = [];
  const later: number[] = [];
  const laterCpu: number[] = [];
  const laterStore: number[] = [];
  const reads: number[] = [];
  const readsCpu: number[] = [];
  let floorRequests = 0;
  let pullRequests = 0;
  let laterRequests = 0;
  let last: Awaited<ReturnType<typeof pullOnce>> | null = null;
  for (let r = 1; r <= ROUNDS; r++) {
    const [tf, n] = await time(() => bare(pool, base.pathname));
    floor.push(tf);
    floorRequests = n;
    const [tp, cp] = await time(() => cpu(parsed));
    parseFloor.push(tp);
    parseCpu.push(cp);
    rowsFloor.push((await bareRows(pool, paths, join(dir, `bare-${r}.sqlite`))).ms);
    const [tr, cr] = await time(() => cpu(() => readOnly(url)));
    reads.push(tr);
    readsCpu.push(cr);
    last?.store.close();
    last = await pullOnce(r);
    first.push(last.ms);
    firstCpu.push(last.cpu);
    firstStore.push(last.inStore);
    pullRequests = last.requests;
    // a later pull, into the same database, of a service where nothing changed
    const again = await pullOnce(r, last.store);
    later.push(again.ms);
    laterCpu.push(again.cpu);
    laterStore.push(again.inStore);
    laterRequests = again.requests;
  }
  const store = last!.store;

  // autosave: one edit of a draft per call, as typing produces them
  const draft = store.quotations.create({ clientId: store.clients.list({ limit: 1 })[0]!.id });
  const lines = Array.from({ length: 12 }, (_, k) => store.quotations.addLine(draft.id, { description: `Line ${k}`, amount: 1, price: 10, tax_rate: 21 }));
  const writes: number[] = [];
  const edited = store.clients.list({ limit: 1 })[0]!.id;
  for (let k = 0; k < 1000; k++) {
    const t0 = performance.now();
    if (k % 2 === 0) store.quotations.updateLine(draft.id, lines[k % lines.length]!.id, { description: `Typed ${k}` });
    else store.clients.update(edited, { notes: `typed ${k}` });
    writes.push(performance.now() - t0);
  }

  // type-ahead: what people type, prefixes of every length
  const queries = ['a', 'b', 'de', 'ja', 'jan', 'mü', 'mull', 'bakker', 'utr', 'ams', 'info', 'z', 'v', 'van d', 'bv', 'co', 'p', 'pro', 'st', 'con'];
  const clientTimes: number[] = [];
  const productTimes: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of queries) {
      let t0 = performance.now();
      store.search.clients(q);
      clientTimes.push(performance.now() - t0);
      t0 = performance.now();
      store.search.products(q);
      productTimes.push(performance.now() - t0);
    }
  }
  store.close();

  const median = (xs: number[]) => pct(xs, 0.5);
  const verdict = (r: number, target: number) => `${r.toFixed(2)}x ${r <= target ? `(within ${target.toFixed(2)}x)` : `(NOT within ${target.toFixed(2)}x)`}`;
  const row = (label: string, xs: number[], extra = '') =>
    console.log(
      `  ${label.padEnd(52)} median ${median(xs).toFixed(0).padStart(4)} ms  min ${Math.min(...xs)
        .toFixed(0)
        .padStart(4)} ms${extra}`,
    );
  console.log(`pull: ${COUNTS.clients} clients, ${COUNTS.products} products, ${COUNTS.quotations} quotations, pages of ${PAGE}, ${ROUNDS} rounds, alternating`);
  row('floor: bare undici, bodies as text', floor, `  (${floorRequests} requests, one at a time)`);
  row('floor: fetch + JSON.parse', parseFloor, '  (a page asked ahead, as the pager does)');
  row('floor: fetch + parse + bare JSON rows', rowsFloor, '  (a transaction per page, no index)');
  row('first pull: SyncEngine.pull() into a new database', first, `  (${pullRequests} requests)`);
  row('later pull: the same database, nothing changed', later, `  (${laterRequests} requests)`);
  console.log(
    `  first pull against fetch + parse + bare rows, medians: ${verdict(median(first) / median(rowsFloor), TARGET_FIRST)}; best runs: ${verdict(Math.min(...first) / Math.min(...rowsFloor), TARGET_FIRST)}`,
  );
  console.log(
    `  later pull against fetch + parse, medians: ${verdict(median(later) / median(parseFloor), TARGET_LATER)}; best runs: ${verdict(Math.min(...later) / Math.min(...parseFloor), TARGET_LATER)}`,
  );
  console.log(
    `  against bodies as text (a page at a time), medians: first pull ${(median(first) / median(floor)).toFixed(2)}x, later pull ${(median(later) / median(floor)).toFixed(2)}x`,
  );
  console.log(
    `  where the time goes: the same pages read and parsed by InvoicingApi (schemas, wire coercion), nothing written: median ${median(reads).toFixed(0)} ms, CPU ${median(readsCpu).toFixed(0)} ms (fetch + JSON.parse: CPU ${median(parseCpu).toFixed(0)} ms);`,
  );
  console.log(`    CPU of the pull, medians: first ${median(firstCpu).toFixed(0)} ms, later ${median(laterCpu).toFixed(0)} ms;`);
  console.log(
    `    inside the store's writers of pulled records (put and sweep calls), medians: first pull ${median(firstStore).toFixed(0)} ms, later pull ${median(laterStore).toFixed(0)} ms`,
  );
  console.log(
    `  requests: ${pullRequests}, the minimum is ${floorRequests} (one per page, plus the empty page ending a list that ends on a full page) ${pullRequests === floorRequests ? '(minimum)' : '(NOT the minimum)'}`,
  );
  console.log(
    `autosave write latency (${writes.length} edits): p50 ${pct(writes, 0.5).toFixed(3)} ms, p95 ${pct(writes, 0.95).toFixed(3)} ms ${pct(writes, 0.95) < 3 ? '(under 3 ms)' : '(NOT under 3 ms)'}`,
  );
  console.log(
    `search over ${COUNTS.clients} clients: p50 ${pct(clientTimes, 0.5).toFixed(3)} ms, p95 ${pct(clientTimes, 0.95).toFixed(3)} ms ${pct(clientTimes, 0.95) < 2 ? '(under 2 ms)' : '(NOT under 2 ms)'}`,
  );
  console.log(
    `search over ${COUNTS.products} products: p50 ${pct(productTimes, 0.5).toFixed(3)} ms, p95 ${pct(productTimes, 0.95).toFixed(3)} ms ${pct(productTimes, 0.95) < 2 ? '(under 2 ms)' : '(NOT under 2 ms)'}`,
  );
  const load = loadavg()[0]!;
  if (load > 1.5) console.log(`  note: load average ${load.toFixed(1)} on ${availableParallelism()} cores while measuring; figures are noisy`);
} finally {
  await pool.close();
  stop();
  rmSync(dir, { recursive: true, force: true });
}
