// `npm run bench -- budget`: the requests a working day costs, counted at the
// service. A scripted day through the real core and bridge handlers against
// the demo sandbox (real HTTP, real SQLite), with the sync engine's and the
// pulls' time simulated so the day runs in seconds: start and the first
// load; ten quotations of 20 lines typed with a person's pauses; five saved,
// three sent, two left in the editor; five clients edited; then the app left
// open for an hour with the background reading at its pace. Printed next to
// the least the same work needs: one write and one read-back per save, send
// and client edit, and the background's reading as it went (each request of
// it a page of a list: docs/freshness.md).
// Usage: npm run bench -- budget [--clients N] [--seed N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { MemoryKeychain } from '../../electron/keychain';
import type { OperationInput, OperationName, OperationResults } from '../../shared/bridge';
import { SimClock, settled } from '../helpers/sim-clock';
import { seeded } from '../sync/random';
import { option } from './_stats';

const CLIENTS = option('--clients', 2500);
const SEED = option('--seed', 7);
const QUOTATIONS = 10;
const LINES = 20;
const TARGET = 1.5;
const MIN = 60_000;

const rnd = seeded(SEED);
/** A person's pause between two fields: 2 to 12 seconds, now and then a minute to think. */
const pause = () => (rnd.next() < 0.05 ? 60_000 : 2000 + Math.floor(rnd.next() * 10_000));

const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-budget-'));
const clock = new SimClock();
const core = await createCore({ dataDir, secrets: new MemoryKeychain(), clock, demoSeed: { clients: CLIENTS, products: 300, quotations: 100 } });
const dispatch = createDispatcher<'bench'>({ handlers: core.handlers, isTrustedSender: () => true });
let edits = 0;
async function ok<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]> {
  if (op.startsWith('lines.') || op === 'quotations.update' || op === 'quotations.create') edits++;
  const r = await dispatch('bench', op, input);
  if (!r.ok) throw new Error(`${op} failed: ${r.error.message}`);
  return r.value as OperationResults[N];
}
const settle = () => settled(() => core.sync.idle());
const wait = (ms: number) => clock.advance(ms, settle);

const sandbox = core.sandbox!;
const started = clock.now();
const wall = performance.now();

await settle();
const clients = (await ok('clients.list', { limit: 50 })).items;

/** What the person did that the service must hear of: each needs one write and one read-back at least. */
const actions = { saved: 0, sent: 0, left: 0, clientEdits: 0 };

for (let n = 0; n < QUOTATIONS; n++) {
  const q = await ok('quotations.create', { clientId: clients[n % clients.length]!.id });
  await ok('quotations.update', { id: q.id, patch: { reference: { line1: `Offerte ${n + 1}` }, quotationperiod: 30 } });
  await wait(pause());
  for (let l = 0; l < LINES; l++) {
    const line = await ok('lines.add', { quotationId: q.id, line: { amount: 1, description: '' } });
    // each field is written when it is left (the editor's autosave), then the next one is typed
    for (const patch of [{ description: `Werkzaamheden fase ${l + 1}` }, { amount: 1 + (l % 4) }, { price: 45 + l * 2.5 }, { tax_rate: 21 }]) {
      await ok('lines.update', { quotationId: q.id, lineId: line.id, patch });
      await wait(pause());
    }
  }
  if (n < 5) {
    await ok('quotations.saveToService', { id: q.id });
    actions.saved++;
  } else if (n < 8) {
    await ok('quotations.send', { id: q.id, sendmethod: 'email' });
    actions.sent++;
  } else actions.left++;
  await wait(1000);
  // the editor closes: for a saved or sent draft there is nothing new, and it costs nothing
  await ok('quotations.leave', { id: q.id });
  await wait(pause());
}

for (let c = 0; c < 5; c++) {
  const client = clients[10 + c]!;
  await ok('clients.update', { id: client.id, patch: { phone: `06${String(10_000_000 + c * 7919).slice(0, 8)}`, city: 'Utrecht' } });
  actions.clientEdits++;
  await wait(pause() * 3);
}

const workDone = clock.now();
await wait(60 * MIN);
await settle();

const requests = sandbox.requests();
const readRequests = core.sync.freshness.backgroundRequests;
const least = readRequests + 2 * (actions.saved + actions.sent + actions.left + actions.clientEdits);
const kinds = new Map<string, number>();
for (const r of requests) {
  const path = new URL(r.url, 'http://x').pathname
    .replace(/^\/api\/v1/, '')
    .replace(/\/\d+$/, '/:id')
    .replace(/\/$/, '');
  const k = `${r.method} ${path}`;
  kinds.set(k, (kinds.get(k) ?? 0) + 1);
}
const status = await ok('sync.status', {});
const hours = (clock.now() - started) / 3_600_000;

console.log(
  `a day's work: ${QUOTATIONS} quotations of ${LINES} lines typed, ${actions.saved} saved, ${actions.sent} sent, ${actions.left} left in the editor, ${actions.clientEdits} clients edited`,
);
console.log(
  `  data: ${CLIENTS} clients, 300 products, 100 quotations; simulated ${((workDone - started) / MIN).toFixed(0)} min of work + 60 min open = ${hours.toFixed(2)} h, run in ${((performance.now() - wall) / 1000).toFixed(1)} s`,
);
console.log(`  background reading: ${readRequests} requests (the first load, then at the pace of a small account: a whole pass every 10 minutes)`);
console.log(`  edits written to the local database: ${edits}; requests at the service: ${requests.length}`);
for (const [k, n] of [...kinds.entries()].sort((a, b) => b[1] - a[1])) console.log(`    ${String(n).padStart(4)}  ${k}`);
console.log(
  `  least the same work needs: ${least} (reading ${readRequests} + one write and one read-back for each of ${actions.saved + actions.sent + actions.left + actions.clientEdits} actions)`,
);
const ratio = requests.length / least;
console.log(`  ratio: ${ratio.toFixed(2)}x (target ${TARGET}x)  ${ratio <= TARGET ? 'OK' : 'OVER'}`);
console.log(
  `  per hour: ${(requests.length / hours).toFixed(0)} requests of the ${status.budget?.limit ?? '?'} allowed; left in this window: ${status.budget?.remaining ?? '?'} (reserve ${status.budget?.reserve ?? '?'})`,
);

await core.close();
rmSync(dataDir, { recursive: true, force: true });
if (ratio > TARGET) process.exitCode = 1;
