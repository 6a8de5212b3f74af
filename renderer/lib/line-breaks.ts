// A line's description may run over several lines (docs/keyboard.md, A
// description over several lines). Its field is a textarea in a table where
// Enter and the arrow keys already go from row to row, so a line break is
// typed with its own key and the arrows stay in the text while there is a
// line of it above or below the caret.

/** The line's text fields: a number or unit cell, or a description that may hold line breaks. */
export type TextField = HTMLInputElement | HTMLTextAreaElement;

export function isTextField(el: unknown): el is TextField {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
}

/** Whether ↑ or ↓ moves the caret within the field's own lines rather than to the row above or below. */
export function arrowStaysInText(field: Element, key: string): boolean {
  if (!(field instanceof HTMLTextAreaElement)) return false;
  const { value, selectionStart, selectionEnd } = field;
  if (key === 'ArrowUp') return selectionStart > 0 && value.lastIndexOf('\n', selectionStart - 1) >= 0;
  if (key === 'ArrowDown') return value.indexOf('\n', selectionEnd) >= 0;
  return false;
}

/** Types a line break at the caret, as typing does: the field's input event follows, and undo takes it back. */
export function typeLineBreak(field: HTMLTextAreaElement): void {
  field.focus();
  // the editing command keeps the field's own undo; where it is not offered, the text is set and its input event sent
  if (document.execCommand('insertText', false, '\n')) return;
  field.setRangeText('\n', field.selectionStart, field.selectionEnd, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
