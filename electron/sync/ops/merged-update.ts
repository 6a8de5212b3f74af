// The plan of a client's or a product's update, the same for both: what the
// person has now is merged with what the service holds, against the base of
// the last version both sides agreed on. The merged record is written; then
// the entry is parked (the fields do not pass the service's checks, or both
// sides changed a field differently), done (nothing is left to send), or the
// changes to send are answered. One transaction, so the person typing on
// meanwhile is merged too.
import type { OutboxItem } from '../../store';
import type { Store } from '../../store';
import type { Checked } from '../../../shared/service-input';
import { said, type MessageKey } from '../../../shared/messages';
import { parseJson } from '../../store/connection';
import { same } from '../merge';
import type { PushOutbox, PushResult } from './types';
import { nothingLeft, ownEarlierChanges } from './common';

export interface MergedUpdateKind<Row extends { id: string; base: string | null }, Fields, Input, Rec extends object> {
  targetKind: 'client' | 'product';
  rows: { row(id: string): Row; recordMerged(id: string, server: object, local: object | null): void };
  fieldsOf(row: Row): Fields;
  toInput(fields: Fields): Checked<Input>;
  merge(base: Rec | null, mine: Fields, input: Input, theirs: Rec): { send: Partial<Input>; merged: Fields; conflicts: string[] };
  serviceFields(theirs: Rec): Fields;
  /** what the parked entry says when the fields do not pass the service's checks */
  invalid: MessageKey;
}

/**
 * The person's fields as the service would take them. A field the person
 * did not change keeps what the service holds, however it breaks the rules
 * for what we send (a phone number longer than the service takes, read as
 * it is: shared/fields/read.ts): it is left out of the check, and is not
 * sent, since only changed fields are. A changed field is checked as ever.
 */
function checkedChanges<Fields, Input>(kind: { toInput(fields: Fields): Checked<Input> }, mine: Fields, base: object): Checked<Input> {
  const all = kind.toInput(mine);
  if (all.ok) return all;
  const held = base as Record<string, unknown>;
  const fields = mine as Record<string, unknown>;
  const untouched = new Set(all.errors.map((e) => e.field.split('.')[0]!).filter((f) => f !== '' && f in fields && same(fields[f], held[f])));
  if (untouched.size === 0) return all;
  return kind.toInput(Object.fromEntries(Object.entries(fields).filter(([f]) => !untouched.has(f))) as Fields);
}

export function planMergedUpdate<Row extends { id: string; base: string | null }, Fields, Input, Rec extends object>(
  store: { transaction<T>(fn: () => T): T; outbox: PushOutbox; conflicts: Pick<Store['conflicts'], 'record'> },
  entry: OutboxItem,
  theirs: Rec,
  kind: MergedUpdateKind<Row, Fields, Input, Rec>,
): { send: Partial<Input> } | PushResult {
  return store.transaction(() => {
    const row = kind.rows.row(entry.target);
    const mine = kind.fieldsOf(row);
    const input = checkedChanges(kind, mine, parseJson<Rec>(row.base) ?? theirs);
    if (!input.ok) {
      store.outbox.park(entry.id, { kind: 'validation', ...said(kind.invalid), fieldErrors: input.errors });
      return 'parked';
    }
    const m = kind.merge(ownEarlierChanges(parseJson<Rec>(row.base), entry, theirs), mine, input.value, theirs);
    const unchanged = Object.keys(m.send).length === 0 && m.conflicts.length === 0 && same(m.merged, kind.serviceFields(theirs));
    kind.rows.recordMerged(row.id, theirs, unchanged ? null : (m.merged as object));
    if (m.conflicts.length > 0) {
      store.conflicts.record({
        kind: 'fields',
        targetKind: kind.targetKind,
        target: row.id,
        opId: entry.id,
        mine: mine as never,
        theirs: theirs as never,
        base: parseJson(row.base),
        fields: m.conflicts,
      });
      return 'parked';
    }
    if (Object.keys(m.send).length === 0) return nothingLeft(store, entry);
    return { send: m.send };
  });
}
