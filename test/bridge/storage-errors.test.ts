// A write to this computer's disk that fails says so truthfully, in the
// person's language, without SQLite's words or a file's absolute path: the
// database full (SQLite's own SQLITE_FULL, from a page limit set here), and
// the settings file that cannot be written.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { serializeError } from '../../electron/bridge/errors';
import { storageProblem } from '../../electron/bridge/storage-errors';
import { formatMessage } from '../../shared/messages';
import { startTestCore, type TestCore } from '../helpers/core';

describe('what a failed write is called', () => {
  it('maps SQLite and system codes to what the person can do', () => {
    const cases: [unknown, string | null][] = [
      [{ name: 'SqliteError', code: 'SQLITE_FULL', message: 'database or disk is full' }, 'full'],
      [{ code: 'ENOSPC', message: "ENOSPC: no space left on device, write '/home/anna/.config/quotedesk/settings.json'" }, 'full'],
      [{ code: 'SQLITE_READONLY_DBMOVED' }, 'read_only'],
      [{ code: 'EROFS' }, 'read_only'],
      [{ code: 'EACCES' }, 'read_only'],
      [{ code: 'SQLITE_BUSY_SNAPSHOT' }, 'busy'],
      [{ code: 'SQLITE_IOERR_FSYNC' }, 'failed'],
      [{ code: 'EIO' }, 'failed'],
      [{ code: 'ECONNRESET' }, null],
      [new Error('no code'), null],
      ['text', null],
    ];
    for (const [err, want] of cases) expect(storageProblem(err), JSON.stringify(err)).toBe(want);
  });

  it('crosses the bridge as kind storage, with neither SQLite’s words nor a path', () => {
    const e = serializeError(
      Object.assign(new Error("ENOSPC: no space left on device, write '/home/anna/.config/quotedesk/settings.json'"), { code: 'ENOSPC' }),
    );
    expect(e).toMatchObject({ kind: 'storage', messageKey: 'storage.full', params: {} });
    expect(JSON.stringify(e)).not.toMatch(/home|anna|ENOSPC|settings\.json/);
    expect(formatMessage('storage.full', {}, 'nl')).toMatch(/^Niet opgeslagen: de schijf is vol/);
  });
});

describe('through the bridge', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 2, products: 0, quotations: 0 } });
  });
  afterAll(() => t?.close());

  it('says a full database did not save the client, and keeps nothing half-written', async () => {
    const db = t.core.space.store.db;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const before = (await t.ok('clients.list', {})).total;
    db.pragma(`max_page_count = ${pages}`);
    try {
      const r = await t.call('clients.create', { fields: { company: 'Past niet meer B.V.', notes: 'x'.repeat(9_000) } });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toMatchObject({ kind: 'storage', messageKey: 'storage.full' });
      expect(r.error.message).toBe('Not saved: the disk is full. Free some space and try again; what was saved before is safe.');
      expect(JSON.stringify(r.error)).not.toMatch(/SQLITE|sqlite|database or disk/);
    } finally {
      db.pragma('max_page_count = 1073741823');
    }
    expect((await t.ok('clients.list', {})).total).toBe(before);
  });

  it('says the settings were not saved, without the file’s path', async () => {
    const file = join(t.dataDir, 'settings.json');
    // the settings file's place taken by a folder: the write cannot land
    rmSync(file, { force: true });
    mkdirSync(join(file, 'occupied'), { recursive: true });
    try {
      const r = await t.call('settings.set', { draftSaveEveryMinutes: 15 });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('storage');
      expect(r.error.messageKey).toMatch(/^storage\./);
      expect(JSON.stringify(r.error)).not.toContain(t.dataDir);
    } finally {
      rmSync(file, { recursive: true, force: true });
    }
  });
});
