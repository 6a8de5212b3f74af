// What a failed request means for the outbox entry that made it. Transient
// trouble backs off and tries again; what the user must fix parks the entry
// with the reason; a bad key pauses the whole outbox. Nothing is dropped.
import type { ApiError } from '../api';
import type { OpError } from '../../shared/outbox';
import type { PauseReason } from '../../shared/sync';

export type FailureAction =
  /** try again after a backoff (Retry-After honoured) */
  | { do: 'retry'; error: Omit<OpError, 'at'>; retryAfterMs?: number; offline: boolean }
  /** the request may have been applied: look it up before anything is resent */
  | { do: 'lookup'; error: Omit<OpError, 'at'>; offline: boolean }
  /** wait for the user */
  | { do: 'park'; error: Omit<OpError, 'at'> }
  /** stop the whole outbox until the user acts */
  | { do: 'pause'; reason: PauseReason; error: Omit<OpError, 'at'> }
  /** the engine is stopping: leave the entry as it was */
  | { do: 'abort' };

function opError(e: ApiError, kind: OpError['kind']): Omit<OpError, 'at'> {
  // the key goes along, so the UI says the reason in its own language
  const out: Omit<OpError, 'at'> = { kind, message: e.message, messageKey: e.messageKey, params: { ...e.params } };
  if (e.status !== undefined) out.status = e.status;
  if (e.fieldErrors && e.fieldErrors.length > 0) out.fieldErrors = e.fieldErrors;
  return out;
}

export function classify(e: ApiError): FailureAction {
  const transportTrouble = e.kind === 'offline' || e.kind === 'network' || e.kind === 'timeout';
  if (e.kind === 'aborted' && e.outcome === 'not_applied') return { do: 'abort' };
  if (e.outcome === 'unknown') return { do: 'lookup', error: opError(e, 'network'), offline: transportTrouble };
  switch (e.kind) {
    case 'offline':
    case 'network':
    case 'timeout':
      return { do: 'retry', error: opError(e, 'network'), offline: true };
    case 'server':
    case 'bad_response':
      return { do: 'retry', error: opError(e, 'server'), offline: false };
    case 'rate_limited':
      return { do: 'retry', error: opError(e, 'rate_limited'), retryAfterMs: e.retryAfterMs, offline: false };
    case 'validation':
      return { do: 'park', error: opError(e, 'validation') };
    case 'payment_required':
      return { do: 'park', error: opError(e, 'credits') };
    case 'has_documents':
      return { do: 'park', error: opError(e, 'has_documents') };
    case 'not_found':
      return { do: 'park', error: opError(e, 'not_found') };
    case 'unauthorized':
      return { do: 'pause', reason: 'auth', error: opError(e, 'auth') };
    case 'forbidden':
      return { do: 'pause', reason: 'forbidden', error: opError(e, 'other') };
    default:
      return { do: 'park', error: opError(e, 'other') };
  }
}
