// Errors that name fields read as the editors label them, never as raw paths
// ("lines.4.discount_pct"), in both languages.
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { errorText } from '../../renderer/i18n/errors';
import { anyFieldLabel, withReadableFields } from '../../renderer/lib/error-fields';
import { problemFromMessage } from '../../renderer/lib/validation';
import { describeFieldErrors } from '../../shared/field-errors';
import type { UiLanguage } from '../../shared/language';
import type { SerializedError } from '../../shared/bridge';

function readable(e: SerializedError, lang: UiLanguage, entity?: 'quotation' | 'client' | 'product'): string {
  const i18n = createAppI18n(lang).global;
  const t = i18n.t as (key: string, params?: Record<string, unknown>) => string;
  const problem = (m: string) => {
    const p = problemFromMessage(m);
    return p.code && i18n.te(`problem.${p.code}`) ? t(`problem.${p.code}`, p.params) : t('problem.fromService', { message: m });
  };
  return withReadableFields(errorText(e, lang), e.fieldErrors, (f) => anyFieldLabel(f, t, entity), problem);
}

const fieldErrors = [{ field: 'lines.4.discount_pct', message: 'must be a percentage from 0 to 100' }];
// as the bridge serializes the handler's refusal of a quotation that cannot go yet
const refused: SerializedError = {
  kind: 'validation',
  messageKey: 'bridge.validation',
  message: 'x',
  params: { detail: `This quotation cannot go to the service yet: ${describeFieldErrors(fieldErrors)}. Correct these fields and try again.` },
  fieldErrors,
};

describe('an error naming fields', () => {
  it('names a line and its column as the attention panel does, in English', () => {
    const text = readable(refused, 'en');
    expect(text).toBe(
      'This quotation cannot go to the service yet: Line 5, Discount %: Must be a percentage from 0 to 100. Correct these fields and try again.',
    );
    expect(text).not.toMatch(/lines\.4|discount_pct/);
  });

  it('adds the fields to a Dutch text that leaves them out', () => {
    const text = readable(refused, 'nl');
    expect(text).toBe('Sommige velden zijn niet geldig. Verbeter ze en probeer het opnieuw. (Regel 5, Korting %: Moet een percentage van 0 tot 100 zijn)');
  });

  it("fills the service's {fields} with labels, a client's fields by the client editor's", () => {
    const errs = [
      { field: 'email', message: 'must be an e-mail address' },
      { field: 'lines.0.price', message: 'at most 3 decimals' },
    ];
    const e: SerializedError = {
      kind: 'validation',
      messageKey: 'api.validation',
      message: 'x',
      params: { fields: describeFieldErrors(errs) },
      fieldErrors: errs,
    };
    const text = readable(e, 'en');
    expect(text).toMatch(/^The service did not accept the data: E-mail: .+; Line 1, Price: .+\. Correct these fields and try again\.$/);
    expect(text).not.toMatch(/lines\.0|email:/);
    expect(anyFieldLabel('notes', createAppI18n('en').global.t as never, 'client')).not.toBe(anyFieldLabel('notes', createAppI18n('en').global.t as never));
  });

  it('leaves an error without fields as it is', () => {
    const e: SerializedError = { kind: 'network', messageKey: 'bridge.conflict_state', message: 'x', params: { detail: 'Nothing to do.' } };
    expect(readable(e, 'en')).toBe('Nothing to do.');
  });
});
