// Lines of a quotation draft: add (blank or from a product), change, move,
// duplicate, remove. Each answer carries what the editor needs to stay in step.
import type { DraftLine, LineFields, LocalQuotation } from '../../../shared/local';
import { HandlerError } from '../errors';
import type { Handlers } from '../dispatcher';
import { lineView } from '../to-views';
import type { BridgeContext } from './context';

/** No currency (the service's default) or EUR: the catalogue's own currency. */
function isEuro(currency: unknown): boolean {
  const c = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  return c === '' || c === 'EUR';
}

type LineHandlers = Pick<Handlers, 'lines.add' | 'lines.update' | 'lines.move' | 'lines.duplicate' | 'lines.remove'>;

export function lineHandlers(ctx: BridgeContext): LineHandlers {
  const lines = (quotationId: string) => ctx.store().quotations.get(quotationId).content.lines;
  // the store answers an edit with the quotation as it now is: no need to read it again
  const order = (q: LocalQuotation) => ({ order: q.content.lines.map((l) => l.id) });
  const line = (all: DraftLine[], lineId: string) => {
    const found = all.find((l) => l.id === lineId);
    if (!found) throw new HandlerError('not_found', `Line ${lineId} is not on this quotation (any more); reload the quotation.`);
    return found;
  };

  /**
   * A product's name, price and tax as a line; the price includes tax when
   * the client's prices do. The catalogue's prices are in euro and a line's
   * price is in the client's currency (docs/service-api.md, Currencies): for
   * a client in another currency the price is left for the person to give,
   * never carried over as the same number in another currency.
   */
  function fromProduct(quotationId: string, productId: number): { line: LineFields; foreign: boolean } {
    const store = ctx.store();
    // as the catalogue shows it: edits made here count, and a product created here offline can be used at once
    const found = store.products.byKey(productId);
    if (!found || found.state === 'deleting') throw new HandlerError('not_found', `Product ${productId} is not in the catalogue on this computer; refresh the products and try again.`);
    const p = found.fields;
    const clientId = store.quotations.get(quotationId).content.clientId;
    const client = clientId !== null ? store.clients.find(clientId) : null;
    const intax = client?.fields.tax_type === 'intax';
    const foreign = !isEuro(client?.fields.currency);
    const price = foreign ? null : intax ? (p.priceintax ?? p.price ?? null) : (p.price ?? null);
    return { line: { amount: 1, description: p.name ?? '', price, tax_rate: p.taxes ?? null }, foreign };
  }

  return {
    'lines.add': ({ quotationId, index, line: fields, fromProductId }) => {
      if (fromProductId === undefined) return lineView(ctx.store().quotations.addLine(quotationId, fields, index));
      const product = fromProduct(quotationId, fromProductId);
      // what the editor sends along wins, except a catalogue price for a client in another currency
      const { price: _price, ...typed } = fields;
      const added = ctx.store().quotations.addLine(quotationId, { ...product.line, ...(product.foreign ? typed : fields) }, index);
      return lineView(added);
    },

    'lines.update': ({ quotationId, lineId, patch }) => {
      const q = ctx.store().quotations.updateLine(quotationId, lineId, patch);
      return lineView(line(q.content.lines, lineId));
    },

    'lines.move': ({ quotationId, lineId, toIndex }) => order(ctx.store().quotations.moveLine(quotationId, lineId, toIndex)),

    'lines.duplicate': ({ quotationId, lineId }) => {
      const all = lines(quotationId);
      const at = all.findIndex((l) => l.id === lineId);
      const { id: _id, ...fields } = line(all, lineId);
      return lineView(ctx.store().quotations.addLine(quotationId, fields, at + 1));
    },

    'lines.remove': ({ quotationId, lineId }) => order(ctx.store().quotations.removeLine(quotationId, lineId)),
  };
}
