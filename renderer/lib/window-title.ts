// The window's title says what is open, so a person with several windows,
// or the task bar, sees which quotation this is. Electron's window takes the
// page's title as its own; the browser's tab does too. Leaving the screen
// gives the app's name back.
import { onBeforeUnmount, watchEffect } from 'vue';

export const APP_TITLE = 'quotedesk';

export function useWindowTitle(title: () => string | null): void {
  if (typeof document === 'undefined') return;
  watchEffect(() => {
    document.title = title() ?? APP_TITLE;
  });
  onBeforeUnmount(() => {
    document.title = APP_TITLE;
  });
}
