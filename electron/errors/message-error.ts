// An error a person can act on: a kind to branch on, a message key the UI
// translates, and the English text filled in from the shared catalogue.
import { formatMessage, type ErrorKind, type MessageKey, type MessageParams, type SerializedError } from '../../shared/api-errors';

export abstract class MessageError<K extends ErrorKind> extends Error {
  abstract override readonly name: SerializedError['name'];
  readonly messageKey: MessageKey;
  readonly params: MessageParams;

  protected constructor(
    readonly kind: K,
    keys: Record<K, MessageKey>,
    params: MessageParams = {},
  ) {
    const messageKey = keys[kind];
    super(formatMessage(messageKey, params));
    this.messageKey = messageKey;
    this.params = params;
  }

  toJSON(): SerializedError {
    return { name: this.name, kind: this.kind, messageKey: this.messageKey, params: { ...this.params }, message: this.message, outcome: 'not_applied' };
  }
}
