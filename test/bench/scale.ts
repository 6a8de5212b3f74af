// `npm run bench -- scale`: the desk at a business's size after one year and
// after ten. A sandbox in a process of its own (so only the desk's memory is
// counted here) holds 10,000 clients / 2,000 products / 1,000 quotations, or
// 100,000 / 5,000 / 10,000. For each size it prints:
// - the first pull into a new database of a desk connected to it as an
//   account, next to the honest floor measured in the same run (the same
//   pages fetched, parsed and written as bare JSON rows, a transaction per
//   page), rounds alternating;
// - the median and p95 of every list and search call the screens make,
//   through the bridge's dispatcher as the page calls them: first page, a page
//   deep in the list, each sort both ways, each filter chip, searches (names,
//   a reference, a word of a reference line and of a line of a quotation
//   added to the service for it, a client's number); and the
//   main thread's CPU time per call, each call's own cost when the machine is
//   busy with other work;
// - the peak resident memory of this process from the first pull's start to
//   the last call (VmHWM, reset before the desk opens);
// - the built web host, as `npm run web` runs it, a process of its own
//   connected to the same service as an account (its API key in the keychain
//   of scripts/with-keyring.sh): the time from its start to the end of its
//   first pull, and its resident memory then (VmRSS, which the host reports
//   at GET /__control/process with process.memoryUsage()), its peak (VmHWM)
//   and its resident memory 10 s later; next to its floor: a process started
//   with the same Node flags and no loader, listening as the host does, that
//   fetches, parses and writes as bare rows the same pages
//   (test/bench/_host-floor.ts);
// And once, the built web host in demo mode (the default demo data): the time
// from its start to the page's first contentful paint in Chromium (the browser
// started before), on a new data folder and on that folder again, and its
// resident memory idle with the page open; next to its floor, the same kind of
// process answering a one-line page.
// Each figure is followed by whether it meets its target. A benchmark, not a
// timed test: a busy machine moves the figures, and the load is printed.
// Usage: npm run bench -- scale [--size 10k|100k|both] [--rounds N (default 5 at 10k, 3 at 100k)] [--calls N]
//                                [--only desk,host,demo (default all three)]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { KEY, USER, benchApi, sandboxProcess } from './_sandbox';
import { bareRows, pullPaths } from './_floors';
import { median, option, settle } from './_stats';
// the web host's measures load their modules (and the browser's) when they run, after the desk's: they stay out of its memory
import type { ProcessReport } from './_webhost';
import type { Page } from 'playwright-core';
import type { Chromium } from '../helpers/chromium';
import { createCore, type Core } from '../../electron/core';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { MemoryKeychain } from '../../electron/keychain';
import { operations, type SyncStatus } from '../../shared/bridge';

const SIZES = {
  '10k': { clients: 10_000, products: 2_000, quotations: 1_000 },
  '100k': { clients: 100_000, products: 5_000, quotations: 10_000 },
} as const;
type Size = keyof typeof SIZES;
type Counts = (typeof SIZES)[Size];

const CALLS = option('--calls', 40);
const WARM = 3;
const PAGE = 1000;
/** rows a screen asks for at a time */
const ROWS = 100;
const TARGET = { pull: 1.5, callP95: 16, moonshot: 5, rssMb: 250, hostRssMb: 250, demoIdleMb: 120, paintS: 2 };

const PARTS_MEASURED = ['desk', 'host', 'demo'] as const;
type Section = (typeof PARTS_MEASURED)[number];

/** What --only names (all by default). */
function onlyArg(): Section[] {
  const i = process.argv.indexOf('--only');
  if (i < 0) return [...PARTS_MEASURED];
  const named = (process.argv[i + 1] ?? '').split(',');
  const wrong = named.find((n) => !(PARTS_MEASURED as readonly string[]).includes(n));
  if (wrong !== undefined || named.length === 0) throw new Error(`--only takes ${PARTS_MEASURED.join(', ')}, comma separated`);
  return named as Section[];
}
const ONLY = onlyArg();

