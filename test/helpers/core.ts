// A core on a scratch data folder with its sync engine left to the test (no
// background pulls or pushes), and a pull of the service into its database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../electron/core';
import { createDispatcher } from '../../electron/bridge/dispatcher';
import type { BridgeResult, OperationInput, OperationName, OperationResults } from '../../shared/bridge';

export interface TestCore {
  core: Core;
  dataDir: string;
  /** a trusted call through the dispatcher, as the page makes it */
  call(op: string, input: unknown): Promise<BridgeResult<unknown>>;
  /** a trusted call that must succeed */
  ok<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]>;
  close(): Promise<void>;
}

export async function startTestCore(opts: Partial<CoreOptions> = {}): Promise<TestCore> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'quotedesk-core-'));
  const core = await createCore({ autoSync: false, ...opts, dataDir });
  const dispatch = createDispatcher<'page'>({ handlers: core.handlers, isTrustedSender: (s) => s === 'page' });
  const call = (op: string, input: unknown) => dispatch('page', op, input);
  return {
    core,
    dataDir,
    call,
    async ok(op, input) {
      const r = await call(op, input);
      if (!r.ok) throw new Error(`${op} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value as never;
    },
    async close() {
      await core.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads every client, product, quotation and country of the space's service into its database. */
export async function pullAll(core: Core): Promise<void> {
  await core.sync.engine.pull();
}
