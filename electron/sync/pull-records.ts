// How a pull reads the records of its lists: one record that cannot be
// stored never fails its page. The record schemas read what the service
// holds leniently (shared/fields/read.ts): odd values are kept raw in a
// record's `unread`, and the record is stored. What is left, a record
// without a number that can be read (or not a record at all), is set aside
// here: it takes its place in the page, so the walk counts its rows as the
// service gave them, and the pull names it in its summary instead of storing
// it (docs/wire-format.md, Reading leniently).
//
// Only the pull reads this way. A look-up that decides whether something
// reached the service (sync/ops) still fails on such a record: "not found"
// must never rest on a record that could not be read.
import { recordParser, type RecordParser } from '../api/parse';
import { describeFieldErrors, type FieldError } from '../../shared/field-errors';
import { clientRecord, productRecord, quotationRecord, type Client, type Product, type Quotation } from '../../shared/schemas';
import { PULL_NOTE_EXAMPLES, type PullNote, type PullNotes, type PulledList } from '../../shared/sync';

/** A record of a page that could not be stored. */
export class SetAside {
  /** its number, when it has one that can be read: such a record is not gone from the service */
  readonly number: number | null;
  /** tells it from the first record of the page before, as a record's number does (paging.ts) */
  readonly identity: string;

  constructor(
    /** its number as the service wrote it, when it wrote one */
    readonly key: string | null,
    readonly reason: string,
    raw: unknown,
  ) {
    const n = key !== null && /^\d{1,15}$/.test(key) ? Number(key) : 0;
    this.number = n > 0 ? n : null;
    this.identity = `set aside: ${key ?? safeText(raw)}`;
  }
}

function safeText(raw: unknown): string {
  try {
    return String(JSON.stringify(raw)).slice(0, 200);
  } catch {
    return String(raw);
  }
}

function keyOf(input: unknown, field: string): string | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const v = (input as Record<string, unknown>)[field];
  return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 40) : null;
}

/** The record parser of a schema, with a record it cannot read set aside rather than failing its page. */
function setAsideParser<T>(parse: RecordParser<T>, keyField: string): RecordParser<T | SetAside> {
  return (input) => {
    const r = parse(input);
    return r.ok ? r : { ok: true, value: new SetAside(keyOf(input, keyField), reasonOf(r.errors), input) };
  };
}

function reasonOf(errors: readonly FieldError[]): string {
  const first = errors[0];
  if (errors.length === 1 && first?.field === '') return `not a record (${first.message})`;
  return describeFieldErrors(errors);
}

/** The lists' parsers for a pull, and the wire key every record has once. */
export const PULL_READERS = {
  clients: { parse: setAsideParser<Client>(recordParser(clientRecord), 'clientnr'), key: 'clientnr', path: '/clients' },
  products: { parse: setAsideParser<Product>(recordParser(productRecord), 'id'), key: 'id', path: '/products' },
  quotations: { parse: setAsideParser<Quotation>(recordParser(quotationRecord), 'id'), key: 'id', path: '/quotations' },
} as const;

/** Records of one kind a pull names (PullNotes), counted as they are read. */
export class NoteTally {
  private notes: PullNote[] = [];
  private readonly counts: Record<PulledList, number> = { clients: 0, products: 0, quotations: 0 };

  add(note: PullNote): void {
    this.counts[note.list]++;
    if (this.notes.length < PULL_NOTE_EXAMPLES) this.notes.push(note);
  }

  /** Forgets what a list's walk noted: it is read again, and that reading counts. */
  forget(list: PulledList): void {
    this.counts[list] = 0;
    this.notes = this.notes.filter((n) => n.list !== list);
  }

  /** The summary's shape; undefined when there is nothing to name. */
  notesOf(): PullNotes | undefined {
    const count = this.counts.clients + this.counts.products + this.counts.quotations;
    return count === 0 ? undefined : { count, lists: { ...this.counts }, examples: [...this.notes] };
  }
}