function sizeArg(): Size | 'both' {
  const i = process.argv.indexOf('--size');
  const v = i >= 0 ? process.argv[i + 1] : 'both';
  if (v !== '10k' && v !== '100k' && v !== 'both') throw new Error('--size must be 10k, 100k or both');
  return v;
}

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
}

const met = (ok: boolean) => (ok ? 'target met' : 'NOT met');

/** The peak resident memory (kB) since the last reset, from the kernel. */
function peakKb(): number {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : process.resourceUsage().maxRSS;
}

/** Starts the peak over from what is resident now (Linux 4.0 and later); false where the kernel does not allow it. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

type Call = (op: string, input: unknown) => Promise<unknown>;

interface Desk {
  core: Core;
  call: Call;
  dir: string;
}

/** A desk on a new data folder, connected to the service as an account; its sync left to the caller. */
async function openDesk(url: string): Promise<Desk> {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-scale-'));
  const core = await createCore({ dataDir: dir, autoSync: false, secrets: new MemoryKeychain() });
  const dispatch = createDispatcher<null>({ handlers: core.handlers, isTrustedSender: () => true });
  const call: Call = async (op, input) => {
    const r = await dispatch(null, op, input);
    if (!r.ok) throw new Error(`${op} ${JSON.stringify(input)}: ${r.error.message}`);
    return r.value;
  };
  await call('account.connect', { baseUrl: url, username: USER, apiKey: KEY, displayName: 'Ten years' });
  return { core, call, dir };
}

