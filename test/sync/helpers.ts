import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';
import type { Faults } from '../../electron/sandbox/faults';
import { InvoicingApi, type InvoicingApiOptions } from '../../electron/api';
import { openStore, type Store } from '../../electron/store';
import { SyncEngine, type SyncEngineOptions } from '../../electron/sync';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A clock tests move by hand; starts at the real time so the sandbox's dates agree. */
export function manualClock(start = Date.now()) {
  let t = start;
  return Object.assign(() => t, {
    advance(ms: number) {
      t += ms;
    },
  });
}

export interface Rig {
  sb: Sandbox;
  api: InvoicingApi;
  store: Store;
  engine: SyncEngine;
  clock: ReturnType<typeof manualClock>;
  dbPath: string;
  /** this desk started again: the same database file */
  reopen(): Rig;
  /** another computer on the same account: its own database, the same service and clock */
  otherDesk(): Rig;
}

export async function rig(
  opts: {
    sandbox?: SandboxOptions;
    api?: Partial<InvoicingApiOptions>;
    engine?: Partial<SyncEngineOptions>;
    /**
     * The time rule for draft saves. These suites test what a push does, so a
     * draft's edits are due at once (0) unless a test sets the rule itself.
     */
    draftSaveEveryMs?: number;
    /** the API client's clock (its holds: Retry-After, the rate budget) is the rig's too; by default it keeps the real time */
    clockedApi?: boolean;
  } = {},
): Promise<Rig> {
  const sb = await startSandbox({ quiet: true, rateLimit: 0, ...opts.sandbox });
  cleanups.push(() => sb.close());
  const clock = manualClock();
  const newDbPath = () => {
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-sync-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'quotedesk.sqlite');
  };
  const make = (dbPath: string): Rig => {
    const api = new InvoicingApi({
      baseUrl: sb.url,
      credentials: () => ({ username: sb.user, apiKey: sb.key }),
      backoff: { baseMs: 5, capMs: 20 },
      readAttempts: 1,
      ...(opts.clockedApi ? { now: clock } : {}),
      ...opts.api,
    });
    const store = openStore(dbPath, { clock });
    store.outbox.setDraftSaveEvery(opts.draftSaveEveryMs ?? 0);
    const engine = new SyncEngine({
      store,
      api,
      now: clock,
      backoff: { baseMs: 1000, capMs: 60_000, random: () => 0.5 },
      probeBackoff: { random: () => 0.5 },
      ...opts.engine,
    });
    cleanups.push(async () => {
      await engine.dispose();
      store.close();
      await api.close();
    });
    return { sb, api, store, engine, clock, dbPath, reopen: () => make(dbPath), otherDesk: () => make(newDbPath()) };
  };
  return make(newDbPath());
}

/** Runs flushes, moving the clock past every backoff, until nothing is due or `rounds` runs out. */
export async function drain(r: Rig, rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await r.engine.tick();
    const next = r.engine.online === false ? (r.engine.connectivity.nextProbeAt ?? Infinity) : (r.engine.nextDueAt() ?? Infinity);
    if (next === Infinity) return;
    if (next > r.clock()) r.clock.advance(next - r.clock());
  }
}

export function serverClients(sb: Sandbox) {
  return sb.data.clients.all();
}
export function serverQuotations(sb: Sandbox) {
  return sb.data.quotations.all();
}

/** A one-line draft, with `notes`, for the first pulled client with an e-mail address; its id. */
export function draft(r: Rig, notes: string): string {
  const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
  const q = r.store.quotations.create({ clientId: client.id, notes });
  r.store.quotations.addLine(q.id, { description: `Work ${notes}`, amount: 2, price: 40, tax_rate: 21 });
  return q.id;
}

/**
 * Sends a one-line quotation to a pulled client with an e-mail address while
 * the sandbox plays `faults` on POSTs, so that no answer comes back: the
 * send's entry is left of unknown outcome, the faults cleared.
 */
export async function sendUnanswered(r: Rig, faults: Partial<Faults>): Promise<{ id: string; quotationreference: string | null }> {
  const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
  const q = r.store.quotations.create({ clientId: client.id });
  r.store.quotations.addLine(q.id, { description: 'once', amount: 1, price: 1 });
  r.store.quotations.send(q.id, 'email');
  r.sb.setFaults({ ...faults, methods: ['POST'] });
  await r.engine.flush();
  expect(r.store.outbox.list()[0]).toMatchObject({ kind: 'quotation.send', state: 'unknown_outcome' });
  r.sb.clearFaults();
  // numbered when it was sent
  return { id: q.id, quotationreference: r.store.quotations.get(q.id).quotationreference };
}
