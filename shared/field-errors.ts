// One shape for "which field is wrong and why", used by the sandbox's 400/422
// bodies, the API client's validation errors and the UI's inline messages.
import type { z } from 'zod';

export interface FieldError {
  /** dotted path, e.g. "email" or "lines.2.price"; "" for the body as a whole */
  field: string;
  message: string;
}

export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** "email: must be an e-mail address…; lines.2.price: at most 3 decimals" */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
}
