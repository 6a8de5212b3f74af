import { describe, expect, it } from 'vitest';
import { rig, serverClients } from './helpers';

describe('pushing clients', () => {
  it('creates a client made offline, once, and records its number', async () => {
    const r = await rig();
    const before = serverClients(r.sb).length;
    const c = r.store.clients.create({ company: 'Bakkerij Offline', email: 'bak@example.nl', city: 'Gouda' });
    const res = await r.engine.flush();
    expect(res.done).toBe(1);
    const local = r.store.clients.get(c.id);
    expect(local.clientnr).toBeGreaterThan(0);
    expect(local.state).toBe('synced');
    expect(serverClients(r.sb)).toHaveLength(before + 1);
    expect(r.sb.data.clients.get(local.clientnr!)).toMatchObject({ company: 'Bakkerij Offline', city: 'Gouda' });
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('updates only the changed fields', async () => {
    const r = await rig();
    await r.engine.pull();
    const target = r.store.clients.list()[0]!;
    r.store.clients.update(target.id, { phone: '0301234567' });
    r.store.clients.update(target.id, { city: 'Zeist' });
    await r.engine.flush();
    const put = r.sb.requestLog().filter((x) => x.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(r.sb.data.clients.get(target.clientnr!)).toMatchObject({ phone: '0301234567', city: 'Zeist' });
    expect(r.store.clients.get(target.id).state).toBe('synced');
  });

  it('merges changes to other fields made on the service meanwhile', async () => {
    const r = await rig();
    await r.engine.pull();
    const target = r.store.clients.list()[0]!;
    r.store.clients.update(target.id, { city: 'Mine' });
    r.sb.data.clients.patch(target.clientnr!, { phone: '0999' });
    await r.engine.flush();
    expect(r.sb.data.clients.get(target.clientnr!)).toMatchObject({ city: 'Mine', phone: '0999' });
    expect(r.store.clients.get(target.id).fields).toMatchObject({ city: 'Mine', phone: '0999' });
  });

  it('parks a conflict when the same field changed on both sides, and resolves it either way', async () => {
    const r = await rig();
    await r.engine.pull();
    const [a, b] = r.store.clients.list();
    for (const c of [a!, b!]) {
      r.store.clients.update(c.id, { city: 'Mine', phone: '0111' });
      r.sb.data.clients.patch(c.clientnr!, { city: 'Theirs', email: 'theirs@example.nl' });
    }
    const conflicts: unknown[] = [];
    r.engine.events.on('conflict', (c) => conflicts.push(c));
    const res = await r.engine.flush();
    expect(res.parked).toBe(2);
    expect(conflicts).toHaveLength(2);
    const [ca, cb] = r.store.conflicts.open();
    expect(ca).toMatchObject({ kind: 'fields', fields: ['city'], targetKind: 'client' });
    // nothing was overwritten on the service
    expect(r.sb.data.clients.get(a!.clientnr!)).toMatchObject({ city: 'Theirs' });

    r.store.conflicts.resolve(ca!.id, 'keep_mine');
    r.store.conflicts.resolve(cb!.id, 'take_theirs');
    await r.engine.flush();
    expect(r.sb.data.clients.get(a!.clientnr!)).toMatchObject({ city: 'Mine', phone: '0111', email: 'theirs@example.nl' });
    expect(r.sb.data.clients.get(b!.clientnr!)).toMatchObject({ city: 'Theirs', phone: '0111', email: 'theirs@example.nl' });
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('treats a client deleted on the service while edited here as a conflict', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    const c = r.store.clients.list()[0]!;
    r.store.clients.update(c.id, { city: 'Kept' });
    r.sb.data.clients.delete(c.clientnr!);
    await r.engine.flush();
    const [conflict] = r.store.conflicts.open();
    expect(conflict).toMatchObject({ kind: 'deleted', target: c.id, theirs: null });
    expect(r.store.clients.get(c.id).gone).toBe(true);
    r.store.conflicts.resolve(conflict!.id, 'keep_mine');
    await r.engine.flush();
    const again = r.store.clients.get(c.id);
    expect(again.clientnr).not.toBe(c.clientnr);
    expect(r.sb.data.clients.get(again.clientnr!)).toMatchObject({ city: 'Kept' });
  });

  it('deletes a client; one with documents is kept with a clear, parked reason', async () => {
    const r = await rig();
    await r.engine.pull();
    const withDocs = r.store.clients.list().find((c) => r.sb.data.documentsOf(c.clientnr!).quotations > 0)!;
    const plain = r.store.clients.create({ company: 'Short lived' });
    await r.engine.flush();
    const plainNr = r.store.clients.get(plain.id).clientnr!;
    r.store.clients.delete(plain.id);
    r.store.clients.delete(withDocs.id);
    await r.engine.flush();
    expect(r.sb.data.clients.get(plainNr)).toBeUndefined();
    expect(r.store.clients.find(plain.id)).toBeNull();
    expect(r.sb.data.clients.get(withDocs.clientnr!)).toBeDefined();
    const kept = r.store.clients.get(withDocs.id);
    expect(kept.state).not.toBe('deleting');
    const [parked] = r.store.outbox.parked();
    expect(parked).toMatchObject({ kind: 'client.delete', lastError: { kind: 'has_documents', status: 403 } });
    expect(parked!.lastError!.message).toMatch(/has been kept/);
    r.store.discardOperation(parked!.id);
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('parks a create the service refuses, with its field errors, until the draft is fixed', async () => {
    const r = await rig();
    // valid locally, refused by the service: an unknown country name
    const c = r.store.clients.create({ company: 'Far away', country: 'Atlantis' });
    await r.engine.flush();
    const [parked] = r.store.outbox.parked();
    expect(parked).toMatchObject({ kind: 'client.create', lastError: { kind: 'validation', status: 422 } });
    expect(parked!.lastError!.fieldErrors!.map((f) => f.field)).toContain('country');
    r.store.clients.update(c.id, { country: 'Nederland' });
    await r.engine.flush();
    expect(r.store.clients.get(c.id).clientnr).toBeGreaterThan(0);
  });

  it('parks a create invalid here without spending a request', async () => {
    const r = await rig();
    r.store.clients.create({ company: 'x', email: 'not-an-address' });
    const before = r.sb.requests().length;
    await r.engine.flush();
    expect(r.sb.requests().length).toBe(before);
    expect(r.store.outbox.parked()[0]!.lastError).toMatchObject({ kind: 'validation', fieldErrors: [{ field: 'email' }] });
  });
});
