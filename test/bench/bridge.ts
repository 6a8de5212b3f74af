// `npm run bench -- bridge`: what the page waits for when it asks the main
// process for its lists, with a demo of realistic size. Each operation runs
// through the dispatcher (payload validation, handler, mapping onto the
// contract's views) and is printed next to its floor: the store call the
// handler is built on, in the same run.
// Usage: npm run bench -- bridge [--clients N] [--quotations N] [--rounds N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { createCore } from '../../electron/core';
import { option, median } from './_stats';

const CLIENTS = option('--clients', 2000);
const QUOTATIONS = option('--quotations', 1000);
const ROUNDS = option('--rounds', 9);

async function time(fn: () => unknown): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    runs.push(performance.now() - t);
  }
  return median(runs);
}

const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-'));
try {
  const core = await createCore({ dataDir, autoSync: false, demoSeed: { clients: CLIENTS, products: 200, quotations: QUOTATIONS } });
  const started = performance.now();
  await core.sync.engine.pull();
  console.log(`pulled ${CLIENTS} clients, 200 products, ${QUOTATIONS} quotations in ${(performance.now() - started).toFixed(0)} ms`);
  const dispatch = createDispatcher<null>({ handlers: core.handlers, isTrustedSender: () => true });
  const store = core.space.store;
  const call = async (op: string, input: unknown) => {
    const r = await dispatch(null, op, input);
    if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
    return r.value;
  };
  const someQuotation = store.quotations.list({ limit: 1 })[0]!.id;

  const rows: [string, () => unknown, () => unknown][] = [
    ['quotations.list (all)', () => call('quotations.list', {}), () => store.quotations.summaries({ limit: 1_000_000 })],
    ['quotations.get', () => call('quotations.get', { id: someQuotation }), () => store.quotations.get(someQuotation)],
    ['clients.list (page of 100)', () => call('clients.list', { limit: 100 }), () => store.clients.list({ limit: 100, includeInactive: false })],
    ['clients.search "de"', () => call('clients.search', { query: 'de', limit: 20 }), () => store.search.clients('de', 20)],
    ['products.search "a"', () => call('products.search', { query: 'a', limit: 20 }), () => store.search.products('a', 20)],
  ];
  console.log(`median of ${ROUNDS} rounds, ms`);
  console.log('operation'.padEnd(30), 'bridge'.padStart(9), 'floor'.padStart(9), 'ratio'.padStart(7));
  for (const [name, viaBridge, floor] of rows) {
    const b = await time(viaBridge);
    const f = await time(floor);
    console.log(name.padEnd(30), b.toFixed(2).padStart(9), f.toFixed(2).padStart(9), (b / f).toFixed(1).padStart(7));
  }
  await core.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
