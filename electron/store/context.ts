// What every store module shares: the connection, the clock and a change signal.
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import type { Db } from './db';
import type { Clock } from './clock';

export type Entity = 'clients' | 'quotations' | 'products' | 'countries' | 'outbox' | 'conflicts' | 'settings' | 'profiles' | 'categories' | 'templates';

export interface StoreEvents {
  /** something in these tables changed; the UI re-reads what it shows */
  changed: [entities: Entity[]];
}

export class Ctx {
  readonly events = new EventEmitter<StoreEvents>();
  private pending = new Set<Entity>();
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
  tx<T>(entities: Entity[], fn: () => T): T {
    for (const e of entities) this.pending.add(e);
    if (this.depth > 0) return fn();
    this.depth++;
    let result: T;
    try {
      result = this.db.transaction(fn).immediate();
    } catch (e) {
      this.pending.clear();
      throw e;
    } finally {
      this.depth--;
    }
    const changed = [...this.pending];
    this.pending.clear();
    if (changed.length > 0) this.events.emit('changed', changed);
    return result;
  }
}

export function parseJson<T>(text: string | null | undefined): T | null {
  return text === null || text === undefined ? null : (JSON.parse(text) as T);
}

export function toJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
