// Type-ahead over cached and local clients and products: every typed word is
// a prefix, accents and case do not matter (FTS5 unicode61 remove_diacritics,
// with prefix indexes so short prefixes stay fast).
import type { Client, Product } from '../../shared/schemas';
import type { ClientHit, ProductHit } from '../../shared/local';
import type { Ctx } from './context';

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

type ClientFieldsForHit = Partial<Pick<Client, 'company' | 'contact' | 'email' | 'city'>>;

export class Search {
  constructor(private readonly ctx: Ctx) {}

  private get db() {
    return this.ctx.db;
  }

  clients(query: string, limit = 20): ClientHit[] {
    const match = matchExpression(query);
    if (match === null) return [];
    const rows = this.db
      .prepare<[string, number], { id: string; clientnr: number | null; data: string }>(
        `SELECT c.id, c.clientnr, coalesce(c.local, c.server) AS data
         FROM client_search s JOIN clients c ON c.rid = s.rowid
         WHERE client_search MATCH ? AND c.deleted = 0
         ORDER BY s.rank LIMIT ?`,
      )
      .all(match, limit);
    return rows.map((r) => {
      const f = JSON.parse(r.data) as ClientFieldsForHit;
      const company = String(f.company ?? '');
      const contact = String(f.contact ?? '');
      return {
        id: r.id,
        clientnr: r.clientnr,
        title: company || contact,
        detail: [company ? contact : '', f.email ?? '', f.city ?? ''].filter((x) => x !== '').join(' · '),
      };
    });
  }

  products(query: string, limit = 20): ProductHit[] {
    const match = matchExpression(query);
    if (match === null) return [];
    const rows = this.db
      .prepare<[string, number], { data: string }>(
        `SELECT p.data FROM product_search s JOIN products p ON p.id = s.rowid
         WHERE product_search MATCH ? ORDER BY s.rank LIMIT ?`,
      )
      .all(match, limit);
    return rows.map((r) => {
      const p = JSON.parse(r.data) as Product;
      return {
        id: String(p.id),
        productId: p.id,
        code: p.code ?? '',
        name: p.name ?? '',
        price: p.price ?? null,
        taxes: p.taxes ?? null,
        title: p.name ?? p.code ?? '',
        detail: p.code ?? '',
      };
    });
  }
}
