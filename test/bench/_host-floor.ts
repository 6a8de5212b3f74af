// The floors of the built web host's figures: a process that does the least
// the host's job needs, started as `npm run web` starts the host (its Node
// flags, no loader; the benchmark bundles this file first with its packages
// external, as the host's own build does: test/bench/_webhost.ts). One of:
// - `pull BASE_URL CLIENTS PRODUCTS QUOTATIONS`: listens on 127.0.0.1 as the
//   host does, then fetches and parses every page of a first pull and writes
//   their records as bare JSON rows to a new SQLite file (bareRows, the desk's
//   floor), and prints `pulled`;
// - `serve`: listens and answers a one-line page, the least that a browser
//   can paint.
// Either way it prints `open URL` once it listens, and answers GET
// /__control/process with its process report, as the host does. It ends on
// SIGTERM, its scratch folder removed.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { processReport } from '../../electron/webhost/process-report';
import { bareRows, pullPaths } from './_floors';

const PAGE_ROWS = 1000;
const [job, baseUrl, clients, products, quotations] = process.argv.slice(2);
if (job !== 'pull' && job !== 'serve') throw new Error('usage: pull BASE_URL CLIENTS PRODUCTS QUOTATIONS | serve');

const server = createServer((req, res) => {
  if (req.url === '/__control/process') {
    void processReport().then((r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(r)));
  } else if (req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>floor</title><p>quotedesk</p>');
  } else {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const scratch = mkdtempSync(join(tmpdir(), 'quotedesk-host-floor-'));
process.on('SIGTERM', () => {
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
});
console.log(`open http://127.0.0.1:${(server.address() as AddressInfo).port}/`);

if (job === 'pull') {
  const base = new URL(baseUrl!);
  const counts = { clients: Number(clients), products: Number(products), quotations: Number(quotations) };
  const pool = new Pool(base.origin, { connections: 4, keepAliveTimeout: 30_000 });
  await bareRows(pool, pullPaths(base.pathname, counts, PAGE_ROWS), join(scratch, 'rows.sqlite'));
  await pool.close();
  console.log('pulled');
}
