// `npm run bench -- api`: pages through 10,000 clients of a sandbox with the
// API client (requests, JSON, schema parsing with wire coercion) and with
// two floors of bare undici fetching the same pages: bodies read as text and
// nothing else (what is left of the network on loopback), and bodies
// JSON.parse'd (the least any client that reads records can do; the target
// is against this one). It prints them and the ratios. The sandbox runs in a
// process of its own, as the service would, so its work does not land on the
// client's thread.
// Usage: npm run bench -- api [--clients N] [--rounds N] [--latency MS]
import { availableParallelism, loadavg } from 'node:os';
import { Pool } from 'undici';
import { authorization, benchApi, sandboxProcess } from './_sandbox';
import { fetchParse, listPaths } from './_floors';
import { InvoicingApi, recordParser } from '../../electron/api';
import { clientRecord } from '../../shared/schemas';
import { option, median, settle } from './_stats';

const CLIENTS = option('--clients', 10_000);
const ROUNDS = option('--rounds', 7);
// The same walk once more against a service that answers after this many ms,
// as one across a network does (0: skip it).
const LATENCY = option('--latency', 5, 0);
const PAGE = 1000;
const TARGET = 1.15;

/** The floor: the same requests, bodies read as text, nothing parsed. */
async function bare(pool: Pool, path: string): Promise<{ rows: number; bytes: number }> {
  const headers = { authorization, accept: 'application/json' };
  let bytes = 0;
  let pages = 0;
  for (let start = 0; ; start += PAGE) {
    const res = await pool.request({ method: 'GET', path: `${path}/clients?count=${PAGE}&start=${start}`, headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${text.slice(0, 200)}`);
    bytes += text.length;
    pages++;
    // a short page ends the list; count rows only to know that, cheaply
    if (text === '[]' || (text.match(/"clientnr"/g)?.length ?? 0) < PAGE) break;
  }
  return { rows: (pages - 1) * PAGE, bytes };
}

/** The honest floor: the same pages, each body JSON.parse'd, a page asked ahead as the pager does. */
async function parsed(pool: Pool, path: string, ahead = true): Promise<number> {
  return fetchParse(pool, listPaths(path, 'clients', CLIENTS, PAGE), undefined, ahead);
}

async function client(api: InvoicingApi): Promise<number> {
  let rows = 0;
  for await (const page of api.clients.pages({ pageSize: PAGE })) rows += page.length;
  return rows;
}

/** Wall time, this process's CPU time (ms) and the result, from a clean heap. */
async function time<T>(f: () => Promise<T>): Promise<[number, T, number]> {
  settle();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [wall, r, (c.user + c.system) / 1000];
}

const { url, stop } = await sandboxProcess({ clients: CLIENTS });
const base = new URL(url);
const pool = new Pool(base.origin, { connections: 4, keepAliveTimeout: 30_000 });
const api = benchApi(url, PAGE);
try {
  // warm up both paths (JIT, keep-alive connections, the sandbox's own caches)
  for (let i = 0; i < 2; i++) {
    await bare(pool, base.pathname);
    await parsed(pool, base.pathname);
    await client(api);
  }
  const floor: number[] = [];
  const parseFloor: number[] = [];
  const oneByOne: number[] = [];
  const ours: number[] = [];
  const floorCpu: number[] = [];
  const parseCpu: number[] = [];
  const oursCpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const [tf, b, cf] = await time(() => bare(pool, base.pathname));
    const [tp, parsedRows, cp] = await time(() => parsed(pool, base.pathname));
    const [tc, rows, cc] = await time(() => client(api));
    oneByOne.push((await time(() => parsed(pool, base.pathname, false)))[0]);
    if (rows !== CLIENTS || parsedRows !== CLIENTS) throw new Error(`read ${rows} clients (floor: ${parsedRows}), expected ${CLIENTS}`);
    bytes = b.bytes;
    floor.push(tf);
    parseFloor.push(tp);
    ours.push(tc);
    floorCpu.push(cf);
    parseCpu.push(cp);
    oursCpu.push(cc);
  }

  // where the client's extra time goes: parsing the same pages in-process
  const headers = { authorization };
  const texts: string[] = [];
  for (let start = 0; start < CLIENTS; start += PAGE) {
    texts.push(await (await pool.request({ method: 'GET', path: `${base.pathname}/clients?count=${PAGE}&start=${start}`, headers })).body.text());
  }
  const fast = recordParser(clientRecord);
  const parseWith = (parse: (r: unknown) => boolean) => () => {
    const t0 = performance.now();
    for (const t of texts) for (const r of JSON.parse(t) as unknown[]) if (!parse(r)) throw new Error('a record did not parse');
    return performance.now() - t0;
  };
  const best = (f: () => number) => Math.min(...Array.from({ length: 5 }, f));
  const jsonOnly = best(parseWith(() => true));
  const withFast = best(parseWith((r) => fast(r).ok));
  const withZod = best(parseWith((r) => clientRecord.safeParse(r).success));

  const mf = median(floor);
  const mp = median(parseFloor);
  const mc = median(ours);
  const minF = Math.min(...floor);
  const minP = Math.min(...parseFloor);
  const minC = Math.min(...ours);
  const verdict = (r: number) => `${r.toFixed(2)}x ${r <= TARGET ? `(within ${TARGET.toFixed(2)}x)` : `(NOT within ${TARGET.toFixed(2)}x)`}`;
  console.log(`${CLIENTS} clients in pages of ${PAGE}, ${(bytes / 1e6).toFixed(1)} MB, ${ROUNDS} rounds each, alternating`);
  console.log('                                                               median      min');
  console.log(`  floor: bare undici, bodies as text, a page at a time        ${mf.toFixed(0).padStart(6)} ms ${minF.toFixed(0).padStart(6)} ms`);
  console.log(`  floor: bare undici + JSON.parse, a page asked ahead         ${mp.toFixed(0).padStart(6)} ms ${minP.toFixed(0).padStart(6)} ms`);
  console.log(`  InvoicingApi.clients.pages()                                ${mc.toFixed(0).padStart(6)} ms ${minC.toFixed(0).padStart(6)} ms`);
  console.log(`  against fetch + parse, medians: ${verdict(mc / mp)}; best runs: ${verdict(minC / minP)}`);
  console.log(
    `  (fetch + parse without asking ahead, a page at a time: median ${median(oneByOne).toFixed(0)} ms; the client asks ahead, so the floor does too)`,
  );
  // the text floor asks for one page at a time, as it always did; it stays printed to compare with earlier figures
  console.log(
    `  against bodies as text (a page at a time), medians: ${(mc / mf).toFixed(2)}x; no client that reads records gets near it (see JSON.parse below)`,
  );
  // The client's own thread cannot finish before its CPU work is done, however
  // well fetching and parsing overlap: its CPU time is a lower bound for its wall time.
  console.log(
    `  CPU time of this process, medians: text floor ${median(floorCpu).toFixed(0)} ms, fetch + parse ${median(parseCpu).toFixed(0)} ms, InvoicingApi ${median(oursCpu).toFixed(0)} ms`,
  );
  console.log(
    `  in-process, best of 5, the same pages: JSON.parse ${jsonOnly.toFixed(0)} ms; JSON.parse + record parser ${withFast.toFixed(0)} ms; JSON.parse + plain zod safeParse ${withZod.toFixed(0)} ms`,
  );
  if (LATENCY > 0) {
    const remote = await sandboxProcess({ clients: CLIENTS, latency: LATENCY });
    const rBase = new URL(remote.url);
    const rPool = new Pool(rBase.origin, { connections: 4, keepAliveTimeout: 30_000 });
    const rApi = benchApi(remote.url, PAGE);
    try {
      await bare(rPool, rBase.pathname);
      await parsed(rPool, rBase.pathname);
      await client(rApi);
      const rf: number[] = [];
      const rp: number[] = [];
      const rc: number[] = [];
      for (let i = 0; i < Math.min(ROUNDS, 5); i++) {
        rf.push((await time(() => bare(rPool, rBase.pathname)))[0]);
        rp.push((await time(() => parsed(rPool, rBase.pathname)))[0]);
        rc.push((await time(() => client(rApi)))[0]);
      }
      console.log(
        `  the same against a service ${LATENCY} ms away (each answer ${LATENCY} ms later, as across a network): text floor ${median(rf).toFixed(0)} ms, fetch + parse ${median(rp).toFixed(0)} ms, InvoicingApi ${median(rc).toFixed(0)} ms, ${verdict(median(rc) / median(rp))}`,
      );
    } finally {
      await rApi.close();
      await rPool.close();
      remote.stop();
    }
  }
  const load = loadavg()[0]!;
  if (load > 1.5) console.log(`  note: load average ${load.toFixed(1)} on ${availableParallelism()} cores while measuring; figures are noisy`);
} finally {
  await api.close();
  await pool.close();
  stop();
}
