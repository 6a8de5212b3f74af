// Draft saves held while the person types: the hold from the first unsaved
// edit, what a person's save, send, retry or Sync now does to it, the
// setting changing under a waiting save, and entries of older versions.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store';
import { buildFixture } from './fixtures';
import { closeLater, scratchDir, scratchStore } from './helpers';

const MIN = 60_000;

function withClient() {
  const s = scratchStore();
  const client = s.store.clients.create({ company: 'Klant BV' });
  // the client's create is a person's action and goes at once; set it aside
  s.store.outbox.markDone(s.store.outbox.list()[0]!.id);
  return { ...s, client };
}

describe('held draft saves', () => {
  it('holds the save from the first unsaved edit; later edits join it without moving the hold', () => {
    const { store, clock, client } = withClient();
    const q = store.quotations.create({ clientId: client.id });
    const start = clock();
    clock.advance(4 * MIN);
    store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 5 });
    const [entry] = store.outbox.forTarget(q.id);
    expect(entry).toMatchObject({ kind: 'quotation.save', asked: false, holdUntil: start + 10 * MIN });
    expect(store.outbox.forTarget(q.id)).toHaveLength(1);
    expect(store.outbox.ready(clock())).toEqual([]);
    expect(store.outbox.nextDueAt()).toBe(start + 10 * MIN);
    clock.advance(6 * MIN);
    expect(store.outbox.ready(clock()).map((e) => e.id)).toEqual([entry!.id]);
  });

  it('a person asking lets it go at once; a send asks for the save before it', () => {
    const { store, clock, client } = withClient();
    const q = store.quotations.create({ clientId: client.id });
    store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 5 });
    expect(store.outbox.hasUnaskedSave(q.id)).toBe(true);
    expect(store.outbox.ask(q.id)).toBe(1);
    expect(store.outbox.hasUnaskedSave(q.id)).toBe(false);
    expect(store.outbox.ready(clock())[0]).toMatchObject({ asked: true, holdUntil: 0 });
    expect(store.outbox.ask(q.id)).toBe(0);

    // saved on the service; new edits are held again, and a send releases them
    const save = store.outbox.forTarget(q.id)[0]!;
    store.outbox.markDone(save.id);
    store.db.prepare('UPDATE quotations SET server_id = 77 WHERE id = ?').run(q.id);
    store.quotations.updateHeader(q.id, { notes: 'meer' });
    expect(store.outbox.hasUnaskedSave(q.id)).toBe(true);
    store.quotations.send(q.id, 'email');
    expect(store.outbox.forTarget(q.id).map((e) => [e.kind, e.asked, e.holdUntil])).toEqual([
      ['quotation.save', true, 0],
      ['quotation.send', true, 0],
    ]);
  });

  it("Sync now asks for everything; a retried parked entry is a person's too", () => {
    const { store, clock, client } = withClient();
    const a = store.quotations.create({ clientId: client.id });
    const b = store.quotations.create({ clientId: client.id });
    expect(store.outbox.askAll()).toBe(2);
    expect(store.outbox.ready(clock(), 10).map((e) => e.target)).toEqual([a.id, b.id]);

    const c = store.quotations.create({ clientId: client.id });
    const [entry] = store.outbox.forTarget(c.id);
    store.outbox.park(entry!.id, { kind: 'validation', message: 'x' });
    store.outbox.retry(entry!.id);
    expect(store.outbox.get(entry!.id)).toMatchObject({ state: 'pending', asked: true, holdUntil: 0 });
  });

  it('a new setting counts waiting saves from their first edit; the budget hold only moves forward', () => {
    const { store, clock, client } = withClient();
    const q = store.quotations.create({ clientId: client.id });
    const [entry] = store.outbox.forTarget(q.id);
    store.outbox.setDraftSaveEvery(3 * MIN);
    expect(store.outbox.get(entry!.id).holdUntil).toBe(entry!.createdAt + 3 * MIN);
    store.outbox.holdUntil(entry!.id, clock() + 60 * MIN);
    store.outbox.holdUntil(entry!.id, clock() + 1 * MIN);
    expect(store.outbox.get(entry!.id).holdUntil).toBe(clock() + 60 * MIN);
    // a person's entry is never held for the budget
    store.outbox.ask(q.id);
    store.outbox.holdUntil(entry!.id, clock() + 60 * MIN);
    expect(store.outbox.get(entry!.id).holdUntil).toBe(0);
  });

  it('entries written by a version before the hold go as they did: asked, not held', () => {
    const path = join(scratchDir(), 'v5.sqlite');
    buildFixture(path, 5);
    const store = closeLater(openStore(path));
    const entries = store.outbox.list();
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e).toMatchObject({ asked: true, holdUntil: 0 });
  });
});
