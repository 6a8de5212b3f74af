// `npm run web -- …`: builds what is stale (scripts/build-state.mjs), then
// runs the built web host, dist/webhost/cli.js, in this very process: plain
// Node, with neither the bundler nor a TypeScript loader loaded. Its flags are
// the web host's (electron/webhost/cli.ts); README.md, Running it.
//
// package.json's web script starts Node with --max-semi-space-size=2: V8's
// young generation at 4 MB instead of the 32 MB it grows to while the modules
// load, which V8 takes only when the process starts (electron/core/heap.ts
// sets the rest at run time). About 10 MB less resident idle and 20 MB less
// after a first pull at 100,000 clients; its CPU time stayed within the
// spread of the runs: docs/web-host.md.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildStale, ROOT } from './build-state.mjs';

const status = buildStale(ROOT);
if (status !== 0) process.exit(status);
await import(pathToFileURL(join(ROOT, 'dist', 'webhost', 'cli.js')).href);
