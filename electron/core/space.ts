// A space is one set of data the window can show: the demo (the sandbox in
// this process, with its own database) or one connected account. Each has its
// own database file, so demo data never mixes with an account's data:
//   <dataDir>/demo/sandbox.json, <dataDir>/demo/quotedesk.sqlite
//   <dataDir>/accounts/<id>/quotedesk.sqlite
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InvoicingApi, type InvoicingApiOptions } from '../api';
import { startSandbox, type FaultRule, type ListOrder, type PagedList, type Sandbox } from '../sandbox';
import { openStore, type Clock, type OpenStoreOptions, type Store } from '../store';

export interface DemoSeed {
  clients?: number;
  products?: number;
  quotations?: number;
  /** the sandbox's paging readings (docs/paging.md) */
  maxCount?: number;
  unpaged?: PagedList[];
  /** the order of the sandbox's lists and searches: by id (default) or 'scrambled', not by id (docs/paging.md) */
  listOrder?: ListOrder;
  /** where the sandbox's sign_url links point (an https origin plays the live service) */
  signOrigin?: string;
  /** the sandbox's hourly request limit (0 = none; the sandbox's default without it) */
  rateLimit?: number;
  /** a delay before every answer of the sandbox, as a service across a network has (ms) */
  latencyMs?: number;
  /** scripted faults in force from the start (tests: a list that stalls during the first load) */
  faultRules?: FaultRule[];
}

export interface Space {
  readonly kind: 'demo' | 'account';
  /** the account's id; null for the demo */
  readonly accountId: string | null;
  readonly store: Store;
  readonly api: InvoicingApi;
  /** the demo's service; null for an account */
  readonly sandbox: Sandbox | null;
  close(): Promise<void>;
}

export function demoDir(dataDir: string): string {
  return join(dataDir, 'demo');
}

export function accountDir(dataDir: string, accountId: string): string {
  // account ids come from the account service; keep them to one path segment
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(accountId) || accountId.startsWith('.')) {
    throw new Error(`"${accountId}" cannot name an account folder; account ids are letters, digits, dot, dash and underscore.`);
  }
  return join(dataDir, 'accounts', accountId);
}

/** Closes what is open, in reverse order, even when one step fails; the first failure is rethrown. */
async function closeAll(steps: (() => Promise<void> | void)[]): Promise<void> {
  let first: unknown;
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (err) {
      first ??= err;
    }
  }
  if (first !== undefined) throw first;
}

/** What the demo's database and API client are opened with, beside the clock. */
export interface DemoSpaceOptions extends Pick<OpenStoreOptions, 'recoverInFlight'> {
  /** each request's whole deadline (the person's setting, asked at each request); the transport's default without it */
  deadlineMs?: InvoicingApiOptions['deadlineMs'];
}

/**
 * `clock`: the time of the database, the request budget and the sandbox (its
 * hourly window, its dates), for tests that let hours pass: on one clock the
 * service's hour and the client's budget turn over together.
 */
export async function openDemoSpace(dataDir: string, seed: DemoSeed = {}, clock?: Clock, opts: DemoSpaceOptions = {}): Promise<Space> {
  const { deadlineMs, ...storeOpts } = opts;
  const dir = demoDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const now = clock ? () => new Date(clock()) : undefined;
  const sandbox = await startSandbox({ dataFile: join(dir, 'sandbox.json'), quiet: true, now, ...seed });
  const opened: (() => Promise<void> | void)[] = [() => sandbox.close()];
  try {
    const store = openStore(join(dir, 'quotedesk.sqlite'), { clock, ...storeOpts });
    opened.push(() => store.close());
    const api = new InvoicingApi({
      baseUrl: sandbox.url,
      credentials: () => ({ username: sandbox.user, apiKey: sandbox.key }),
      now: clock,
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    });
    opened.push(() => api.close());
    return { kind: 'demo', accountId: null, store, api, sandbox, close: () => closeAll(opened) };
  } catch (err) {
    await closeAll(opened).catch(() => undefined);
    throw err;
  }
}

export interface AccountSpaceOptions {
  dataDir: string;
  accountId: string;
  /** the account's client, owned (and closed) by the account service */
  api: InvoicingApi;
  /** see OpenStoreOptions.recoverInFlight */
  recoverInFlight?: boolean;
  /** the database's time; the system's by default */
  clock?: Clock;
}

export async function openAccountSpace(opts: AccountSpaceOptions): Promise<Space> {
  const dir = accountDir(opts.dataDir, opts.accountId);
  mkdirSync(dir, { recursive: true });
  const store = openStore(join(dir, 'quotedesk.sqlite'), { recoverInFlight: opts.recoverInFlight, clock: opts.clock });
  return { kind: 'account', accountId: opts.accountId, store, api: opts.api, sandbox: null, close: async () => store.close() };
}
