// Texts for errors that come over the bridge, from the one message
// catalogue (shared/messages), in the UI's language, with the error's params
// filled in. An unknown key falls back to the English text the error carries.
import { MESSAGES, fillPlaceholders, isMessageKey } from '../../shared/messages';
import type { SerializedError } from '../../shared/bridge';
import type { UiLanguage } from '../../shared/language';

export function hasErrorText(key: string): boolean {
  return isMessageKey(key);
}

export function errorText(e: Pick<SerializedError, 'messageKey' | 'message' | 'params'>, language: UiLanguage): string {
  if (!isMessageKey(e.messageKey)) return e.message;
  const template = MESSAGES[e.messageKey][language];
  const params = e.params ?? {};
  // a placeholder without a value would show as "{detail}": the English text says more
  // (checked on the text before filling in: a value may hold braces of its own, as "{YYYY}")
  const missing = [...template.matchAll(/\{(\w+)\}/g)].some((m) => !(m[1]! in params));
  return missing ? e.message : fillPlaceholders(template, params);
}
