// The three builds of the app, each for Electron and the web host alike:
// - renderer: the page, into dist/renderer;
// - main: the main process, electron/main.ts into dist/electron/main.js (what
//   Electron runs) and electron/webhost/cli.ts into dist/webhost/cli.js (what
//   `npm run web` runs with plain Node); the same core in both;
// - preload: the page's side of the bridge, electron/preload.ts into
//   dist/electron/preload.cjs and the web host's bridge client into
//   dist/webhost/bridge-client.js.
// Configurations: renderer/vite.config.ts and build/vite.main.config.ts. Used
// by `npm run build`, `npm start`, `npm run web` (through scripts/build.ts)
// and by the tests that serve or pack the built app (ensureBuilt).
import { build } from 'vite';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { markBuilt, PARTS, ROOT, staleParts, type Part } from './build-state.mjs';
import { isProcessAlive } from '../electron/core/process-alive';

export { PARTS, ROOT, staleParts, type Part };

/** Builds one part now, stale or not, and records it as built. */
export async function buildPart(part: Part, root = ROOT): Promise<void> {
  const startedAt = Date.now();
  if (part === 'renderer') {
    if (!existsSync(join(root, 'renderer', 'index.html'))) {
      throw new Error(
        `There is no renderer to serve: ${join(root, 'renderer', 'index.html')} is missing. ` +
          'Check out the whole project, or pass a folder holding a built renderer.',
      );
    }
    const config = join(root, 'renderer', 'vite.config.ts');
    const outDir = join(root, 'dist', 'renderer');
    await build({
      configFile: existsSync(config) ? config : false,
      root: join(root, 'renderer'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    if (!existsSync(join(outDir, 'index.html'))) throw new Error(`The renderer build wrote no index.html to ${outDir}; check renderer/vite.config.ts.`);
  } else {
    const configFile = join(root, 'build', 'vite.main.config.ts');
    for (const mode of part === 'main' ? ['production', 'webhost'] : ['preload', 'bridge-client']) {
      await build({ configFile, mode, logLevel: 'warn' });
    }
  }
  markBuilt(root, part, startedAt);
}

export interface EnsureBuiltOptions {
  /** the project (holds renderer/, electron/, shared/ and dist/); this one by default */
  root?: string;
  /** how long to wait for another process's build, ms */
  waitMs?: number;
  /** told of each part built, with its time in ms */
  onBuilt?: (part: Part, ms: number) => void;
}

/**
 * Builds those of the parts named that are stale. Several processes (test
 * workers, two `npm run web`) may ask at once: a lock folder lets one build
 * while the others wait, then they all see the finished build.
 */
export async function ensureBuilt(parts: readonly Part[] = PARTS, { root = ROOT, waitMs = 240_000, onBuilt }: EnsureBuiltOptions = {}): Promise<void> {
  if (staleParts(root, parts).length === 0) return;
  const lock = join(root, 'dist', '.build.lock');
  mkdirSync(join(root, 'dist'), { recursive: true });
  const deadline = Date.now() + waitMs;
  while (!tryLock(lock)) {
    if (Date.now() > deadline)
      throw new Error(`Waited ${waitMs / 1000}s for another build of the app to finish. If none is running, remove ${lock} and try again.`);
    await sleep(250);
  }
  try {
    // another process may have built some while this one waited
    for (const part of staleParts(root, parts)) {
      const started = Date.now();
      await buildPart(part, root);
      onBuilt?.(part, Date.now() - started);
    }
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
