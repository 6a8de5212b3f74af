// Account problems a person can fix: a missing field, an unknown account,
// a key the service stopped accepting, a settings file that cannot be read
// or written.
import { formatMessage, type AccountErrorKind, type MessageKey, type MessageParams, type SerializedError } from '../../shared/api-errors';

const KEYS: Record<AccountErrorKind, MessageKey> = {
  account_unknown: 'account.unknown',
  account_needs_key: 'account.needs_key',
  account_input: 'account.input',
  settings_corrupt: 'account.settings_corrupt',
  settings_io: 'account.settings_io',
};

export class AccountError extends Error {
  override readonly name = 'AccountError';
  readonly messageKey: MessageKey;
  readonly params: MessageParams;

  constructor(
    readonly kind: AccountErrorKind,
    params: MessageParams = {},
  ) {
    const messageKey = KEYS[kind];
    super(formatMessage(messageKey, params));
    this.messageKey = messageKey;
    this.params = params;
  }

  toJSON(): SerializedError {
    return { name: this.name, kind: this.kind, messageKey: this.messageKey, params: { ...this.params }, message: this.message, outcome: 'not_applied' };
  }
}
