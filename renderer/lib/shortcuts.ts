// Keyboard shortcuts, in one table so the handlers, the tooltips and
// aria-keyshortcuts never disagree. Letters match by physical key (code),
// so they work whatever the keyboard layout types for Alt+letter.
export interface KeyLike {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export const SHORTCUTS = {
  newQuotation: 'Alt+N',
  newClient: 'Alt+K',
  addLine: 'Alt+L',
  addTextLine: 'Alt+T',
  addProduct: 'Alt+P',
  saveToService: 'Control+S',
  send: 'Control+Enter',
  duplicateLine: 'Alt+D',
  // the line's foreign tax: a key of its own, so that its switch need not be a Tab stop between tax and price
  foreignTax: 'Alt+G',
  removeLine: 'Alt+Delete',
  // puts back the last line removed; in a text field changed since it got the focus it is the field's own undo (lib/undo-key.ts)
  undo: 'Control+Z',
  moveLineUp: 'Alt+ArrowUp',
  moveLineDown: 'Alt+ArrowDown',
  search: 'Control+F',
  // a line break in a line's description, where Enter goes to the row below (as in a spreadsheet's cell)
  lineBreak: 'Alt+Enter',
  // from a line's cell to its buttons (select, move, copy, remove), which Tab passes by (LinesTable)
  rowActions: 'Alt+A',
  // the shortcut sheet; "?" outside a text field opens it too (App.vue)
  shortcutSheet: 'F1',
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

/** "Control+S" as people read it: "Ctrl+S". */
export function shortcutLabel(name: ShortcutName): string {
  return SHORTCUTS[name].replace('Control', 'Ctrl').replace('ArrowUp', '↑').replace('ArrowDown', '↓');
}

export function matchesShortcut(e: KeyLike, name: ShortcutName): boolean {
  const parts = SHORTCUTS[name].split('+');
  const key = parts[parts.length - 1]!;
  const want = { alt: parts.includes('Alt'), ctrl: parts.includes('Control'), shift: parts.includes('Shift') };
  if (e.altKey !== want.alt || (e.ctrlKey || e.metaKey) !== want.ctrl || e.shiftKey !== want.shift) return false;
  if (key.length === 1) return e.code === `Key${key}` || e.key.toUpperCase() === key;
  return e.key === key;
}
