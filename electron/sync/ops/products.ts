// Pushing products: create, update with only the changed fields (merged field
// by field with changes made on the service, as clients are), the amount in
// stock by the service's stock-only PUT, delete.
import { productWritable, type Product, type ProductInput } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import { parseJson } from '../../store/context';
import { productFieldsOf, type ProductRow } from '../../store/products';
import { PRODUCT_FIELDS } from '../../store/fields';
import { productToInput } from '../request-bodies';
import { mergeProduct, productFields, same } from '../merge';
import type { OpHandler, PushContext, PushResult, ResolveResult } from './types';
import { isNotFound, listIncomplete, nothingLeft } from './common';

/**
 * Stores the service's version of a product as what it now holds; the local
 * version stays only where it still differs (typed on meanwhile).
 */
function settle(ctx: PushContext, row: ProductRow, server: Product, extra: { productId?: number } = {}): void {
  const local = productFieldsOf(row);
  const input = productToInput(local);
  const synced = input.ok && same(input.value, pickSent(input.value, server));
  const json = JSON.stringify(server);
  ctx.store.ctx
    .stmt('UPDATE products SET product_id = coalesce(?, product_id), server = ?, base = ?, local = ?, gone = 0, updated_at = ? WHERE id = ?')
    .run(extra.productId ?? null, json, synced ? null : json, synced ? null : JSON.stringify(local), ctx.store.ctx.now(), row.id);
}

/** The fields of `server` that `sent` names. */
function pickSent(sent: object, server: Product): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(sent)) out[k] = (server as Record<string, unknown>)[k];
  return out;
}

/** A row that only mirrors the service: no local edits, no work waiting. */
function isPlainCacheRow(ctx: PushContext, row: ProductRow): boolean {
  return row.local === null && !row.deleted && ctx.store.outbox.forTarget(row.id).length === 0;
}

/**
 * Records the service's id for a product created here. If a pull already
 * brought it in as a row of its own (the create's answer was lost), that
 * duplicate goes.
 */
function applyCreated(ctx: PushContext, entry: OutboxItem, productId: number, sent: ProductInput, found?: Product): void {
  const { store } = ctx;
  store.transaction(() => {
    const row = store.products.findRow(entry.target);
    if (!row) return store.outbox.markDone(entry.id);
    const twin = store.products.rowByProductId(productId);
    if (twin && twin.id !== row.id) store.ctx.stmt('DELETE FROM products WHERE id = ?').run(twin.id);
    settle(ctx, row, found ?? ({ ...sent, id: productId } as Product), { productId });
    store.outbox.markDone(entry.id);
  });
}

/** Whether a record on the service is the one `sent` would have created. */
export function matchesSentProduct(sent: Partial<ProductInput>, found: Product): boolean {
  return Object.entries(sent).every(([k, v]) => same(v, (found as Record<string, unknown>)[k]));
}

