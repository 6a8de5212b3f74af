// The service refuses to delete a client that has documents there. Making it
// inactive instead is one step: the refused delete is dropped and the change
// queued in one transaction, so nothing waits behind the delete. Against the
// real core: the demo sandbox over HTTP, SQLite on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

const store = () => t.core.space.store;

/** A client with invoices on the service and no quotation on this computer: only the service can refuse its delete. */
async function clientWithDocuments() {
  const sb = t.core.sandbox!;
  const { items } = await t.ok('clients.list', {});
  const c = items.find((x) => x.clientnr !== null && sb.data.documentsOf(x.clientnr).invoices > 0 && store().clients.usedBy(x.id) === 0);
  if (!c) throw new Error('the demo data has no client with invoices and no quotation');
  return c;
}

describe('a client delete the service refused', () => {
  it('is replaced by making the client inactive, in one step', async () => {
    const c = await clientWithDocuments();
    await t.ok('clients.delete', { id: c.id });
    await t.core.sync.engine.pushNow();
    const [parked] = (await t.ok('outbox.parked', {})).filter((o) => o.entityId === c.id);
    expect(parked).toMatchObject({ kind: 'client.delete', reason: { kind: 'has_documents' } });
    expect((await t.ok('clients.get', { id: c.id })).hasDocuments).toBe(true);

    const v = await t.ok('clients.makeInactive', { id: c.id });
    expect(v).toMatchObject({ active: false, hasDocuments: false });
    // the delete is gone and the change waits alone, so it goes on the next push
    expect(
      store()
        .outbox.forTarget(c.id)
        .map((e) => [e.kind, e.state]),
    ).toEqual([['client.update', 'pending']]);
    expect((await t.ok('outbox.parked', {})).filter((o) => o.entityId === c.id)).toEqual([]);

    await t.core.sync.engine.pushNow();
    expect(t.core.sandbox!.data.clients.get(c.clientnr!)).toMatchObject({ active: false });
    expect(store().outbox.forTarget(c.id)).toEqual([]);
    expect(store().clients.find(c.id)).not.toBeNull();
  });

  it('a client never asked to be deleted is simply made inactive', async () => {
    const { items } = await t.ok('clients.list', {});
    const c = items.find((x) => x.clientnr !== null && x.active)!;
    await t.ok('clients.makeInactive', { id: c.id });
    expect(
      store()
        .outbox.forTarget(c.id)
        .map((e) => e.kind),
    ).toEqual(['client.update']);
    expect((await t.ok('clients.get', { id: c.id })).fields.active).toBe(false);
  });
});
