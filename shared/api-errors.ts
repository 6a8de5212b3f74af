// The one plain shape of every error the main process reports about the
// service, the keychain and accounts. The main process sends only this shape
// to the renderer: no request headers, no credentials, no cause chain. Its
// texts, in English and Dutch, are in the message catalogue (shared/messages).
import type { FieldError } from './field-errors';
import { isMessageKey, type MessageKey, type MessageParams } from './messages';

export const API_ERROR_KINDS = [
  /**
   * connection refused, DNS failure, no route: nothing reached the service;
   * or the network answered with its own login page (messageKey
   * api.login_page), where a write's outcome is unknown (docs/wire-format.md)
   */
  'offline',
  /** the connection broke (reset, closed, body cut off) */
  'network',
  /** no answer in time (connect, headers or body timeout) */
  'timeout',
  /** the request was cancelled by the app */
  'aborted',
  /** 401: wrong, deleted or inactive API key */
  'unauthorized',
  /** 402: not enough credits */
  'payment_required',
  /** 403 over the hourly limit, 429, held back to keep the reserve, or held back until the time a Retry-After named */
  'rate_limited',
  /** 403: the IP address is blacklisted for API usage */
  'forbidden',
  /** 403 on a client delete: the client has documents */
  'has_documents',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  /** 400/422 from the service, or input refused before sending */
  'validation',
  /** 5xx */
  'server',
  /** an answer that cannot be read: not the expected form, or a field that does not parse */
  'bad_response',
  /** the base URL is not a usable https:// address */
  'invalid_url',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export const KEYCHAIN_ERROR_KINDS = ['keychain_unavailable', 'keychain_locked', 'keychain_failed'] as const;
export type KeychainErrorKind = (typeof KEYCHAIN_ERROR_KINDS)[number];

export const ACCOUNT_ERROR_KINDS = ['account_unknown', 'account_needs_key', 'account_input', 'settings_corrupt', 'settings_io'] as const;
export type AccountErrorKind = (typeof ACCOUNT_ERROR_KINDS)[number];

export type ErrorKind = ApiErrorKind | KeychainErrorKind | AccountErrorKind;

/**
 * Whether a request may have changed data on the service. `unknown` means it
 * may have been applied (the request was written but no readable answer came
 * back): look the record up before trying again. `not_applied` means it
 * certainly was not.
 */
export type Outcome = 'not_applied' | 'unknown';

/** What crosses to the renderer and into logs. */
export interface SerializedError {
  name: 'ApiError' | 'KeychainError' | 'AccountError';
  kind: ErrorKind;
  messageKey: MessageKey;
  params: MessageParams;
  /** the English text, for logs */
  message: string;
  outcome: Outcome;
  /** e.g. "clients.create" */
  operation?: string;
  status?: number;
  fieldErrors?: FieldError[];
  retryAfterMs?: number;
  /** what the service itself said, when it said something readable (already scrubbed) */
  serverMessage?: string;
}

export function isSerializedError(v: unknown): v is SerializedError {
  if (v === null || typeof v !== 'object') return false;
  const e = v as Partial<SerializedError>;
  return typeof e.kind === 'string' && typeof e.messageKey === 'string' && isMessageKey(e.messageKey) && typeof e.message === 'string';
}
