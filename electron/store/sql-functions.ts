// Functions of our own that the schema uses. An index on a client's or a
// product's name folded (case and accents aside, so "Öztürk" sorts among the
// O's) needs the folding in SQL, where SQLite's lower() knows only A to Z.
// SQLite computes an index expression whenever a row is written, so the
// function must exist on every connection that writes these tables: it is
// registered before any migration runs (migrate) and so before the store
// opens. A connection without it can read, but its writes to clients or
// products fail with "no such function: fold_key".
import type Database from 'better-sqlite3';
import { fold } from '../../shared/fold';
import { clientCodes } from '../../shared/client-codes';

/** Text with only printable ASCII needs no decomposition: lower case is its folding. */
const PLAIN = /^[\x20-\x7e]*$/;

/** A name as lists sort it: folded as the search folds (shared/fold.ts); no name is the empty text. */
export function foldKey(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return PLAIN.test(s) ? s.toLowerCase() : fold(s);
}

export function registerSqlFunctions(db: Database.Database): void {
  // deterministic: SQLite allows it in an index, and calls it once per written row
  db.function('fold_key', { deterministic: true }, (value: unknown) => foldKey(value));
  // the words a client's postcode, VAT number and phone numbers are found by (shared/client-codes.ts, migration 18)
  db.function('client_codes', { deterministic: true }, (zipcode: unknown, taxnumber: unknown, phone: unknown, mobile: unknown) =>
    clientCodes(zipcode, taxnumber, phone, mobile),
  );
}
