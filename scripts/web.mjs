// `npm run web -- …`: builds what is stale (scripts/build-state.mjs), then
// runs the built web host, dist/webhost/cli.js, in this very process: plain
// Node, with neither the bundler nor a TypeScript loader loaded. Its flags are
// the web host's (electron/webhost/cli.ts); README.md, Running it.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildStale, ROOT } from './build-state.mjs';

const status = buildStale(ROOT);
if (status !== 0) process.exit(status);
await import(pathToFileURL(join(ROOT, 'dist', 'webhost', 'cli.js')).href);
