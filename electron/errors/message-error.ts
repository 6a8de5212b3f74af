// An error a person can act on: a kind to branch on, a message key the UI
// translates, and the English text filled in from the message catalogue
// (shared/messages). The API client's, keychain's and accounts' errors are
// all of this kind.
import { formatMessage, type MessageKey, type MessageParams } from '../../shared/messages';
import type { ErrorKind, Outcome, SerializedError } from '../../shared/api-errors';

export abstract class MessageError<K extends ErrorKind> extends Error {
  abstract override readonly name: SerializedError['name'];
  readonly messageKey: MessageKey;
  readonly params: MessageParams;

  protected constructor(
    readonly kind: K,
    messageKey: MessageKey,
    params: MessageParams = {},
    /** whether the service may have acted on it; only a request can leave that open */
    readonly outcome: Outcome = 'not_applied',
  ) {
    super(formatMessage(messageKey, params));
    this.messageKey = messageKey;
    this.params = params;
  }

  toJSON(): SerializedError {
    return { name: this.name, kind: this.kind, messageKey: this.messageKey, params: { ...this.params }, message: this.message, outcome: this.outcome };
  }
}
