// The user gives up an operation that has not reached the service (usually a
// parked one): the operation goes, and so does the local change it carried.
import type { Connection } from './connection';
import { StoreError } from './errors';
import type { Outbox } from './outbox';
import type { Clients } from './clients';
import type { Quotations } from './quotations';
import type { Products } from './products';
import { said } from '../../shared/messages';

export function discardOperation(conn: Connection, outbox: Outbox, clients: Clients, quotations: Quotations, opId: number, products: Products): void {
  conn.tx(['outbox', 'clients', 'quotations', 'conflicts', 'products'], () => {
    const op = outbox.get(opId);
    if (op.state !== 'pending' && op.state !== 'parked') {
      throw new StoreError('not_allowed', said('store.outbox.not_discardable', { state: op.state.replace('_', ' ') }));
    }
    conn.stmt(`UPDATE conflicts SET resolved_at = ?, resolution = 'discarded' WHERE op_id = ? AND resolved_at IS NULL`).run(conn.now(), opId);
    const later = () => outbox.forTarget(op.target).filter((e) => e.id !== op.id && (e.state === 'pending' || e.state === 'parked'));
    switch (op.kind) {
      case 'client.create': {
        const users = clients.usedBy(op.target);
        if (users > 0)
          throw new StoreError(
            'not_allowed',
            said(users === 1 ? 'store.outbox.new_client_in_use.one' : 'store.outbox.new_client_in_use.other', { count: users }),
          );
        outbox.cancel([op.id, ...later().map((e) => e.id)]);
        if (!outbox.hasGoneOut(op.target)) clients.remove(op.target);
        return;
      }
      case 'client.update':
        outbox.cancel([op.id]);
        clients.revert(op.target);
        return;
      case 'client.delete':
        outbox.cancel([op.id]);
        clients.undelete(op.target);
        return;
      case 'quotation.save': {
        const row = quotations.row(op.target);
        outbox.cancel([op.id]);
        if (row.server_id === null && !outbox.hasGoneOut(op.target)) {
          outbox.cancel(later().map((e) => e.id));
          quotations.remove(op.target);
        } else {
          quotations.dropDraft(op.target);
        }
        return;
      }
      case 'quotation.send':
      case 'quotation.approve':
      case 'quotation.status':
        outbox.cancel([op.id]);
        return;
      case 'quotation.delete':
        outbox.cancel([op.id]);
        quotations.undelete(op.target);
        return;
      case 'product.create':
        outbox.cancel([op.id, ...later().map((e) => e.id)]);
        if (!outbox.hasGoneOut(op.target)) products.remove(op.target);
        return;
      case 'product.update':
      case 'product.stock':
        // the other entry of the product goes too: both carry the one local version
        outbox.cancel([
          op.id,
          ...later()
            .filter((e) => e.kind === 'product.update' || e.kind === 'product.stock')
            .map((e) => e.id),
        ]);
        if (!outbox.hasGoneOut(op.target)) products.revert(op.target);
        return;
      case 'product.delete':
        outbox.cancel([op.id]);
        products.undelete(op.target);
        return;
    }
  });
}
