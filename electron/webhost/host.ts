// The web host: the same core the Electron main process runs, with the built
// renderer served to a browser and the bridge carried over a loopback socket.
// It exists because no Electron binary can run on the test machines; the page
// gets the same `window.quotedesk` contract the preload gives.
//
// It serves what `npm run build` made (scripts/build-parts.ts): the renderer
// from dist/renderer and the bridge client from dist/webhost/bridge-client.js,
// and builds nothing itself: `npm run web` builds what is stale before it
// starts the host, and the tests that start it from its sources build first
// (ensureBuilt).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core, type CoreOptions } from '../core';
import { createDispatcher } from '../bridge/dispatcher';
import { isTrustedWebSender, startWebHostServer, type WebSender } from './server';

export interface WebHostOptions extends CoreOptions {
  /** 0 (default) for any free port */
  port?: number;
  /** a built renderer to serve; dist/renderer by default */
  rendererDir?: string;
  /** the built bridge client script; dist/webhost/bridge-client.js by default */
  bridgeClientFile?: string;
  token?: string;
  /** told of every failed bridge call */
  onError?: (op: string, error: unknown) => void;
}

export interface WebHost {
  /** the page URL, token included */
  url: string;
  controlUrl: string;
  token: string;
  port: number;
  core: Core;
  setOnline(online: boolean): Promise<void>;
  close(): Promise<void>;
}

// electron/webhost/host.ts, or dist/webhost/cli.js once built: two folders down either way
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_RENDERER_DIR = join(PROJECT_ROOT, 'dist', 'renderer');
export const BUILT_BRIDGE_CLIENT = join(PROJECT_ROOT, 'dist', 'webhost', 'bridge-client.js');

/** What a missing build means, and what to do. */
function missing(what: string, path: string): Error {
  return new Error(`The web host serves the built app, and ${what} is missing (${path}). Run npm run build, or npm run web, which builds what is stale.`);
}

/** Rejects with DataFolderInUse (from createCore) when another desk holds the data folder, before anything is served. */
export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const rendererDir = opts.rendererDir ?? BUILT_RENDERER_DIR;
  const clientFile = opts.bridgeClientFile ?? BUILT_BRIDGE_CLIENT;
  if (!existsSync(join(rendererDir, 'index.html'))) throw missing('the built renderer', join(rendererDir, 'index.html'));
  if (!existsSync(clientFile)) throw missing('the built bridge client', clientFile);
  const bridgeClient = await readFile(clientFile, 'utf8');
  const core = await createCore(opts);
  try {
    const dispatch = createDispatcher<WebSender>({ handlers: core.handlers, isTrustedSender: isTrustedWebSender, onError: opts.onError });
    const server = await startWebHostServer({
      rendererDir,
      bridgeClient,
      dispatch,
      events: core.events,
      setOnline: (online) => core.setDemoOnline(online),
      isOnline: () => core.isDemoOnline(),
      port: opts.port,
      token: opts.token,
    });
    return {
      url: server.url,
      controlUrl: server.controlUrl,
      token: server.token,
      port: server.port,
      core,
      setOnline: (online) => core.setDemoOnline(online),
      async close() {
        await server.close();
        await core.close();
      },
    };
  } catch (err) {
    await core.close();
    throw err;
  }
}
