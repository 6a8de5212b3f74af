// Products as the person edits them: created offline, edited, stock set,
// deleted. Each change and the outbox entry that carries it commit together,
// as for clients (clients.ts). The stock has an entry of its own, the
// service's stock-only PUT, so a counted stock does not carry the other
// fields along (docs/products.md).
import type { LocalProduct, ProductFields } from '../../shared/local';
import type { FieldError } from '../../shared/field-errors';
import type { Connection } from './connection';
import { StoreError } from './errors';
import { LocalRecords, fieldsOfRow, stateOfRow, type RecordRow } from './local-records';
import { PRODUCT_FIELDS, checkProductPatch } from './fields';
import { newId } from './ids';
import type { Outbox } from './outbox';
import { productToInput } from '../../shared/service-input';
import { said } from '../../shared/messages';
import { NamePages, type NameList } from './name-pages';

export interface ProductRow extends RecordRow {
  product_id: number | null;
}

export function productFieldsOf(row: Pick<ProductRow, 'local' | 'server'>): ProductFields {
  return fieldsOfRow<ProductFields>(row, PRODUCT_FIELDS);
}

export function toLocalProduct(row: ProductRow): LocalProduct {
  return {
    id: row.id,
    productId: row.product_id,
    fields: productFieldsOf(row),
    state: stateOfRow(row, row.product_id),
    gone: row.gone === 1,
    updatedAt: row.updated_at,
  };
}

/** By name folded (case and accents aside), as the index products_by_name (migration 12) holds them. */
const NAME_LIST: NameList = {
  table: 'products',
  index: 'products_by_name',
  key: (t) => `fold_key(json_extract(coalesce(${t}.local, ${t}.server), '$.name'))`,
  search: 'product_search',
};

export interface ProductListOptions {
  limit?: number;
  offset?: number;
  /** default false */
  includeDeleted?: boolean;
  /** words a product's code or name start with (accents and case aside); none: every product */
  query?: string;
}

function listConditions(opts: ProductListOptions): string[] {
  return opts.includeDeleted ? [] : ['products.deleted = 0'];
}

export class Products extends LocalRecords<ProductRow, LocalProduct> {
  private readonly pages: NamePages;

  constructor(conn: Connection, outbox: Outbox) {
    super(conn, outbox, { table: 'products', key: 'product_id', noun: 'Product', toLocal: toLocalProduct });
    this.pages = new NamePages(conn, NAME_LIST);
  }

  rowByProductId(productId: number): ProductRow | null {
    return this.rowByNumber(productId);
  }

  rowByRid(rid: number): ProductRow | null {
    return this.conn.stmt<[number], ProductRow>('SELECT * FROM products WHERE rid = ?').get(rid) ?? null;
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

  byProductId(productId: number): LocalProduct | null {
    return this.byNumber(productId);
  }

  /**
   * Whether any product (those being deleted aside) keeps track of its
   * stock: the catalogue shows its stock column only then. Stops at the
   * first one; with none, it reads every product's record.
   */
  keepsStock(): boolean {
    const sql = `SELECT EXISTS (SELECT 1 FROM products WHERE deleted = 0 AND json_extract(coalesce(local, server), '$.stock_use') IN (1, 'true', '1')) AS k`;
    return this.conn.stmt<[], { k: number }>(sql).get()!.k === 1;
  }

  /** Products by name, a page at a time, and how many the list has; a page costs about the same however deep it is (name-pages.ts). */
  page(opts: ProductListOptions = {}): { items: LocalProduct[]; total: number } {
    const { rids, total } = this.pages.page({ offset: opts.offset ?? 0, limit: opts.limit ?? 100, where: listConditions(opts), query: opts.query });
    return { items: this.pages.rows<ProductRow>(rids).map(toLocalProduct), total };
  }

  /** The page alone. */
  list(opts: ProductListOptions = {}): LocalProduct[] {
    return this.page(opts).items;
  }

  count(opts: Omit<ProductListOptions, 'limit' | 'offset'> = {}): number {
    return this.pages.total(listConditions(opts), opts.query);
  }

  /** What the service would refuse in this product's fields, per field. */
  errors(id: string): FieldError[] {
    const r = productToInput(productFieldsOf(this.row(id)));
    return r.ok ? [] : r.errors;
  }

  create(fields: ProductFields = {}): LocalProduct {
    const local = checkProductPatch(fields);
    const id = newId();
    const now = this.conn.now();
    this.conn.tx(['products'], () => {
      this.conn.stmt(`INSERT INTO products (id, local, created_at, updated_at) VALUES (?, ?, ?, ?)`).run(id, JSON.stringify(local), now, now);
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
    this.conn.tx(['products'], () => {
      const row = this.editable(id);
      const before = productFieldsOf(row);
      const local = { ...before, ...changes };
      this.writeLocal(row, local);
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
    this.conn.tx(['products'], () => {
      const row = this.editable(id);
      const before = productFieldsOf(row);
      this.writeLocal(row, { ...before, stock: checked, stock_use: true });
      const usesStock = before.stock_use === true || before.stock_use === 'true';
      // turning stock on is a change of stock_use: an update says so
      this.queue(row, row.product_id === null ? 'product.create' : usesStock ? 'product.stock' : 'product.update');
    });
    return this.get(id);
  }

  private editable(id: string): ProductRow {
    const row = this.row(id);
    if (row.deleted) throw new StoreError('not_allowed', said('store.product.deleting'));
    return row;
  }

  /** One waiting entry of a kind per product: a later edit joins it, since the entry reads the product when it goes. */
  private queue(row: ProductRow, kind: 'product.create' | 'product.update' | 'product.stock'): void {
    if (kind !== 'product.create' && row.product_id === null) kind = 'product.create';
    const open = this.outbox.openEntry(row.id, [kind]);
    if (open) this.outbox.absorb(open.id);
    else this.outbox.enqueue(kind, row.id);
  }

  delete(id: string): void {
    this.conn.tx(['products'], () => this.markDeleted(id, ['product.update', 'product.stock'], 'product.delete'));
  }
}
