// Type-ahead over cached and local clients and products: every typed word is
// a prefix, accents and case do not matter (FTS5 unicode61 remove_diacritics,
// with prefix indexes so short prefixes stay fast). A client is found by its
// company, contact, e-mail, city or number (migration 15), and by its
// postcode, VAT number, phone or mobile (migration 18, shared/client-codes.ts); the client and
// product lists search the same indexes (name-pages.ts), the quotation list
// one of its own for the reference lines and lines (quotation-list.ts).
import type { Client, Product } from '../../shared/schemas';
import type { ClientHit, ProductHit } from '../../shared/local';
import type { Connection } from './connection';
import { codeAlternatives } from '../../shared/client-codes';

/** "Müller b@x" → `"Müller"* "b"* "x"*`: each word a quoted prefix, all required. */
export function matchExpression(query: string): string | null {
  const words = query
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return words
    .slice(0, 8)
    .map((w) => `"${w}"*`)
    .join(' ');
}

/**
 * A client search: its words as for any search, or the typed text as a whole
 * postcode, VAT number or phone number ("3512 AB" finds 3512AB, "06 1234"
 * finds 06-12345678).
 */
export function clientMatchExpression(query: string): string | null {
  const words = matchExpression(query);
  if (words === null) return null;
  const alternatives = codeAlternatives(query).map((a) => `"${a}"*`);
  return alternatives.length === 0 ? words : `(${words}) OR ${alternatives.join(' OR ')}`;
}

type ClientFieldsForHit = Partial<Pick<Client, 'company' | 'contact' | 'email' | 'city'>>;

export class Search {
  constructor(private readonly conn: Connection) {}

  clients(query: string, limit = 20): ClientHit[] {
    const match = clientMatchExpression(query);
    if (match === null) return [];
    // Ranking every match of a one-letter prefix (bm25) costs milliseconds on
    // 10,000 clients; a bounded candidate set ranked here stays well under one.
    // The candidates are looked up by rid: `+` keeps the planner from walking
    // the list's index on deleted (migration 12) instead, all 100,000 entries.
    const rows = this.conn
      .stmt<[string, number], { id: string; clientnr: number | null; codes: string } & Required<ClientFieldsForHit>>(
        `SELECT c.id, c.clientnr, s.company, s.contact, s.email, s.city, s.codes
         FROM (SELECT rowid, company, contact, email, city, codes FROM client_search WHERE client_search MATCH ? LIMIT ?) s
         JOIN clients c ON c.rid = s.rowid
         WHERE +c.deleted = 0`,
      )
      .all(match, CANDIDATES);
    const words = queryWords(query);
    // the whole of a postcode or phone number typed in parts counts as one word of the codes
    const codeWords = [...words, ...codeAlternatives(query)];
    return rows
      .map((r) => {
        const f = r;
        const company = String(f.company ?? '');
        const contact = String(f.contact ?? '');
        const title = company || contact;
        const hit: ClientHit = {
          id: r.id,
          clientnr: r.clientnr,
          title,
          detail: [company ? contact : '', f.email ?? '', f.city ?? ''].filter((x) => x !== '').join(' · '),
        };
        const number = r.clientnr === null ? '' : String(r.clientnr);
        // the client whose number was typed whole comes first
        const exact = words.length === 1 && words[0] === number ? EXACT_NUMBER : 0;
        const codes = score(codeWords, [String(r.codes ?? '')]);
        return { hit, score: exact + score(words, [title, contact, String(f.email ?? ''), String(f.city ?? ''), number]) + codes };
      })
      .sort((a, b) => b.score - a.score || fold(a.hit.title).localeCompare(fold(b.hit.title)))
      .slice(0, limit)
      .map((x) => x.hit);
  }

  /** Products as the person sees them (local edits over the service's), those being deleted left out. */
  products(query: string, limit = 20): ProductHit[] {
    const match = matchExpression(query);
    if (match === null) return [];
    const rows = this.conn
      .stmt<[string, number], { id: string; rid: number; product_id: number | null; data: string }>(
        `SELECT p.id, p.rid, p.product_id, coalesce(p.local, p.server) AS data
         FROM (SELECT rowid FROM product_search WHERE product_search MATCH ? LIMIT ?) s
         JOIN products p ON p.rid = s.rowid
         WHERE +p.deleted = 0`,
      )
      .all(match, CANDIDATES);
    const words = queryWords(query);
    return rows
      .map((r) => {
        const p = JSON.parse(r.data) as Partial<Product>;
        const code = p.code == null ? '' : String(p.code);
        const name = p.name == null ? '' : String(p.name);
        const hit: ProductHit = {
          id: r.id,
          productId: productKey(r),
          code,
          name,
          price: typeof p.price === 'number' ? p.price : p.price == null || (p.price as unknown) === '' ? null : Number(p.price),
          taxes: typeof p.taxes === 'number' ? p.taxes : p.taxes == null || (p.taxes as unknown) === '' ? null : Number(p.taxes),
          title: name || code,
          detail: code,
        };
        return { hit, score: score(words, [hit.code, hit.name]) };
      })
      .sort((a, b) => b.score - a.score || fold(a.hit.title).localeCompare(fold(b.hit.title)))
      .slice(0, limit)
      .map((x) => x.hit);
  }
}

/**
 * The number the catalogue and a new line know a product by: the service's
 * id, or for a product created here and not yet on the service, minus its
 * row key (service ids are positive, so the two never meet).
 */
export function productKey(r: { rid: number; product_id: number | null }): number {
  return r.product_id ?? -r.rid;
}

/** More than any fields can score together: a client number typed whole. */
const EXACT_NUMBER = 1000;

/** How many matches are ranked; beyond this the query is too short to tell them apart. */
const CANDIDATES = 100;

/** Lower case without accents, as the index compares. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function queryWords(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Earlier fields weigh more; a field that starts with the query most of all. */
function score(words: string[], fields: string[]): number {
  const whole = words.join(' ');
  let total = 0;
  fields.forEach((field, i) => {
    const f = fold(field);
    const weight = fields.length - i;
    if (whole !== '' && f.startsWith(whole)) total += 4 * weight;
    for (const w of words) if (f.startsWith(w) || f.includes(` ${w}`)) total += weight;
  });
  return total;
}
