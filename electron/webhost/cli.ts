// `npm run web -- [--port N] [--clients N --products N --quotations N] [--data DIR]
//                 [--max-count N] [--unpaged LIST[,LIST…]]
//                 [--base-url URL --username NAME]` (API key in QUOTEDESK_API_KEY)
// Runs the app's core in this process and serves the renderer to a browser.
//
// With an account (README.md, Running it), the key goes to the system
// keychain, so the web host needs one it can reach: on Linux a D-Bus session
// with an unlocked Secret Service (`bash scripts/with-keyring.sh npm run web
// -- …`). Without one it says what to install or start, and exits. It starts
// offline as the app does, keeping what the data folder holds:
// - the account already connected on this data folder (the same address and
//   username) with this key in the keychain: shown at once, the service is
//   not asked;
// - otherwise the key is checked with the service (account.connect), and kept
//   once the service accepts it;
// - the service cannot be reached to check it: an account connected on this
//   folder before is shown offline with its data, the key kept unchecked
//   (the first request that reaches the service checks it); an account never
//   connected here is not made, and what the folder showed (the demo, or its
//   account) is shown; either way it says so and serves;
// - the service refuses the key or the address: it says why and exits.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebHost, type WebHost } from './host';
import { DataFolderInUse } from '../core';
import { PAGED_LISTS, type PagedList } from '../sandbox';
import { accountId } from '../account';
import { ApiError } from '../api';
import { KeychainError, KeytarKeychain } from '../keychain';

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
const wanted = args['base-url'] ?? args.username;
if (wanted && !(args['base-url'] && args.username && process.env.QUOTEDESK_API_KEY)) {
  console.error(`To use an account, give --base-url and --username, and the API key in QUOTEDESK_API_KEY.\n${USAGE}`);
  process.exit(2);
}
const account = wanted ? { baseUrl: args['base-url']!, username: args.username!.trim(), apiKey: process.env.QUOTEDESK_API_KEY!.trim() } : null;

/** What a keychain that cannot be used means for the web host, and what to do. */
function keychainHelp(err: KeychainError): string {
  return [
    `The API key cannot be kept: ${err.message}`,
    'The web host keeps the key in the system keychain, as the app does. On Linux it needs a D-Bus session with an',
    'unlocked Secret Service; scripts/with-keyring.sh starts one (gnome-keyring, in a scratch home), as npm test does:',
    '  bash scripts/with-keyring.sh npm run web -- --base-url URL --username NAME …',
    'It needs the packages gnome-keyring, dbus-x11 and dbus-user-session (Debian/Ubuntu: apt-get install -y gnome-keyring dbus-x11 dbus-user-session).',
  ].join('\n');
}

// the keychain and the address first, before anything is opened: each ends here with what to do
const keychain = new KeytarKeychain();
let id: string | null = null;
let storedKey: string | null = null;
if (account) {
  try {
    id = accountId(account.baseUrl, account.username);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    console.error(`--base-url: ${err.message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    storedKey = await keychain.get(id);
  } catch (err) {
    if (!(err instanceof KeychainError)) throw err;
    console.error(keychainHelp(err));
    process.exit(1);
  }
}

let host: WebHost;
try {
  host = await startWebHost({
    dataDir,
    port,
    secrets: keychain,
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

/** Answers that say nothing about the key: the service could not be asked now. */
const NOT_ASKED = new Set(['offline', 'network', 'timeout', 'server', 'rate_limited']);

/** Shows the account on the data folder (see the top of this file); false when the web host must not serve. */
async function startAccount(h: WebHost, a: NonNullable<typeof account>, accountKey: string, keptKey: string | null): Promise<boolean> {
  const { core } = h;
  const known = core.accounts.list().find((x) => x.id === accountKey) ?? null;
  const show = async () => {
    if (core.space.accountId !== accountKey) await core.handlers['account.setActive']({ id: accountKey });
  };
  if (known && !known.needsKey && keptKey === a.apiKey) {
    await show();
    console.log(`account ${known.displayName} at ${known.baseUrl}: connected before on this data folder with this key; the service was not asked`);
    return true;
  }
  try {
    const connected = await core.handlers['account.connect'](a);
    console.log(`connected account ${connected.displayName || connected.username} at ${connected.baseUrl}`);
    return true;
  } catch (err) {
    if (err instanceof KeychainError) {
      console.error(keychainHelp(err));
      return false;
    }
    if (!(err instanceof ApiError) || !NOT_ASKED.has(err.kind)) {
      console.error(`The account could not be connected: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
    const why = `${err.kind}${err.status === undefined ? '' : ` ${err.status}`}`;
    if (known) {
      await core.accounts.keepUncheckedKey(accountKey, a.apiKey);
      await show();
      core.sync.retryNow();
      console.log(
        `The service at ${known.baseUrl} cannot be reached (${why}). Showing account ${known.displayName} offline, with what this data folder holds;` +
          ' the key is kept unchecked and checked when the service is back, and everything done meanwhile is sent then.',
      );
    } else {
      const shown = core.space.kind === 'demo' ? 'the demo data' : `account ${core.accounts.active()?.displayName ?? ''}`;
      console.log(
        `The service at ${a.baseUrl} cannot be reached to check the key (${why}). The account was not connected and nothing was kept;` +
          ` showing ${shown}. Start again when the service can be reached, or connect the account in Settings.`,
      );
    }
    return true;
  }
}

if (account && id !== null && !(await startAccount(host, account, id, storedKey))) {
  await host.close();
  process.exit(1);
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
