// Lines of a quotation draft: add (blank or from a product), change, move,
// duplicate, remove. Each answer carries what the editor needs to stay in step.
import type { DraftLine, LocalQuotation } from '../../../shared/local';
import { HandlerError } from '../../errors/handler-error';
import type { Handlers } from '../dispatcher';
import { type ProductLine, productLine } from '../product-line';
import { lineView } from '../to-views';
import type { BridgeContext } from './context';
import { said } from '../../../shared/messages';

type LineHandlers = Pick<Handlers, 'lines.add' | 'lines.update' | 'lines.move' | 'lines.duplicate' | 'lines.remove' | 'lines.restore' | 'lines.productPrice'>;

export function lineHandlers(ctx: BridgeContext): LineHandlers {
  const lines = (quotationId: string) => ctx.store().quotations.get(quotationId).content.lines;
  // the store answers an edit with the quotation as it now is: no need to read it again
  const order = (q: LocalQuotation) => ({ order: q.content.lines.map((l) => l.id) });
  const line = (all: DraftLine[], lineId: string) => {
    const found = all.find((l) => l.id === lineId);
    if (!found) throw new HandlerError('not_found', said('bridge.line_gone', { id: lineId }));
    return found;
  };

  /** A product as a line for this quotation's client: the one rule is product-line.ts. */
  function fromProduct(quotationId: string, productId: number): ProductLine {
    const store = ctx.store();
    // as the catalogue shows it: edits made here count, and a product created here offline can be used at once
    const found = store.products.byKey(productId);
    if (!found || found.state === 'deleting') throw new HandlerError('not_found', said('bridge.product_not_in_catalogue', { id: productId }));
    const clientId = store.quotations.get(quotationId).content.clientId;
    const client = clientId !== null ? store.clients.find(clientId) : null;
    return productLine(found.fields, client ? client.fields : null, store.productUnits.of(found.id));
  }

  return {
    // a new priced line without a rate (a product without one too) takes the rate the store decides (Quotations.addNewLine)
    // the answer says where the line went: "at the end" is above a standard closing text (Quotations.endIndex)
    'lines.add': ({ quotationId, index, line: fields, fromProductId }) => {
      const placed = (added: DraftLine) => ({ ...lineView(added), index: lines(quotationId).findIndex((l) => l.id === added.id) });
      if (fromProductId === undefined) return placed(ctx.store().quotations.addNewLine(quotationId, fields, index));
      const product = fromProduct(quotationId, fromProductId);
      // what the editor sends along (a quantity, a text) wins; the price is always the catalogue's, worked out here only
      const { price: _price, ...typed } = fields;
      return placed(ctx.store().quotations.addNewLine(quotationId, { ...product.line, ...typed }, index));
    },

    'lines.update': ({ quotationId, lineId, patch }) => {
      const q = ctx.store().quotations.updateLine(quotationId, lineId, patch);
      return lineView(line(q.content.lines, lineId));
    },

    'lines.move': ({ quotationId, lineId, toIndex }) => order(ctx.store().quotations.moveLine(quotationId, lineId, toIndex)),

    // a copy is the line as it is, its rate (or its want of one) included
    'lines.duplicate': ({ quotationId, lineId }) => {
      const all = lines(quotationId);
      const at = all.findIndex((l) => l.id === lineId);
      const { id: _id, ...fields } = line(all, lineId);
      return lineView(ctx.store().quotations.addLine(quotationId, fields, at + 1));
    },

    'lines.remove': ({ quotationId, lineId }) => order(ctx.store().quotations.removeLine(quotationId, lineId)),

    'lines.restore': ({ quotationId, index, line: removed }) => order(ctx.store().quotations.restoreLine(quotationId, removed, index)),

    // read only: what the editor says of a price it did not put on the line (a client in another currency)
    'lines.productPrice': ({ quotationId, productId }) => {
      const product = fromProduct(quotationId, productId);
      return { price: product.cataloguePrice, intax: product.intax, foreign: product.foreign };
    },
  };
}
