// `npm run bench -- freshness`: how fresh the desk stays within the person's
// hourly allowance, over simulated days (docs/freshness.md).
//
// The real core and bridge handlers, connected as an account to the sandbox
// over real HTTP; the sandbox's hourly window, the core's timers, the request
// budget and the database all run on one simulated clock, so two days pass
// in minutes. The sandbox allows 1000 requests an hour and (but for the
// uncapped run) gives at most 100 rows a page. Meanwhile:
// - another program on the same key spends 100 requests an hour;
// - the service's own web application changes records at random times:
//   approvals, custom statuses and edits of the newest quotations, new
//   quotations, new clients and products, edits of any record, deletions;
// - the person sends a new quotation every 45 minutes;
// - the large run restarts the desk in the middle of its first load.
// Printed per size: requests an hour in the background, when the desk was
// usable (every quotation and product, the clients of the newest quotations)
// and when it held everything, staleness per kind of change (p50, p95,
// max), how long the person's sends waited and how many were answered 403,
// the least the allowance fell to while the background read, and what the
// restart cost.
// Usage: npm run bench -- freshness [--size large|medium|uncapped|all] [--hours N] [--seed N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { MemoryKeychain } from '../../electron/keychain';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import type { OperationInput, OperationName, OperationResults } from '../../shared/bridge';
import type { PulledList } from '../../shared/sync';
import { SimClock, settled } from '../helpers/sim-clock';
import { seeded } from '../sync/random';
import { option } from './_stats';

const MIN = 60_000;
const HOUR = 60 * MIN;

interface Size {
  name: string;
  clients: number;
  products: number;
  quotations: number;
  /** the sandbox's largest page; 0: as asked (up to 1000) */
  maxCount: number;
  restart: boolean;
}

const SIZES: Size[] = [
  { name: 'large', clients: 100_000, products: 5_000, quotations: 10_000, maxCount: 100, restart: true },
  { name: 'medium', clients: 10_000, products: 2_000, quotations: 1_000, maxCount: 100, restart: false },
  { name: 'uncapped', clients: 10_000, products: 2_000, quotations: 1_000, maxCount: 0, restart: false },
];

const sizeArg = (() => {
  const i = process.argv.indexOf('--size');
  return i >= 0 ? process.argv[i + 1]! : 'all';
})();
const HOURS = option('--hours', 48);
const SEED = option('--seed', 11);

type ChangeKind = 'newest quotation' | 'new client' | 'new product' | 'any record' | 'deletion';

