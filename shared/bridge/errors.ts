// Errors cross the bridge as plain data: a kind to act on, a message key the
// UI translates, the English text as a fallback, and field errors when a form
// field is to blame.
import type { FieldError } from '../field-errors';

export type BridgeErrorKind =
  | 'invalid_request' // the payload did not match the contract
  | 'not_found'
  | 'conflict_state' // the record is not in a state that allows this (e.g. editing a sent quotation)
  | 'validation' // a field breaks the spec's rules
  | 'keychain_unavailable'
  | 'internal'
  // kinds of the API client, passed through
  | 'offline'
  | 'timeout'
  | 'unauthorized'
  | 'payment_required'
  | 'rate_limited'
  | 'forbidden'
  | 'has_documents'
  | 'method_not_allowed'
  | 'not_acceptable'
  | 'server'
  | 'bad_response'
  | 'insecure_url';

export interface SerializedError {
  kind: BridgeErrorKind | string;
  messageKey: string;
  message: string;
  fieldErrors?: FieldError[];
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

/** Thrown in the renderer when an operation answers with an error. */
export class BridgeError extends Error implements SerializedError {
  readonly kind: string;
  readonly messageKey: string;
  readonly fieldErrors?: FieldError[];
  constructor(e: SerializedError) {
    super(e.message);
    this.name = 'BridgeError';
    this.kind = e.kind;
    this.messageKey = e.messageKey;
    if (e.fieldErrors) this.fieldErrors = e.fieldErrors;
  }
}
