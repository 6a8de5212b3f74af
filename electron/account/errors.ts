// Account problems a person can fix: a missing field, an unknown account,
// a key the service stopped accepting, the accounts file that cannot be read
// or written.
import type { AccountErrorKind } from '../../shared/api-errors';
import type { MessageKey, MessageParams } from '../../shared/messages';
import { MessageError } from '../errors/message-error';

const KEYS: Record<AccountErrorKind, MessageKey> = {
  account_unknown: 'account.unknown',
  account_needs_key: 'account.needs_key',
  account_input: 'account.input',
  settings_corrupt: 'account.settings_corrupt',
  settings_io: 'account.settings_io',
};

export class AccountError extends MessageError<AccountErrorKind> {
  override readonly name = 'AccountError';

  constructor(kind: AccountErrorKind, params: MessageParams = {}) {
    super(kind, KEYS[kind], params);
  }
}
