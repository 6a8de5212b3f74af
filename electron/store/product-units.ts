// A product's default unit ("m2", "uur"), which a line made from it takes.
// The service's product has no unit field, so the unit is kept on this
// computer only, in a table of its own beside the product's row (by its
// local id, removed with it), and never sent (docs/products.md).
import type { Connection } from './connection';
import { UNIT_MAX } from '../../shared/units';
import { StoreError } from './errors';
import { said } from '../../shared/messages';

/** How many of the latest quotations' lines count towards the units used before. */
const RECENT = 100;

export class ProductUnits {
  constructor(private readonly conn: Connection) {}

  /** The product's unit; '' when it has none. */
  of(productId: string): string {
    return this.conn.stmt<[string], { unit: string }>('SELECT unit FROM product_units WHERE id = ?').get(productId)?.unit ?? '';
  }

  /** Sets (or with blank text, removes) the product's unit; call it in the transaction that writes the product. */
  set(productId: string, unit: string): void {
    const u = unit.trim();
    if (u.length > UNIT_MAX) throw new StoreError('invalid', said('store.product.unit_too_long', { max: UNIT_MAX }));
    this.conn.tx([{ entity: 'products', id: productId }], () => {
      if (u === '') this.conn.stmt('DELETE FROM product_units WHERE id = ?').run(productId);
      else this.conn.stmt('INSERT INTO product_units (id, unit) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET unit = excluded.unit').run(productId, u);
    });
  }

  /**
   * The units used before, most used first: those of the products and of
   * the lines of the latest quotations, each text once whatever its case
   * (the spelling used most wins).
   */
  used(limit = 30): string[] {
    const rows = this.conn
      .stmt<[], { unit: string; n: number }>(
        `SELECT unit, count(*) AS n FROM (
           SELECT trim(unit) AS unit FROM product_units
           UNION ALL
           SELECT trim(json_extract(l.value, '$.amount_desc')) AS unit
             FROM (SELECT coalesce(draft, server) AS doc FROM quotations WHERE deleted = 0 ORDER BY updated_at DESC LIMIT ${RECENT}) q,
                  json_each(q.doc, '$.lines') l
            WHERE json_type(l.value, '$.amount_desc') = 'text'
         ) WHERE unit <> '' GROUP BY unit ORDER BY n DESC, unit`,
      )
      .all();
    const byKey = new Map<string, { unit: string; n: number }>();
    for (const r of rows) {
      const key = r.unit.toLowerCase();
      const had = byKey.get(key);
      if (had) had.n += r.n;
      else byKey.set(key, { ...r });
    }
    return [...byKey.values()]
      .sort((a, b) => b.n - a.n || a.unit.localeCompare(b.unit))
      .slice(0, limit)
      .map((r) => r.unit);
  }
}
