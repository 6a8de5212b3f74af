// Which parts of the app's build (scripts/build-parts.ts) are stale: built
// before a change to one of their sources, or never built. Plain JavaScript
// on Node's own modules, so `npm start` and `npm run web` check it in a few
// milliseconds without loading a bundler or a TypeScript loader; they build
// only when something is stale (scripts/build.ts --stale).
//
// A part is current when its stamp (dist/.built/<part>.json, written when its
// build ends) records a start earlier than the newest change to its sources,
// and all of its outputs are there. The time is the build's start, so a source
// saved while the build ran makes the part stale again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The parts, in the order they are built. */
export const PARTS = /** @type {const} */ (['renderer', 'main', 'preload']);

/** What the build of every part reads besides its sources. */
const BUILD_FILES = ['package.json', 'scripts/build-parts.ts', 'scripts/build-state.mjs', 'build/vite.main.config.ts'];

/**
 * Sources (files or folders, relative to the project) and outputs of each
 * part. The main process's bundles keep the packages external, so only the
 * renderer, which has them bundled in, reads the lock file.
 */
export const PART_FILES = {
  renderer: { sources: ['renderer', 'shared', 'package-lock.json'], outputs: ['dist/renderer/index.html'] },
  main: { sources: ['electron', 'shared'], outputs: ['dist/electron/main.js', 'dist/webhost/cli.js'] },
  preload: { sources: ['electron', 'shared'], outputs: ['dist/electron/preload.cjs', 'dist/webhost/bridge-client.js'] },
};

const IGNORED = new Set(['node_modules', 'dist']);

/** The newest modification time under a file or folder (0 when it is missing). */
function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (IGNORED.has(name) || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const stampFile = (root, part) => join(root, 'dist', '.built', `${part}.json`);

/** When the last finished build of the part started (ms since the epoch), or null. */
function builtAt(root, part) {
  try {
    const at = JSON.parse(readFileSync(stampFile(root, part), 'utf8')).startedAt;
    return typeof at === 'number' ? at : null;
  } catch {
    return null;
  }
}

/** Whether the part's build is missing or older than one of its sources. */
function isStale(root, part) {
  const files = PART_FILES[part];
  const at = builtAt(root, part);
  if (at === null || files.outputs.some((f) => !existsSync(join(root, f)))) return true;
  return [...files.sources, ...BUILD_FILES].some((f) => newestMtime(join(root, f)) > at);
}

/** The stale ones of the parts named (all by default), in build order. */
export function staleParts(root, parts = PARTS) {
  return PARTS.filter((p) => parts.includes(p) && isStale(root, p));
}

/** Records that a build of the part, started at `startedAt`, has finished. */
export function markBuilt(root, part, startedAt) {
  mkdirSync(join(root, 'dist', '.built'), { recursive: true });
  writeFileSync(stampFile(root, part), `${JSON.stringify({ startedAt })}\n`);
}

/**
 * Builds the stale parts (all of them by default) in a process of its own
 * (`scripts/build.ts --stale`, through tsx), so the bundler never loads into
 * the caller; nothing runs when all are current. Its exit status: 0 when the
 * parts are current.
 */
export function buildStale(root, parts = PARTS) {
  if (staleParts(root, parts).length === 0) return 0;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts'), '--stale', ...parts], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return r.status ?? 1;
}