export class ProductCreate implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.products.findRow(entry.target);
    if (!row || row.product_id !== null || row.deleted) return nothingLeft(store, entry);
    const input = productToInput(productFieldsOf(row));
    if (!input.ok) {
      store.outbox.park(entry.id, { kind: 'validation', message: 'This product cannot be created until these fields are fixed.', fieldErrors: input.errors });
      return 'parked';
    }
    store.outbox.markInFlight(entry.id, input.value);
    const productId = await api.products.create(input.value);
    // the service fills in what was left to it (the price incl. tax): read it once
    let found: Product | undefined;
    try {
      found = await api.products.get(productId);
    } catch {
      // created all the same; the next pull brings the rest
    }
    applyCreated(this.ctx, entry, productId, input.value, found);
    return 'done';
  }

  /**
   * Searches the service (by code, or by name when there is none) for a
   * product holding every field that was sent and not known here as another
   * record. The search is read to its end: "none found" in part of it
   * proves nothing (docs/paging.md).
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.ctx;
    const sent = (entry.sent ?? {}) as Partial<ProductInput>;
    const row = store.products.findRow(entry.target);
    if (!row || row.product_id !== null) return 'applied';
    const field = (['code', 'name'] as const).find((f) => typeof sent[f] === 'string' && (sent[f] as string).trim() !== '');
    if (!field) return 'not_applied';
    const candidates: Product[] = [];
    const walk = api.searchPages('products', field, String(sent[field]));
    for await (const page of walk) {
      for (const p of page) {
        if (!matchesSentProduct(sent, p)) continue;
        const known = store.products.rowByProductId(p.id);
        if (known && known.id !== row.id && !isPlainCacheRow(this.ctx, known)) continue;
        candidates.push(p);
      }
    }
    if (candidates.length === 0 && !walk.complete) throw listIncomplete('products', 'products.search');
    if (candidates.length === 0) return 'not_applied';
    const newest = candidates.reduce((a, b) => (b.id > a.id ? b : a));
    applyCreated(this.ctx, entry, newest.id, sent as ProductInput, newest);
    return 'applied';
  }
}

/** Where the service now holds what a lost earlier attempt sent, that value is ours, not a change made there. */
function ownEarlierChanges(base: Product | null, entry: OutboxItem, theirs: Product): Product | null {
  const sent = (entry.sent as { changes?: Record<string, unknown> } | null)?.changes;
  if (!base || !sent) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [f, v] of Object.entries(sent)) if (same(v, (theirs as Record<string, unknown>)[f])) out[f] = v;
  return out as Product;
}

/** Reads the product from the service; a 404 records a 'deleted' conflict and parks the entry. */
async function current(ctx: PushContext, entry: OutboxItem, row: ProductRow & { product_id: number }): Promise<Product | null> {
  try {
    return await ctx.api.products.get(row.product_id);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    ctx.store.transaction(() => {
      ctx.store.ctx.stmt('UPDATE products SET gone = 1 WHERE id = ?').run(row.id);
      ctx.store.conflicts.record({ kind: 'deleted', targetKind: 'product', target: row.id, opId: entry.id, mine: productFieldsOf(row), theirs: null, base: parseJson(row.base) });
    });
    return null;
  }
}

function notOnService(ctx: PushContext, entry: OutboxItem): PushResult {
  ctx.store.outbox.park(entry.id, { kind: 'other', message: 'This product does not exist on the service yet; its create was discarded. Discard this change too, or create the product again.' });
  return 'parked';
}

