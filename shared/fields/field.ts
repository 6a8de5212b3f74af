// What a field of a record is, as the field tables declare it (quotation.ts,
// line.ts, client.ts, product.ts in this folder; docs/fields.md). The
// builders (builders.ts) make fields; derive.ts turns a table into the
// shapes the rest of the app uses. The types carry each field's schemas and
// values, so that the types derived from a table are exact.
import type { z } from 'zod';

/**
 * Where a field is kept on this computer:
 * - `json`: in the record's local JSON under its own name (a quotation
 *   draft's content, a client's or product's fields); these are the fields
 *   the page edits, and the merge, the store and the push loop over them;
 * - `column`: in a column of its own (a quotation's savename and reference);
 * - `service`: only in the copy of the service's record (read-only fields);
 * - `own`: in a way of its own, written by hand (a quotation's lines, its client);
 * - `none`: not kept (a flag of the protocol, such as overwrite_if_exist).
 */
export type Place = 'json' | 'column' | 'service' | 'own' | 'none';

export type Kind = 'text' | 'int' | 'decimal' | 'choice' | 'flag' | 'date' | 'group' | 'list' | 'own';

/** How a field shows outside its own input: the sent quotation shows it on a line, or as a block of text. */
export type Shown = 'line' | 'block';

/** The types of one field: its schemas and its values where they are held. */
export interface FieldTypes {
  /** the rule for what we send; null: never sent (read-only on the service) */
  send: z.ZodType | null;
  /** how the service's value is read (leniently, unless `required`) */
  read: z.ZodType;
  /** the bridge's check of a patch from the page (structure only); null: not edited by patch */
  patch: z.ZodType | null;
  /** the value as the page sees it (a view) */
  view: unknown;
  /** the value in the editor's draft */
  draft: unknown;
  /** the value the service keeps (the sandbox's record) */
  stored: unknown;
  place: Place;
  /** must be readable: a record is not read without it (its own number) */
  required: boolean;
}

export interface Field<T extends FieldTypes = FieldTypes> {
  readonly kind: Kind;
  readonly send: T['send'];
  readonly read: T['read'];
  readonly patch: T['patch'];
  readonly place: T['place'];
  readonly required: T['required'];
  /** the i18n key of its name, wherever the app names the field (a conflict row, a problem); null: named by its wire name */
  readonly label: string | null;
  /** its place in the editor's layout, which the conflict dialog follows (lower first); null: after those placed, in table order */
  readonly layout: number | null;
  /** printed on the document under this label (a key of the document's catalogue); null: never printed */
  readonly document: string | null;
  /** shown among the facts of a sent quotation, under its label; null: not shown there */
  readonly sent: Shown | null;
  /** a choice's values, as the app knows them ('' among them when the service takes "none") */
  readonly values: readonly string[] | null;
  /** i18n keys of a choice's values, by value; null: the values are shown as they are */
  readonly options: Readonly<Record<string, string>> | null;
  /** the parts of a group (reference lines) or of each item of a list (quotation lines) */
  readonly parts: FieldTable | null;
  /** what the service keeps when none is given (a new record, a field not sent) */
  readonly default: T['stored'];
  /** the value as the page sees it, from what is kept here (whatever it holds, typed or not) */
  view(kept: unknown): T['view'];
  /** the editor's value, from the view's */
  draft(view: T['view']): T['draft'];
}

/** The fields of one kind of record, in the order the service's reference lists them. */
export type FieldTable = Readonly<Record<string, Field>>;

type Types<F> = F extends Field<infer T> ? T : never;
export type SendOf<F> = Types<F>['send'];
export type ReadOf<F> = Types<F>['read'];
export type PatchOf<F> = Types<F>['patch'];
export type ViewOf<F> = Types<F>['view'];
export type DraftOf<F> = Types<F>['draft'];
export type StoredOf<F> = Types<F>['stored'];

/** The keys of a table's fields kept at `P`. */
export type KeysAt<T extends FieldTable, P extends Place> = { [K in keyof T]: Types<T[K]>['place'] extends P ? K : never }[keyof T] & string;
/** The keys of the fields we send. */
export type SendKeys<T extends FieldTable> = { [K in keyof T]: SendOf<T[K]> extends z.ZodType ? K : never }[keyof T] & string;
/** The keys of the fields the page edits by patch. */
export type PatchKeys<T extends FieldTable> = { [K in keyof T]: PatchOf<T[K]> extends z.ZodType ? K : never }[keyof T] & string;
/** The keys of the fields a record must hold readable. */
export type RequiredKeys<T extends FieldTable> = { [K in keyof T]: Types<T[K]>['required'] extends true ? K : never }[keyof T] & string;
/** The keys of the fields the service keeps (all but those of the protocol). */
export type StoredKeys<T extends FieldTable> = Exclude<keyof T & string, KeysAt<T, 'none'>>;
