// The first pull of a desk at a business's size, and what it holds in memory:
// a sandbox in a process of its own (so only the desk's memory counts here)
// with N clients, products and quotations; the desk opened on a new data
// folder and connected to it as an account; one pull. Prints the time from
// opening the desk to the first pull done, the pull alone, the floor (the same
// pages fetched, parsed and written as bare JSON rows), the peak resident
// memory (VmHWM, reset before the desk opens) and the heap and RSS sampled
// through the pull, so what holds memory can be told apart; the CPU time of
// the pull and of the floor, and the bytes the pull wrote to disk, which a
// busy machine moves far less than wall times; and the first list calls the
// screens make after the pull. The floor runs after the desk, so that it
// leaves nothing resident before the desk opens. docs/pull-at-scale.md.
// Usage: npx tsx test/bench/_pull-scale.ts [--clients N --products N --quotations N] [--rounds N]
//   [--samples] (RSS and heap every 0.5 s) [--live] (a full collection every 2 s: the heap really held)
//   [--v8 "FLAGS"] (V8 flags set at run time first) [--floor-only] [--heap-snapshot]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { Pool } from 'undici';
import { KEY, USER, sandboxProcess } from './_sandbox';
import { bareRowsFile, fetchParse, listPaths } from './_floors';
import { median, option, settle } from './_stats';
import { createCore } from '../../electron/core';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { MemoryKeychain } from '../../electron/keychain';

// --v8 FLAGS: V8 flags set at run time, before the desk opens, as the app's main process could set them
const flags = process.argv.indexOf('--v8');
if (flags >= 0) v8.setFlagsFromString(process.argv[flags + 1]!);

const counts = { clients: option('--clients', 100_000), products: option('--products', 5_000), quotations: option('--quotations', 10_000) };
const ROUNDS = option('--rounds', 1);
const PAGE = 1000;

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
function peakKb(): number {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : process.resourceUsage().maxRSS;
}
function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    /* an older kernel: the peak is the whole run's */
  }
}

