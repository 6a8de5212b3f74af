// Packaging without the internet: electron-builder's unpacked (--dir) Linux
// build with electronDist pointed at a placeholder folder, since no Electron
// binary can be fetched here. It proves the configuration packs the built
// main, preload and renderer into the asar, leaves the native modules unpacked
// beside it, and ships every package the main process imports, and nothing
// of the development tooling. It cannot prove the installers (AppImage, deb,
// NSIS, dmg) or that Electron starts the app: see the README.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPackage, extractFile } from '@electron/asar';
import { Arch, build, Platform } from 'electron-builder';
import { buildPart, ensureBuilt, ROOT } from '../../scripts/build-parts';

const work = mkdtempSync(join(tmpdir(), 'quotedesk-pack-'));
const electronDist = join(work, 'electron-placeholder');
const output = join(work, 'release');
const appDir = join(output, 'linux-unpacked');
const asar = join(appDir, 'resources', 'app.asar');
const unpacked = `${asar}.unpacked`;
let files: string[];

beforeAll(async () => {
  await ensureBuilt(['renderer']);
  await buildPart('main');
  await buildPart('preload');
  // stands in for the Electron binary electron-builder would copy and rename
  mkdirSync(electronDist);
  writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho "placeholder for the Electron binary"\n');
  chmodSync(join(electronDist, 'electron'), 0o755);
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: { extends: join(ROOT, 'build', 'electron-builder.yml'), electronDist, directories: { output, buildResources: join(ROOT, 'build') } },
  });
  files = listPackage(asar, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('electron-builder --dir', () => {
  it('names the executable quotedesk', () => {
    expect(existsSync(join(appDir, 'quotedesk'))).toBe(true);
    expect(existsSync(join(appDir, 'electron'))).toBe(false);
  });

  it('packs the built main, preload and renderer into the asar', () => {
    const pkg = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as { main: string; name: string };
    expect(pkg.main).toBe('dist/electron/main.js');
    for (const f of ['/package.json', '/dist/electron/main.js', '/dist/electron/preload.cjs', '/dist/renderer/index.html']) expect(files, f).toContain(f);
    expect(files.some((f) => /^\/dist\/renderer\/assets\/.+\.js$/.test(f))).toBe(true);
    expect(extractFile(asar, 'dist/electron/main.js').toString('utf8')).toBe(readFileSync(join(ROOT, 'dist/electron/main.js'), 'utf8'));
  });

  it('keeps sources, tests, source maps and development tools out', () => {
    expect(files.filter((f) => /^\/(electron|renderer|shared|test|scripts|build)\//.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const dev of ['vite', 'vitest', 'electron', 'electron-builder', 'playwright-core', 'typescript', 'tsx', 'vue']) {
      expect(files, dev).not.toContain(`/node_modules/${dev}/package.json`);
    }
  });

  it('leaves the native modules unpacked beside the asar, where they can load', () => {
    expect(existsSync(join(unpacked, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'))).toBe(true);
    const sqlite = join(unpacked, 'node_modules', 'better-sqlite3');
    const binaries = [
      ...(existsSync(join(sqlite, 'build', 'Release')) ? readdirSync(join(sqlite, 'build', 'Release')) : []),
      ...(existsSync(join(sqlite, 'prebuilds')) ? readdirSync(join(sqlite, 'prebuilds')) : []),
    ];
    expect(binaries.some((f) => f.endsWith('.node'))).toBe(true);
    // their JavaScript is unpacked with them, so require('bindings') paths resolve
    expect(existsSync(join(unpacked, 'node_modules', 'keytar', 'package.json'))).toBe(true);
    expect(existsSync(join(sqlite, 'package.json'))).toBe(true);
  });

  it('ships every package the built main process imports', () => {
    const main = readFileSync(join(ROOT, 'dist/electron/main.js'), 'utf8');
    const imported = new Set<string>();
    for (const m of main.matchAll(/(?:^|\n)\s*import\s[^'"]*?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec) || spec === 'electron') continue;
      imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
    expect(imported.size).toBeGreaterThan(0);
    const declared = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    for (const name of imported) {
      expect(declared, `${name} is imported by the main process: it must be a dependency, not a devDependency`).toContain(name);
      expect(files.includes(`/node_modules/${name}/package.json`), `${name} in the asar`).toBe(true);
    }
  });
});
