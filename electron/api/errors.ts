// One error type for everything that can go wrong talking to the service. It
// is built from plain values only: an undici error is read for its code and
// then dropped, never kept as `cause`, because it may carry the request
// options and with them the Authorization header. Its text comes from the
// message catalogue like every other error a person reads (MessageError).
import type { FieldError } from '../../shared/field-errors';
import { describeFieldErrors } from '../../shared/field-errors';
import type { MessageKey, MessageParams } from '../../shared/messages';
import type { ApiErrorKind, Outcome, SerializedError } from '../../shared/api-errors';
import { MessageError } from '../errors/message-error';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  messageKey: MessageKey;
  params?: MessageParams;
  outcome: Outcome;
  operation?: string;
  status?: number;
  fieldErrors?: FieldError[];
  retryAfterMs?: number;
  serverMessage?: string;
}

export class ApiError extends MessageError<ApiErrorKind> {
  override readonly name = 'ApiError';
  readonly operation?: string;
  readonly status?: number;
  readonly fieldErrors?: FieldError[];
  readonly retryAfterMs?: number;
  readonly serverMessage?: string;

  constructor(init: ApiErrorInit) {
    super(init.kind, init.messageKey, init.params ?? {}, init.outcome);
    if (init.operation !== undefined) this.operation = init.operation;
    if (init.status !== undefined) this.status = init.status;
    if (init.fieldErrors !== undefined) this.fieldErrors = init.fieldErrors;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
  }

  /** A copy with some fields changed (errors are immutable). */
  with(changes: Partial<ApiErrorInit>): ApiError {
    return new ApiError({ ...this.toInit(), ...changes });
  }

  override toJSON(): SerializedError {
    return serializeApiError(this);
  }

  private toInit(): ApiErrorInit {
    return {
      kind: this.kind,
      messageKey: this.messageKey,
      params: this.params,
      outcome: this.outcome,
      operation: this.operation,
      status: this.status,
      fieldErrors: this.fieldErrors,
      retryAfterMs: this.retryAfterMs,
      serverMessage: this.serverMessage,
    };
  }
}

/** The plain shape the renderer and the logs get. */
export function serializeApiError(e: ApiError): SerializedError {
  const out: SerializedError = {
    name: 'ApiError',
    kind: e.kind,
    messageKey: e.messageKey,
    params: { ...e.params },
    message: e.message,
    outcome: e.outcome,
  };
  if (e.operation !== undefined) out.operation = e.operation;
  if (e.status !== undefined) out.status = e.status;
  if (e.fieldErrors !== undefined) out.fieldErrors = e.fieldErrors.map((f) => ({ field: f.field, message: f.message }));
  if (e.retryAfterMs !== undefined) out.retryAfterMs = e.retryAfterMs;
  if (e.serverMessage !== undefined) out.serverMessage = e.serverMessage;
  return out;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Input refused before anything was sent. */
export function inputError(operation: string, fieldErrors: FieldError[]): ApiError {
  return new ApiError({
    kind: 'validation',
    messageKey: 'api.validation.input',
    params: { fields: describeFieldErrors(fieldErrors) },
    outcome: 'not_applied',
    operation,
    fieldErrors,
  });
}
