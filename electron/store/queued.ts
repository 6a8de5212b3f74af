// What waits in the outbox for a sent quotation, laid over the service's values.
import type { Approval } from '../../shared/schemas';
import type { OutboxEntry } from '../../shared/outbox';

/**
 * Sent, approval and custom status as the user sees them: the service's
 * values, with what waits in the outbox (`ops`, oldest first) over them.
 */
export function withQueued<A>(
  service: { sent: boolean; approved: A | null; customstatus: string },
  ops: readonly Pick<OutboxEntry, 'kind' | 'payload'>[],
): { sent: boolean; sending: boolean; approved: A | Approval | null; customstatus: string } {
  const sending = ops.some((o) => o.kind === 'quotation.send');
  let approved: A | Approval | null = service.approved;
  let customstatus = service.customstatus;
  for (const o of ops) {
    if (o.kind === 'quotation.approve') approved = o.payload.approved === false ? null : (o.payload.approved as Approval);
    if (o.kind === 'quotation.status') customstatus = o.payload.customstatus === 'clear' ? '' : String(o.payload.customstatus);
  }
  return { sent: service.sent || sending, sending, approved, customstatus };
}
