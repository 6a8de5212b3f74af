// Starts the web host in-process on a free port with a scratch data folder,
// for end-to-end tests: open `url` in Chromium, use `setOnline` (or POST to
// `controlUrl`) to take the demo service off the network and back. The host
// runs from its sources here, serving the built renderer and bridge client,
// built first when stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebHost } from '../../electron/webhost/host';
import type { Core } from '../../electron/core';
import type { FaultRule, PagedList } from '../../electron/sandbox';
import { ensureBuilt } from '../../scripts/build-parts';

export interface TestWebHostOptions {
  clients?: number;
  products?: number;
  quotations?: number;
  /** the demo service's paging (docs/paging.md): every list capped at this many rows a page */
  maxCount?: number;
  /** lists the demo service answers whole, whatever count and start ask */
  unpaged?: PagedList[];
  /** where the demo service's signing links point; its own http origin by default */
  signOrigin?: string;
  /** a data folder to use (kept); a scratch one (removed on close) by default */
  dataDir?: string;
  /** a built renderer to serve instead of dist/renderer */
  rendererDir?: string;
  /** a delay before every answer of the demo service (ms), so a first load is still running when the page is looked at */
  latencyMs?: number;
  /** scripted faults of the demo service from the start */
  faultRules?: FaultRule[];
}

export interface TestWebHost {
  /** page URL with the token */
  url: string;
  controlUrl: string;
  token: string;
  setOnline(online: boolean): Promise<void>;
  /** the demo sandbox the core talks to; null while an account is shown */
  readonly sandbox: Core['sandbox'];
  core: Core;
  close(): Promise<void>;
}

export async function startTestWebHost(opts: TestWebHostOptions = {}): Promise<TestWebHost> {
  await ensureBuilt(opts.rendererDir ? ['preload'] : ['renderer', 'preload']);
  const scratch = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'quotedesk-web-'));
  const dataDir = opts.dataDir ?? scratch!;
  try {
    const host = await startWebHost({
      dataDir,
      port: 0,
      rendererDir: opts.rendererDir,
      demoSeed: {
        clients: opts.clients,
        products: opts.products,
        quotations: opts.quotations,
        maxCount: opts.maxCount,
        unpaged: opts.unpaged,
        signOrigin: opts.signOrigin,
        latencyMs: opts.latencyMs,
        faultRules: opts.faultRules,
      },
    });
    return {
      url: host.url,
      controlUrl: host.controlUrl,
      token: host.token,
      setOnline: host.setOnline,
      // the shown space may change (an account connected): always the current one
      get sandbox() {
        return host.core.sandbox;
      },
      core: host.core,
      async close() {
        await host.close();
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
}
