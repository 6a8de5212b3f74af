// The web host builds the renderer when its build is missing or older than
// the sources, once even when several processes ask at the same time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ensureRendererBuilt, isRendererBuildCurrent } from '../../electron/webhost/renderer-build';

const root = mkdtempSync(join(tmpdir(), 'quotedesk-rbuild-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('says what is missing when there is no renderer', async () => {
  await expect(ensureRendererBuilt({ root })).rejects.toThrow(/no renderer to serve.*renderer\/index\.html is missing/);
});

it('builds when missing, once for concurrent callers, and again when a source is newer', async () => {
  mkdirSync(join(root, 'renderer'));
  writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><html><head><script type="module" src="./main.ts"></script></head><body></body></html>');
  writeFileSync(join(root, 'renderer', 'main.ts'), 'const n: number = 1;\nconsole.log("first", n);\n');
  expect(isRendererBuildCurrent(root)).toBe(false);

  const [a, b] = await Promise.all([ensureRendererBuilt({ root }), ensureRendererBuilt({ root })]);
  expect(a).toBe(join(root, 'dist', 'renderer'));
  expect(b).toBe(a);
  expect(isRendererBuildCurrent(root)).toBe(true);
  const builtAt = statSync(join(a, 'index.html')).mtimeMs;
  // current: nothing is rebuilt
  await ensureRendererBuilt({ root });
  expect(statSync(join(a, 'index.html')).mtimeMs).toBe(builtAt);

  writeFileSync(join(root, 'renderer', 'main.ts'), 'console.log("second");\n');
  // the build is older than the source now
  const earlier = new Date(Date.now() - 60_000);
  utimesSync(join(a, 'index.html'), earlier, earlier);
  expect(isRendererBuildCurrent(root)).toBe(false);
  await ensureRendererBuilt({ root });
  expect(isRendererBuildCurrent(root)).toBe(true);
  const html = readFileSync(join(a, 'index.html'), 'utf8');
  const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)![1]!;
  expect(readFileSync(join(a, script), 'utf8')).toContain('second');
}, 60_000);
