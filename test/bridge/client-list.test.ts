// clients.list and products.list through the dispatcher, against the real
// core (the demo sandbox with 400 generated clients and 300 products over
// HTTP, the SQLite store on disk): pages that make up the whole list in name
// order, the inactive filter, searches with their true totals past the
// type-ahead's hundred, a change seen in the next answer, bad input refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary, ProductView } from '../../shared/bridge';
import { fold } from '../../shared/fold';
import { clientCodes } from '../../shared/client-codes';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore({ demoSeed: { clients: 400, products: 300, quotations: 5 } });
  await pullAll(t.core);
}, 60_000);
afterAll(() => t.close());

const nameOf = (c: ClientSummary) => c.company || c.contact;

async function allClients(input: { includeInactive?: boolean; query?: string }, size = 37): Promise<{ items: ClientSummary[]; totals: Set<number> }> {
  const items: ClientSummary[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += size) {
    const page = await t.ok('clients.list', { ...input, offset, limit: size });
    totals.add(page.total);
    items.push(...page.items);
    if (page.items.length < size) return { items, totals };
  }
}

describe('clients.list', () => {
  it('answers a page and the total; the pages together are every client once, by name folded', async () => {
    const { items, totals } = await allClients({ includeInactive: true });
    expect([...totals]).toEqual([items.length]);
    expect(items.length).toBe(t.core.space.store.clients.count({ includeInactive: true }));
    expect(new Set(items.map((c) => c.id)).size).toBe(items.length);
    const keys = items.map((c) => fold(nameOf(c)));
    expect(keys).toEqual([...keys].sort());
    const first = await t.ok('clients.list', { includeInactive: true });
    expect(first.items.map((c) => c.id)).toEqual(items.slice(0, 100).map((c) => c.id));
    const deep = await t.ok('clients.list', { includeInactive: true, offset: items.length - 3, limit: 10 });
    expect(deep.items.map((c) => c.id)).toEqual(items.slice(-3).map((c) => c.id));
  });

  it('leaves inactive clients out unless asked for', async () => {
    const every = (await allClients({ includeInactive: true })).items;
    const active = await allClients({});
    expect(active.items.map((c) => c.id)).toEqual(every.filter((c) => c.active).map((c) => c.id));
    expect([...active.totals]).toEqual([every.filter((c) => c.active).length]);
    expect(active.items.length).toBeLessThan(every.length);
  });

  it('searches every client a word starts a field of, accents aside, in name order with the true total', async () => {
    const every = (await allClients({ includeInactive: true })).items;
    const starts = (w: string) => (c: ClientSummary) =>
      // the postcode, VAT number and phones as the index holds them too (shared/client-codes.ts)
      [c.company, c.contact, c.email, c.city, clientCodes(c.zipcode, c.taxnumber, c.phone, c.mobile)].some((f) =>
        fold(f)
          .split(/[^\p{L}\p{N}]+/u)
          .some((x) => x.startsWith(w)),
      );
    // "b" matches well over the type-ahead's hundred candidates: the list has them all
    for (const query of ['b', 'MULLER', 'müller', 'zwolle']) {
      const want = every.filter(starts(fold(query)));
      const got = await allClients({ includeInactive: true, query }, 45);
      expect(
        got.items.map((c) => c.id),
        query,
      ).toEqual(want.map((c) => c.id));
      expect([...got.totals], query).toEqual([want.length]);
    }
    expect(every.filter(starts('b')).length).toBeGreaterThan(100);
    expect(await t.ok('clients.list', { query: '?!' })).toEqual({ items: [], total: 0 });
  });

  it('counts a client made here in the next answer, and drops one deleted here', async () => {
    const before = (await t.ok('clients.list', { limit: 1 })).total;
    const made = await t.ok('clients.create', { fields: { company: 'Ångström Optiek' } });
    const after = await t.ok('clients.list', { query: 'angstrom' });
    expect(after.items.map((c) => c.id)).toEqual([made.id]);
    expect((await t.ok('clients.list', { limit: 1 })).total).toBe(before + 1);
    await t.ok('clients.delete', { id: made.id });
    expect((await t.ok('clients.list', { limit: 1 })).total).toBe(before);
  });

  it('refuses a page it cannot answer', async () => {
    for (const input of [{ offset: -1 }, { limit: 0 }, { limit: 501 }, { offset: 1.5 }, { query: 'x'.repeat(201) }]) {
      expect(await t.call('clients.list', input), JSON.stringify(input)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    }
  });
});

describe('products.list', () => {
  it('answers the catalogue a page at a time by name folded, and searches it with the true total', async () => {
    const items: ProductView[] = [];
    const totals = new Set<number>();
    for (let offset = 0; ; offset += 40) {
      const page = await t.ok('products.list', { offset, limit: 40 });
      totals.add(page.total);
      items.push(...page.items);
      if (page.items.length < 40) break;
    }
    expect(totals.size).toBe(1);
    const total = [...totals][0]!;
    expect(items.length).toBe(total);
    expect(new Set(items.map((p) => p.localId)).size).toBe(total);
    const keys = items.map((p) => fold(p.name));
    expect(keys).toEqual([...keys].sort());
    const word = fold(items[0]!.name).split(/[^\p{L}\p{N}]+/u)[0]!;
    const want = items.filter((p) =>
      [p.code, p.name].some((f) =>
        fold(f)
          .split(/[^\p{L}\p{N}]+/u)
          .some((x) => x.startsWith(word)),
      ),
    );
    const found = await t.ok('products.list', { query: word, limit: 500 });
    expect(found.total).toBe(want.length);
    expect(found.items.map((p) => p.localId)).toEqual(want.map((p) => p.localId));
  });
});