interface Change {
  kind: ChangeKind;
  at: number;
  list: PulledList;
  number: number;
  /** the desk holds what the change made */
  seen(core: Core): boolean;
  seenAt?: number;
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const mins = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / MIN).toFixed(1)} min`);

async function run(size: Size): Promise<void> {
  const rnd = seeded(SEED);
  const clock = new SimClock(Date.UTC(2026, 10, 30, 7, 0, 0));
  const sandbox: Sandbox = await startSandbox({
    clients: size.clients,
    products: size.products,
    quotations: size.quotations,
    maxCount: size.maxCount,
    rateLimit: 1000,
    seed: SEED,
    quiet: true,
    now: () => new Date(clock.now()),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-freshness-'));
  const keychain = new MemoryKeychain();
  const open = async () => createCore({ dataDir, secrets: keychain, clock });
  let core = await open();
  const call = () => createDispatcher<'bench'>({ handlers: core.handlers, isTrustedSender: () => true });
  async function ok<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]> {
    const r = await call()('bench', op, input);
    if (!r.ok) throw new Error(`${op} failed: ${r.error.message}`);
    return r.value as OperationResults[N];
  }

  // another program on the key: 100 requests an hour
  const auth = `Basic ${Buffer.from(`${sandbox.user}:${sandbox.key}`).toString('base64')}`;
  const others = new Set<Promise<unknown>>();
  let otherRequests = 0;
  const other = () => {
    const p = fetch(`${sandbox.url}/products?count=1`, { headers: { authorization: auth } }).then((r) => r.arrayBuffer());
    otherRequests++;
    others.add(p);
    void p.finally(() => others.delete(p));
    clock.timers.setTimeout(other, 36_000);
  };
  clock.timers.setTimeout(other, 36_000);

  const started = clock.now();
  await ok('account.connect', { baseUrl: sandbox.url, username: sandbox.user, apiKey: sandbox.key, displayName: 'Tien jaar' });
  const deskRequests = () => sandbox.requests().length - otherRequests;

  // what the desk must hold to be usable, and to hold everything
  let usableAt: number | null = null;
  let usableRequests = 0;
  let heldAt: number | null = null;
  let heldRequests = 0;
  const changes: Change[] = [];
  const sends: { at: number; id: string; doneAt?: number }[] = [];
  let restartNote = '';
  let restarted = !size.restart;
  const budgetLows: number[] = [];

  const check = () => {
    const t = clock.now();
    if (usableAt === null) {
      // The first load's requests go back to back within one moment of the
      // simulated clock; the desk notes when it became usable (every
      // quotation and product, the clients of the newest quotations).
      const usable = core.sync.freshness.usable();
      if (usable) {
        usableAt = usable.at;
        usableRequests = usable.requests;
      }
    }
    if (heldAt === null && !core.sync.freshness.loading) {
      heldAt = t;
      heldRequests = deskRequests();
    }
    for (const c of changes) if (c.seenAt === undefined && c.seen(core)) c.seenAt = t;
    for (const send of sends) if (send.doneAt === undefined && core.space.store.outbox.forTarget(send.id).every((e) => e.state === 'done')) send.doneAt = t;
  };
  const settle = async () => {
    await settled(async () => {
      await core.sync.idle();
      await Promise.all([...others]);
    });
    check();
  };

  // the service's web application at work, at random times once the desk is going
  const record = (list: PulledList, number: number) => core.space.store.checks.serviceRecord(list, number);
  const newestQuotation = () => {
    const ids = sandbox.data.quotations.ids();
    return ids[ids.length - 1 - Math.floor(rnd.next() * Math.min(50, ids.length))]!;
  };
  const anyOf = (list: PulledList) => {
    const ids = list === 'clients' ? sandbox.data.clients.ids() : list === 'products' ? sandbox.data.products.ids() : sandbox.data.quotations.ids();
    return ids[Math.floor(rnd.next() * ids.length)]!;
  };
  let serial = 0;
  const webApp: Record<ChangeKind, { perHour: number; make: () => Change | null }> = {
    'newest quotation': {
      perHour: 4,
      make: () => {
        const id = newestQuotation();
        const q = sandbox.data.quotations.get(id)!;
        const note = `web ${++serial}`;
        if (q.sent && q.approved === null && rnd.next() < 0.5) {
          sandbox.data.quotations.patch(id, { approved: { name: 'Klant', date: '2026-12-01', ip: '127.0.0.1', comments: note } });
          return {
            kind: 'newest quotation',
            at: clock.now(),
            list: 'quotations',
            number: id,
            seen: () => (record('quotations', id)?.approved as { comments?: string } | null)?.comments === note,
          };
        }
        if (q.sent && rnd.next() < 0.5) {
          const status = q.customstatus === 'progress' ? 'completed' : 'progress';
          sandbox.data.quotations.patch(id, { customstatus: status });
          return { kind: 'newest quotation', at: clock.now(), list: 'quotations', number: id, seen: () => record('quotations', id)?.customstatus === status };
        }
        sandbox.data.quotations.patch(id, { notes: note });
        return { kind: 'newest quotation', at: clock.now(), list: 'quotations', number: id, seen: () => record('quotations', id)?.notes === note };
      },
    },
    'new client': {
      perHour: 1,
      make: () => {
        const id = sandbox.data.nextId('clients');
        sandbox.data.clients.set({ ...sandbox.data.clients.get(anyOf('clients'))!, clientnr: id, company: `Nieuw ${++serial}` });
        return { kind: 'new client', at: clock.now(), list: 'clients', number: id, seen: () => record('clients', id) !== null };
      },
    },
    'new product': {
      perHour: 0.5,
      make: () => {
        const id = sandbox.data.nextId('products');
        sandbox.data.products.set({ ...sandbox.data.products.get(anyOf('products'))!, id, name: `Nieuw ${++serial}` });
        return { kind: 'new product', at: clock.now(), list: 'products', number: id, seen: () => record('products', id) !== null };
      },
    },
    'any record': {
      perHour: 2,
      make: () => {
        const list = (['clients', 'products', 'quotations'] as const)[Math.floor(rnd.next() * 3)]!;
        const id = anyOf(list);
        const note = `web ${++serial}`;
        if (list === 'clients') sandbox.data.clients.patch(id, { notes: note });
        else if (list === 'products') sandbox.data.products.patch(id, { notes: note });
        else sandbox.data.quotations.patch(id, { notes: note });
        return { kind: 'any record', at: clock.now(), list, number: id, seen: () => record(list, id)?.notes === note || !sandbox.data[list].has(id) };
      },
    },
    deletion: {
      perHour: 0.5,
      make: () => {
        const list = (['clients', 'products', 'quotations'] as const)[Math.floor(rnd.next() * 3)]!;
        const id = anyOf(list);
        sandbox.data[list].delete(id);
        return { kind: 'deletion', at: clock.now(), list, number: id, seen: () => record(list, id) === null };
      },
    },
  };
  for (const [kind, { perHour, make }] of Object.entries(webApp) as [ChangeKind, (typeof webApp)[ChangeKind]][]) {
    const next = () => clock.timers.setTimeout(fire, Math.ceil(-Math.log(1 - rnd.next()) * (HOUR / perHour)));
    const fire = () => {
      // a record under a change not yet seen is left alone, so each change can be told seen
      const c = make();
      if (c && !changes.some((x) => x.seenAt === undefined && x.list === c.list && x.number === c.number)) changes.push(c);
      void kind;
      next();
    };
    next();
  }

  // the person: a new quotation sent every 45 minutes
  const person = async () => {
    const [client] = (await ok('clients.list', { limit: 1, offset: Math.floor(rnd.next() * 40) })).items;
    if (!client) return;
    const q = await ok('quotations.create', { clientId: client.id });
    await ok('lines.add', { quotationId: q.id, line: { amount: 2, description: 'Schilderwerk', price: 45, tax_rate: 21 } });
    sends.push({ at: clock.now(), id: q.id });
    await ok('quotations.send', { id: q.id, sendmethod: 'mail' });
  };
  const personTimer = () => {
    pendingPerson = person().catch((e: unknown) => console.error('the person’s send failed:', e));
    clock.timers.setTimeout(personTimer, 45 * MIN);
  };
  let pendingPerson: Promise<void> = Promise.resolve();
  clock.timers.setTimeout(personTimer, 20 * MIN);

  const wall = performance.now();
  const hourly: number[] = [];
  let lastHourRequests = core.sync.freshness.backgroundRequests;
  let backgroundBase = 0;
  for (let minute = 0; minute < HOURS * 60; minute++) {
    await clock.advance(MIN, settle);
    await pendingPerson;
    // a restart in the middle of the first load: the cursor and what the budget knew survive it
    if (!restarted && core.sync.freshness.cursors.clients.sweep && core.sync.freshness.cursors.clients.sweep.start > size.clients * 0.3) {
      restarted = true;
      if (core.sync.freshness.lowestRemaining !== null) budgetLows.push(core.sync.freshness.lowestRemaining);
      const before = { ...core.sync.freshness.cursors.clients.sweep };
      const requestsBefore = deskRequests();
      backgroundBase += core.sync.freshness.backgroundRequests;
      await core.close();
      core = await open();
      await settle();
      const after = core.sync.freshness.cursors.clients.sweep;
      const reread = after ? Math.max(0, before.start - after.start) : 0;
      restartNote = `restarted at clients row ${before.start}: resumed at row ${after?.start ?? 'the end'} (rows read again: ${reread}, pages: ${Math.ceil(reread / 99)}); requests the restart cost at once: ${deskRequests() - requestsBefore}`;
      lastHourRequests = 0;
    }
    const low = core.sync.freshness.lowestRemaining;
    if (low !== null) budgetLows.push(low);
    if ((minute + 1) % 60 === 0) {
      const total = backgroundBase + core.sync.freshness.backgroundRequests;
      hourly.push(total - (lastHourRequests + (hourly.length === 0 ? 0 : 0)));
      lastHourRequests = total;
    }
  }
  const reserve = core.space.api.transport.budget.reserve;

  console.log(
    `\n-- ${size.name}: ${size.clients} clients, ${size.products} products, ${size.quotations} quotations, pages ${size.maxCount || 'as asked (1000)'}, 1000 requests an hour; ${HOURS} h simulated in ${((performance.now() - wall) / 1000).toFixed(0)} s`,
  );
  const loadedHour = heldAt === null ? HOURS : Math.ceil((heldAt - started) / HOUR);
  const after = hourly.slice(Math.min(hourly.length, loadedHour + 1));
  console.log(
    `  usable after: ${usableAt === null ? 'never' : `${usableRequests} requests, ${mins(usableAt - started)} of the simulated clock (back to back; at 0.3 s a request, ${((usableRequests * 0.3) / 60).toFixed(1)} min)`} (every quotation and product, the clients of the 20 newest quotations)`,
  );
  console.log(`  everything held after: ${heldAt === null ? 'never' : `${heldRequests} requests, ${mins(heldAt - started)}`}`);
  console.log(
    `  background requests an hour after the first load: mean ${(after.reduce((a, b) => a + b, 0) / Math.max(1, after.length)).toFixed(0)}, max ${Math.max(0, ...after)}; first hours: ${hourly.slice(0, loadedHour + 1).join(', ')}`,
  );
  for (const kind of Object.keys(webApp) as ChangeKind[]) {
    const of = changes.filter((c) => c.kind === kind);
    const seen = of.filter((c) => c.seenAt !== undefined && (heldAt === null || c.at >= heldAt)).map((c) => c.seenAt! - c.at);
    const unseen = of.filter((c) => c.seenAt === undefined);
    const oldestUnseen = unseen.length === 0 ? 0 : Math.max(...unseen.map((c) => clock.now() - c.at));
    console.log(
      `  ${kind.padEnd(17)} ${String(seen.length).padStart(3)} seen after the first load: p50 ${mins(pct(seen, 50))}, p95 ${mins(pct(seen, 95))}, max ${mins(seen.length > 0 ? Math.max(...seen) : NaN)}; not yet seen ${unseen.length}${unseen.length ? ` (oldest ${mins(oldestUnseen)})` : ''}`,
    );
  }
  const waits = sends.filter((s) => s.doneAt !== undefined).map((s) => s.doneAt! - s.at);
  const refused = sandbox.requestLog().filter((r) => r.status === 403).length;
  console.log(`  the person's sends: ${sends.length}, delivered ${waits.length}, wait p95 ${mins(pct(waits, 95))}; answered 403: ${refused}`);
  console.log(`  the least the allowance held after a background request: ${Math.min(...budgetLows)} (the reserve: ${reserve})`);
  if (restartNote) console.log(`  ${restartNote}`);
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const size of SIZES) if (sizeArg === 'all' || sizeArg === size.name) await run(size);
