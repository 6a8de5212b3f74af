// Ctrl+Z in the editor. In a text field that holds something other than what
// it held when it got the focus, the key is the browser's own text undo, as
// in a spreadsheet's cell being edited. Anywhere else, and in a field not
// changed since it got the focus (the cell the focus lands in after Alt+Delete,
// or one whose own undo has taken it back), it puts back the last line
// removed (docs/keyboard.md, Undo).

/** each text field's value when it last got the focus */
const atFocus = new WeakMap<EventTarget, string>();

function textField(el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement {
  return (
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type))
  );
}

function onFocusIn(e: FocusEvent): void {
  if (textField(e.target)) atFocus.set(e.target, e.target.value);
}

/** Keeps each text field's value as it gets the focus, while the screen that asks is shown; the function returned stops it. */
export function watchFieldValues(doc: Document): () => void {
  doc.addEventListener('focusin', onFocusIn, true);
  const at = doc.activeElement;
  if (textField(at) && !atFocus.has(at)) atFocus.set(at, at.value);
  return () => doc.removeEventListener('focusin', onFocusIn, true);
}

/** Whether Ctrl+Z on `target` is the field's own text undo: it is a text field changed since it got the focus. */
export function fieldOwnsUndo(target: EventTarget | null): boolean {
  if (!textField(target)) return false;
  const was = atFocus.get(target);
  return was !== undefined && was !== target.value;
}
