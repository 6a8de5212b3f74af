// What every store module shares: the connection (prepared statements and
// transactions), the clock and a change signal. The file keeps its first name;
// the type is Connection, so "context" is left to the bridge's handlers.
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import type { Db } from './db';
import type { Clock } from './clock';

export type Entity = 'clients' | 'quotations' | 'products' | 'countries' | 'outbox' | 'conflicts' | 'settings' | 'profiles' | 'categories' | 'templates';

/** One record of a table, named by the writer that changed it. */
export interface RecordRef {
  entity: Entity;
  id: string;
}

/** Which records of the changed tables changed, as far as their writers said. */
export interface ChangedRecords {
  /** per table, the records the writers named */
  named: ReadonlyMap<Entity, readonly string[]>;
  /** tables written in rows no writer named: any of their records may have changed */
  unnamed: ReadonlySet<Entity>;
}

export interface StoreEvents {
  /**
   * something in these tables changed; the UI re-reads what it shows.
   * `records` also holds records whose outbox state moved (`touch`) without
   * a write to their own table, so their badge is read again.
   */
  changed: [entities: Entity[], records: ChangedRecords];
}

export class Connection {
  readonly events = new EventEmitter<StoreEvents>();
  private pending = new Set<Entity>();
  /** tables written by a writer that did not name its rows */
  private unnamed = new Set<Entity>();
  private named = new Map<Entity, Set<string>>();
  private depth = 0;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly db: Db,
    readonly now: Clock,
  ) {}

  /**
   * The statement for `sql`, prepared once for the life of the connection:
   * preparing costs more than running most of these queries. Callers only
   * run them (get, all, run), never change their modes or iterate them, so
   * one instance can serve every caller, nested calls included.
   */
  stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let s = this.statements.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s as unknown as Database.Statement<P, R>;
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction (nested calls join the outer one)
   * and signals the changed entities once it has committed.
   */
  tx<T>(entities: readonly (Entity | RecordRef)[], fn: () => T): T {
    for (const e of entities) {
      if (typeof e === 'string') {
        this.pending.add(e);
        this.unnamed.add(e);
      } else {
        this.pending.add(e.entity);
        this.touch(e.entity, e.id);
      }
    }
    if (this.depth > 0) return fn();
    this.depth++;
    let result: T;
    try {
      result = this.db.transaction(fn).immediate();
    } catch (e) {
      this.forget();
      throw e;
    } finally {
      this.depth--;
    }
    const changed = [...this.pending];
    const records: ChangedRecords = { named: new Map([...this.named].map(([entity, ids]) => [entity, [...ids]])), unnamed: new Set(this.unnamed) };
    this.forget();
    if (changed.length > 0 || records.named.size > 0) this.events.emit('changed', changed, records);
    return result;
  }

  /**
   * Names a record the running transaction changes in what the UI shows of
   * it without writing its table (the outbox entry that carries it moved).
   */
  touch(entity: Entity, id: string): void {
    let ids = this.named.get(entity);
    if (!ids) this.named.set(entity, (ids = new Set()));
    ids.add(id);
  }

  private forget(): void {
    this.pending.clear();
    this.unnamed.clear();
    this.named.clear();
  }
}

export function parseJson<T>(text: string | null | undefined): T | null {
  return text === null || text === undefined ? null : (JSON.parse(text) as T);
}

export function toJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
