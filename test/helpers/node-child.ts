// A child process the suites start many times (a desk that is killed and
// started again): its TypeScript bundled once, as loading the sources
// through tsx takes seconds per start. Only the native database binding
// stays outside the bundle.
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..', '..');

/** The project's pinned Node, which runs the children. */
export const NODE = join(root, 'node_modules', '.bin', 'node');
/** The folder the children are started in. */
export const ROOT = root;

/** Bundles `entry` (a path) into one ES module under node_modules/.cache; its path. */
export async function bundleChild(entry: string, name: string): Promise<string> {
  const outfile = join(root, 'node_modules', '.cache', 'quotedesk-test', `${name}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['better-sqlite3'],
    outfile,
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return outfile;
}
