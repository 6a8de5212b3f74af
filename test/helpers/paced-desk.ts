// A desk connected as an account to a sandbox of its own, both on one
// simulated clock: the sandbox's hourly window, the core's timers, the
// request budget and the database. Hours of background reading pass in
// seconds while every request is real HTTP. The sandbox outlives the desk,
// so a test can restart the desk on the same data folder and keychain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import { MemoryKeychain } from '../../electron/keychain';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';
import type { OperationInput, OperationName, OperationResults } from '../../shared/bridge';
import { SimClock, settled } from './sim-clock';

export interface PacedDesk {
  clock: SimClock;
  sandbox: Sandbox;
  core: Core;
  ok<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]>;
  /** lets `ms` of simulated time pass, in steps of `stepMs`, everything due on the way run */
  pass(ms: number, stepMs?: number): Promise<void>;
  settle(): Promise<void>;
  /** stops the desk and starts it again on the same data (the sandbox goes on) */
  restart(): Promise<void>;
  /** requests made by others on the same key (`spendAsOther`) */
  readonly otherRequests: number;
  /** one request of another program on the same key */
  spendAsOther(): Promise<void>;
  close(): Promise<void>;
}

const MIN = 60_000;

export async function pacedDesk(sandboxOpts: SandboxOptions): Promise<PacedDesk> {
  const clock = new SimClock(Date.UTC(2026, 10, 30, 7, 0, 0));
  const sandbox = await startSandbox({ rateLimit: 1000, quiet: true, ...sandboxOpts, now: () => new Date(clock.now()) });
  const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-paced-'));
  const keychain = new MemoryKeychain();
  const open = () => createCore({ dataDir, secrets: keychain, clock });
  let core = await open();
  let otherRequests = 0;
  const auth = `Basic ${Buffer.from(`${sandbox.user}:${sandbox.key}`).toString('base64')}`;
  const ok = async <N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]> => {
    const r = await createDispatcher<'test'>({ handlers: core.handlers, isTrustedSender: () => true })('test', op, input);
    if (!r.ok) throw new Error(`${op} failed: ${r.error.kind}: ${r.error.message}`);
    return r.value as OperationResults[N];
  };
  const settle = () => settled(() => core.sync.idle());
  await ok('account.connect', { baseUrl: sandbox.url, username: sandbox.user, apiKey: sandbox.key, displayName: 'Schildersbedrijf' });
  await settle();
  const desk: PacedDesk = {
    clock,
    sandbox,
    get core() {
      return core;
    },
    ok,
    settle,
    async pass(ms, stepMs = MIN) {
      for (let left = ms; left > 0; left -= stepMs) await clock.advance(Math.min(stepMs, left), settle);
    },
    async restart() {
      await core.close();
      core = await open();
      await settle();
    },
    get otherRequests() {
      return otherRequests;
    },
    async spendAsOther() {
      otherRequests++;
      await (await fetch(`${sandbox.url}/products?count=1`, { headers: { authorization: auth } })).arrayBuffer();
    },
    async close() {
      await core.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return desk;
}
