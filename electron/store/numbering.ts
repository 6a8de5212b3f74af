// Hands out the quotation references a person's numbering scheme makes
// (docs/numbering.md). The scheme and the notices live in the settings
// table of the account's database, so each account counts for itself. A
// number is handed out in the same transaction as the change that needs it
// (a save or send the person asks for, or the first push of a draft), and
// never one a quotation here already holds: that covers every quotation
// read from the service too, since references are unique in the table.
import {
  countsPerYear,
  DEFAULT_PATTERN,
  formatReference,
  nextProblem,
  nextProblemSaid,
  numberOf,
  patternProblem,
  patternProblemSaid,
  type NumberingNotice,
  type NumberingScheme,
} from '../../shared/numbering';
import type { Connection } from './connection';
import { StoreError } from './errors';
import { KeyValues } from './key-values';

const SCHEME_KEY = 'numbering.scheme';
const NOTICES_KEY = 'numbering.notices';
/** references a pull took from a local draft (row id → reference), told when the draft is numbered again */
const TAKEN_KEY = 'numbering.taken';
/** enough for anything a person reads back; older notices give way */
const NOTICES_KEPT = 100;

export type SchemeInput = { mode: 'service' } | { mode: 'own'; pattern: string; next: number };

/** The year a number is counted in: the computer's calendar, as the person sees it. */
function yearOf(now: number): number {
  return new Date(now).getFullYear();
}

export class Numbering {
  private readonly keyValues: KeyValues;

  constructor(private readonly conn: Connection) {
    this.keyValues = new KeyValues(conn);
  }

  /** The scheme as it stands now; with a year in the pattern, a new year counts from 1 again. */
  scheme(): NumberingScheme {
    const year = yearOf(this.conn.now());
    const stored = this.keyValues.get<NumberingScheme>(SCHEME_KEY);
    const s: NumberingScheme = stored && isScheme(stored) ? stored : { mode: 'own', pattern: DEFAULT_PATTERN, next: 1, year };
    if (s.mode === 'own' && s.year < year && countsPerYear(s.pattern)) return { ...s, next: 1, year };
    return s;
  }

  setScheme(input: SchemeInput): NumberingScheme {
    let scheme: NumberingScheme;
    if (input.mode === 'service') scheme = { mode: 'service' };
    else {
      const year = yearOf(this.conn.now());
      const p = patternProblem(input.pattern, year);
      if (p) throw new StoreError('invalid', patternProblemSaid(p));
      const n = nextProblem(input.next);
      if (n) throw new StoreError('invalid', nextProblemSaid(n));
      scheme = { mode: 'own', pattern: input.pattern, next: input.next, year };
    }
    this.keyValues.set(SCHEME_KEY, scheme);
    return this.scheme();
  }

  /** The reference the next quotation would get, without handing it out; null when the service numbers. */
  preview(): string | null {
    const s = this.scheme();
    if (s.mode !== 'own') return null;
    return this.free(s, s.next).reference;
  }

  /**
   * Gives quotation `rowId` the next free number when it has none and the
   * scheme is ours. Returns its reference (null: the service will number it).
   */
  assign(rowId: string): string | null {
    return this.conn.tx(['quotations', 'settings'], () => {
      const row = this.row(rowId);
      if (!row) return null;
      if (row.quotationreference) return row.quotationreference;
      const s = this.scheme();
      if (s.mode !== 'own' || row.sent) return null;
      const { reference, n } = this.free(s, s.next);
      this.take(rowId, reference, s, n);
      const lost = this.takenFrom(rowId);
      if (lost) this.notify({ quotationId: rowId, from: lost, to: reference, why: 'pulled', at: this.conn.now() });
      return reference;
    });
  }

  /**
   * The service refused `refused` as the reference of quotation `rowId`
   * because another quotation has it: the quotation takes the next free
   * number after it and the person is told. Null when the scheme no longer
   * numbers (the quotation then goes without a reference of ours).
   */
  renumber(rowId: string, refused: string): string | null {
    return this.conn.tx(['quotations', 'settings'], () => {
      const row = this.row(rowId);
      if (!row) return null;
      const s = this.scheme();
      this.conn.stmt('UPDATE quotations SET quotationreference = NULL WHERE id = ?').run(rowId);
      if (s.mode !== 'own') return null;
      // numbers up to the refused one are likely used on the service as well: another desk got there first
      const after = numberOf(s.pattern, s.year, refused);
      const { reference, n } = this.free(s, Math.max(s.next, after === null ? 0 : after + 1));
      this.take(rowId, reference, s, n);
      this.notify({ quotationId: rowId, from: refused, to: reference, why: 'service', at: this.conn.now() });
      return reference;
    });
  }

