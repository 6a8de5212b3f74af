// The document option "a subtotal under each heading", per quotation. It is
// an option of the document quotedesk draws (preview, print, PDF) and the
// service has no field for it, so it is never sent: it is kept in the page's
// own storage on this computer, by the quotation's savename (which stays the
// same through its first save, its send and a new local id), and is off for
// any quotation it was never set for.
import { shallowRef } from 'vue';

const KEY = 'quotedesk.headingSubtotals';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // storage refused (a locked-down profile): the option lives as long as the page
    return undefined;
  }
}

function read(store: Store | undefined): ReadonlySet<string> {
  try {
    const v: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The key a quotation's option is kept under: its savename, or its id for one that has none (read from the service without one). */
export function optionKey(quotation: { savename: string; id: string }): string {
  return quotation.savename !== '' ? quotation.savename : `id:${quotation.id}`;
}

// the quotations that have it on, read once; a change is written through at once
const chosen = shallowRef<ReadonlySet<string>>(read(storage()));

/** Whether the quotation kept under this key (optionKey) prints a subtotal under each heading (reactive). */
export function headingSubtotals(key: string): boolean {
  return chosen.value.has(key);
}

export function setHeadingSubtotals(key: string, on: boolean): void {
  if (headingSubtotals(key) === on) return;
  const next = new Set(chosen.value);
  if (on) next.add(key);
  else next.delete(key);
  chosen.value = next;
  try {
    storage()?.setItem(KEY, JSON.stringify([...next]));
  } catch {
    // nothing kept beyond this page; the document still follows the choice now
  }
}

/** For tests: read the page's storage again, as a page opened anew would. */
export function rereadHeadingSubtotals(store: Store | undefined = storage()): void {
  chosen.value = read(store);
}