export class ProductUpdate implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const first = store.products.findRow(entry.target);
    if (!first || first.deleted) return nothingLeft(store, entry);
    if (first.product_id === null) return notOnService(this.ctx, entry);
    const productId = first.product_id;
    const theirs = await current(this.ctx, entry, { ...first, product_id: productId });
    if (!theirs) return 'parked';
    // Merged against the record as it is now: the person may have typed on meanwhile.
    const plan = store.transaction((): { send: Partial<ProductInput> } | PushResult => {
      const row = store.products.row(entry.target);
      const mine = productFieldsOf(row);
      const input = productToInput(mine);
      if (!input.ok) {
        store.outbox.park(entry.id, { kind: 'validation', message: 'This product cannot be updated until these fields are fixed.', fieldErrors: input.errors });
        return 'parked';
      }
      const m = mergeProduct(ownEarlierChanges(parseJson<Product>(row.base), entry, theirs), mine, input.value, theirs);
      const unchanged = Object.keys(m.send).length === 0 && m.conflicts.length === 0 && same(m.merged, productFields(theirs));
      const json = JSON.stringify(theirs);
      store.ctx
        .stmt('UPDATE products SET server = ?, base = ?, local = ?, gone = 0, updated_at = ? WHERE id = ?')
        .run(json, unchanged ? null : json, unchanged ? null : JSON.stringify(m.merged), store.ctx.now(), row.id);
      if (m.conflicts.length > 0) {
        store.conflicts.record({ kind: 'fields', targetKind: 'product', target: row.id, opId: entry.id, mine, theirs, base: parseJson(row.base), fields: m.conflicts });
        return 'parked';
      }
      if (Object.keys(m.send).length === 0) return nothingLeft(store, entry);
      return { send: m.send };
    });
    if (typeof plan === 'string') return plan;
    store.outbox.markInFlight(entry.id, { productId, changes: plan.send });
    await api.products.update(productId, plan.send as ProductInput);
    const expected = { ...theirs, ...plan.send } as Product;
    let after = expected;
    // a new price or rate makes the service work out the price incl. tax again: read what it made of it
    if (['price', 'taxes', 'priceintax'].some((f) => f in plan.send)) {
      try {
        after = await api.products.get(productId);
      } catch {
        // the change is made; the next pull brings the rest
      }
    }
    store.transaction(() => {
      const row = store.products.findRow(entry.target);
      if (row) {
        // fields not changed here since what was sent take the service's word
        const mine = productFieldsOf(row) as Record<string, unknown>;
        const local: Record<string, unknown> = { ...mine };
        for (const f of PRODUCT_FIELDS) {
          if (!same(mine[f], (expected as Record<string, unknown>)[f])) continue;
          const v = (after as Record<string, unknown>)[f];
          if (v === undefined) delete local[f];
          else local[f] = v;
        }
        const synced = same(local, productFields(after));
        const json = JSON.stringify(after);
        store.ctx
          .stmt('UPDATE products SET server = ?, base = ?, local = ?, gone = 0, updated_at = ? WHERE id = ?')
          .run(json, synced ? null : json, synced ? null : JSON.stringify(local), store.ctx.now(), row.id);
      }
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  /** Sending the same fields again is harmless, and the merge sees what already arrived. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

/**
 * The amount in stock, by the stock-only PUT. A count made here is the
 * person's latest word on what is on the shelf: it is sent as it is, not
 * merged (docs/products.md).
 */
export class ProductStock implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.products.findRow(entry.target);
    if (!row || row.deleted) return nothingLeft(store, entry);
    if (row.product_id === null) return notOnService(this.ctx, entry);
    // only the amount goes, so only the amount is checked: another field half typed does not hold it back
    const stock = productWritable.stock.safeParse(productFieldsOf(row).stock);
    const amount = stock.success ? stock.data : undefined;
    if (typeof amount !== 'number') {
      store.outbox.park(entry.id, {
        kind: 'validation',
        message: 'The amount in stock cannot be sent until it is a number.',
        fieldErrors: [{ field: 'stock', message: stock.success ? 'must be a number' : (stock.error.issues[0]?.message ?? 'must be a number') }],
      });
      return 'parked';
    }
    store.outbox.markInFlight(entry.id, { productId: row.product_id, stock: amount });
    try {
      await api.products.setStock(row.product_id, amount);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await current(this.ctx, entry, { ...row, product_id: row.product_id });
      return 'parked';
    }
    store.transaction(() => {
      const now = store.products.findRow(entry.target);
      if (now) {
        const server = { ...(parseJson<Product>(now.server) ?? { id: row.product_id! }), stock: amount, stock_use: true } as Product;
        settle(this.ctx, now, server);
      }
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  /** Setting the same amount again is harmless. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

export class ProductDelete implements OpHandler {
  constructor(private readonly ctx: PushContext) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.ctx;
    const row = store.products.findRow(entry.target);
    if (!row || row.product_id === null) {
      store.transaction(() => {
        if (row) store.ctx.stmt('DELETE FROM products WHERE id = ?').run(row.id);
        store.outbox.markDone(entry.id);
      });
      return 'done';
    }
    store.outbox.markInFlight(entry.id, { productId: row.product_id });
    try {
      await api.products.delete(row.product_id);
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    store.transaction(() => {
      store.ctx.stmt('DELETE FROM products WHERE id = ?').run(row.id);
      store.outbox.markDone(entry.id);
    });
    return 'done';
  }

  /** Deleting again is harmless: a product already gone answers 404. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}
