// Ctrl+F on a screen with a list goes to that screen's search field and
// selects what is in it, so typing starts a new search. Screens without a
// search field do not listen (and do not show the shortcut), so the key
// keeps its usual meaning there.
import { onBeforeUnmount, onMounted } from 'vue';
import { matchesShortcut } from './shortcuts';

/** `fieldId`: the id of the screen's search input. */
export function useSearchShortcut(fieldId: string): void {
  function onKeydown(e: KeyboardEvent): void {
    const input = document.getElementById(fieldId);
    // a dialog open over the screen keeps the keys to itself
    if (!(input instanceof HTMLInputElement) || !matchesShortcut(e, 'search') || document.querySelector('dialog[open]')) return;
    e.preventDefault();
    input.focus();
    input.select();
  }
  onMounted(() => window.addEventListener('keydown', onKeydown));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown));
}
