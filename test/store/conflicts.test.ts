import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';

describe('conflict resolution in the store', () => {
  function draftConflict() {
    const ctx = scratchStore();
    const { store, clock } = ctx;
    const base = { id: 5, clientnr: 1, sent: false, savename: 'qd-x', quotationreference: 'QD-X', notes: 'base', lines: [] };
    store.pulled.putQuotations([base], clock());
    const q = store.quotations.byServerId(5)!;
    store.quotations.updateHeader(q.id, { notes: 'mine' });
    const op = store.outbox.forTarget(q.id)[0]!;
    const theirs = { ...base, notes: 'theirs' };
    const c = store.conflicts.record({
      kind: 'draft',
      targetKind: 'quotation',
      target: q.id,
      opId: op.id,
      mine: store.quotations.get(q.id).content,
      theirs,
      base,
    });
    return { ...ctx, q, op, c, theirs };
  }

  it('parks the entry and lists the conflict with both versions', () => {
    const { store, op, c } = draftConflict();
    expect(store.outbox.get(op.id)).toMatchObject({ state: 'parked', lastError: { kind: 'conflict' } });
    expect(store.conflicts.open()).toEqual([c]);
    expect(c).toMatchObject({ mine: { notes: 'mine' }, theirs: { notes: 'theirs' }, base: { notes: 'base' } });
    expect(() => store.conflicts.resolve(c.id, 'bogus' as never)).toThrow(/keep_mine, take_theirs, keep_both/);
  });

  it('keep mine: saves over theirs, which becomes the base', () => {
    const { store, q, op, c } = draftConflict();
    store.conflicts.resolve(c.id, 'keep_mine');
    expect(store.outbox.get(op.id).state).toBe('pending');
    expect(JSON.parse(store.quotations.row(q.id).base!).notes).toBe('theirs');
    expect(store.quotations.get(q.id).content.notes).toBe('mine');
    expect(store.conflicts.open()).toEqual([]);
    expect(() => store.conflicts.resolve(c.id, 'keep_mine')).toThrow(/already been resolved/);
  });

  it('take theirs: the local draft goes, the entry is settled', () => {
    const { store, q, op, c } = draftConflict();
    store.conflicts.resolve(c.id, 'take_theirs');
    expect(store.outbox.get(op.id).state).toBe('done');
    expect(store.quotations.get(q.id)).toMatchObject({ state: 'synced', content: { notes: 'theirs' } });
  });

  it('keep both: mine becomes a new draft under new names, theirs stays as it is', () => {
    const { store, q, op, c } = draftConflict();
    store.conflicts.resolve(c.id, 'keep_both');
    const mine = store.quotations.get(q.id);
    expect(mine).toMatchObject({ serverId: null, state: 'new', content: { notes: 'mine' } });
    expect(mine.savename).not.toBe('qd-x');
    expect(mine.quotationreference).not.toBe('QD-X');
    expect(store.quotations.byServerId(5)).toMatchObject({ savename: 'qd-x', content: { notes: 'theirs' }, state: 'synced' });
    expect(store.outbox.get(op.id).state).toBe('pending');
  });

  it('client fields: take theirs restores their values in the conflicting fields only', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 1, company: 'Base', city: 'Ede' }], clock());
    const c = store.clients.byClientnr(1)!;
    store.clients.update(c.id, { company: 'Mine', phone: '0101' });
    const op = store.outbox.forTarget(c.id)[0]!;
    const theirs = { clientnr: 1, company: 'Theirs', city: 'Epe' };
    // what detection leaves behind: their changes merged in, base = theirs
    store.db
      .prepare('UPDATE clients SET local = ?, base = ? WHERE id = ?')
      .run(JSON.stringify({ company: 'Mine', city: 'Epe', phone: '0101' }), JSON.stringify(theirs), c.id);
    const conflict = store.conflicts.record({
      kind: 'fields',
      targetKind: 'client',
      target: c.id,
      opId: op.id,
      mine: { company: 'Mine' },
      theirs,
      base: { company: 'Base' },
      fields: ['company'],
    });
    store.conflicts.resolve(conflict.id, 'take_theirs');
    expect(store.clients.get(c.id).fields).toEqual({ company: 'Theirs', city: 'Epe', phone: '0101' });
    expect(store.outbox.get(op.id).state).toBe('pending');
  });

  it('deleted on the service: keep mine turns the update into a create', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 1, company: 'Base' }], clock());
    const c = store.clients.byClientnr(1)!;
    store.clients.update(c.id, { company: 'Mine' });
    const op = store.outbox.forTarget(c.id)[0]!;
    const conflict = store.conflicts.record({
      kind: 'deleted',
      targetKind: 'client',
      target: c.id,
      opId: op.id,
      mine: { company: 'Mine' },
      theirs: null,
      base: { company: 'Base' },
    });
    expect(() => store.conflicts.resolve(conflict.id, 'keep_both')).toThrow();
    store.conflicts.resolve(conflict.id, 'keep_mine');
    expect(store.clients.get(c.id)).toMatchObject({ clientnr: null, state: 'new', fields: { company: 'Mine' } });
    expect(store.outbox.get(op.id)).toMatchObject({ kind: 'client.create', state: 'pending' });
  });
});
