// Products as the person edits them: created offline, edited, stock set,
// deleted. Each change and the outbox entry that carries it commit together,
// as for clients (clients.ts). The stock has an entry of its own, the
// service's stock-only PUT, so a counted stock does not carry the other
// fields along (docs/products.md).
import type { Product } from '../../shared/schemas';
import type { LocalProduct, LocalState, ProductFields } from '../../shared/local';
import type { FieldError } from '../../shared/field-errors';
import { type Ctx, parseJson } from './context';
import { StoreError, notFound } from './errors';
import { PRODUCT_FIELDS, checkProductPatch, pick } from './fields';
import { newId } from './ids';
import type { Outbox } from './outbox';
import { productToInput } from '../../shared/service-input';

export interface ProductRow {
  rid: number;
  id: string;
  product_id: number | null;
  server: string | null;
  base: string | null;
  local: string | null;
  deleted: number;
  gone: number;
  pulled_at: number | null;
  created_at: number;
  updated_at: number;
}

export function productFieldsOf(row: Pick<ProductRow, 'local' | 'server'>): ProductFields {
  const local = parseJson<ProductFields>(row.local);
  if (local) return local;
  const server = parseJson<Product>(row.server);
  return server ? pick<ProductFields>(server, PRODUCT_FIELDS) : {};
}

function stateOf(row: ProductRow): LocalState {
  if (row.deleted) return 'deleting';
  if (row.product_id === null) return 'new';
  return row.local !== null ? 'edited' : 'synced';
}

export function toLocalProduct(row: ProductRow): LocalProduct {
  return { id: row.id, productId: row.product_id, fields: productFieldsOf(row), state: stateOf(row), gone: row.gone === 1, updatedAt: row.updated_at };
}

/** By name, as the index products_by_name (migration 9) holds them. */
const NAME_ORDER = `lower(coalesce(json_extract(coalesce(local, server), '$.name'), '')), rid`;

export interface ProductListOptions {
  limit?: number;
  offset?: number;
  /** default false */
  includeDeleted?: boolean;
}

export class Products {
  constructor(
    private readonly ctx: Ctx,
    private readonly outbox: Outbox,
  ) {}

  row(id: string): ProductRow {
    const r = this.findRow(id);
    if (!r) throw notFound('Product', id);
    return r;
  }

  findRow(id: string): ProductRow | null {
    return this.ctx.stmt<[string], ProductRow>('SELECT * FROM products WHERE id = ?').get(id) ?? null;
  }

  rowByProductId(productId: number): ProductRow | null {
    return this.ctx.stmt<[number], ProductRow>('SELECT * FROM products WHERE product_id = ?').get(productId) ?? null;
  }

  rowByRid(rid: number): ProductRow | null {
    return this.ctx.stmt<[number], ProductRow>('SELECT * FROM products WHERE rid = ?').get(rid) ?? null;
  }

  /** By the number the catalogue shows (search.ts productKey): the service's id, or minus the row key of a product not there yet. */
  byKey(key: number): LocalProduct | null {
    const r = key > 0 ? this.rowByProductId(key) : this.rowByRid(-key);
    return r ? toLocalProduct(r) : null;
  }

  keyOf(id: string): number {
    const r = this.row(id);
    return r.product_id ?? -r.rid;
  }

  get(id: string): LocalProduct {
    return toLocalProduct(this.row(id));
  }

  find(id: string): LocalProduct | null {
    const r = this.findRow(id);
    return r ? toLocalProduct(r) : null;
  }

  byProductId(productId: number): LocalProduct | null {
    const r = this.rowByProductId(productId);
    return r ? toLocalProduct(r) : null;
  }

  list(opts: ProductListOptions = {}): LocalProduct[] {
    const where = opts.includeDeleted ? '' : 'WHERE deleted = 0';
    return this.ctx
      .stmt<[number, number], ProductRow>(`SELECT * FROM products ${where} ORDER BY ${NAME_ORDER} LIMIT ? OFFSET ?`)
      .all(opts.limit ?? 100, opts.offset ?? 0)
      .map(toLocalProduct);
  }

  count(opts: Omit<ProductListOptions, 'limit' | 'offset'> = {}): number {
    const where = opts.includeDeleted ? '' : 'WHERE deleted = 0';
    return (this.ctx.stmt(`SELECT count(*) AS n FROM products ${where}`).get() as { n: number }).n;
  }

  /** What the service would refuse in this product's fields, per field. */
  errors(id: string): FieldError[] {
    const r = productToInput(productFieldsOf(this.row(id)));
    return r.ok ? [] : r.errors;
  }

