// An error raised on purpose for the person: by a bridge handler, or by what
// it calls in the layers below (the company details refusing a field, a print
// that failed). It lives here, under the bridge, so those layers can raise it
// without importing the bridge; the bridge turns it into the plain error that
// crosses to the page (electron/bridge/errors.ts).
import type { FieldError } from '../../shared/field-errors';
import type { MessageKey, MessageParams, Said } from '../../shared/messages';

/**
 * An error a handler raises on purpose, with a kind the UI acts on and its
 * words from the message catalogue (`said(key, params)`), so the UI says it
 * in its own language. Plain English words are still taken (from code
 * outside the app's handlers); the UI then says the kind's text in Dutch.
 */
export class HandlerError extends Error {
  override readonly name = 'HandlerError';
  readonly key?: MessageKey;
  readonly params?: MessageParams;
  constructor(
    readonly kind: 'not_found' | 'conflict_state' | 'validation' | 'invalid_request',
    what: Said | string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(typeof what === 'string' ? what : what.message);
    if (typeof what !== 'string') {
      this.key = what.messageKey;
      this.params = what.params;
    }
  }
}
