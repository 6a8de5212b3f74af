// Errors the local database raises. Each says what happened and what to do,
// by a key of the message catalogue (shared/messages/store.ts), so the UI
// says it in its own language; the English words go along for logs.
import type { MessageKey, MessageParams, Said } from '../../shared/messages';
import { said } from '../../shared/messages';

export type StoreErrorCode =
  /** the file is not a readable SQLite database */
  | 'corrupt'
  /** the file was written by a newer quotedesk */
  | 'too_new'
  /** another quotedesk holds the database */
  | 'locked'
  /** the record asked for does not exist (any more) */
  | 'not_found'
  /** the change asked for is not allowed in the record's current state */
  | 'not_allowed'
  /** the input itself is malformed (unknown field, wrong shape) */
  | 'invalid';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  /**
   * `what`: said(key, params). Plain English words are still taken (code
   * outside the store's own modules); the UI then says the code's text in
   * Dutch, in general terms.
   */
  constructor(
    readonly code: StoreErrorCode,
    what: Said | string,
    options?: { cause?: unknown; key?: MessageKey; params?: MessageParams },
  ) {
    super(typeof what === 'string' ? what : what.message, options);
    // a key given beside plain words (older callers) counts as the words' key
    this.key = typeof what === 'string' ? options?.key : what.messageKey;
    this.params = typeof what === 'string' ? options?.params : what.params;
  }
  /** the message key of its text in the catalogue (shared/messages) */
  readonly key?: MessageKey;
  readonly params?: MessageParams;
}

const NOT_FOUND: Record<string, MessageKey> = {
  Quotation: 'store.not_found.quotation',
  'Quotation line': 'store.not_found.line',
  Client: 'store.not_found.client',
  Product: 'store.not_found.product',
  Template: 'store.not_found.template',
  'Outbox entry': 'store.not_found.operation',
  Conflict: 'store.not_found.conflict',
};

/** `what`: the record's English noun, as "Quotation" or "Outbox entry"; one without a text of its own is called a record. */
export function notFound(what: string, id: string | number): StoreError {
  return new StoreError('not_found', said(NOT_FOUND[what] ?? 'store.not_found.record', { id }));
}
