// What the shortcut sheet lists, grouped: every key of docs/keyboard.md, the
// ones with a shortcut of their own taken from SHORTCUTS, so the sheet says
// what the handlers do. Texts are keys under `shortcutSheet.` in the UI
// catalogue; keys are written as on the keyboard.
import { shortcutLabel, type ShortcutName } from './shortcuts';

export interface SheetRow {
  /** the keys, each a combination ("Alt+L"), any of which does it */
  keys: readonly string[];
  /** key under shortcutSheet.row */
  what: string;
}

export interface SheetGroup {
  /** key under shortcutSheet.group */
  group: string;
  rows: readonly SheetRow[];
}

const k = (name: ShortcutName) => shortcutLabel(name);

export const SHEET: readonly SheetGroup[] = [
  {
    group: 'anywhere',
    rows: [
      { keys: [k('newQuotation')], what: 'newQuotation' },
      { keys: [k('shortcutSheet'), '?'], what: 'sheet' },
      { keys: [k('search')], what: 'search' },
      { keys: ['Esc'], what: 'closeDialog' },
    ],
  },
  {
    group: 'editor',
    rows: [
      { keys: [k('newClient')], what: 'newClient' },
      { keys: [k('addLine')], what: 'addLine' },
      { keys: [k('addTextLine')], what: 'addTextLine' },
      { keys: [k('addProduct')], what: 'addProduct' },
      { keys: [k('saveToService')], what: 'save' },
      { keys: [k('send')], what: 'send' },
    ],
  },
  {
    group: 'line',
    rows: [
      { keys: ['Tab', 'Shift+Tab'], what: 'tab' },
      { keys: ['Enter', 'Shift+Enter'], what: 'enter' },
      { keys: ['↓', '↑'], what: 'arrows' },
      { keys: [k('lineBreak')], what: 'lineBreak' },
      { keys: [k('duplicateLine')], what: 'duplicate' },
      { keys: [k('removeLine')], what: 'remove' },
      { keys: [k('undo')], what: 'undo' },
      { keys: [k('moveLineUp'), k('moveLineDown')], what: 'move' },
      { keys: [k('foreignTax')], what: 'foreignTax' },
      { keys: [k('rowActions')], what: 'rowActions' },
    ],
  },
  {
    group: 'lineButtons',
    rows: [
      { keys: ['←', '→'], what: 'buttonNext' },
      { keys: ['Home', 'End'], what: 'buttonEnds' },
      { keys: ['↑', '↓'], what: 'buttonRow' },
      { keys: ['Enter', 'Space'], what: 'buttonPress' },
      { keys: ['Esc'], what: 'buttonBack' },
    ],
  },
  {
    group: 'lists',
    rows: [
      { keys: ['↓', '↑'], what: 'listRow' },
      { keys: ['↓'], what: 'listFromSearch' },
      { keys: ['Ctrl+Home', 'Ctrl+End'], what: 'listEnds' },
      { keys: ['Enter'], what: 'listOpen' },
    ],
  },
];