/** A new desk's first load as it runs by itself (the sync started), until every list was read once; its time, requests and CPU. */
async function pacedFirstLoad(url: string, counts: Counts): Promise<{ ms: number; requests: number; cpuMs: number }> {
  settle();
  const desk = await openDesk(url);
  try {
    const cpu = process.cpuUsage();
    const t = performance.now();
    desk.core.sync.start();
    while (desk.core.sync.freshness.loading) await sleep(20);
    await desk.core.sync.idle();
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const held = desk.core.space.store.checks.held('clients');
    if (held !== counts.clients) throw new Error(`the paced first load holds ${held} clients, expected ${counts.clients}`);
    return { ms, requests: desk.core.sync.freshness.backgroundRequests, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    await closeDesk(desk);
  }
}

async function closeDesk(desk: Desk): Promise<void> {
  await desk.core.close();
  rmSync(desk.dir, { recursive: true, force: true });
}

// The list operations as this build declares them: a build before paged
// lists takes neither offset nor a filter chip, and answers a bare array.
const listShape = (op: 'quotations.list' | 'clients.list' | 'products.list'): Record<string, unknown> =>
  (operations[op] as unknown as { shape: Record<string, unknown> }).shape;
const CHIP_STATES = { drafts: ['local', 'pending', 'saved'], sent: ['sent', 'approved'], attention: ['attention', 'conflict'] } as const;

/** The page's call for this view of the quotation list, as this build takes it; null where it offers no such view (a sort key it lacks). */
function quotationInput(input: { offset?: number; filter?: keyof typeof CHIP_STATES; query?: string; sort?: { key: string; dir: 'asc' | 'desc' } }): unknown {
  const shape = listShape('quotations.list');
  const out: Record<string, unknown> = {};
  if (input.query !== undefined) out.query = input.query;
  if (input.sort !== undefined) out.sort = input.sort;
  if (input.filter !== undefined) {
    if ('filter' in shape) out.filter = input.filter;
    else out.states = [...CHIP_STATES[input.filter]];
  }
  if ('limit' in shape) out.limit = ROWS;
  if ('offset' in shape && input.offset !== undefined) out.offset = input.offset;
  return operations['quotations.list'].safeParse(out).success ? out : null;
}

/** The rows and the total of a list's answer, whichever form this build gives it. */
function rowsOf(value: unknown): { items: Record<string, unknown>[]; total: number } {
  if (Array.isArray(value)) return { items: value as Record<string, unknown>[], total: value.length };
  return value as { items: Record<string, unknown>[]; total: number };
}

interface Measured {
  name: string;
  p50: number;
  p95: number;
  /** the main thread's CPU time per call, the mean over the calls (the kernel counts it in ticks of a few ms, too coarse for a percentile): what a call costs whatever else the machine runs */
  cpu: number;
  rows: number;
}

// the main thread's own CPU time (Node 23.9 and later), else the process's
const threadCpu = (): NodeJS.CpuUsage => (process.threadCpuUsage ?? process.cpuUsage)();

async function measure(name: string, call: () => Promise<unknown>): Promise<Measured> {
  let rows = 0;
  for (let i = 0; i < WARM; i++) rows = rowsOf(await call()).items.length;
  settle();
  const times: number[] = [];
  const c0 = threadCpu();
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  const c = threadCpu();
  const cpu = (c.user - c0.user + c.system - c0.system) / 1000 / CALLS;
  return { name, p50: pct(times, 0.5), p95: pct(times, 0.95), cpu, rows };
}

/** What the searches beyond names look for: a client's number, and a quotation's reference line and line (docs/quotation-list.md). */
interface Findable {
  clientnr: number;
  /** the service's id of the quotation that holds the words below */
  quotationId: number;
  referenceWord: string;
  lineWord: string;
}

/**
 * One quotation more on the service, for a client deep in the list, with a
 * word in a reference line and one in a line that no other quotation holds;
 * the desk pulls it as it would any change.
 */
async function addFindable(url: string, counts: Counts): Promise<Findable> {
  const clientnr = Math.floor(counts.clients * 0.17512);
  const api = benchApi(url, PAGE);
  try {
    const quotationId = await api.quotations.saveOrSend({
      clientnr,
      action: 'save',
      savename: 'Bruiloft Van Dijk',
      reference: { line1: 'Bruiloft Van Dijk & de Vries', line2: 'Zaal Hoogland, 12 juni', line3: '' },
      lines: [
        { description: 'Petitfours (per stuk)', amount: 120, price: 1.25, tax_rate: 9 },
        { description: 'Koffie en thee', amount: 80, price: 2.1, tax_rate: 9 },
      ],
    });
    return { clientnr, quotationId, referenceWord: 'hoogland', lineWord: 'petitfours' };
  } finally {
    await api.close();
  }
}

/** Every list and search call the screens make, each measured CALLS times. */
async function listCalls(call: Call, findable: Findable): Promise<Measured[]> {
  const out: Measured[] = [];
  const q = (input: Parameters<typeof quotationInput>[0]) => {
    const payload = quotationInput(input);
    return payload === null ? null : () => call('quotations.list', payload);
  };
  const each = async (name: string, run: (() => Promise<unknown>) | null) => {
    if (run === null) console.log(`  (${name}: not offered by this build)`);
    else out.push(await measure(name, run));
  };
  const first = rowsOf(await call('quotations.list', quotationInput({})));
  const deep = Math.max(0, first.total - ROWS);
  await each('quotations: first page', q({}));
  await each(`quotations: page at offset ${deep}`, q({ offset: deep }));
  for (const key of ['date', 'reference', 'client', 'total', 'state']) {
    for (const dir of ['asc', 'desc'] as const) await each(`quotations: sorted by ${key} ${dir}`, q({ sort: { key, dir } }));
  }
  await each(`quotations: sorted by total desc, offset ${deep}`, q({ sort: { key: 'total', dir: 'desc' }, offset: deep }));
  for (const filter of ['drafts', 'sent', 'attention'] as const) await each(`quotations: chip ${filter}`, q({ filter }));
  // a reference from deep in the list: the oldest sent quotation
  const oldest = rowsOf(await call('quotations.list', quotationInput({ sort: { key: 'date', dir: 'asc' } }))).items;
  const reference = String(oldest.find((x) => typeof x.quotationreference === 'string' && x.quotationreference !== '')?.quotationreference ?? 'OF20');
  for (const query of ['Mulder', reference, 'müller', 'muller', 'lefevre bouw']) await each(`quotations: search "${query}"`, q({ query }));
  // a word of a reference line and of a line, found in their own index; and a word of the catalogue's lines, which thousands hold
  for (const query of [findable.referenceWord, findable.lineWord]) {
    const found = rowsOf(await call('quotations.list', quotationInput({ query }))).items;
    if (found.length !== 1 || found[0]!.serverId !== findable.quotationId)
      throw new Error(`the search "${query}" did not find quotation ${findable.quotationId}`);
    await each(`quotations: search "${query}" (${query === findable.lineWord ? 'a line' : 'a reference line'})`, q({ query }));
  }
  await each('quotations: search "inspectie" (lines of thousands)', q({ query: 'inspectie' }));
  // the follow-up screen: the sent quotations still waiting for an answer, a page at a time
  const waiting = (await call('quotations.followUp', { limit: 1 })) as { total: number };
  await each('follow-up: first page', () => call('quotations.followUp', { limit: ROWS }));
  const lastPage = Math.max(0, waiting.total - ROWS);
  await each(`follow-up: page at offset ${lastPage}`, () => call('quotations.followUp', { offset: lastPage, limit: ROWS }));

  for (const list of ['clients', 'products'] as const) {
    const op = `${list}.list`;
    const extra = list === 'clients' ? { includeInactive: false } : {};
    const total = rowsOf(await call(op, { limit: ROWS, ...extra })).total;
    out.push(await measure(`${list}: first page`, () => call(op, { limit: ROWS, ...extra })));
    out.push(await measure(`${list}: page at offset ${total - ROWS}`, () => call(op, { offset: total - ROWS, limit: ROWS, ...extra })));
    const number = String(findable.clientnr);
    const queries = list === 'clients' ? ['bakker', 'muller', 'öztürk bouw', 'zwolle', number] : ['onderhoud', 'montage per uur', 'P00420'];
    if (list === 'clients') {
      const found = rowsOf(await call(op, { query: number, limit: ROWS, ...extra })).items;
      if (!found.some((c) => c.clientnr === findable.clientnr)) throw new Error(`the client list searched "${number}" did not find client ${number}`);
    }
    for (const query of queries) {
      const name = `${list}: list searched "${query}"${query === number ? ' (a client number)' : ''}`;
      out.push(await measure(name, () => call(op, { query, limit: ROWS, ...extra })));
    }
    for (const query of list === 'clients' ? ['mu', 'mül'] : ['on', 'ond']) {
      out.push(await measure(`${list}: type-ahead "${query}"`, () => call(`${list}.search`, { query, limit: 20 })));
    }
  }
  return out;
}

async function runSize(size: Size): Promise<void> {
  const counts = SIZES[size];
  const t0 = performance.now();
  const { url, stop } = await sandboxProcess(counts);
  const started = performance.now() - t0;
  try {
    console.log(
      `size ${size}: ${counts.clients} clients, ${counts.products} products, ${counts.quotations} quotations (sandbox up in ${(started / 1000).toFixed(1)} s)`,
    );
    if (ONLY.includes('desk')) await deskAtSize(size, url);
    if (ONLY.includes('host')) await hostAtSize(url, counts);
  } finally {
    stop();
  }
}

/** The desk in this process: its first pulls against the floor, the list calls, the peak memory. */
async function deskAtSize(size: Size, url: string): Promise<void> {
  const counts = SIZES[size];
  // a pull at 10k is short enough that a busy moment moves its median: more rounds there
  const ROUNDS = option('--rounds', size === '10k' ? 5 : 3);
  let desk: Desk | null = null;
  try {
    const floors: number[] = [];
    const pulls: number[] = [];
    let peak = 0;
    let peakReset = false;
    /** resident before the first desk opened: Node and the modules */
    let before = 0;
    for (let r = 1; r <= ROUNDS; r++) {
      if (desk) await closeDesk(desk);
      desk = null;
      floors.push(floorProcess(size, url));
      settle();
      peakReset = resetPeak();
      if (r === 1) before = process.memoryUsage.rss();
      desk = await openDesk(url);
      const t = performance.now();
      const summary = await desk.core.sync.engine.pull();
      pulls.push(performance.now() - t);
      for (const k of ['clients', 'products', 'quotations'] as const) {
        if (summary[k] !== counts[k]) throw new Error(`the pull read ${summary[k]} ${k}, expected ${counts[k]}`);
      }
      if (r < ROUNDS) peak = Math.max(peak, peakKb());
    }
    // a quotation more on the service, pulled as a later change, for the searches of its reference line and line
    const findable = await addFindable(url, counts);
    await desk!.core.sync.engine.pull();
    const calls = await listCalls(desk!.call, findable);
    peak = Math.max(peak, peakKb());

    const ratio = median(pulls) / median(floors);
    console.log(`first pull into a new database, ${ROUNDS} rounds alternating with the floor, medians:`);
    console.log(
      `  floor: fetch + parse + bare JSON rows (${pullPaths('', counts, PAGE).length} pages, a process of its own) ${(median(floors) / 1000).toFixed(2).padStart(6)} s   (runs ${floors.map((x) => (x / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(
      `  first pull through the desk's sync engine     ${(median(pulls) / 1000).toFixed(2).padStart(6)} s   (runs ${pulls.map((x) => (x / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(`  ratio ${ratio.toFixed(2)}x of the floor: ${met(ratio <= TARGET.pull)} (${TARGET.pull}x)`);
    // what a new account runs now: the paced first load (docs/freshness.md), one request and one transaction a piece
    const paced = await pacedFirstLoad(url, counts);
    console.log(
      `  the paced first load, as the desk runs it now   ${(paced.ms / 1000).toFixed(2).padStart(6)} s   (${paced.requests} requests, ${(paced.ms / median(floors)).toFixed(2)}x the floor; CPU ${(paced.cpuMs / 1000).toFixed(2)} s)`,
    );

    console.log(`list and search calls through the bridge, ${CALLS} calls each after ${WARM} to warm up, ${ROWS} rows a page (ms):`);
    console.log(`  ${'call'.padEnd(60)} ${'rows'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'CPU/call'.padStart(8)}`);
    for (const m of calls) {
      const verdict = m.p95 < TARGET.moonshot ? 'target met (and the moonshot)' : met(m.p95 < TARGET.callP95);
      console.log(
        `  ${m.name.padEnd(60)} ${String(m.rows).padStart(5)} ${m.p50.toFixed(2).padStart(8)} ${m.p95.toFixed(2).padStart(8)} ${m.cpu.toFixed(2).padStart(8)}  ${verdict}`,
      );
    }
    const worst = calls.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const missed = calls.filter((m) => m.p95 >= TARGET.callP95).length;
    console.log(
      `  worst p95 ${worst.p95.toFixed(2)} ms (${worst.name}); ${missed} of ${calls.length} calls at or over ${TARGET.callP95} ms: ${met(missed === 0)}`,
    );
    // on a busy machine the wall time's tail is the scheduler's; the thread's CPU time is the call's own
    const worstCpu = calls.reduce((a, b) => (b.cpu > a.cpu ? b : a));
    console.log(`  most CPU a call: ${worstCpu.cpu.toFixed(2)} ms of the main thread (${worstCpu.name})`);

    const mb = peak / 1024;
    const where = peakReset ? 'from opening the desk to its last call' : 'over the whole run (the kernel would not reset the peak)';
    console.log(`peak resident memory of this process, ${where}: ${mb.toFixed(0)} MB: ${met(mb < TARGET.rssMb)} (${TARGET.rssMb} MB)`);
    console.log(
      `  (${(before / 1048576).toFixed(0)} MB resident before the first desk opened: Node and the modules; each later desk finds the heap the one before it grew)`,
    );
    const load = loadavg()[0]!;
    if (load > 1.5) console.log(`note: load average ${load.toFixed(1)} on ${availableParallelism()} cores while measuring; figures are noisy`);
  } finally {
    if (desk) await closeDesk(desk);
  }
}

const mbOf = (bytes: number | null) => (bytes === null ? '?' : (bytes / 1048576).toFixed(0));
/** Where the resident memory is: V8's heap, Node's external memory, and what else is not backed by a file. */
const parts = (m: ProcessReport) =>
  `heap ${mbOf(m.heapUsed)} used of ${mbOf(m.heapTotal)} MB, external ${mbOf(m.external)} MB, anonymous ${mbOf(m.anonymous)} MB, from files ${m.anonymous === null ? '?' : mbOf(m.rss - m.anonymous)} MB`;

/**
 * The built web host, started as `npm run web` starts it, on a new data
 * folder, connected to the service as an account: it checks the key, keeps it
 * and pulls. Its memory is read from the host itself once the first pull has
 * ended, and again 10 s later.
 */
async function hostAtSize(url: string, counts: Counts): Promise<void> {
  const { builtBeforeTiming, startBuiltHost } = await import('./_webhost');
  builtBeforeTiming();
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-scale-host-'));
  const host = await startBuiltHost(['--data', dir, '--port', '0', '--base-url', url, '--username', USER], {
    keyring: true,
    env: { QUOTEDESK_API_KEY: KEY },
  });
  try {
    let status: SyncStatus;
    for (;;) {
      status = await host.call<SyncStatus>('sync.status');
      if (status.lastSyncAt !== null && status.pulling === null) break;
      if (Date.now() - host.spawnedAt > 600_000) throw new Error('the web host did not end its first pull in 10 minutes');
      await sleep(100);
    }
    const pulledAt = Date.now();
    const after = await host.report();
    const total = (await host.call<{ total: number }>('clients.list', { limit: 1, includeInactive: true })).total;
    if (total < counts.clients) throw new Error(`the web host holds ${total} clients after its first pull, expected ${counts.clients}`);
    await sleep(10_000);
    const later = await host.report();
    const mb = after.rss / 1048576;
    console.log(`the built web host, a process of its own (npm run web's command, pid ${host.pid}), connected to the service as an account:`);
    console.log(
      `  started, serving after ${((host.openAt - host.spawnedAt) / 1000).toFixed(2)} s, first pull ended after ${((pulledAt - host.spawnedAt) / 1000).toFixed(1)} s`,
    );
    console.log(`  CPU time of its process from its start to the pull's end: ${(after.cpuMs / 1000).toFixed(1)} s`);
    console.log(`  resident after the first pull: ${mb.toFixed(0)} MB: ${met(mb < TARGET.hostRssMb)} (${TARGET.hostRssMb} MB)`);
    console.log(`    (${parts(after)})`);
    console.log(`  peak resident from its start to the pull's end: ${mbOf(after.peakRss)} MB`);
    console.log(`  resident 10 s later: ${mbOf(later.rss)} MB (${parts(later)})`);
  } finally {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  await hostFloor(url, counts);
}

/**
 * The floor of the figures above: a process with npm run web's Node flags and
 * no loader that listens as the host does, then fetches and parses the same
 * pages and writes their records as bare JSON rows (test/bench/_host-floor.ts).
 */
async function hostFloor(url: string, counts: Counts): Promise<void> {
  const { startFloor } = await import('./_webhost');
  const floor = await startFloor(['pull', url, String(counts.clients), String(counts.products), String(counts.quotations)]);
  try {
    const pulledAt = await floor.printed('pulled');
    const after = await floor.report();
    await sleep(10_000);
    const later = await floor.report();
    console.log(
      `  floor: a process of its own with the same Node flags, listening, that fetched, parsed and wrote as bare rows the same ${pullPaths('', counts, PAGE).length} pages:`,
    );
    console.log(
      `    pull ended after ${((pulledAt - floor.spawnedAt) / 1000).toFixed(1)} s, CPU ${(after.cpuMs / 1000).toFixed(1)} s; resident then ${mbOf(after.rss)} MB (${parts(after)}), peak ${mbOf(after.peakRss)} MB, 10 s later ${mbOf(later.rss)} MB`,
    );
  } finally {
    await floor.stop();
  }
}

/** The time from Date.now() `since` to the page's first contentful paint, and to its document's answer (ms). */
async function firstPaint(page: Page, url: string, since: number): Promise<{ paint: number; answer: number }> {
  let answeredAt = 0;
  page.once('response', () => (answeredAt = Date.now()));
  await page.goto(url);
  // a script as text: the functions of this file are compiled with helpers the page does not have
  const paintedAt = (await page.evaluate(`new Promise((resolve) => {
    const done = (e) => resolve(performance.timeOrigin + e.startTime);
    const seen = performance.getEntriesByName('first-contentful-paint')[0];
    if (seen) return done(seen);
    new PerformanceObserver((list) => {
      const e = list.getEntries().find((x) => x.name === 'first-contentful-paint');
      if (e) done(e);
    }).observe({ type: 'paint', buffered: true });
  })`)) as number;
  return { paint: paintedAt - since, answer: answeredAt - since };
}

/**
 * The built web host in demo mode, as `npm run web` starts it: from the
 * process's start to the page's first contentful paint in Chromium (started
 * before, not counted), on a new data folder (the demo's data made and pulled
 * on the way) and then on that folder again; and its resident memory idle,
 * the page open, 10 s after the last start's paint.
 */
async function demoStart(): Promise<void> {
  const LATER = 3;
  const { builtBeforeTiming, startBuiltHost } = await import('./_webhost');
  const { launchChromium } = await import('../helpers/chromium');
  builtBeforeTiming();
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-scale-demo-'));
  const browser = await launchChromium();
  try {
    const starts: { paint: number; answer: number; open: number }[] = [];
    let idle: ProcessReport | null = null;
    for (let r = 0; r <= LATER; r++) {
      const host = await startBuiltHost(['--data', dir, '--port', '0']);
      const page = await browser.newPage();
      try {
        const t = await firstPaint(page, host.url, host.spawnedAt);
        starts.push({ ...t, open: host.openAt - host.spawnedAt });
        if (r === LATER) {
          await page.getByTestId('demo-banner').waitFor();
          await sleep(10_000);
          idle = await host.report();
        }
      } finally {
        await page.close();
        await host.stop();
      }
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const later = starts.slice(1);
    const paint = median(later.map((x) => x.paint));
    console.log("the built web host in demo mode (npm run web's command, the default demo data), from its start:");
    console.log(`  ${'start'.padEnd(34)} ${'URL printed'.padStart(11)} ${'page answered'.padStart(13)} ${'first paint'.padStart(11)}`);
    const row = (name: string, x: { open: number; answer: number; paint: number }) =>
      console.log(`  ${name.padEnd(34)} ${s(x.open).padStart(11)} ${s(x.answer).padStart(13)} ${s(x.paint).padStart(11)}`);
    row('a new data folder (demo data made)', starts[0]!);
    later.forEach((x, i) => row(`the same folder again (${i + 1})`, x));
    console.log(
      `  start to first contentful paint once built, the median of the later starts: ${s(paint)}: ${met(paint < TARGET.paintS * 1000)} (${TARGET.paintS} s)`,
    );
    console.log(
      `  start to first contentful paint on a new data folder: ${s(starts[0]!.paint)}: ${met(starts[0]!.paint < TARGET.paintS * 1000)} (${TARGET.paintS} s)`,
    );
    const mb = idle!.rss / 1048576;
    console.log(`  resident idle, the page open, 10 s after its paint: ${mb.toFixed(0)} MB: ${met(mb < TARGET.demoIdleMb)} (${TARGET.demoIdleMb} MB)`);
    console.log(`    (${parts(idle!)}; peak since its start ${mbOf(idle!.peakRss)} MB)`);
    await serveFloor(browser, LATER);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The floor of a start to first paint and of the memory idle: a process with
 * npm run web's Node flags and no loader that listens and answers a one-line
 * page (test/bench/_host-floor.ts), painted in the same browser; started
 * `times` times, its resident memory read 10 s after the last paint.
 */
async function serveFloor(browser: Chromium, times: number): Promise<void> {
  const { startFloor } = await import('./_webhost');
  const paints: number[] = [];
  let idle: ProcessReport | null = null;
  for (let r = 1; r <= times; r++) {
    const floor = await startFloor(['serve']);
    const page = await browser.newPage();
    try {
      paints.push((await firstPaint(page, floor.url, floor.spawnedAt)).paint);
      if (r === times) {
        await sleep(10_000);
        idle = await floor.report();
      }
    } finally {
      await page.close();
      await floor.stop();
    }
  }
  console.log(
    `  floor: a process of its own with the same Node flags that listens and answers a one-line page: first paint after ${(median(paints) / 1000).toFixed(2)} s (the median of ${times}), resident idle ${mbOf(idle!.rss)} MB (${parts(idle!)})`,
  );
}

/**
 * The floor, in a process of its own so that its pages and its database
 * leave nothing in the memory counted for the desk: one run to warm up (JIT,
 * connections, the sandbox's cache of each record's wire form), one timed.
 */
async function runFloor(size: Size, url: string): Promise<void> {
  const base = new URL(url);
  const pool = new Pool(base.origin, { connections: 4, keepAliveTimeout: 30_000 });
  const scratch = mkdtempSync(join(tmpdir(), 'quotedesk-scale-floor-'));
  try {
    const paths = pullPaths(base.pathname, SIZES[size], PAGE);
    await bareRows(pool, paths, join(scratch, 'warm.sqlite'));
    console.log(`floor-ms ${await bareRows(pool, paths, join(scratch, 'timed.sqlite'))}`);
  } finally {
    await pool.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const self = fileURLToPath(import.meta.url);

/** The floor's time (ms), measured by a process of its own. */
function floorProcess(size: Size, url: string): number {
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--size', size, '--floor', url], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const m = /floor-ms (\S+)/.exec(r.stdout ?? '');
  if (r.status !== 0 || !m) throw new Error(`the floor's process failed (${r.status}): ${r.stdout}`);
  return Number(m[1]);
}

const size = sizeArg();
const floorAt = process.argv.indexOf('--floor');
if (floorAt >= 0) {
  if (size === 'both') throw new Error('--floor needs --size 10k or 100k');
  await runFloor(size, process.argv[floorAt + 1]!);
} else if (size === 'both') {
  // each size in a process of its own, so the larger one's peak memory is its own
  const rest = process.argv.slice(2).filter((a, i, all) => !['--size', '--only'].includes(a) && !['--size', '--only'].includes(all[i - 1]!));
  const atSize = ONLY.filter((o) => o !== 'demo');
  for (const s of atSize.length > 0 ? (['10k', '100k'] as const) : []) {
    console.log('');
    const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--size', s, '--only', atSize.join(','), ...rest], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (ONLY.includes('demo')) {
    console.log('');
    await demoStart();
  }
} else {
  if (ONLY.includes('desk') || ONLY.includes('host')) await runSize(size);
  if (ONLY.includes('demo')) {
    console.log('');
    await demoStart();
  }
}
