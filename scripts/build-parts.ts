// The three builds of the app: the renderer into dist/renderer, the main
// process and the preload into dist/electron. Used by `npm run build` and by
// the packaging test.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PARTS = ['renderer', 'main', 'preload'] as const;
export type Part = (typeof PARTS)[number];

export async function buildPart(part: Part, root = ROOT): Promise<void> {
  if (part === 'renderer') {
    await build({
      configFile: join(root, 'renderer', 'vite.config.ts'),
      root: join(root, 'renderer'),
      logLevel: 'warn',
      build: { outDir: join(root, 'dist', 'renderer'), emptyOutDir: true },
    });
  } else {
    await build({ configFile: join(root, 'build', 'vite.main.config.ts'), mode: part === 'preload' ? 'preload' : 'production', logLevel: 'warn' });
  }
}
