// The web host: the same core the Electron main process runs, with the built
// renderer served to a browser and the bridge carried over a loopback socket.
// It exists because no Electron binary can run on the test machines; the page
// gets the same `window.quotedesk` contract the preload gives.
import { fileURLToPath } from 'node:url';
import { createCore, type Core, type CoreOptions } from '../core';
import { createDispatcher } from '../bridge/dispatcher';
import { ensureRendererBuilt } from './renderer-build';
import { isTrustedWebSender, startWebHostServer, type WebSender } from './server';

export interface WebHostOptions extends CoreOptions {
  /** 0 (default) for any free port */
  port?: number;
  /** a built renderer to serve; dist/renderer (built when stale) by default */
  rendererDir?: string;
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

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Rejects with DataFolderInUse (from createCore) when another desk holds the data folder, before building anything. */
export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const core = await createCore(opts);
  try {
    const rendererDir = opts.rendererDir ?? (await ensureRendererBuilt({ root: PROJECT_ROOT }));
    const dispatch = createDispatcher<WebSender>({ handlers: core.handlers, isTrustedSender: isTrustedWebSender, onError: opts.onError });
    const server = await startWebHostServer({
      rendererDir,
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
