// Pushing products: create, update with only the changed fields (merged field
// by field with changes made on the service, as clients are), the amount in
// stock by the service's stock-only PUT, delete.
import { productWritable, type Product, type ProductInput } from '../../../shared/schemas';
import type { OutboxItem } from '../../store';
import type { ProductFields } from '../../../shared/local';
import { parseJson } from '../../store/connection';
import { productFieldsOf, type ProductRow } from '../../store/products';
import { PRODUCT_FIELDS } from '../../store/fields';
import { productToInput } from '../request-bodies';
import { mergeProduct, productFields, same } from '../merge';
import type { OpDeps, OpHandler, ProductPushStore, PushResult, ResolveResult } from './types';
import { createdBase, findLostCreate, isNotFound, nothingLeft } from './common';
import { planMergedUpdate } from './merged-update';
import { said } from '../../../shared/messages';

/**
 * The local version to keep beside what the service now holds: none when
 * the service holds everything it would send (the product is in sync), else
 * the local version as it is (typed on meanwhile).
 */
function localLeft(row: ProductRow, server: Product): ProductFields | null {
  const local = productFieldsOf(row);
  const input = productToInput(local);
  return input.ok && same(input.value, pickSent(input.value, server)) ? null : local;
}

/** The fields of `server` that `sent` names. */
function pickSent(sent: object, server: Product): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(sent)) out[k] = (server as Record<string, unknown>)[k];
  return out;
}

/** A row that only mirrors the service: no local edits, no work waiting. */
function isPlainCacheRow(store: ProductPushStore, row: ProductRow): boolean {
  return row.local === null && !row.deleted && store.outbox.forTarget(row.id).length === 0;
}

/**
 * Records the service's id for a product created here (the store drops a
 * copy a pull brought in meanwhile).
 */
function applyCreated(store: ProductPushStore, entry: OutboxItem, productId: number, sent: ProductInput, found?: Product): void {
  store.transaction(() => {
    const row = store.products.findRow(entry.target);
    if (!row) return store.outbox.markDone(entry.id);
    const server = found ?? ({ ...sent, id: productId } as Product);
    store.products.recordCreated(entry.id, row.id, productId, server, localLeft(row, server), createdBase(PRODUCT_FIELDS, sent, { id: productId }));
  });
}

/** Whether a record on the service is the one `sent` would have created. */
export function matchesSentProduct(sent: Partial<ProductInput>, found: Product): boolean {
  return Object.entries(sent).every(([k, v]) => same(v, (found as Record<string, unknown>)[k]));
}

