// The app's build (scripts/build-parts.ts, scripts/build-state.mjs): a part
// is built when it is missing or one of its sources changed since its build
// started, once even when several processes ask at the same time; the web
// host that `npm run web` runs is built, with neither the bundler nor a
// TypeScript loader nor Electron in it.
import { builtinModules } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, staleParts } from '../../scripts/build-parts';
import { markBuilt, PART_FILES } from '../../scripts/build-state.mjs';

describe('a part of the build', () => {
  const root = mkdtempSync(join(tmpdir(), 'quotedesk-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says what is missing when there is no renderer', async () => {
    await expect(ensureBuilt(['renderer'], { root })).rejects.toThrow(/no renderer to serve.*renderer\/index\.html is missing/);
  });

  it('is built when missing, once for concurrent callers, and again when a source changed since', async () => {
    mkdirSync(join(root, 'renderer'));
    writeFileSync(
      join(root, 'renderer', 'index.html'),
      '<!doctype html><html><head><script type="module" src="./main.ts"></script></head><body></body></html>',
    );
    writeFileSync(join(root, 'renderer', 'main.ts'), 'const n: number = 1;\nconsole.log("first", n);\n');
    expect(staleParts(root, ['renderer'])).toEqual(['renderer']);

    const built: string[] = [];
    await Promise.all([0, 1].map(() => ensureBuilt(['renderer'], { root, onBuilt: (part) => built.push(part) })));
    expect(built).toEqual(['renderer']);
    expect(staleParts(root, ['renderer'])).toEqual([]);
    const out = join(root, 'dist', 'renderer');
    const builtAt = statSync(join(out, 'index.html')).mtimeMs;
    // current: nothing is built again
    await ensureBuilt(['renderer'], { root });
    expect(statSync(join(out, 'index.html')).mtimeMs).toBe(builtAt);

    // a source saved after the build started: the sources made two minutes old, the build one
    const old = new Date(Date.now() - 120_000);
    for (const f of ['index.html', 'main.ts', '']) utimesSync(join(root, 'renderer', f), old, old);
    markBuilt(root, 'renderer', Date.now() - 60_000);
    expect(staleParts(root, ['renderer'])).toEqual([]);
    writeFileSync(join(root, 'renderer', 'main.ts'), 'console.log("second");\n');
    const saved = new Date(Date.now() - 30_000);
    utimesSync(join(root, 'renderer', 'main.ts'), saved, saved);
    expect(staleParts(root, ['renderer'])).toEqual(['renderer']);
    await ensureBuilt(['renderer'], { root });
    expect(staleParts(root, ['renderer'])).toEqual([]);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect(readFileSync(join(out, script), 'utf8')).toContain('second');

    // an output gone is stale too
    rmSync(join(out, 'index.html'));
    expect(staleParts(root, ['renderer'])).toEqual(['renderer']);
  }, 60_000);
});

describe('the built web host', () => {
  beforeAll(() => ensureBuilt(), 240_000);

  /** The packages and modules a built file imports, statically or not. */
  function imports(file: string): string[] {
    const code = readFileSync(join(ROOT, file), 'utf8');
    const found = new Set<string>();
    for (const m of code.matchAll(/(?:^|\n)\s*import\s[^'"]*?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      found.add(m[1] ?? m[2] ?? m[3]!);
    }
    return [...found];
  }

  it('is one file per entry that imports only Node and the production dependencies', () => {
    const declared = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    for (const file of ['dist/webhost/cli.js', 'dist/electron/main.js']) {
      const specs = imports(file);
      expect(specs.length, file).toBeGreaterThan(0);
      for (const spec of specs) {
        if (spec.startsWith('node:') || builtinModules.includes(spec) || (file.includes('electron/') && spec === 'electron')) continue;
        expect(spec.startsWith('.'), `${file} imports ${spec}: not one file`).toBe(false);
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        expect(declared, `${file} imports ${spec}`).toContain(name);
      }
    }
    // the native modules stay outside, loaded from node_modules
    expect(imports('dist/webhost/cli.js')).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar']));
  });

  it('serves a bridge client built as a classic script, with no module syntax', () => {
    const client = readFileSync(join(ROOT, 'dist', 'webhost', 'bridge-client.js'), 'utf8');
    expect(client).toContain('quotedesk');
    expect(client).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('names every output of each part', () => {
    for (const { outputs } of Object.values(PART_FILES)) for (const f of outputs) expect(statSync(join(ROOT, f)).size, f).toBeGreaterThan(0);
  });
});
