import { describe, expect, it, vi } from 'vitest';
import { rig, drain } from './helpers';
import { seeded } from './random';

describe('pushing products', () => {
  it('creates a product made offline, once, with a price of 3 decimals, and records its id', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    const before = r.sb.data.products.all().length;
    const p = r.store.products.create({ code: 'SCHROEF-4', name: 'Schroef 4 mm', price: 0.125, taxes: 21 });
    const res = await r.engine.flush();
    expect(res.done).toBe(1);
    const local = r.store.products.get(p.id);
    expect(local.productId).toBeGreaterThan(0);
    expect(local.state).toBe('synced');
    expect(r.sb.data.products.all()).toHaveLength(before + 1);
    expect(r.sb.data.products.get(local.productId!)).toMatchObject({ code: 'SCHROEF-4', price: 0.125 });
    // what the service worked out is shown at once
    expect(local.fields.priceintax).toBe(r.sb.data.products.get(local.productId!)!.priceintax);
    expect(r.store.outbox.pendingCount()).toBe(0);
    // the next pull knows it as the same product: no second row
    await r.engine.pull();
    expect(r.store.products.list({ limit: 100 }).filter((x) => x.fields.code === 'SCHROEF-4')).toHaveLength(1);
  });

  it('updates only the fields changed here, merged with a change of another field on the service', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    await r.engine.pull();
    const target = r.store.products.list()[0]!;
    r.store.products.update(target.id, { price: 12.345 });
    r.store.products.update(target.id, { notes: 'Per stuk' });
    r.sb.data.products.patch(target.productId!, { name: 'Naam van de service' });
    const update = vi.spyOn(r.api.products, 'update');
    await r.engine.flush();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![1]).toEqual({ price: 12.345, notes: 'Per stuk' });
    expect(r.sb.data.products.get(target.productId!)).toMatchObject({ price: 12.345, notes: 'Per stuk', name: 'Naam van de service' });
    expect(r.store.products.get(target.id)).toMatchObject({ state: 'synced', fields: { name: 'Naam van de service', price: 12.345 } });
    // the price incl. tax the service worked out for the new price is shown, not the old one
    const taxes = r.sb.data.products.get(target.productId!)!.taxes;
    expect(r.store.products.get(target.id).fields.priceintax).toBe(r.sb.data.products.get(target.productId!)!.priceintax);
    expect(r.store.products.get(target.id).fields.priceintax).toBeCloseTo(12.345 * (1 + taxes / 100), 2);
  });

  it('records a conflict when the same field changed on both sides, shows it as a product conflict, and keeps mine when asked', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    await r.engine.pull();
    const target = r.store.products.list()[0]!;
    r.store.products.update(target.id, { price: 5.5, notes: 'mijn notitie' });
    r.sb.data.products.patch(target.productId!, { price: 6.75 });
    await r.engine.flush();
    const [c] = r.store.conflicts.open();
    expect(c).toMatchObject({ kind: 'fields', targetKind: 'product', target: target.id, fields: ['price'] });
    // what changed on one side only went into the local version already
    expect(r.sb.data.products.get(target.productId!)!.price).toBe(6.75);
    r.store.conflicts.resolve(c!.id, 'keep_mine');
    await drain(r);
    expect(r.sb.data.products.get(target.productId!)).toMatchObject({ price: 5.5, notes: 'mijn notitie' });
    expect(r.store.conflicts.open()).toEqual([]);
    expect(r.store.products.get(target.id).state).toBe('synced');
  });

  it('takes the service value of the contested field, and still sends the field changed here only', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    await r.engine.pull();
    const target = r.store.products.list()[0]!;
    r.store.products.update(target.id, { price: 5.5, notes: 'mijn notitie' });
    r.sb.data.products.patch(target.productId!, { price: 6.75 });
    await r.engine.flush();
    r.store.conflicts.resolve(r.store.conflicts.open()[0]!.id, 'take_theirs');
    await drain(r);
    expect(r.sb.data.products.get(target.productId!)).toMatchObject({ price: 6.75, notes: 'mijn notitie' });
    expect(r.store.products.get(target.id).fields).toMatchObject({ price: 6.75, notes: 'mijn notitie' });
  });

  it('sets the stock with the stock-only PUT, leaving a price changed on the service alone', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    await r.engine.pull();
    const target = r.store.products.list()[0]!;
    r.store.products.setStock(target.id, 3);
    await drain(r);
    // turning stock on for a product that used none is an update of stock_use and stock
    expect(r.sb.data.products.get(target.productId!)).toMatchObject({ stock_use: true, stock: 3 });
    r.sb.data.products.patch(target.productId!, { price: 99 });
    const setStock = vi.spyOn(r.api.products, 'setStock');
    const update = vi.spyOn(r.api.products, 'update');
    const log = r.sb.requestLog().length;
    r.store.products.setStock(target.id, 17.5);
    expect(r.store.outbox.list().map((o) => o.kind)).toEqual(['product.stock']);
    await drain(r);
    expect(setStock).toHaveBeenCalledWith(target.productId, 17.5);
    expect(update).not.toHaveBeenCalled();
    // one request, the PUT, and no read before it
    expect(
      r.sb
        .requestLog()
        .slice(log)
        .map((x) => x.method),
    ).toEqual(['PUT']);
    expect(r.sb.data.products.get(target.productId!)).toMatchObject({ stock: 17.5, stock_use: true, price: 99 });
    expect(r.store.products.get(target.id).fields.stock).toBe(17.5);
    // a product's entries go in the order they were made: a count made after an edit the
    // service cannot take waits for that edit, and goes as soon as it is fixed
    r.store.products.update(target.id, { code: 'X'.repeat(25) });
    r.store.products.setStock(target.id, 16);
    await drain(r);
    expect(r.store.outbox.parked().map((e) => [e.kind, e.lastError?.fieldErrors?.map((f) => f.field)])).toEqual([['product.update', ['code']]]);
    expect(r.sb.data.products.get(target.productId!)!.stock).toBe(17.5);
    r.store.products.update(target.id, { code: 'BOEK-2' });
    await drain(r);
    expect(r.sb.data.products.get(target.productId!)).toMatchObject({ code: 'BOEK-2', stock: 16 });
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('a product deleted on the service while edited here: keeping mine creates it again, once', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    await r.engine.pull();
    const [a, b] = r.store.products.list();
    r.store.products.update(a!.id, { price: 7.125 });
    r.store.products.update(b!.id, { price: 8 });
    r.sb.data.products.delete(a!.productId!);
    r.sb.data.products.delete(b!.productId!);
    await drain(r);
    const open = r.store.conflicts.open();
    expect(open.map((c) => [c.kind, c.targetKind, c.target]).sort()).toEqual(
      [
        ['deleted', 'product', a!.id],
        ['deleted', 'product', b!.id],
      ].sort(),
    );
    r.store.conflicts.resolve(open.find((c) => c.target === a!.id)!.id, 'keep_mine');
    r.store.conflicts.resolve(open.find((c) => c.target === b!.id)!.id, 'take_theirs');
    await drain(r);
    const again = r.sb.data.products.all().filter((p) => p.code === a!.fields.code);
    expect(again).toHaveLength(1);
    expect(again[0]!.price).toBe(7.125);
    expect(r.store.products.get(a!.id).productId).toBe(again[0]!.id);
    expect(r.store.products.find(b!.id)).toBeNull();
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('deletes a product on the service; one deleted there already is simply gone', async () => {
    const r = await rig({ sandbox: { products: 3 } });
    await r.engine.pull();
    const [a, b] = r.store.products.list();
    r.store.products.delete(a!.id);
    r.store.products.delete(b!.id);
    r.sb.data.products.delete(b!.productId!);
    await drain(r);
    expect(r.sb.data.products.get(a!.productId!)).toBeUndefined();
    expect(r.store.products.find(a!.id)).toBeNull();
    expect(r.store.products.find(b!.id)).toBeNull();
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('finds a create whose answer was lost by searching the service, and does not create it again', async () => {
    const r = await rig({ sandbox: { products: 3 }, api: { headersTimeoutMs: 250, bodyTimeoutMs: 250 } });
    const p = r.store.products.create({ code: 'LOST-1', name: 'Verloren antwoord', price: 1.5, taxes: 9 });
    r.sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    await r.engine.flush();
    expect(r.store.outbox.list()[0]!.state).toBe('unknown_outcome');
    r.sb.clearFaults();
    await drain(r);
    expect(r.sb.data.products.all().filter((x) => x.code === 'LOST-1')).toHaveLength(1);
    expect(r.store.products.get(p.id).productId).toBe(r.sb.data.products.all().find((x) => x.code === 'LOST-1')!.id);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST')).toHaveLength(1);
  });

  it('60 product operations under 20% failures: each product created exactly once, with its last fields and stock', { timeout: 120_000 }, async () => {
    const r = await rig({ sandbox: { products: 8, clients: 0, quotations: 0, seed: 7 }, api: { headersTimeoutMs: 250, bodyTimeoutMs: 250 } });
    await r.engine.pull();
    const rnd = seeded(Number(process.env.QUOTEDESK_FAULT_SEED ?? 20261125));
    interface Meant {
      code: string;
      price: number;
      stock: number | null;
      deleted: boolean;
    }
    const meant = new Map<string, Meant>();
    const pulled = new Map(
      r.store.products.list({ limit: 100 }).map((p) => [p.id, { price: Number(p.fields.price), stock: null as number | null, deleted: false }]),
    );
    r.sb.setFaults({
      serverErrorRate: 0.05,
      resetRate: 0.04,
      truncateRate: 0.04,
      dropAfterCommitRate: 0.04,
      hangAfterCommitRate: 0.03,
      seed: Number(process.env.QUOTEDESK_FAULT_SEED ?? 31),
    });
    for (let ops = 0; ops < 60; ops++) {
      const roll = rnd.next();
      const mine = [...meant.entries()].filter(([, m]) => !m.deleted);
      const theirs = [...pulled.entries()].filter(([, m]) => !m.deleted);
      if (roll < 0.35 || mine.length === 0) {
        const code = `FT-${ops}`;
        const price = Math.round(rnd.next() * 100_000) / 1000;
        const p = r.store.products.create({ code, name: `Fouttest ${ops}`, price, taxes: 21 });
        meant.set(p.id, { code, price, stock: null, deleted: false });
      } else if (roll < 0.55) {
        const [id, m] = rnd.pick(rnd.next() < 0.5 || theirs.length === 0 ? mine : theirs);
        m.price = Math.round(rnd.next() * 100_000) / 1000;
        r.store.products.update(id, { price: m.price });
      } else if (roll < 0.8) {
        const [id, m] = rnd.pick(rnd.next() < 0.5 || theirs.length === 0 ? mine : theirs);
        m.stock = Math.round(rnd.next() * 500);
        r.store.products.setStock(id, m.stock);
      } else {
        const [id, m] = rnd.pick(rnd.next() < 0.7 || theirs.length === 0 ? mine : theirs);
        r.store.products.delete(id);
        m.deleted = true;
      }
      if (ops % 6 === 0) await r.engine.tick();
    }
    await drain(r, 400);
    r.sb.clearFaults();
    await drain(r, 100);

    expect(r.store.outbox.parked().map((e) => [e.kind, e.lastError])).toEqual([]);
    expect(r.store.conflicts.open()).toEqual([]);
    expect(r.store.outbox.pendingCount()).toBe(0);
    expect(r.sb.requestLog().filter((x) => x.fault).length).toBeGreaterThan(5);

    const onService = r.sb.data.products.all();
    for (const [id, m] of meant) {
      const matches = onService.filter((p) => p.code === m.code);
      if (m.deleted) {
        expect(matches).toEqual([]);
        expect(r.store.products.find(id)).toBeNull();
        continue;
      }
      expect(matches).toHaveLength(1);
      expect(matches[0]!.price).toBe(m.price);
      if (m.stock !== null) expect(matches[0]).toMatchObject({ stock: m.stock, stock_use: true });
      expect(r.store.products.get(id)).toMatchObject({ productId: matches[0]!.id, state: 'synced' });
    }
    for (const [id, m] of pulled) {
      const productId = m.deleted ? null : r.store.products.get(id).productId!;
      if (m.deleted) {
        expect(r.store.products.find(id)).toBeNull();
        continue;
      }
      const rec = r.sb.data.products.get(productId!)!;
      expect(rec.price).toBe(m.price);
      if (m.stock !== null) expect(rec.stock).toBe(m.stock);
    }
    // a pull afterwards finds nothing new: every product here is the service's one
    await r.engine.pull();
    expect(r.store.products.count()).toBe(r.sb.data.products.all().length);
  });
});
