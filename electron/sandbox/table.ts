// One kind of record, ordered by id, with each record's wire form kept ready:
// a page of 100 out of 10,000 is a slice and a join, not 100 serialisations.
// Records are frozen; every change replaces the record and drops its cache,
// so a cached wire form can never go stale.
import { toWire, type WireObject } from '../../shared/wire';

interface Entry<T> {
  rec: T;
  wire?: WireObject;
  json?: string;
  xml?: string;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export class Table<T extends object> {
  private readonly entries = new Map<number, Entry<T>>();
  /** ids ascending */
  private order: number[] = [];

  constructor(
    readonly name: string,
    private readonly idOf: (rec: T) => number,
    private readonly onChange: () => void = () => {},
    /** what of a record goes out on the wire, when not all of it does (fields the service takes but never returns) */
    private readonly outward: (rec: T) => unknown = (rec) => rec,
  ) {}

  get size(): number {
    return this.order.length;
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  get(id: number): T | undefined {
    return this.entries.get(id)?.rec;
  }

  /** Every record, ids ascending. */
  all(): T[] {
    return this.order.map((id) => this.entries.get(id)!.rec);
  }

  ids(): readonly number[] {
    return this.order;
  }

  find(pred: (rec: T) => boolean): T | undefined {
    for (const id of this.order) {
      const rec = this.entries.get(id)!.rec;
      if (pred(rec)) return rec;
    }
    return undefined;
  }

  count(pred: (rec: T) => boolean): number {
    let n = 0;
    for (const e of this.entries.values()) if (pred(e.rec)) n++;
    return n;
  }

  maxId(): number {
    return this.order.length === 0 ? 0 : this.order[this.order.length - 1]!;
  }

  /** Inserts or replaces the record with this id. */
  set(rec: T): T {
    const frozen = deepFreeze(structuredClone(rec));
    const id = this.idOf(frozen);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`${this.name}: a record needs a positive whole id, got ${String(id)}`);
    if (!this.entries.has(id)) this.insertId(id);
    this.entries.set(id, { rec: frozen });
    this.onChange();
    return frozen;
  }

  /** Replaces some fields of an existing record; the id cannot change. */
  patch(id: number, changes: Partial<T>): T {
    const current = this.entries.get(id);
    if (!current) throw new Error(`${this.name}: no record with id ${id}`);
    const next = { ...current.rec, ...changes };
    if (this.idOf(next) !== id) throw new Error(`${this.name}: the id of record ${id} cannot be changed`);
    return this.set(next);
  }

  delete(id: number): boolean {
    if (!this.entries.delete(id)) return false;
    const i = this.indexOf(id);
    this.order.splice(i, 1);
    this.onChange();
    return true;
  }

  /** Replaces all records at once (loading, generating); no change event. */
  load(recs: readonly T[]): void {
    this.entries.clear();
    for (const rec of recs) this.entries.set(this.idOf(rec), { rec: deepFreeze(rec) });
    this.order = [...this.entries.keys()].sort((a, b) => a - b);
  }

  wire(id: number): WireObject | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return (e.wire ??= toWire(this.outward(e.rec)) as WireObject);
  }

  json(id: number): string | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return (e.json ??= JSON.stringify((e.wire ??= toWire(this.outward(e.rec)) as WireObject)));
  }

  /** The record as an XML element, rendered once by `render` and kept. */
  xml(id: number, render: (wire: WireObject) => string): string | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return (e.xml ??= render((e.wire ??= toWire(this.outward(e.rec)) as WireObject)));
  }

  /** Ids of a page: `count` records from position `start`. */
  pageIds(start: number, count: number): number[] {
    return this.order.slice(start, start + count);
  }

  private indexOf(id: number): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.order[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertId(id: number): void {
    const i = this.indexOf(id);
    if (i === this.order.length) this.order.push(id);
    else this.order.splice(i, 0, id);
  }
}
