// Builds the Electron main process (ESM, dist/electron/main.js) and the
// preload (CommonJS, dist/electron/preload.cjs: a sandboxed preload cannot be
// an ES module and may require nothing but 'electron').
//
// Main: every package stays external and is loaded from node_modules (the
// native modules keytar and better-sqlite3 cannot be bundled anyway);
// electron-builder packs the production dependencies beside it.
// Preload: everything is bundled in, except 'electron'.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// `--mode preload` builds the preload, any other mode the main process
export default defineConfig(({ mode }) => ({
  root,
  configFile: false,
  logLevel: 'warn',
  build:
    mode !== 'preload'
      ? {
          ssr: 'electron/main.ts',
          outDir: 'dist/electron',
          emptyOutDir: false,
          target: 'node24',
          sourcemap: true,
          minify: false,
          rollupOptions: { external: ['electron'], output: { format: 'es', entryFileNames: 'main.js' } },
        }
      : {
          outDir: 'dist/electron',
          emptyOutDir: false,
          target: 'chrome140',
          sourcemap: false,
          minify: false,
          lib: { entry: 'electron/preload.ts', formats: ['cjs'], fileName: () => 'preload.cjs' },
          rollupOptions: { external: ['electron'] },
        },
  ssr: { target: 'node', noExternal: [] },
}));
