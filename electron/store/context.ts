// What every store module shares: the connection, the clock and a change signal.
import { EventEmitter } from 'node:events';
import type { Db } from './db';
import type { Clock } from './clock';

export type Entity = 'clients' | 'quotations' | 'products' | 'countries' | 'outbox' | 'conflicts' | 'settings';

export interface StoreEvents {
  /** something in these tables changed; the UI re-reads what it shows */
  changed: [entities: Entity[]];
}

export class Ctx {
  readonly events = new EventEmitter<StoreEvents>();
  private pending = new Set<Entity>();
  private depth = 0;

  constructor(
    readonly db: Db,
    readonly now: Clock,
  ) {}

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
