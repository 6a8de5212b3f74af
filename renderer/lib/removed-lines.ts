// The lines removed in the editor since its last other edit, newest last.
// Ctrl+Z and the notice's Undo put them back one at a time, each where it
// stood, with its own id and values: the id keeps the editor's row and what
// names the line by it (a quotation's standard closing text); the merge with
// the service's draft matches lines by their content, not by id
// (docs/conflicts.md), so a line put back is the line it was, not a new one.
import { LINE_TABLE, jsonKeys } from '../../shared/fields';
import type { LineView, OperationInput } from '../../shared/bridge';

export interface RemovedLine {
  line: LineView;
  /** where it stood when it was removed */
  index: number;
}

const LINE_KEYS = jsonKeys(LINE_TABLE);

/** The line as the bridge takes it back: its id, its values, and the text of a number field that holds text (shared/typed-number.ts). */
export function restoredLine(line: LineView): OperationInput<'lines.restore'>['line'] {
  const out: Record<string, unknown> = { id: line.id };
  const values = line as unknown as Record<string, unknown>;
  for (const key of LINE_KEYS) {
    const value = line.typed?.[key] ?? values[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out as OperationInput<'lines.restore'>['line'];
}

/** Where a line removed at `index` goes back among `count` lines: its place, or the end when the lines after it went too. */
export function placeBack(index: number, count: number): number {
  return Math.max(0, Math.min(index, count));
}