export class ProductCreate implements OpHandler {
  constructor(private readonly deps: OpDeps<ProductPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.products.findRow(entry.target);
    if (!row || row.product_id !== null || row.deleted) return nothingLeft(store, entry);
    const input = productToInput(productFieldsOf(row));
    if (!input.ok) {
      store.outbox.park(entry.id, { kind: 'validation', ...said('parked.product.create_invalid'), fieldErrors: input.errors });
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
    applyCreated(store, entry, productId, input.value, found);
    return 'done';
  }

  /**
   * Searches the service (by code, or by name when there is none) for a
   * product holding every field that was sent and not known here as another
   * record. The search is read to its end: "none found" in part of it
   * proves nothing (docs/paging.md).
   */
  async resolve(entry: OutboxItem): Promise<ResolveResult> {
    const { store, api } = this.deps;
    const sent = (entry.sent ?? {}) as Partial<ProductInput>;
    const row = store.products.findRow(entry.target);
    if (!row || row.product_id !== null) return 'applied';
    const field = (['code', 'name'] as const).find((f) => typeof sent[f] === 'string' && (sent[f] as string).trim() !== '');
    if (!field) return 'not_applied';
    const ours = (p: Product) => {
      if (!matchesSentProduct(sent, p)) return false;
      const known = store.products.rowByProductId(p.id);
      return !known || known.id === row.id || isPlainCacheRow(store, known);
    };
    const newest = await findLostCreate(api, 'products', { field, query: String(sent[field]) }, ours, (p) => p.id);
    if (!newest) return 'not_applied';
    applyCreated(store, entry, newest.id, sent as ProductInput, newest);
    return 'applied';
  }
}

/** Reads the product from the service; a 404 records a 'deleted' conflict and parks the entry. */
async function current(deps: OpDeps<ProductPushStore>, entry: OutboxItem, row: ProductRow & { product_id: number }): Promise<Product | null> {
  try {
    return await deps.api.products.get(row.product_id);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    deps.store.transaction(() => {
      deps.store.products.markGone(row.id);
      deps.store.conflicts.record({
        kind: 'deleted',
        targetKind: 'product',
        target: row.id,
        opId: entry.id,
        mine: productFieldsOf(row),
        theirs: null,
        base: parseJson(row.base),
      });
    });
    return null;
  }
}

function notOnService(deps: OpDeps<ProductPushStore>, entry: OutboxItem): PushResult {
  deps.store.outbox.park(entry.id, { kind: 'other', ...said('parked.product.not_created') });
  return 'parked';
}

export class ProductUpdate implements OpHandler {
  constructor(private readonly deps: OpDeps<ProductPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const first = store.products.findRow(entry.target);
    if (!first || first.deleted) return nothingLeft(store, entry);
    if (first.product_id === null) return notOnService(this.deps, entry);
    const productId = first.product_id;
    const theirs = await current(this.deps, entry, { ...first, product_id: productId });
    if (!theirs) return 'parked';
    // Merged against the record as it is now: the person may have typed on meanwhile.
    const plan = planMergedUpdate(store, entry, theirs, {
      targetKind: 'product',
      rows: store.products,
      fieldsOf: (row) => productFieldsOf(row as ProductRow),
      toInput: productToInput,
      merge: mergeProduct,
      serviceFields: productFields,
      invalid: 'parked.product.update_invalid',
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
      if (!row) return store.outbox.markDone(entry.id);
      // fields not changed here since what was sent take the service's word
      const mine = productFieldsOf(row) as Record<string, unknown>;
      const local: Record<string, unknown> = { ...mine };
      for (const f of PRODUCT_FIELDS) {
        if (!same(mine[f], (expected as Record<string, unknown>)[f])) continue;
        const v = (after as Record<string, unknown>)[f];
        if (v === undefined) delete local[f];
        else local[f] = v;
      }
      store.products.recordSaved(entry.id, row.id, after, same(local, productFields(after)) ? null : local);
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
  constructor(private readonly deps: OpDeps<ProductPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.products.findRow(entry.target);
    if (!row || row.deleted) return nothingLeft(store, entry);
    if (row.product_id === null) return notOnService(this.deps, entry);
    // only the amount goes, so only the amount is checked: another field half typed does not hold it back
    const stock = productWritable.stock.safeParse(productFieldsOf(row).stock);
    const amount = stock.success ? stock.data : undefined;
    if (typeof amount !== 'number') {
      store.outbox.park(entry.id, {
        kind: 'validation',
        ...said('parked.product.stock_not_number'),
        fieldErrors: [{ field: 'stock', message: stock.success ? 'must be a number' : (stock.error.issues[0]?.message ?? 'must be a number') }],
      });
      return 'parked';
    }
    store.outbox.markInFlight(entry.id, { productId: row.product_id, stock: amount });
    try {
      await api.products.setStock(row.product_id, amount);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await current(this.deps, entry, { ...row, product_id: row.product_id });
      return 'parked';
    }
    store.transaction(() => {
      const now = store.products.findRow(entry.target);
      if (!now) return store.outbox.markDone(entry.id);
      const server = { ...(parseJson<Product>(now.server) ?? { id: row.product_id! }), stock: amount, stock_use: true } as Product;
      store.products.recordSaved(entry.id, now.id, server, localLeft(now, server));
    });
    return 'done';
  }

  /** Setting the same amount again is harmless. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}

export class ProductDelete implements OpHandler {
  constructor(private readonly deps: OpDeps<ProductPushStore>) {}

  async push(entry: OutboxItem): Promise<PushResult> {
    const { store, api } = this.deps;
    const row = store.products.findRow(entry.target);
    // never on the service: only the row here is left to remove
    if (!row || row.product_id === null) {
      store.products.recordDeleted(entry.id, entry.target);
      return 'done';
    }
    store.outbox.markInFlight(entry.id, { productId: row.product_id });
    try {
      await api.products.delete(row.product_id);
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    store.products.recordDeleted(entry.id, row.id);
    return 'done';
  }

  /** Deleting again is harmless: a product already gone answers 404. */
  async resolve(): Promise<ResolveResult> {
    return 'not_applied';
  }
}
