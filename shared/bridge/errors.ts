// Errors cross the bridge as plain data: a kind to act on, a message key the
// UI translates, the English text as a fallback, and field errors when a form
// field is to blame.
import type { FieldError } from '../field-errors';
import { formatMessage } from '../messages';

export type BridgeErrorKind =
  | 'invalid_request' // the payload did not match the contract
  | 'untrusted_sender' // the request did not come from the app's own page
  | 'host_unreachable' // (web host only) the page lost its connection to the host process
  | 'not_found'
  | 'conflict_state' // the record is not in a state that allows this (e.g. editing a sent quotation)
  | 'validation' // a field breaks the spec's rules
  | 'keychain_unavailable'
  | 'storage' // the local database cannot be used (damaged, too new, held by another quotedesk)
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
  /** values for the {placeholders} of the message key's text */
  params?: Record<string, string | number>;
  fieldErrors?: FieldError[];
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

/** Thrown in the renderer when an operation answers with an error. */
export class BridgeError extends Error implements SerializedError {
  readonly kind: string;
  readonly messageKey: string;
  readonly params?: Record<string, string | number>;
  readonly fieldErrors?: FieldError[];
  constructor(e: SerializedError) {
    super(e.message);
    this.name = 'BridgeError';
    this.kind = e.kind;
    this.messageKey = e.messageKey;
    if (e.params) this.params = e.params;
    if (e.fieldErrors) this.fieldErrors = e.fieldErrors;
  }
}

/**
 * Whether a rejection of `invoke` is an operation's error. Use this rather
 * than `instanceof BridgeError`: Electron's contextBridge copies a rejection
 * into the page as a plain object (an Error would lose its fields on the way),
 * so in Electron the page receives `{ name: 'BridgeError', kind, messageKey,
 * message, ... }`; the web host rejects with a BridgeError.
 */
export function isBridgeError(e: unknown): e is SerializedError {
  if (e === null || typeof e !== 'object') return false;
  const v = e as Partial<SerializedError>;
  return typeof v.kind === 'string' && typeof v.messageKey === 'string' && typeof v.message === 'string';
}

/** Whatever a call threw, as a BridgeError: one that is not the bridge's own is said as an internal error, in each language. */
export function asBridgeError(e: unknown): BridgeError {
  if (e instanceof BridgeError) return e;
  if (e && typeof e === 'object' && 'kind' in e && 'messageKey' in e) return new BridgeError(e as SerializedError);
  const detail = e instanceof Error ? e.message : String(e);
  // said as the main process says its own unexpected errors, so the UI has a text for it in each language
  return new BridgeError({ kind: 'internal', messageKey: 'bridge.internal', message: formatMessage('bridge.internal', { detail }), params: { detail } });
}
