// The sandbox's error answers. Body (JSON; XML mirrors it under <response>):
//   {"error": "<what happened and what to do>", "errors": [{"field": "lines.0.price", "message": "at most 3 decimals"}]}
// `errors` is present on every 400 and 422 (field "" means the body as a whole).
import type { FieldError } from '../../shared/field-errors';
import { describeFieldErrors } from '../../shared/field-errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  error: string;
  errors?: FieldError[];
}

export function errorBody(status: number, message: string, errors?: FieldError[]): ErrorBody {
  if (status === 400 || status === 422) return { error: message, errors: errors ?? [] };
  return errors && errors.length > 0 ? { error: message, errors } : { error: message };
}

/** 400: the request cannot be read. */
export function badRequest(message: string, errors?: FieldError[]): ApiError {
  return new ApiError(400, message, errors ?? []);
}

/** 422: the values break the rules; the message lists every field. */
export function invalid(errors: FieldError[], what = 'Saving failed'): ApiError {
  return new ApiError(422, `${what}: ${describeFieldErrors(errors)}. Correct ${errors.length === 1 ? 'this field' : 'these fields'} and send again.`, errors);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, message);
}
