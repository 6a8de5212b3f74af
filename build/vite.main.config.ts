// The main process and the page side of the bridge, for Electron and the web
// host alike (scripts/build-parts.ts runs each mode):
// - `production`: the Electron main process (ESM, dist/electron/main.js);
// - `webhost`: the web host, the same core from electron/webhost/cli.ts (ESM,
//   dist/webhost/cli.js), run by plain Node (`npm run web`);
// - `preload`: the Electron preload (CommonJS, dist/electron/preload.cjs: a
//   sandboxed preload cannot be an ES module and may require nothing but
//   'electron');
// - `bridge-client`: the web host's page side of the bridge (a classic
//   script, dist/webhost/bridge-client.js: the page must have
//   window.quotedesk before any module script runs).
//
// Both main-process bundles keep every package external, loaded from
// node_modules (the native modules keytar and better-sqlite3 cannot be bundled
// anyway; electron-builder packs the production dependencies beside
// dist/electron). Each sits two folders below the project, as its source does,
// so a path it works out from import.meta.url means the same built or not.
// The page-side scripts have everything bundled in, except 'electron'.
import { defineConfig, type UserConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

type Mode = 'production' | 'webhost' | 'preload' | 'bridge-client';

function buildOptions(mode: Mode): UserConfig['build'] {
  switch (mode) {
    case 'webhost':
      return {
        ssr: 'electron/webhost/cli.ts',
        outDir: 'dist/webhost',
        emptyOutDir: false,
        target: 'node24',
        sourcemap: true,
        minify: false,
        // one file for Node to read, whatever its size
        chunkSizeWarningLimit: 4096,
        rollupOptions: { output: { format: 'es', entryFileNames: 'cli.js' } },
      };
    case 'preload':
      return {
        outDir: 'dist/electron',
        emptyOutDir: false,
        target: 'chrome140',
        sourcemap: false,
        minify: false,
        lib: { entry: 'electron/preload.ts', formats: ['cjs'], fileName: () => 'preload.cjs' },
        rollupOptions: { external: ['electron'] },
      };
    case 'bridge-client':
      return {
        outDir: 'dist/webhost',
        emptyOutDir: false,
        // the browsers the renderer is built for (renderer/vite.config.ts)
        target: 'chrome130',
        sourcemap: false,
        minify: false,
        lib: { entry: 'electron/webhost/client/entry.ts', formats: ['iife'], name: 'quotedeskBridgeClient', fileName: () => 'bridge-client.js' },
      };
    default:
      return {
        ssr: 'electron/main.ts',
        outDir: 'dist/electron',
        emptyOutDir: false,
        target: 'node24',
        sourcemap: true,
        minify: false,
        // one file for Node to read, whatever its size
        chunkSizeWarningLimit: 4096,
        rollupOptions: { external: ['electron'], output: { format: 'es', entryFileNames: 'main.js' } },
      };
  }
}

export default defineConfig(({ mode }) => ({
  root,
  configFile: false,
  logLevel: 'warn',
  build: buildOptions(mode as Mode),
  ssr: { target: 'node', noExternal: [] },
}));
