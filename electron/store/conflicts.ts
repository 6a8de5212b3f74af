// Conflicts between local edits and changes made on the service meanwhile.
// The push handlers (electron/sync/ops) detect them and record them here
// with the parked outbox entry; the user resolves them here. A resolution
// decides only what both sides changed: a change made on one side only is
// kept whichever is chosen (docs/conflicts.md).
import type { Client, Product, Quotation } from '../../shared/schemas';
import type { Conflict, ConflictKind, ConflictResolution, OpKind, TargetKind } from '../../shared/outbox';
import { resolutionsFor } from '../../shared/outbox';
import type { ClientFields, ProductFields, QuotationContent } from '../../shared/local';
import { type Connection, parseJson, toJson } from './connection';
import { StoreError, notFound } from './errors';
import { CLIENT_FIELDS, PRODUCT_FIELDS, pick, sameValue } from './fields';
import { newId } from './ids';
import { holdsDraft, mergeQuotation, type QuotationMerge, type Side } from '../../shared/quotation-merge';
import type { Outbox } from './outbox';
import type { Clients } from './clients';
import type { Quotations } from './quotations';
import type { Products } from './products';
import { said } from '../../shared/messages';

interface Row {
  id: number;
  kind: string;
  target_kind: string;
  target: string;
  op_id: number | null;
  mine: string | null;
  theirs: string | null;
  base: string | null;
  fields: string;
  created_at: number;
}

function toConflict(r: Row): Conflict {
  return {
    id: r.id,
    kind: r.kind as ConflictKind,
    targetKind: r.target_kind as TargetKind,
    target: r.target,
    opId: r.op_id,
    mine: parseJson(r.mine),
    theirs: parseJson(r.theirs),
    base: parseJson(r.base),
    fields: JSON.parse(r.fields) as string[],
    createdAt: r.created_at,
  };
}

export interface NewConflict {
  kind: ConflictKind;
  targetKind: TargetKind;
  target: string;
  opId: number;
  mine: unknown;
  theirs: unknown;
  base: unknown;
  fields?: string[];
}

export class Conflicts {
  constructor(
    private readonly conn: Connection,
    private readonly outbox: Outbox,
    private readonly clients: Clients,
    private readonly quotations: Quotations,
    private readonly products: Products,
  ) {}

  open(): Conflict[] {
    return this.conn.stmt<[], Row>('SELECT * FROM conflicts WHERE resolved_at IS NULL ORDER BY id').all().map(toConflict);
  }

  get(id: number): Conflict {
    const r = this.conn.stmt<[number], Row>('SELECT * FROM conflicts WHERE id = ?').get(id);
    if (!r) throw notFound('Conflict', id);
    return toConflict(r);
  }

  forTarget(target: string): Conflict | null {
    const r = this.conn.stmt<[string], Row>('SELECT * FROM conflicts WHERE target = ? AND resolved_at IS NULL ORDER BY id DESC LIMIT 1').get(target);
    return r ? toConflict(r) : null;
  }

