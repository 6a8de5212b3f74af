// Writes what a pull read from the service. Local edits are never touched:
// only the `server` column changes, and records that vanished from the
// service are removed unless local work still refers to them (then flagged).
import type { Client, Country, Product, Quotation } from '../../shared/schemas';
import type { Ctx } from './context';
import { newId } from './ids';

export interface SweepResult {
  removed: number;
  /** kept because local work refers to them, and flagged as gone */
  flagged: string[];
}

export class Cache {
  constructor(private readonly ctx: Ctx) {}

  private get db() {
    return this.ctx.db;
  }

  /** One page of clients, in one transaction. */
  putClients(records: readonly Client[], pulledAt: number): void {
    const find = this.db.prepare<[number], { id: string; server: string | null }>('SELECT id, server FROM clients WHERE clientnr = ?');
    const touch = this.db.prepare('UPDATE clients SET pulled_at = ?, gone = 0 WHERE id = ?');
    const update = this.db.prepare('UPDATE clients SET server = ?, pulled_at = ?, gone = 0, updated_at = ? WHERE id = ?');
    const insert = this.db.prepare('INSERT INTO clients (id, clientnr, server, pulled_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    const now = this.ctx.now();
    this.ctx.tx(['clients'], () => {
      for (const c of records) {
        const json = JSON.stringify(c);
        const row = find.get(c.clientnr);
        if (!row) insert.run(newId(), c.clientnr, json, pulledAt, now, now);
        else if (row.server === json) touch.run(pulledAt, row.id);
        else update.run(json, pulledAt, now, row.id);
      }
    });
  }

  putProducts(records: readonly Product[], pulledAt: number): void {
    const find = this.db.prepare<[number], { data: string }>('SELECT data FROM products WHERE id = ?');
    const touch = this.db.prepare('UPDATE products SET pulled_at = ? WHERE id = ?');
    const upsert = this.db.prepare(
      'INSERT INTO products (id, data, pulled_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, pulled_at = excluded.pulled_at',
    );
    this.ctx.tx(['products'], () => {
      for (const p of records) {
        const json = JSON.stringify(p);
        if (find.get(p.id)?.data === json) touch.run(pulledAt, p.id);
        else upsert.run(p.id, json, pulledAt);
      }
    });
  }

  /**
   * One page of quotations. A record not known by id but carrying the
   * savename or quotationreference of a local draft is that draft, saved or
   * sent by a request whose answer was lost: it is adopted, not duplicated.
   */
  putQuotations(records: readonly Quotation[], pulledAt: number): void {
    const byId = this.db.prepare<[number], { id: string; server: string | null }>('SELECT id, server FROM quotations WHERE server_id = ?');
    const byName = this.db.prepare<[string | null, string | null], { id: string; server: string | null }>(
      'SELECT id, server FROM quotations WHERE server_id IS NULL AND (savename = ? OR quotationreference = ?) LIMIT 1',
    );
    const clearNames = this.db.prepare(
      `UPDATE quotations SET savename = CASE WHEN savename = ? THEN NULL ELSE savename END,
         quotationreference = CASE WHEN quotationreference = ? THEN NULL ELSE quotationreference END
       WHERE id != ? AND (savename = ? OR quotationreference = ?)`,
    );
    const update = this.db.prepare(
      'UPDATE quotations SET server_id = ?, server = ?, savename = ?, quotationreference = ?, pulled_at = ?, gone = 0, updated_at = ? WHERE id = ?',
    );
    const touch = this.db.prepare('UPDATE quotations SET pulled_at = ?, gone = 0 WHERE id = ?');
    const dropDraft = this.db.prepare('UPDATE quotations SET draft = NULL, base = NULL WHERE id = ? AND draft IS NOT NULL');
    const insert = this.db.prepare(
      'INSERT INTO quotations (id, server_id, server, savename, quotationreference, pulled_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const now = this.ctx.now();
    this.ctx.tx(['quotations'], () => {
      for (const q of records) {
        const json = JSON.stringify(q);
        const savename = q.savename || null;
        const reference = q.quotationreference || null;
        const row = byId.get(q.id) ?? (savename || reference ? byName.get(savename, reference) : undefined);
        if (row && row.server === json) {
          touch.run(pulledAt, row.id);
          continue;
        }
        // Names are unique on the service; an older holder here (a record
        // deleted or renamed there) gives them up.
        const id = row?.id ?? newId();
        if (savename || reference) clearNames.run(savename, reference, id, savename, reference);
        if (row) {
          update.run(q.id, json, savename, reference, pulledAt, now, id);
          // a local copy with nothing waiting to be saved gives way to the service's newer version
          if (!this.hasOps(id)) dropDraft.run(id);
        }
        else insert.run(id, q.id, json, savename, reference, pulledAt, now, now);
      }
    });
  }

  putCountries(records: readonly Country[]): void {
    const upsert = this.db.prepare('INSERT INTO countries (id, name) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name');
    this.ctx.tx(['countries'], () => {
      this.db.prepare('DELETE FROM countries').run();
      for (const c of records) upsert.run(c.id, c.name);
    });
  }

  countries(): Country[] {
    return this.db.prepare<[], Country>('SELECT id, name FROM countries ORDER BY name').all();
  }

  product(id: number): Product | null {
    const r = this.db.prepare<[number], { data: string }>('SELECT data FROM products WHERE id = ?').get(id);
    return r ? (JSON.parse(r.data) as Product) : null;
  }

  products(opts: { limit?: number; offset?: number } = {}): Product[] {
    return this.db
      .prepare<[number, number], { data: string }>(`SELECT data FROM products ORDER BY lower(json_extract(data, '$.name')), id LIMIT ? OFFSET ?`)
      .all(opts.limit ?? 100, opts.offset ?? 0)
      .map((r) => JSON.parse(r.data) as Product);
  }

  count(kind: 'clients' | 'products' | 'quotations' | 'countries'): number {
    const where = kind === 'clients' || kind === 'quotations' ? 'WHERE server IS NOT NULL' : '';
    return (this.db.prepare(`SELECT count(*) AS n FROM ${kind} ${where}`).get() as { n: number }).n;
  }

  /**
   * After a complete pull that started at `pullStartedAt`: service records
   * not seen since then are gone from the service.
   */
  sweepClients(pullStartedAt: number): SweepResult {
    return this.ctx.tx(['clients'], () => {
      const stale = this.db
        .prepare<[number], { id: string; local: string | null; deleted: number }>(
          'SELECT id, local, deleted FROM clients WHERE server IS NOT NULL AND (pulled_at IS NULL OR pulled_at < ?)',
        )
        .all(pullStartedAt);
      const result: SweepResult = { removed: 0, flagged: [] };
      for (const c of stale) {
        const used =
          c.local !== null ||
          this.hasOps(c.id) ||
          !!this.db.prepare(`SELECT 1 FROM quotations WHERE client_id = ? AND deleted = 0 AND (draft IS NOT NULL OR server_id IS NULL) LIMIT 1`).get(c.id);
        if (c.deleted && !this.hasOps(c.id)) {
          this.db.prepare('DELETE FROM clients WHERE id = ?').run(c.id);
          result.removed++;
        } else if (used) {
          this.db.prepare('UPDATE clients SET gone = 1 WHERE id = ? AND gone = 0').run(c.id);
          result.flagged.push(c.id);
        } else {
          // Cached quotations of that client keep their service record; only the link goes.
          this.db.prepare('DELETE FROM clients WHERE id = ?').run(c.id);
          result.removed++;
        }
      }
      return result;
    });
  }

  sweepProducts(pullStartedAt: number): SweepResult {
    return this.ctx.tx(['products'], () => ({
      removed: this.db.prepare('DELETE FROM products WHERE pulled_at < ?').run(pullStartedAt).changes,
      flagged: [],
    }));
  }

  sweepQuotations(pullStartedAt: number): SweepResult {
    return this.ctx.tx(['quotations'], () => {
      const stale = this.db
        .prepare<[number], { id: string; draft: string | null; deleted: number }>(
          'SELECT id, draft, deleted FROM quotations WHERE server_id IS NOT NULL AND server IS NOT NULL AND (pulled_at IS NULL OR pulled_at < ?)',
        )
        .all(pullStartedAt);
      const result: SweepResult = { removed: 0, flagged: [] };
      for (const q of stale) {
        const ops = this.hasOps(q.id);
        if ((q.draft !== null && !q.deleted) || (ops && !q.deleted)) {
          this.db.prepare('UPDATE quotations SET gone = 1 WHERE id = ? AND gone = 0').run(q.id);
          result.flagged.push(q.id);
        } else if (!ops) {
          this.db.prepare('DELETE FROM quotations WHERE id = ?').run(q.id);
          result.removed++;
        }
      }
      return result;
    });
  }

  private hasOps(target: string): boolean {
    return !!this.db.prepare(`SELECT 1 FROM outbox WHERE target = ? AND state != 'done' LIMIT 1`).get(target);
  }
}
