// What is wrong with a template name, checked as it is typed with the same
// rules the store applies (electron/store/templates.ts), and the store's
// refusal read back into the same terms.
import type { FieldError } from '../../shared/field-errors';

export const TEMPLATE_NAME_MAX = 100;

export type TemplateNameProblem = { code: 'required' } | { code: 'tooLong'; max: number } | { code: 'taken'; name: string };

/** Lower case without accents and with single spaces, as the store compares names. */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** `others`: the names of the other templates. */
export function templateNameProblem(name: string, others: readonly string[]): TemplateNameProblem | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { code: 'required' };
  if (trimmed.length > TEMPLATE_NAME_MAX) return { code: 'tooLong', max: TEMPLATE_NAME_MAX };
  const key = nameKey(trimmed);
  const taken = others.find((o) => nameKey(o) === key);
  return taken === undefined ? null : { code: 'taken', name: taken };
}

/** The store's field error for the name, or null when the refusal was about something else. */
export function nameProblemFrom(fieldErrors: readonly FieldError[] | undefined): TemplateNameProblem | null {
  const e = fieldErrors?.find((f) => f.field === 'name');
  if (!e) return null;
  const taken = /"(.+)" is taken/.exec(e.message);
  if (taken) return { code: 'taken', name: taken[1]! };
  if (/at most/.test(e.message)) return { code: 'tooLong', max: TEMPLATE_NAME_MAX };
  return { code: 'required' };
}