  /**
   * Quotation `rowId` holds `reference` on the service (the service numbered
   * it, or it went out under that number): it holds it here too. A local
   * draft holding it gives it up and is numbered again when it next goes out.
   */
  takeServiceReference(rowId: string, reference: string): void {
    this.conn.tx(['quotations', 'settings'], () => {
      const holder = this.conn
        .stmt<[string, string], { id: string }>('SELECT id FROM quotations WHERE quotationreference = ? AND id != ?')
        .get(reference, rowId);
      if (holder) {
        this.conn.stmt('UPDATE quotations SET quotationreference = NULL WHERE id = ?').run(holder.id);
        this.noteTaken(holder.id, reference);
      }
      this.conn.stmt('UPDATE quotations SET quotationreference = ? WHERE id = ?').run(reference, rowId);
    });
  }

  /** A pull gave `reference` to a quotation of the service: local draft `rowId` gave it up and is numbered again when it next goes out. */
  noteTaken(rowId: string, reference: string): void {
    const taken = this.keyValues.get<Record<string, string>>(TAKEN_KEY) ?? {};
    this.keyValues.set(TAKEN_KEY, { ...taken, [rowId]: reference });
  }

  notices(): NumberingNotice[] {
    return this.keyValues.get<NumberingNotice[]>(NOTICES_KEY) ?? [];
  }

  noticeFor(quotationId: string): NumberingNotice | null {
    return this.notices().find((n) => n.quotationId === quotationId) ?? null;
  }

  /** The person has read it. */
  dismiss(quotationId: string): void {
    const rest = this.notices().filter((n) => n.quotationId !== quotationId);
    this.keyValues.set(NOTICES_KEY, rest);
  }

  private row(id: string): { quotationreference: string | null; sent: boolean } | null {
    const r = this.conn
      .stmt<[string], { quotationreference: string | null; server: string | null }>('SELECT quotationreference, server FROM quotations WHERE id = ?')
      .get(id);
    if (!r) return null;
    const sent = r.server !== null && (JSON.parse(r.server) as { sent?: boolean }).sent === true;
    return { quotationreference: r.quotationreference, sent };
  }

  /** The first number from `from` whose reference no quotation here holds. */
  private free(s: Extract<NumberingScheme, { mode: 'own' }>, from: number): { reference: string; n: number } {
    const held = this.conn.stmt<[string], { id: string }>('SELECT id FROM quotations WHERE quotationreference = ?');
    for (let n = Math.max(1, from); ; n++) {
      const reference = formatReference(s.pattern, s.year, n);
      if (!held.get(reference)) return { reference, n };
    }
  }

  private take(rowId: string, reference: string, s: Extract<NumberingScheme, { mode: 'own' }>, n: number): void {
    this.conn.stmt('UPDATE quotations SET quotationreference = ? WHERE id = ?').run(reference, rowId);
    this.keyValues.set(SCHEME_KEY, { ...s, next: n + 1 });
  }

  private takenFrom(rowId: string): string | null {
    const taken = this.keyValues.get<Record<string, string>>(TAKEN_KEY);
    const lost = taken?.[rowId];
    if (!taken || lost === undefined) return null;
    const { [rowId]: _gone, ...rest } = taken;
    this.keyValues.set(TAKEN_KEY, rest);
    return lost;
  }

  private notify(notice: NumberingNotice): void {
    const rest = this.notices().filter((n) => n.quotationId !== notice.quotationId);
    this.keyValues.set(NOTICES_KEY, [notice, ...rest].slice(0, NOTICES_KEPT));
  }
}

function isScheme(v: unknown): v is NumberingScheme {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  if (s.mode === 'service') return true;
  return (
    s.mode === 'own' &&
    typeof s.pattern === 'string' &&
    patternProblem(s.pattern, Number(s.year)) === null &&
    nextProblem(s.next) === null &&
    Number.isInteger(s.year)
  );
}
