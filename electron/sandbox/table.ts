// One kind of record, ordered by id, with each record's wire form kept ready:
// a page of 100 out of 10,000 is a slice and a join, not 100 serialisations.
// Lists can also go out in a scrambled order (listOrder), kept as well: it is
// built again only when a record comes or goes, never for a page or an update.
// Records are frozen; every change replaces the record and drops its cache,
// so a cached wire form can never go stale.
import { toWire, type WireObject } from '../../shared/wire';
import type { ListOrder } from './paging';

interface Entry<T> {
  rec: T;
  /** fields that go out as given, whatever the record holds (setRaw) */
  raw?: Readonly<Record<string, unknown>>;
  wire?: WireObject;
  json?: string;
  xml?: string;
}

/** The raw fields of an entry that a new version of its record leaves as they were. */
function keptRaw<T>(before: Entry<T> | undefined, rec: T): { raw?: Readonly<Record<string, unknown>> } {
  if (!before?.raw) return {};
  const was = before.rec as Record<string, unknown>;
  const now = rec as Record<string, unknown>;
  const kept = Object.entries(before.raw).filter(([k]) => JSON.stringify(was[k]) === JSON.stringify(now[k]));
  return kept.length > 0 ? { raw: Object.freeze(Object.fromEntries(kept)) } : {};
}

/**
 * A fixed 32-bit mix of an id (murmur3's finaliser): neighbouring ids land far
 * apart, and an id's place never depends on the other records. Ids beyond 32
 * bits fold their high part in.
 */
function scrambleKey(id: number): number {
  let h = (id % 0x1_0000_0000) ^ Math.floor(id / 0x1_0000_0000);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Ids by scrambleKey, ties by id: each record keeps its place while others come and go. */
function scrambled(ids: readonly number[]): number[] {
  const keyed = ids.map((id) => ({ id, key: scrambleKey(id) }));
  keyed.sort((a, b) => a.key - b.key || a.id - b.id);
  return keyed.map((k) => k.id);
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
  /** the ids in scrambled list order, or null until asked for since a record came or went */
  private scrambledOrder: number[] | null = null;

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
    const before = this.entries.get(id);
    if (!before) this.insertId(id);
    this.entries.set(id, { rec: frozen, ...keptRaw(before, frozen) });
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
    this.scrambledOrder = null;
    this.onChange();
    return true;
  }

  /**
   * Makes fields of a record go out on the wire exactly as given, whatever
   * the record holds: null, a zero date ("0000-00-00"), "abc" in a number,
   * text longer than the service takes from a client. What a service answers
   * that stored such values before its rules, or by another way in; the
   * sandbox's own rules never let them in. For tests (docs/wire-format.md,
   * Reading leniently): kept in memory only, never in the data file. A
   * later change of the record keeps each raw field that it leaves as it
   * was; `undefined` for a field ends its raw value.
   */
  setRaw(id: number, fields: Record<string, unknown>): void {
    const e = this.entries.get(id);
    if (!e) throw new Error(`${this.name}: no record with id ${id}`);
    const raw = Object.fromEntries(Object.entries({ ...e.raw, ...fields }).filter(([, v]) => v !== undefined));
    this.entries.set(id, Object.keys(raw).length > 0 ? { rec: e.rec, raw: Object.freeze(raw) } : { rec: e.rec });
  }

  /** The raw fields of a record (setRaw), if any. */
  rawOf(id: number): Readonly<Record<string, unknown>> | undefined {
    return this.entries.get(id)?.raw;
  }

  /** Replaces all records at once (loading, generating); no change event. */
  load(recs: readonly T[]): void {
    this.entries.clear();
    for (const rec of recs) this.entries.set(this.idOf(rec), { rec: deepFreeze(rec) });
    this.order = [...this.entries.keys()].sort((a, b) => a - b);
    this.scrambledOrder = null;
  }

  /** The record's wire form; raw fields (setRaw) as given, a raw null included. */
  wire(id: number): WireObject | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return this.wireOf(e);
  }

  json(id: number): string | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return (e.json ??= JSON.stringify(this.wireOf(e)));
  }

  /** The record as an XML element, rendered once by `render` and kept; a raw null is an empty element. */
  xml(id: number, render: (wire: WireObject) => string): string | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return (e.xml ??= render(e.raw ? { ...this.wireOf(e), ...(toWire(e.raw) as WireObject) } : this.wireOf(e)));
  }

  private wireOf(e: Entry<T>): WireObject {
    return (e.wire ??= { ...(toWire(this.outward(e.rec)) as WireObject), ...(e.raw as WireObject | undefined) });
  }

  /** Every id in the order lists answer them. */
  listIds(order: ListOrder = 'id'): readonly number[] {
    if (order === 'id') return this.order;
    return (this.scrambledOrder ??= scrambled(this.order));
  }

  /** Ids of a page: `count` records from position `start`, in list order. */
  pageIds(start: number, count: number, order: ListOrder = 'id'): number[] {
    return this.listIds(order).slice(start, start + count);
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
    this.scrambledOrder = null;
    const i = this.indexOf(id);
    if (i === this.order.length) this.order.push(id);
    else this.order.splice(i, 0, id);
  }
}
