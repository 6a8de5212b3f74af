// `npm run web -- [--port N] [--clients N --products N --quotations N] [--data DIR]
//                 [--max-count N] [--unpaged LIST[,LIST…]]
//                 [--base-url URL --username NAME]` (API key in QUOTEDESK_API_KEY)
// Runs the app's core in this process and serves the renderer to a browser.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebHost } from './host';
import { DataFolderInUse } from '../core';
import { PAGED_LISTS, type PagedList } from '../sandbox';

const USAGE = `Usage: npm run web -- [--port N] [--clients N] [--products N] [--quotations N] [--data DIR]
                      [--max-count N] [--unpaged LIST[,LIST…]]   (the demo service's paging, see docs/paging.md)
                      [--base-url URL --username NAME]   (the API key is read from QUOTEDESK_API_KEY)`;

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
    console.error(`--${name} must be a whole number from 0 to 1000000, not "${value}".\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

function lists(value: string | undefined): PagedList[] | undefined {
  if (value === undefined) return undefined;
  const names = value.split(',').map((n) => n.trim());
  const wrong = names.find((n) => !(PAGED_LISTS as readonly string[]).includes(n));
  if (wrong !== undefined) {
    console.error(`--unpaged takes list names (${PAGED_LISTS.join(', ')}), comma separated, not "${wrong}".\n${USAGE}`);
    process.exit(2);
  }
  return names as PagedList[];
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      clients: { type: 'string' },
      products: { type: 'string' },
      quotations: { type: 'string' },
      'max-count': { type: 'string' },
      unpaged: { type: 'string' },
      data: { type: 'string' },
      'base-url': { type: 'string' },
      username: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = count('port', args.port) ?? 0;
if (port > 65535) {
  console.error(`--port must be from 0 to 65535.\n${USAGE}`);
  process.exit(2);
}
const dataDir = args.data ? resolve(args.data) : mkdtempSync(join(tmpdir(), 'quotedesk-web-'));
const account = args['base-url'] ?? args.username;
if (account && !(args['base-url'] && args.username && process.env.QUOTEDESK_API_KEY)) {
  console.error(`To use an account, give --base-url and --username, and the API key in QUOTEDESK_API_KEY.\n${USAGE}`);
  process.exit(2);
}

let host;
try {
  host = await startWebHost({
    dataDir,
    port,
    demoSeed: {
      clients: count('clients', args.clients),
      products: count('products', args.products),
      quotations: count('quotations', args.quotations),
      maxCount: count('max-count', args['max-count']),
      unpaged: lists(args.unpaged),
    },
    onError: (op, err) => console.error(`[bridge] ${op} failed: ${err instanceof Error ? err.message : String(err)}`),
  });
} catch (err) {
  // another desk has this data folder (docs/data-lock.md): say so, serve nothing
  if (!(err instanceof DataFolderInUse)) throw err;
  console.error(err.message);
  process.exit(1);
}

if (args['base-url'] && args.username && process.env.QUOTEDESK_API_KEY) {
  const connected = await host.core.handlers['account.connect']({ baseUrl: args['base-url'], username: args.username, apiKey: process.env.QUOTEDESK_API_KEY });
  console.log(`connected account ${connected.displayName || connected.username} at ${connected.baseUrl}`);
}

console.log(`data folder ${dataDir}`);
console.log(`open ${host.url}`);
console.log(`control ${host.controlUrl}  (POST {"online": false} or {"online": true})`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    host.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
