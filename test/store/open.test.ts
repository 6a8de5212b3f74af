import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LATEST_VERSION, openStore, StoreError } from '../../electron/store';
import { MIGRATIONS } from '../../electron/store/migrations';
import { closeLater, scratchDir } from './helpers';
import { buildFixture, FIXTURE_BUILDERS } from './fixtures';

function openError(path: string): StoreError {
  try {
    closeLater(openStore(path)).close();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    return e as StoreError;
  }
  throw new Error('expected the open to fail');
}

describe('opening the database', () => {
  it('creates a new file in WAL mode at the latest version', () => {
    const path = join(scratchDir(), 'q.sqlite');
    const store = closeLater(openStore(path));
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    store.close();
    const again = closeLater(openStore(path));
    expect(again.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
  });

  it('reports a damaged file clearly and leaves it byte for byte as it was', () => {
    const path = join(scratchDir(), 'q.sqlite');
    const junk = Buffer.from('this is not a database at all, just some words '.repeat(200));
    writeFileSync(path, junk);
    const e = openError(path);
    expect(e.code).toBe('corrupt');
    expect(e.message).toMatch(/damaged/);
    expect(e.message).toMatch(/move that file/);
    expect(readFileSync(path).equals(junk)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('reports a database whose pages were overwritten, and keeps it', () => {
    const path = join(scratchDir(), 'q.sqlite');
    const s = openStore(path);
    for (let i = 0; i < 200; i++) s.clients.create({ company: `Client ${i}`, notes: 'x'.repeat(200) });
    s.close();
    const bytes = readFileSync(path);
    // wreck everything after the header page
    const wrecked = Buffer.concat([bytes.subarray(0, 4096), Buffer.alloc(bytes.length - 4096, 0x5a)]);
    writeFileSync(path, wrecked);
    const e = openError(path);
    expect(e.code).toBe('corrupt');
    expect(readFileSync(path).equals(wrecked)).toBe(true);
  });

  it('refuses a file from a newer quotedesk and leaves it alone', () => {
    const path = join(scratchDir(), 'q.sqlite');
    const db = new Database(path);
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    db.close();
    const before = readFileSync(path);
    const e = openError(path);
    expect(e.code).toBe('too_new');
    expect(e.message).toMatch(/Update quotedesk/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('says so when the data folder is missing or the path is a folder', () => {
    const dir = scratchDir();
    expect(openError(join(dir, 'missing', 'q.sqlite')).message).toMatch(/does not exist/);
    mkdirSync(join(dir, 'folder'));
    expect(openError(join(dir, 'folder')).message).toMatch(/is a folder/);
  });

  it('turns a request that was out at a crash into an unknown outcome', () => {
    const path = join(scratchDir(), 'q.sqlite');
    const s = openStore(path);
    const c = s.clients.create({ company: 'A' });
    const op = s.outbox.forTarget(c.id)[0]!;
    s.outbox.markInFlight(op.id, { company: 'A' });
    s.close();
    const again = closeLater(openStore(path));
    expect(again.recoveredInFlight).toBe(1);
    expect(again.outbox.get(op.id)).toMatchObject({ state: 'unknown_outcome', sent: { company: 'A' } });
  });
});

describe('migrations', () => {
  it('has a fixture builder for every version before the latest', () => {
    for (const m of MIGRATIONS) expect(m.version).toBeGreaterThan(0);
    expect(Object.keys(FIXTURE_BUILDERS).map(Number)).toContain(0);
  });

  for (let version = 0; version < LATEST_VERSION; version++) {
    it(`opens a database written at version ${version} and keeps its data`, () => {
      const path = join(scratchDir(), `v${version}.sqlite`);
      buildFixture(path, version);
      const store = closeLater(openStore(path));
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      // profiles and categories (migration 8) start never read, and can be kept
      expect(store.documentLists.get('profiles')).toEqual({ state: 'unknown', readAt: null, items: [] });
      store.documentLists.put('categories', [{ id: 2, name: 'Advies' }], 1);
      expect(store.documentLists.get('categories')).toEqual({ state: 'available', readAt: 1, items: [{ id: 2, name: 'Advies', isDefault: false }] });
      // templates (migration 10) start empty, and can be made and found
      expect(store.templates.list()).toEqual([]);
      if (version === 0) {
        expect(store.clients.count()).toBe(0);
        return;
      }
      expect(store.keyValues.get('pull.lastAt')).toBe(Date.UTC(2026, 0, 10));
      expect(store.pulled.countries().map((c) => c.id)).toEqual([146, 226]);
      expect(store.clients.get('c-2')).toMatchObject({ state: 'edited', fields: { company: 'Coöperatie Fietsen' } });
      expect(store.quotations.get('q-1').content.lines[0]).toMatchObject({ description: 'Werk' });
      expect(store.quotations.get('q-1').totals.totalintax).toBe('121.00');
      expect(store.templates.saveFrom('q-1', { name: 'Wérk', withHeader: false }).lines).toEqual([{ description: 'Werk', amount: 2, price: 50, tax_rate: 21 }]);
      expect(store.templates.list('werk').map((t) => t.name)).toEqual(['Wérk']);
      // the outbox carries on where it stopped
      expect(store.outbox.list().map((o) => [o.kind, o.state])).toEqual([
        ['client.create', 'unknown_outcome'],
        ['quotation.save', 'pending'],
        ['client.update', 'pending'],
        // a product created offline (version 9 on)
        ...(version >= 9 ? [['product.create', 'pending']] : []),
      ]);
      // search covers what was there before the index existed
      expect(store.search.clients('muller').map((h) => h.id)).toEqual(['c-1']);
      expect(store.search.clients('cooperatie').map((h) => h.id)).toEqual(['c-2']);
      expect(store.search.clients('nieuw').map((h) => h.id)).toEqual(['c-new']);
      expect(store.search.products('creme').map((h) => h.productId)).toEqual([1]);
      // products edited here since migration 9: the pulled one keeps its service id and can be edited over it
      const cafe = store.products.byProductId(1)!;
      expect(cafe).toMatchObject({ state: 'synced', fields: { code: 'CAFE-01', price: 2.5 } });
      store.products.update(cafe.id, { name: 'Koffie verkeerd' });
      expect(store.search.products('verkeerd').map((h) => h.productId)).toEqual([1]);
      expect(store.search.products('creme')).toEqual([]);
      if (version >= 9) expect(store.products.get('p-new')).toMatchObject({ state: 'new', fields: { name: 'Thé vert', price: 0.125 } });
      // the follow-up list's keys (migration 13) are worked out for the sent quotations already listed
      if (version === 12) {
        expect(store.quotations.followUp({ today: '2026-01-20' })).toMatchObject({
          total: 1,
          expired: 0,
          items: [{ serverId: 7, datedue: '2026-01-24', daysLeft: 4 }],
        });
      }
      // the searches of migration 15: a client by its number, a quotation by its reference lines and lines
      expect(store.clients.page({ query: '2' }).items.map((c) => c.id)).toEqual(['c-2']);
      expect(store.search.clients('1').map((h) => h.id)).toEqual(['c-1']);
      if (version === 14) {
        expect(store.quotations.page({ query: 'bruiloft' }).items.map((q) => q.id)).toEqual(['q-wedding']);
        expect(store.quotations.page({ query: 'petitfours hoogland' }).items.map((q) => q.id)).toEqual(['q-wedding']);
      }
      // the draft's line (the builders from version 12 on leave the draft out of the list, as no list call worked it out)
      if (version < 12) expect(store.quotations.page({ query: 'werk' }).items.map((q) => q.id)).toEqual(['q-1']);
      // a client by its postcode, VAT number or phone (migration 18), typed in part and without spaces
      if (version >= 16) {
        for (const q of ['3512ab', 'NL8123', '0698765432']) expect(store.clients.page({ query: q }).items.map((c) => c.id)).toEqual(['c-3']);
      }
      // and keeps up with edits after the migration
      store.clients.update('c-1', { company: 'Schröder' });
      expect(store.search.clients('schro').map((h) => h.id)).toEqual(['c-1']);
      expect(store.search.clients('muller')).toEqual([]);
    });
  }
});
