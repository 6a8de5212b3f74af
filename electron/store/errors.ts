// Errors the local database raises. Each says what happened and what to do,
// because they reach the user as they are.

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
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown; key?: string; params?: Record<string, string | number> },
  ) {
    super(message, options);
    this.key = options?.key;
    this.params = options?.params;
  }
  /** a message key of its own (shared/bridge/messages.ts), for a text in both languages */
  readonly key?: string;
  readonly params?: Record<string, string | number>;
}

export function notFound(what: string, id: string | number): StoreError {
  return new StoreError('not_found', `${what} ${id} does not exist on this computer; refresh the list and try again.`);
}
