// `npm run web -- --data DIR` twice on one folder (docs/data-lock.md): the
// first serves, the second says the folder is in use and exits without
// serving; once the first has stopped, the folder starts again. The built web
// host, dist/webhost/cli.js, run by plain Node as `npm run web` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../../scripts/build-parts';

const CLI = join(ROOT, 'dist', 'webhost', 'cli.js');
const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'quotedesk-web-lock-')));
const children: ChildProcess[] = [];

/** A web host on the data folder: the page URL once it serves, its exit, what it wrote. */
function webHost() {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, '--data', dataDir, '--port', '0', '--clients', '1', '--products', '0', '--quotations', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exit = new Promise<{ code: number | null; afterMs: number }>((resolve) => child.on('exit', (code) => resolve({ code, afterMs: Date.now() - started })));
  const url = new Promise<string | null>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout += `${line}\n`;
      if (line.startsWith('open ')) resolve(line.slice('open '.length));
    });
    child.on('exit', () => resolve(null));
  });
  return { child, url, exit, stdout: () => stdout, stderr: () => stderr };
}

async function serves(url: string | null): Promise<number> {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const res = await request(url!);
  await res.body.text();
  return res.statusCode;
}

// the built host, renderer and bridge client: what is stale is built once here
beforeAll(() => ensureBuilt(), 240_000);
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('refuses a second web host on the data folder of a running one, and starts again once it stopped', async () => {
  const first = webHost();
  expect(await serves(await first.url)).toBe(200);

  const second = webHost();
  const refused = await second.exit;
  expect(refused.code).toBe(1);
  expect(refused.afterMs).toBeLessThan(20_000);
  expect(second.stderr()).toContain(`Another quotedesk (process ${first.child.pid}, started `);
  expect(second.stderr()).toContain(`is using the data folder ${dataDir}.`);
  expect(second.stderr()).toMatch(/Close the other quotedesk, or start this one with another data folder: --data DIR for the web host/);
  expect(second.stdout()).not.toMatch(/^open /m);
  // the first goes on serving
  expect(await serves(await first.url)).toBe(200);

  first.child.kill('SIGTERM');
  expect((await first.exit).code).toBe(0);

  const third = webHost();
  expect(await serves(await third.url)).toBe(200);
  third.child.kill('SIGTERM');
  expect((await third.exit).code).toBe(0);
});
