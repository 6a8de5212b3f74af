// What a client is found by besides its names: its postcode, VAT number,
// phone and mobile. These are typed in many ways ("3512 AB" and "3512AB",
// "NL 8123.45.678.B01", "06-12 34 56 78", "+31 6 12345678"), so the index
// holds each as written (its parts are words: "3512", "ab") and once more
// without spaces and punctuation ("3512ab", "nl812345678b01", "0612345678"),
// so a run of digits typed whole is the start of a word. A VAT number is also
// there without its country letters ("8123" finds NL812345678B01), and a
// phone number written with a country code (+31, 0031) in its national form
// too ("0612" finds +31 6 12345678).
//
// The search side (codeAlternatives) reads what was typed the same way: the
// words are each a prefix, all required, as for names; or, when the text holds
// digits, the whole of it without spaces and punctuation is one prefix
// ("3512 AB" and "06 1234" find "3512AB" and "06-12345678").
//
// The store's index calls clientCodes through the SQL function client_codes
// (electron/store/sql-functions.ts) from its triggers (migration 18) and from
// a pull's bulk fill (electron/store/pulled.ts); the client list and picker
// use the same reading to say which of these a search found
// (renderer/lib/found-by.ts). A change to what it returns leaves the rows already
// indexed as they were: it needs a migration that fills the index again.
import { fold } from './fold';

/** Letters and digits only, folded: "NL 8123.45" → "nl812345". */
export function compact(s: string): string {
  return fold(s).replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * A number written with a country code in its national form: "+31 6 1234"
 * and "0031 (0)6 1234" → "061234". Two-digit country codes (the Netherlands,
 * Belgium, Germany, France and most of Europe); null for any other number.
 * `digits`: how many the number has at least after its country code (fewer
 * for the start of one being typed).
 */
export function nationalForm(phone: string, digits = 6): string | null {
  const s = phone.replace(/[^\d+]+/g, '');
  const m = new RegExp(`^(?:\\+|00)\\d{2}(\\d{${digits},})$`).exec(s);
  return m ? `0${m[1]!.replace(/^0+/, '')}` : null;
}

/** The words the index holds for these fields (each may be missing or not text). */
export function clientCodes(zipcode: unknown, taxnumber: unknown, phone: unknown, mobile: unknown): string {
  const words = new Set<string>();
  const add = (w: string | null) => {
    if (w) words.add(w);
  };
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  for (const v of [zipcode, taxnumber, phone, mobile].map(text)) {
    if (v === '') continue;
    add(fold(v));
    add(compact(v));
  }
  const vat = compact(text(taxnumber));
  add(vat.replace(/^\p{L}+/u, ''));
  for (const p of [phone, mobile].map(text)) add(nationalForm(p));
  return [...words].join(' ');
}

/**
 * What else than its words a typed text may be, as whole prefixes: itself
 * without spaces and punctuation, and a phone number's national form.
 * Only for text with digits and more than one word (one word is matched as
 * it is); each alternative is letters and digits only.
 */
export function codeAlternatives(query: string): string[] {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const out = new Set<string>();
  const whole = compact(query).slice(0, 40);
  if (words.length > 1 && /\p{N}/u.test(whole)) out.add(whole);
  const national = /^[\d\s+()./-]+$/.test(query.trim()) ? nationalForm(query, 2) : null;
  if (national !== null && national !== whole) out.add(national);
  out.delete(words[0] ?? '');
  return [...out];
}