/** Bytes this process has had written to storage (Linux). */
function written(): number {
  const m = /write_bytes:\s+(\d+)/.exec(readFileSync('/proc/self/io', 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** the floor's CPU time of each run, ms */
const floorCpu: number[] = [];
const pullCpu: number[] = [];

async function floor(pool: Pool, paths: string[], file: string): Promise<number> {
  const rows = bareRowsFile(file);
  try {
    settle();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await fetchParse(pool, paths, rows.write);
    const cpu = process.cpuUsage(cpu0);
    floorCpu.push((cpu.user + cpu.system) / 1000);
    return performance.now() - t0;
  } finally {
    rows.close();
  }
}

const { url, stop } = await sandboxProcess(counts);
const base = new URL(url);
const pool = new Pool(base.origin, { connections: 4 });
const scratch = mkdtempSync(join(tmpdir(), 'quotedesk-pull-scale-'));
const paths = [
  `${base.pathname}/countrylist`,
  ...(['clients', 'products', 'quotations'] as const).flatMap((l) => listPaths(base.pathname, l, counts[l], PAGE)),
];
try {
  console.log(`${counts.clients} clients, ${counts.products} products, ${counts.quotations} quotations`);
  console.log(`this process before the desk: RSS ${mb(process.memoryUsage().rss)} MB`);
  if (process.argv.includes('--floor-only')) {
    resetPeak();
    const t = await floor(pool, paths, join(scratch, 'floor-only.sqlite'));
    console.log(`floor alone: ${(t / 1000).toFixed(2)} s, peak RSS ${(peakKb() / 1024).toFixed(0)} MB`);
  }
  const floors: number[] = [];
  const pulls: number[] = [];
  const starts: number[] = [];
  for (let r = 1; r <= (process.argv.includes('--floor-only') ? 0 : ROUNDS); r++) {
    // the desk first: a floor run before it would leave its pages in this process's resident memory
    const dir = mkdtempSync(join(scratch, 'desk-'));
    settle();
    resetPeak();
    const before = process.memoryUsage();
    const samples: { t: number; rss: number; heap: number; total: number; ext: number }[] = [];
    const t0 = performance.now();
    const live: number[] = [];
    let ticks = 0;
    const timer = setInterval(() => {
      // --live: every 2 s a full collection, to see what the desk really holds (it changes the figures around it)
      if (process.argv.includes('--live') && ++ticks % 20 === 0) {
        settle();
        live.push(process.memoryUsage().heapUsed);
      }
      const m = process.memoryUsage();
      samples.push({ t: performance.now() - t0, rss: m.rss, heap: m.heapUsed, total: m.heapTotal, ext: m.external + m.arrayBuffers });
    }, 100);
    const core = await createCore({ dataDir: dir, autoSync: false, secrets: new MemoryKeychain() });
    const dispatch = createDispatcher<null>({ handlers: core.handlers, isTrustedSender: () => true });
    const c = await dispatch(null, 'account.connect', { baseUrl: url, username: USER, apiKey: KEY, displayName: 'Ten years' });
    if (!c.ok) throw new Error(c.error.message);
    const t1 = performance.now();
    const cpu0 = process.cpuUsage();
    const io0 = written();
    const summary = await core.sync.engine.pull();
    const t2 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    const io = written() - io0;
    pullCpu.push((cpu.user + cpu.system) / 1000);
    clearInterval(timer);
    pulls.push(t2 - t1);
    starts.push(t2 - t0);
    for (const k of ['clients', 'products', 'quotations'] as const) if (summary[k] !== counts[k]) throw new Error(`pulled ${summary[k]} ${k}`);
    // what the screens ask first once the pull is told: the pull has worked out the quotation list's rows as it wrote them, so these answer as any later call does
    const lists: string[] = [];
    for (const [op, input] of [
      ['quotations.list', { limit: 100 }],
      ['clients.list', { limit: 100 }],
      ['products.list', { limit: 100 }],
    ] as const) {
      const t = performance.now();
      const r = await dispatch(null, op, input);
      if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
      lists.push(`${op} ${(performance.now() - t).toFixed(0)} ms`);
    }
    const after = process.memoryUsage();
    console.log(
      `round ${r}: pull ${((t2 - t1) / 1000).toFixed(2)} s, open to pull done ${((t2 - t0) / 1000).toFixed(2)} s, ` +
        `peak RSS ${(peakKb() / 1024).toFixed(0)} MB (before ${mb(before.rss)} MB, after ${mb(after.rss)} MB; heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB)`,
    );
    console.log(`  first list calls after the pull: ${lists.join(', ')}; peak RSS with them ${(peakKb() / 1024).toFixed(0)} MB`);
    console.log(`  pull's CPU: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (system ${(cpu.system / 1e6).toFixed(2)} s); written to disk ${mb(io)} MB`);
    const top = samples.reduce((a, b) => (b.rss > a.rss ? b : a), samples[0] ?? { t: 0, rss: 0, heap: 0, total: 0, ext: 0 });
    const topHeap = samples.reduce((a, b) => (b.heap > a.heap ? b : a), samples[0] ?? { t: 0, rss: 0, heap: 0, total: 0, ext: 0 });
    console.log(
      `  sampled: top RSS ${mb(top.rss)} MB at ${(top.t / 1000).toFixed(1)} s (heap ${mb(top.heap)} of ${mb(top.total)} MB, external ${mb(top.ext)} MB); top heap ${mb(topHeap.heap)} MB at ${(topHeap.t / 1000).toFixed(1)} s`,
    );
    if (live.length > 0) console.log(`  live heap after a full collection, every 2 s: ${live.map(mb).join(', ')} MB`);
    if (process.argv.includes('--samples'))
      for (const s of samples.filter((_, i) => i % 5 === 0))
        console.log(`  ${(s.t / 1000).toFixed(1)} s rss ${mb(s.rss)} heap ${mb(s.heap)}/${mb(s.total)} ext ${mb(s.ext)}`);
    if (process.argv.includes('--heap-snapshot')) console.log(`  heap snapshot: ${v8.writeHeapSnapshot(join(tmpdir(), `pull-scale-${r}.heapsnapshot`))}`);
    await core.close();
    floors.push(await floor(pool, paths, join(scratch, `floor-${r}.sqlite`)));
  }
  const ratio = median(pulls) / median(floors);
  if (pulls.length > 0)
    console.log(
      `median: floor ${(median(floors) / 1000).toFixed(2)} s, pull ${(median(pulls) / 1000).toFixed(2)} s (${ratio.toFixed(2)}x), open to pull done ${(median(starts) / 1000).toFixed(2)} s`,
    );
  if (pulls.length > 0)
    console.log(
      `median CPU: floor ${(median(floorCpu) / 1000).toFixed(2)} s, pull ${(median(pullCpu) / 1000).toFixed(2)} s (${(median(pullCpu) / median(floorCpu)).toFixed(2)}x)`,
    );
} finally {
  await pool.close();
  stop();
  rmSync(scratch, { recursive: true, force: true });
}
