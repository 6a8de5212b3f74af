// One desk per data folder (docs/data-lock.md): a second core on a folder in
// use is refused, in this process and from another one; the folder is free
// again once the first closes, once a core that could not start gave up, and
// once a holding process is killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUse, HOLDER_FILE, LOCK_FILE, lockDataFolder, type DataLock } from '../../electron/core/data-lock';
import { createCore } from '../../electron/core';
import { MemoryKeychain } from '../../electron/keychain';
import { startTestCore, type TestCore } from '../helpers/core';

const HOLDER = join(import.meta.dirname, 'fixtures', 'hold-data-lock.ts');
const dirs: string[] = [];
const open: { close(): Promise<void> | void }[] = [];
const children: ChildProcess[] = [];

function scratch(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'quotedesk-lock-')));
  dirs.push(d);
  return d;
}

async function core(dataDir: string, more: { dataLock?: false } = {}): Promise<TestCore> {
  const t = await startTestCore({ dataDir, secrets: new MemoryKeychain(), demoSeed: { clients: 1, products: 0, quotations: 0 }, ...more });
  open.push(t);
  return t;
}

function lock(dataDir: string): DataLock {
  const l = lockDataFolder(dataDir);
  open.push({ close: () => l.release() });
  return l;
}

/** The holder fixture in a process of its own: its first line ("locked", or the refusal as JSON) and its exit. */
function holder(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const firstLine = new Promise<string>((resolve) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.on('exit', () => resolve(`(exited before a line: ${stderr})`));
  });
  return { child, firstLine, exit };
}

afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('in one process', () => {
  it('refuses a second core on a folder in use, naming the folder and what to do; after the first closes it starts', async () => {
    const dataDir = scratch();
    const first = await core(dataDir);
    const refused = await createCore({ dataDir, secrets: new MemoryKeychain(), autoSync: false }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataFolderInUse);
    const err = refused as DataFolderInUse;
    expect(err.folder).toBe(dataDir);
    expect(err.pid).toBe(process.pid);
    expect(err.message).toContain(`the data folder ${dataDir}`);
    expect(err.message).toMatch(
      /Close the other quotedesk, or start this one with another data folder: --data DIR for the web host .* QUOTEDESK_DATA_DIR for the app/,
    );

    // the refused core disturbed nothing: the first one works and still holds the folder
    expect((await first.ok('clients.list', { includeInactive: true })).total).toBeGreaterThanOrEqual(0);
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUse);

    await first.close();
    const again = await core(dataDir);
    expect(again.core.dataDir).toBe(dataDir);
  });

  it('refuses the folder by another path to it (a symbolic link)', async () => {
    const dataDir = scratch();
    const link = join(scratch(), 'link');
    symlinkSync(dataDir, link);
    lock(dataDir);
    expect(() => lockDataFolder(link)).toThrow(DataFolderInUse);
  });

  it('notes the holder beside the lock while held, and removes the note on release', () => {
    const dataDir = scratch();
    const l = lock(dataDir);
    expect(l.folder).toBe(dataDir);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const note = JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8')) as { pid: number; started: string };
    expect(note.pid).toBe(process.pid);
    expect(Math.abs(Date.parse(note.started) - (Date.now() - process.uptime() * 1000))).toBeLessThan(2000);
    l.release();
    l.release();
    expect(existsSync(join(dataDir, HOLDER_FILE))).toBe(false);
    lock(dataDir);
  });

  it('keeps the lock until it is released, also when its holder drops the handle and the garbage is collected', async () => {
    const dataDir = scratch();
    // nothing keeps the handle: its connection, unless held elsewhere, is closed with the garbage, and the lock with it
    lockDataFolder(dataDir);
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // a collected object's native part is finalized on a later turn
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUse);
  });

  it('frees the folder when the core cannot start half-way', async () => {
    const dataDir = scratch();
    // the demo's folder cannot be made: a file is in its place
    writeFileSync(join(dataDir, 'demo'), 'not a folder');
    await expect(createCore({ dataDir, secrets: new MemoryKeychain(), autoSync: false })).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(existsSync(join(dataDir, HOLDER_FILE))).toBe(false);
    lock(dataDir);
  });

  it('lets a test play two desks on one folder with dataLock: false', async () => {
    const dataDir = scratch();
    const a = await core(dataDir);
    const b = await core(dataDir, { dataLock: false });
    expect(b.core.dataDir).toBe(a.core.dataDir);
    // the bypass takes no lock, so it frees none: the first still holds the folder
    await b.close();
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUse);
  });
});

describe('across processes', () => {
  it('refuses a core while another process holds the folder, naming that process; a SIGKILL frees it', async () => {
    const dataDir = scratch();
    const other = holder(dataDir);
    expect(await other.firstLine).toBe('locked');

    const refused = await createCore({ dataDir, secrets: new MemoryKeychain(), autoSync: false }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataFolderInUse);
    expect((refused as DataFolderInUse).pid).toBe(other.child.pid);
    expect((refused as DataFolderInUse).message).toMatch(
      new RegExp(`Another quotedesk \\(process ${other.child.pid}, started \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\)`),
    );

    other.child.kill('SIGKILL');
    expect((await other.exit).signal).toBe('SIGKILL');
    // free at once: the operating system dropped the lock with the process (its note is left, and overwritten)
    const l = lock(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8')).pid).toBe(process.pid);
    l.release();
    const t = await core(dataDir);
    expect(t.core.dataDir).toBe(dataDir);
  });

  it('keeps a core of this process holding the folder against another process, also after a refused second core here', async () => {
    const dataDir = scratch();
    await core(dataDir);
    await expect(createCore({ dataDir, secrets: new MemoryKeychain(), autoSync: false })).rejects.toThrow(DataFolderInUse);
    const other = holder(dataDir);
    expect(JSON.parse(await other.firstLine)).toEqual({ inUse: true, folder: dataDir, pid: process.pid });
    expect((await other.exit).code).toBe(3);
  });

  it('frees the folder for another process once the core closes', async () => {
    const dataDir = scratch();
    const t = await core(dataDir);
    await t.close();
    const other = holder(dataDir);
    expect(await other.firstLine).toBe('locked');
    other.child.kill('SIGKILL');
    await other.exit;
  });
});