  create(fields: ProductFields = {}): LocalProduct {
    const local = checkProductPatch(fields);
    const id = newId();
    const now = this.ctx.now();
    this.ctx.tx(['products'], () => {
      this.ctx.stmt(`INSERT INTO products (id, local, created_at, updated_at) VALUES (?, ?, ?, ?)`).run(id, JSON.stringify(local), now, now);
      this.outbox.enqueue('product.create', id);
    });
    return this.get(id);
  }

  /**
   * Changes some fields; the rest stay as they are. A new amount in stock of
   * a product on the service goes by the stock-only PUT (setStock); the
   * other fields by an update.
   */
  update(id: string, patch: ProductFields): LocalProduct {
    const changes = checkProductPatch(patch);
    this.ctx.tx(['products'], () => {
      const row = this.editable(id);
      const before = productFieldsOf(row);
      const local = { ...before, ...changes };
      this.write(row, local);
      const { stock, ...others } = changes;
      const stockChanged = stock !== undefined && stock !== before.stock;
      const othersChanged = Object.entries(others).some(([k, v]) => v !== (before as Record<string, unknown>)[k]);
      if (row.product_id === null) return this.queue(row, 'product.create');
      if (othersChanged) this.queue(row, 'product.update');
      if (stockChanged && !othersChanged && local.stock_use !== false && local.stock_use !== 'false') this.queue(row, 'product.stock');
      else if (stockChanged) this.queue(row, 'product.update');
    });
    return this.get(id);
  }

  /** Sets the amount in stock (and turns stock on), by the service's stock-only PUT. */
  setStock(id: string, stock: number | string): LocalProduct {
    const { stock: checked } = checkProductPatch({ stock });
    this.ctx.tx(['products'], () => {
      const row = this.editable(id);
      const before = productFieldsOf(row);
      this.write(row, { ...before, stock: checked, stock_use: true });
      const usesStock = before.stock_use === true || before.stock_use === 'true';
      // turning stock on is a change of stock_use: an update says so
      this.queue(row, row.product_id === null ? 'product.create' : usesStock ? 'product.stock' : 'product.update');
    });
    return this.get(id);
  }

  private editable(id: string): ProductRow {
    const row = this.row(id);
    if (row.deleted) throw new StoreError('not_allowed', 'This product is being deleted and can no longer be changed. Undo the delete in the outbox first.');
    return row;
  }

  private write(row: ProductRow, local: ProductFields): void {
    // The first local edit records the service version it started from.
    const base = row.local === null ? row.server : row.base;
    this.ctx.stmt(`UPDATE products SET local = ?, base = ?, updated_at = ? WHERE id = ?`).run(JSON.stringify(local), base, this.ctx.now(), row.id);
  }

  /** One waiting entry of a kind per product: a later edit joins it, since the entry reads the product when it goes. */
  private queue(row: ProductRow, kind: 'product.create' | 'product.update' | 'product.stock'): void {
    if (kind !== 'product.create' && row.product_id === null) kind = 'product.create';
    const open = this.outbox.openEntry(row.id, [kind]);
    if (open) this.outbox.absorb(open.id);
    else this.outbox.enqueue(kind, row.id);
  }

  delete(id: string): void {
    this.ctx.tx(['products'], () => {
      const row = this.row(id);
      if (row.deleted) return;
      const open = this.outbox.forTarget(id).filter((e) => e.state === 'pending' || e.state === 'parked');
      if (row.product_id === null && !this.outbox.hasGoneOut(id)) {
        // Never reached the service: nothing to tell it.
        this.outbox.cancel(open.map((e) => e.id));
        this.ctx.stmt('DELETE FROM products WHERE id = ?').run(id);
        return;
      }
      this.outbox.cancel(open.filter((e) => e.kind === 'product.update' || e.kind === 'product.stock').map((e) => e.id));
      this.ctx.stmt('UPDATE products SET deleted = 1, updated_at = ? WHERE id = ?').run(this.ctx.now(), id);
      this.outbox.enqueue('product.delete', id);
    });
  }

  /** Puts a product whose delete was given up back in the lists. */
  undelete(id: string): void {
    this.ctx.tx(['products'], () => {
      this.ctx.stmt('UPDATE products SET deleted = 0, updated_at = ? WHERE id = ?').run(this.ctx.now(), id);
    });
  }

  /** Forgets local edits: the product shows the service's version again. */
  revert(id: string): void {
    this.ctx.tx(['products'], () => {
      const row = this.row(id);
      if (row.product_id === null) {
        this.ctx.stmt('DELETE FROM products WHERE id = ?').run(id);
        return;
      }
      this.ctx.stmt('UPDATE products SET local = NULL, base = NULL, deleted = 0, updated_at = ? WHERE id = ?').run(this.ctx.now(), id);
    });
  }
}
