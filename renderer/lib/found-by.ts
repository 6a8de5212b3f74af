// Which of a client's VAT number, phone and mobile a search found it by. The
// client list and the quotation editor's client picker show the client's name,
// contact, e-mail and place; a client found by "NL8123" or "06 1234" would
// otherwise be listed with nothing on screen that the person typed. Read the
// same way the store's index reads them (shared/client-codes.ts).
import { clientCodes, codeAlternatives, compact } from '../../shared/client-codes';
import type { ClientSummary } from '../../shared/bridge';

export type FoundByField = 'taxnumber' | 'phone' | 'mobile';

/** The field among the VAT number, phone and mobile that the typed text is the start of, or null. */
export function foundBy(query: string, c: Pick<ClientSummary, FoundByField>): { field: FoundByField; value: string } | null {
  const whole = compact(query);
  // a code holds digits; a name typed is never one of these
  if (whole.length < 2 || !/\p{N}/u.test(whole)) return null;
  const typed = [whole, ...codeAlternatives(query)];
  for (const field of ['taxnumber', 'phone', 'mobile'] as const) {
    const value = c[field];
    if (!value) continue;
    const words = (field === 'taxnumber' ? clientCodes('', value, '', '') : clientCodes('', '', value, '')).split(' ');
    if (typed.some((t) => words.some((w) => w.startsWith(t)))) return { field, value };
  }
  return null;
}
