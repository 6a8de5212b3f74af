// A page of 100 clients out of 10,000 from the sandbox, next to a floor: a
// bare node:http server answering the same pre-serialised bytes, both measured
// in this run with the same undici client (keep-alive, one request at a time).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, request } from 'undici';
import { startSandbox } from '../../electron/sandbox';

const CLIENTS = 10_000;
const ROUNDS = Number(process.argv[2] ?? 3000);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99) };
}
const fmt = (n: number) => `${n.toFixed(3)} ms`;

const authorization = `Basic ${Buffer.from('demo:demo-key').toString('base64')}`;

async function time(pool: Pool, path: string, accept = 'application/json'): Promise<number> {
  const t = performance.now();
  const res = await pool.request({ path, method: 'GET', headers: { authorization, accept } });
  await res.body.arrayBuffer();
  const elapsed = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
  return elapsed;
}

const t0 = performance.now();
const sb = await startSandbox({ quiet: true, clients: CLIENTS, rateLimit: 0 });
const startMs = performance.now() - t0;

// the floor serves exactly the bytes of one sandbox page, with the same headers
const sample = await request(`${sb.url}/clients?start=5000&count=100`, { headers: { authorization } });
const bytes = Buffer.from(await sample.body.arrayBuffer());
const floor = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    'x-ratelimit-limit': '1000',
    'x-ratelimit-remaining': '999',
  });
  res.end(bytes);
});
await new Promise<void>((r) => floor.listen(0, '127.0.0.1', r));
const floorOrigin = `http://127.0.0.1:${(floor.address() as AddressInfo).port}`;

const sandboxPool = new Pool(sb.origin, { connections: 1 });
const floorPool = new Pool(floorOrigin, { connections: 1 });
const pagePath = (i: number) => `/api/v1/clients?start=${(i * 100) % CLIENTS}&count=100`;

// cold: every page once, before any record's wire form is cached
const cold: number[] = [];
for (let i = 0; i < CLIENTS / 100; i++) cold.push(await time(sandboxPool, pagePath(i)));

for (let i = 0; i < 300; i++) {
  await time(sandboxPool, pagePath(i));
  await time(floorPool, '/');
}
// interleaved, so both see the same machine load
const sandboxMs: number[] = [];
const floorMs: number[] = [];
const xmlMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  sandboxMs.push(await time(sandboxPool, pagePath(i)));
  floorMs.push(await time(floorPool, '/'));
  if (i % 10 === 0) xmlMs.push(await time(sandboxPool, pagePath(i), 'application/xml'));
}

const s = stats(sandboxMs);
const f = stats(floorMs);
const c = stats(cold);
const x = stats(xmlMs);
console.log(`sandbox with ${CLIENTS} clients started in ${startMs.toFixed(0)} ms; page body ${bytes.length} bytes`);
console.log(`GET /clients?start=N&count=100, ${ROUNDS} requests each, keep-alive, one at a time:`);
console.log(`  sandbox  median ${fmt(s.median)}  p95 ${fmt(s.p95)}  p99 ${fmt(s.p99)}`);
console.log(`  floor    median ${fmt(f.median)}  p95 ${fmt(f.p95)}  p99 ${fmt(f.p99)}   (bare node:http, same bytes)`);
console.log(`  sandbox minus floor, median: ${fmt(s.median - f.median)}`);
console.log(`  first pass over all ${CLIENTS / 100} pages (cold cache): median ${fmt(c.median)}  p95 ${fmt(c.p95)}`);
console.log(`  XML page (${xmlMs.length} requests): median ${fmt(x.median)}  p95 ${fmt(x.p95)}`);
console.log(`  target: median well under 5 ms -> ${s.median < 5 ? 'met' : 'NOT met'}`);

await sandboxPool.close();
await floorPool.close();
await new Promise((r) => floor.close(r));
await sb.close();
