// Bundles the page-side bridge client into one classic (non-module) script,
// once per process: the page must have window.quotedesk before any module
// script runs, and a classic <script src> in <head> guarantees that.
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

const ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

let cached: Promise<string> | undefined;

export function bridgeClientScript(): Promise<string> {
  cached ??= bundle().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

async function bundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('.', import.meta.url)),
    build: {
      write: false,
      minify: false,
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry: ENTRY, formats: ['iife'], name: 'quotedeskBridgeClient', fileName: () => 'client.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  if (!chunk) throw new Error('Bundling the web host bridge client produced no script');
  return chunk.code;
}
