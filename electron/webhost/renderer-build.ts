// Makes sure dist/renderer holds a build of the current renderer sources,
// building it with vite's JS API when it is missing or older than them.
// Several processes (test workers) may ask at once: a lock folder lets one
// build while the others wait, then they all see the finished build.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../core/process-alive';

export interface RendererBuildOptions {
  /** the project root (holds renderer/ and shared/) */
  root: string;
  /** where the build goes; dist/renderer under the root by default */
  outDir?: string;
  /** how long to wait for another process's build, ms */
  waitMs?: number;
}

const SOURCE_DIRS = ['renderer', 'shared'];
const IGNORED = new Set(['node_modules', 'dist', '.cache']);

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (IGNORED.has(name) || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

export function isRendererBuildCurrent(root: string, outDir = join(root, 'dist', 'renderer')): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCE_DIRS.every((d) => !existsSync(join(root, d)) || newestMtime(join(root, d)) <= built);
}

/** Returns the folder holding the built renderer. */
export async function ensureRendererBuilt({ root, outDir = join(root, 'dist', 'renderer'), waitMs = 180_000 }: RendererBuildOptions): Promise<string> {
  if (isRendererBuildCurrent(root, outDir)) return outDir;
  const config = join(root, 'renderer', 'vite.config.ts');
  if (!existsSync(join(root, 'renderer', 'index.html'))) {
    throw new Error(
      `There is no renderer to serve: ${join(root, 'renderer', 'index.html')} is missing. ` +
        'Check out the whole project, or pass a folder holding a built renderer.',
    );
  }
  const lock = join(root, 'dist', '.renderer-build.lock');
  mkdirSync(join(root, 'dist'), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (tryLock(lock)) break;
    if (Date.now() > deadline)
      throw new Error(`Waited ${waitMs / 1000}s for another renderer build to finish. If none is running, remove ${lock} and try again.`);
    await sleep(250);
  }
  try {
    // another process may have built it while this one waited
    if (isRendererBuildCurrent(root, outDir)) return outDir;
    const { build } = await import('vite');
    await build({ configFile: existsSync(config) ? config : false, root: join(root, 'renderer'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    if (!existsSync(join(outDir, 'index.html'))) throw new Error(`The renderer build wrote no index.html to ${outDir}; check renderer/vite.config.ts.`);
    return outDir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A lock folder owned by a live process; a dead owner's lock is taken over. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    try {
      const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      if (pid && !isProcessAlive(pid)) rmSync(lock, { recursive: true, force: true });
    } catch {
      // the owner is between mkdir and writing its pid, or just removed it
    }
    return false;
  }
}
