// An in-memory store for the client and product push handlers: rows in
// maps, outbox entries as plain objects, no SQLite. It implements the part
// of the store the handlers use (ClientPushStore, ProductPushStore in
// electron/sync/ops/types.ts), so their tests show the handlers' decisions
// on their own, and the same tests run on the real store too.
import type { OpError, OpKind } from '../../shared/outbox';
import { targetKindOf } from '../../shared/outbox';
import type { OutboxItem } from '../../electron/store';
import type { NewConflict } from '../../electron/store/conflicts';
import type { ClientRow } from '../../electron/store/clients';
import type { ProductRow } from '../../electron/store/products';
import type { RecordRow } from '../../electron/store/local-records';
import type { ClientPushStore, ProductPushStore } from '../../electron/sync/ops/types';

class FakeOutbox {
  readonly entries = new Map<number, OutboxItem>();
  private next = 1;

  add(kind: OpKind, target: string): OutboxItem {
    const e: OutboxItem = {
      id: this.next++,
      kind,
      targetKind: targetKindOf(kind),
      target,
      dependsOn: null,
      payload: {},
      sent: null,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      createdAt: 0,
      updatedAt: 0,
      holdUntil: 0,
      asked: true,
    };
    this.entries.set(e.id, e);
    return { ...e };
  }

  get(id: number): OutboxItem {
    const e = this.entries.get(id);
    if (!e) throw new Error(`no entry ${id}`);
    return { ...e };
  }

  markDone(id: number): void {
    Object.assign(this.entries.get(id)!, { state: 'done', lastError: null });
  }

  markInFlight(id: number, sent: unknown): void {
    Object.assign(this.entries.get(id)!, { state: 'in_flight', sent: structuredClone(sent) });
  }

  park(id: number, error: Omit<OpError, 'at'>): void {
    Object.assign(this.entries.get(id)!, { state: 'parked', lastError: { ...error, at: 0 } });
  }

  forTarget(target: string): OutboxItem[] {
    return [...this.entries.values()].filter((e) => e.target === target && e.state !== 'done').map((e) => ({ ...e }));
  }
}

/** Rows of one kind, written as the real store writes them (electron/store/local-records.ts). */
class FakeRecords<R extends RecordRow> {
  readonly rows = new Map<string, R>();

  constructor(
    private readonly key: 'clientnr' | 'product_id',
    private readonly outbox: FakeOutbox,
  ) {}

  findRow(id: string): R | null {
    const r = this.rows.get(id);
    return r ? { ...r } : null;
  }

  row(id: string): R {
    const r = this.findRow(id);
    if (!r) throw new Error(`no row ${id}`);
    return r;
  }

  protected byNumber(n: number): R | null {
    const r = [...this.rows.values()].find((x) => (x as unknown as Record<string, unknown>)[this.key] === n);
    return r ? { ...r } : null;
  }

  undelete(id: string): void {
    const r = this.rows.get(id);
    if (r) r.deleted = 0;
  }

  recordCreated(entryId: number, id: string, key: number, server: object, local: object | null): void {
    const r = this.rows.get(id);
    if (r) {
      for (const [other, x] of this.rows) if (other !== id && (x as unknown as Record<string, unknown>)[this.key] === key) this.rows.delete(other);
      (r as unknown as Record<string, unknown>)[this.key] = key;
      this.write(r, server, local);
    }
    this.outbox.markDone(entryId);
  }

  recordMerged(id: string, server: object, local: object | null): void {
    const r = this.rows.get(id);
    if (r) this.write(r, server, local);
  }

  recordSaved(entryId: number, id: string, server: object, local: object | null): void {
    this.recordMerged(id, server, local);
    this.outbox.markDone(entryId);
  }

  markGone(id: string): void {
    const r = this.rows.get(id);
    if (r) r.gone = 1;
  }

  recordDeleted(entryId: number, id: string): void {
    this.rows.delete(id);
    this.outbox.markDone(entryId);
  }

  private write(r: R, server: object, local: object | null): void {
    const json = JSON.stringify(server);
    Object.assign(r, { server: json, base: local === null ? null : json, local: local === null ? null : JSON.stringify(local), gone: 0 });
  }
}

class FakeClients extends FakeRecords<ClientRow> {
  /** quotations here that need a client, by its id */
  readonly users = new Map<string, number>();

  rowByClientnr(clientnr: number): ClientRow | null {
    return this.byNumber(clientnr);
  }

  usedBy(id: string): number {
    return this.users.get(id) ?? 0;
  }
}

class FakeProducts extends FakeRecords<ProductRow> {
  rowByProductId(productId: number): ProductRow | null {
    return this.byNumber(productId);
  }
}

export class FakeStore implements ClientPushStore, ProductPushStore {
  readonly outbox = new FakeOutbox();
  readonly clients = new FakeClients('clientnr', this.outbox);
  readonly products = new FakeProducts('product_id', this.outbox);
  readonly recorded: NewConflict[] = [];
  readonly conflicts = {
    record: (c: NewConflict) => {
      this.recorded.push(c);
      this.outbox.park(c.opId, { kind: 'conflict', message: 'conflict' });
      // the handlers do not read what record returns
      return c as unknown as ReturnType<ClientPushStore['conflicts']['record']>;
    },
  };
  private rid = 1;

  transaction<T>(fn: () => T): T {
    return fn();
  }

  /** A row as the real store keeps it; `fields` local, `server` the service's version. */
  putClient(row: { clientnr?: number | null; server?: object | null; local?: object | null; base?: object | null; deleted?: boolean }): string {
    const id = `c${this.rid}`;
    this.clients.rows.set(id, { clientnr: row.clientnr ?? null, ...this.common(id, row) });
    return id;
  }

  putProduct(row: { productId?: number | null; server?: object | null; local?: object | null; base?: object | null; deleted?: boolean }): string {
    const id = `p${this.rid}`;
    this.products.rows.set(id, { product_id: row.productId ?? null, ...this.common(id, row) });
    return id;
  }

  private common(id: string, row: { server?: object | null; local?: object | null; base?: object | null; deleted?: boolean }): RecordRow {
    const json = (v: object | null | undefined) => (v ? JSON.stringify(v) : null);
    return {
      rid: this.rid++,
      id,
      server: json(row.server),
      base: json(row.base),
      local: json(row.local),
      deleted: row.deleted ? 1 : 0,
      gone: 0,
      pulled_at: null,
      created_at: 0,
      updated_at: 0,
    };
  }
}
