// `npm run bench -- sync`: the initial pull of 10,000 clients, 2,000 products
// and 1,000 quotations from a sandbox (rate limiting off) into a fresh local
// database, next to the floor: bare undici fetching the same pages, bodies
// read as text and nothing else. Also the number of requests the pull made,
// the autosave write latency and the type-ahead search latency.
// The sandbox runs in a process of its own, as the service would.
// Usage: npm run bench -- sync [--rounds N]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Pool } from 'undici';
import { authorization, benchApi, sandboxProcess } from './_sandbox';
import { openStore } from '../../electron/store';
import { SyncEngine } from '../../electron/sync';

const i = process.argv.indexOf('--rounds');
const ROUNDS = i >= 0 ? Number(process.argv[i + 1]) : 3;
const COUNTS = { clients: 10_000, products: 2_000, quotations: 1_000 };
const PAGE = 1000;

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
  return requests;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
}

async function time<T>(f: () => Promise<T>): Promise<[number, T]> {
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

/** The same pages read and parsed by the API client, nothing written: what the pull costs before the database. */
async function readOnly(url: string): Promise<object[][]> {
  const api = benchApi(url, PAGE);
  const pages: object[][] = [];
  try {
    pages.push(await api.countries());
    for await (const page of api.clients.pages()) pages.push(page);
    for await (const page of api.products.pages()) pages.push(page);
    for await (const page of api.quotations.pages()) pages.push(page);
  } finally {
    await api.close();
  }
  return pages;
}

/**
 * The least a database write of these pages costs: each record as JSON into
 * a table with nothing but a key, a transaction per page, in a new WAL file
 * written as durably as the store writes (no search index, no list columns,
 * no lookups of what is known).
 */
function bareInserts(pages: object[][], file: string): number {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE records (rid INTEGER PRIMARY KEY, json TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO records (json) VALUES (?)');
    const t0 = performance.now();
    for (const page of pages) db.transaction(() => {
      for (const r of page) insert.run(JSON.stringify(r));
    })();
    return performance.now() - t0;
  } finally {
    db.close();
  }
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
    try {
      const [ms, summary] = await time(() => engine.pull());
      for (const k of ['clients', 'products', 'quotations'] as const) {
        if (summary[k] !== COUNTS[k]) throw new Error(`pulled ${summary[k]} ${k}, expected ${COUNTS[k]}`);
      }
      return { ms, requests, store };
    } finally {
      await engine.dispose();
      await api.close();
    }
  };

  // warm-up of both paths (JIT, connections, the sandbox's caches)
  await bare(pool, base.pathname);
  (await pullOnce(0)).store.close();

  const floor: number[] = [];
  const ours: number[] = [];
  const reads: number[] = [];
  const readsCpu: number[] = [];
  const inserts: number[] = [];
  const pullCpu: number[] = [];
  let floorRequests = 0;
  let pullRequests = 0;
  let last: Awaited<ReturnType<typeof pullOnce>> | null = null;
  for (let r = 1; r <= ROUNDS; r++) {
    const [tf, n] = await time(() => bare(pool, base.pathname));
    floor.push(tf);
    floorRequests = n;
    let pages: object[][] = [];
    const [tr, cr] = await time(() => cpu(async () => void (pages = await readOnly(url))));
    inserts.push(bareInserts(pages, join(dir, `bare-${r}.sqlite`)));
    reads.push(tr);
    readsCpu.push(cr);
    last?.store.close();
    let pulled: Awaited<ReturnType<typeof pullOnce>> | undefined;
    pullCpu.push(await cpu(async () => void (pulled = await pullOnce(r))));
    last = pulled!;
    ours.push(last.ms);
    pullRequests = last.requests;
  }
  const store = last!.store;

  // a later pull, into the same database, of a service where nothing changed
  const again: number[] = [];
  for (let r = 0; r < ROUNDS; r++) again.push((await pullOnce(0, store)).ms);

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
  const mf = median(floor);
  const mo = median(ours);
  const verdict = (r: number) => `${r.toFixed(2)}x ${r <= 1.3 ? '(within 1.30x)' : '(NOT within 1.30x)'}`;
  console.log(`initial pull: ${COUNTS.clients} clients, ${COUNTS.products} products, ${COUNTS.quotations} quotations, pages of ${PAGE}, ${ROUNDS} rounds, alternating`);
  console.log(`  floor (bare undici, same pages, text only)   median ${mf.toFixed(0)} ms  min ${Math.min(...floor).toFixed(0)} ms  (${floorRequests} requests)`);
  console.log(`  SyncEngine.pull() into a new database        median ${mo.toFixed(0)} ms  min ${Math.min(...ours).toFixed(0)} ms  (${pullRequests} requests)`);
  console.log(`  ratio, medians: ${verdict(mo / mf)}; best runs: ${verdict(Math.min(...ours) / Math.min(...floor))}`);
  console.log(`  where the time goes: the same pages read and parsed by InvoicingApi, nothing written: median ${median(reads).toFixed(0)} ms (CPU ${median(readsCpu).toFixed(0)} ms);`);
  console.log(`    the pull's CPU time: median ${median(pullCpu).toFixed(0)} ms, so about ${(median(pullCpu) - median(readsCpu)).toFixed(0)} ms of CPU go to the database;`);
  console.log(`    the same records as bare JSON rows (a key and the JSON, a transaction per page, no index, no lookups): median ${median(inserts).toFixed(0)} ms`);
  console.log(`  a later pull, nothing changed on the service  median ${median(again).toFixed(0)} ms  min ${Math.min(...again).toFixed(0)} ms`);
  console.log(`  requests: ${pullRequests}, the minimum is ${floorRequests} (one per page, plus the empty page ending a list that ends on a full page) ${pullRequests === floorRequests ? '(minimum)' : '(NOT the minimum)'}`);
  console.log(`autosave write latency (${writes.length} edits): p50 ${pct(writes, 0.5).toFixed(3)} ms, p95 ${pct(writes, 0.95).toFixed(3)} ms ${pct(writes, 0.95) < 3 ? '(under 3 ms)' : '(NOT under 3 ms)'}`);
  console.log(`search over ${COUNTS.clients} clients: p50 ${pct(clientTimes, 0.5).toFixed(3)} ms, p95 ${pct(clientTimes, 0.95).toFixed(3)} ms ${pct(clientTimes, 0.95) < 2 ? '(under 2 ms)' : '(NOT under 2 ms)'}`);
  console.log(`search over ${COUNTS.products} products: p50 ${pct(productTimes, 0.5).toFixed(3)} ms, p95 ${pct(productTimes, 0.95).toFixed(3)} ms ${pct(productTimes, 0.95) < 2 ? '(under 2 ms)' : '(NOT under 2 ms)'}`);
  const load = loadavg()[0]!;
  if (load > 1.5) console.log(`  note: load average ${load.toFixed(1)} on ${availableParallelism()} cores while measuring; figures are noisy`);
} finally {
  await pool.close();
  stop();
  rmSync(dir, { recursive: true, force: true });
}
