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

/** The error bodies of other services the sandbox can answer in (AnswerForm, faults.ts). */
export const ERROR_SHAPES = ['errors_laravel', 'errors_list', 'errors_strings', 'error_only', 'error_text'] as const;
export type ErrorShape = (typeof ERROR_SHAPES)[number];

/** A field path as a form's bracket keys: lines.0.price → lines[0][price]. */
function bracketKeys(field: string): string {
  const [first = '', ...rest] = field.split('.');
  return first + rest.map((p) => `[${p}]`).join('');
}

/**
 * Our error body written in another service's shape: its text and content
 * type. Field errors of the body as a whole (field "") keep their words
 * where the shape has room for words without a field.
 */
export function errorBodyIn(shape: ErrorShape, body: ErrorBody): { text: string; type: string } {
  const errors = body.errors ?? [];
  const json = (v: unknown) => ({ text: JSON.stringify(v), type: 'application/json; charset=utf-8' });
  switch (shape) {
    case 'errors_laravel': {
      // as Laravel writes a failed validation: words, and each field's messages under its dotted name
      const byField: Record<string, string[]> = {};
      for (const e of errors) if (e.field !== '') (byField[e.field] ??= []).push(e.message);
      return json({ message: body.error, errors: byField });
    }
    case 'errors_list':
      return json(errors.length > 0 ? errors.map((e) => ({ field: bracketKeys(e.field), message: e.message })) : [{ field: '', message: body.error }]);
    case 'errors_strings':
      return json(errors.length > 0 ? errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)) : [body.error]);
    case 'error_only':
      return json({ error: body.error });
    case 'error_text':
      return { text: body.error, type: 'text/plain; charset=utf-8' };
  }
}