  /** Records a conflict and parks the entry that met it, in one transaction. */
  record(c: NewConflict): Conflict {
    return this.conn.tx(['conflicts', 'outbox'], () => {
      const r = this.conn
        .stmt(`INSERT INTO conflicts (kind, target_kind, target, op_id, mine, theirs, base, fields, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(c.kind, c.targetKind, c.target, c.opId, toJson(c.mine), toJson(c.theirs), toJson(c.base), JSON.stringify(c.fields ?? []), this.conn.now());
      const fields = (c.fields ?? []).join(', ');
      const reason =
        c.kind === 'deleted'
          ? said(`parked.conflict.deleted.${c.targetKind}`)
          : c.kind === 'fields'
            ? said(`parked.conflict.changed.${c.targetKind}`, { fields })
            : said('parked.conflict.changed.quotation', { fields });
      this.outbox.park(c.opId, { kind: 'conflict', ...reason });
      return this.get(Number(r.lastInsertRowid));
    });
  }

  resolve(id: number, resolution: ConflictResolution): void {
    this.conn.tx(['conflicts', 'clients', 'quotations', 'products', 'outbox'], () => {
      const c = this.get(id);
      if (!resolutionsFor(c.kind).includes(resolution)) {
        throw new StoreError('invalid', said('store.conflict.choices', { kind: c.kind, choices: resolutionsFor(c.kind).join(', ') }));
      }
      const done = this.conn
        .stmt('UPDATE conflicts SET resolved_at = ?, resolution = ? WHERE id = ? AND resolved_at IS NULL')
        .run(this.conn.now(), resolution, id);
      if (done.changes !== 1) throw new StoreError('not_allowed', said('store.conflict.resolved'));
      if (c.targetKind === 'client') this.resolveClient(c, resolution);
      else if (c.targetKind === 'product') this.resolveProduct(c, resolution);
      else this.resolveQuotation(c, resolution);
    });
  }

  private op(c: Conflict) {
    return c.opId === null ? null : this.outbox.find(c.opId);
  }

  private retry(c: Conflict, kind?: OpKind): void {
    const op = this.op(c);
    if (!op || op.state === 'done') return;
    if (kind && op.kind !== kind) this.outbox.absorb(op.id, { kind });
    if (op.state === 'parked') this.outbox.retry(op.id);
  }

  private settle(c: Conflict): void {
    const op = this.op(c);
    if (op && op.state !== 'done') this.outbox.markDone(op.id);
  }

  private resolveClient(c: Conflict, resolution: ConflictResolution): void {
    const row = this.clients.row(c.target);
    if (c.kind === 'fields') {
      // At detection the local version became "theirs plus my changes" and
      // base became theirs, so keeping mine is a plain retry.
      if (resolution === 'take_theirs') {
        const theirs = c.theirs as Client;
        const local = { ...(parseJson<ClientFields>(row.local) ?? {}) } as Record<string, unknown>;
        for (const f of c.fields) local[f] = (theirs as Record<string, unknown>)[f];
        if (sameValue(local, pick(theirs, CLIENT_FIELDS))) {
          this.clients.takeServiceVersion(row.id, theirs);
          return this.settle(c);
        }
        this.clients.setLocalVersion(row.id, local);
      }
      return this.retry(c);
    }
    // deleted on the service
    if (resolution === 'keep_mine') {
      const local = parseJson<ClientFields>(row.local) ?? (c.mine as ClientFields);
      this.clients.makeNewAgain(row.id, local);
      return this.retry(c, 'client.create');
    }
    const users = this.clients.usedBy(row.id);
    if (users > 0) {
      throw new StoreError('not_allowed', said(users === 1 ? 'store.conflict.client_in_use.one' : 'store.conflict.client_in_use.other', { count: users }));
    }
    this.cancelAll(row.id);
    this.clients.remove(row.id);
  }

  /** As a client's (resolveClient); a product is used by nothing here, so taking the service's deletion always can. */
  private resolveProduct(c: Conflict, resolution: ConflictResolution): void {
    const row = this.products.row(c.target);
    if (c.kind === 'fields') {
      if (resolution === 'take_theirs') {
        const theirs = c.theirs as Product;
        const local = { ...(parseJson<ProductFields>(row.local) ?? {}) } as Record<string, unknown>;
        for (const f of c.fields) local[f] = (theirs as Record<string, unknown>)[f];
        if (sameValue(local, pick(theirs, PRODUCT_FIELDS))) {
          this.products.takeServiceVersion(row.id, theirs);
          return this.settle(c);
        }
        this.products.setLocalVersion(row.id, local);
      }
      return this.retry(c);
    }
    if (resolution === 'keep_mine') {
      const local = parseJson<ProductFields>(row.local) ?? (c.mine as ProductFields);
      this.products.makeNewAgain(row.id, local);
      // the stock goes with the create; another waiting entry has nothing left to do
      this.cancelAll(row.id, c.opId);
      return this.retry(c, 'product.create');
    }
    this.cancelAll(row.id);
    this.products.remove(row.id);
  }

  private resolveQuotation(c: Conflict, resolution: ConflictResolution): void {
    const row = this.quotations.row(c.target);
    if (c.kind === 'deleted') {
      if (resolution === 'keep_mine') {
        // Saved again as a new draft; its names are free again on the service.
        this.quotations.detach(row.id);
        return this.retry(c);
      }
      this.cancelAll(row.id);
      this.quotations.remove(row.id);
      return;
    }
    // At detection the draft and its base were left as they were: each
    // resolution merges them with theirs now, edits made meanwhile included.
    const theirs = c.theirs as Quotation;
    if (resolution === 'keep_mine') {
      this.quotations.takeMerged(row.id, this.draftMerge(c, 'mine').content, theirs);
      return this.retry(c);
    }
    if (resolution === 'take_theirs') {
      const merged = this.draftMerge(c, 'theirs').content;
      if (holdsDraft(this.quotations.contentFromServer(row.id, theirs), merged)) {
        this.quotations.takeServerVersion(row.id, theirs);
        return this.settle(c);
      }
      this.quotations.takeMerged(row.id, merged, theirs);
      return this.retry(c);
    }
    // Keep both: the service's draft keeps theirs in what both changed, a new
    // draft under a new savename gets mine; each carries the changes made on one
    // side only, so neither side loses one. The number stays with the service's
    // draft; mine is numbered afresh when it goes out (numbering.ts).
    const mine = this.draftMerge(c, 'mine').content;
    const theirsSide = this.draftMerge(c, 'theirs').content;
    this.quotations.detach(row.id, mine);
    const twin = this.quotations.addFromServer(theirs);
    if (!holdsDraft(this.quotations.contentFromServer(twin, theirs), theirsSide)) {
      // its own line ids: the two drafts are edited apart from here on
      this.quotations.takeMerged(twin, { ...theirsSide, lines: theirsSide.lines.map((l) => ({ ...l, id: newId() })) }, theirs);
      const create = theirsSide.clientId ? this.outbox.forTarget(theirsSide.clientId).find((e) => e.kind === 'client.create') : undefined;
      this.outbox.enqueue('quotation.save', twin, { dependsOn: create?.id ?? null });
    }
    this.retry(c);
  }

  /**
   * A 'draft' conflict's quotation merged with the service's version it
   * holds, what both changed decided for `prefer`. The draft is read as it
   * is now: edits made while the conflict waited are the person's too.
   */
  draftMerge(c: Conflict, prefer: Side): QuotationMerge {
    const row = this.quotations.findRow(c.target);
    const fromServer = (q: unknown) => this.quotations.contentFromServer(c.target, q as Quotation);
    const mine = row?.draft ? this.quotations.contentOf(row) : (c.mine as QuotationContent);
    return mergeQuotation(c.base ? fromServer(c.base) : null, mine, fromServer(c.theirs), { prefer, newLineId: newId });
  }

  private cancelAll(target: string, except: number | null = null): void {
    this.outbox.cancel(
      this.outbox
        .forTarget(target)
        .filter((e) => (e.state === 'pending' || e.state === 'parked') && e.id !== except)
        .map((e) => e.id),
    );
  }
}
