// `npm run build [-- renderer|main|preload ...]`: builds the renderer into
// dist/renderer and the main process and preload into dist/electron; all three
// when no part is named.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const PARTS = ['renderer', 'main', 'preload'] as const;
type Part = (typeof PARTS)[number];

async function buildPart(part: Part): Promise<void> {
  if (part === 'renderer') {
    await build({ configFile: join(root, 'renderer', 'vite.config.ts'), root: join(root, 'renderer'), logLevel: 'warn', build: { outDir: join(root, 'dist', 'renderer'), emptyOutDir: true } });
  } else {
    await build({ configFile: join(root, 'build', 'vite.main.config.ts'), mode: part === 'preload' ? 'preload' : 'production', logLevel: 'warn' });
  }
}

const asked = process.argv.slice(2);
const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; choose from ${PARTS.join(', ')}.`);
  process.exit(2);
}
for (const part of asked.length > 0 ? (asked as Part[]) : PARTS) {
  const started = Date.now();
  await buildPart(part);
  console.log(`built ${part} in ${Date.now() - started} ms`);
}
