// The service answers a send with the new id only. What the customer got
// (the signing link, the service's totals and validity date) is read back at
// once, so the person sees the link right after sending instead of after the
// next pull. One request per send, on the person's action.
import type { OpDeps, QuotationPushStore } from './types';

/**
 * Reads the sent quotation `serverId` and keeps it as the service has it,
 * and learns what the service filled into fields `body` left empty.
 * The send itself is done whatever happens here: a failed read only means
 * the link comes with the next pull, so nothing is thrown.
 */
export async function readSent(deps: OpDeps<QuotationPushStore>, localId: string, serverId: number, body?: Record<string, unknown>): Promise<void> {
  try {
    const sent = await deps.api.quotations.get(serverId);
    if (sent.id !== serverId) return;
    // what the service filled where the body left a field empty (a draft sent by PUT carried no body: its save taught it)
    if (body) deps.store.serviceDefaults?.learn(body, sent);
    // kept only while the row still mirrors this quotation (quotationPushes)
    deps.store.quotationPushes.recordSentRead(localId, sent);
  } catch {
    // the entry is done already: an error here must not make the engine
    // take the send for failed (and look it up, or send it again)
  }
}
