// Texts for errors that come over the bridge: the API client's, keychain and
// account keys (shared/api-errors.ts) and the bridge's own (shared/bridge),
// in the UI's language, with the error's params filled in. An unknown key
// falls back to the English text the error carries.
import { MESSAGES, fillPlaceholders } from '../../shared/api-errors';
import { BRIDGE_MESSAGES, type SerializedError } from '../../shared/bridge';
import type { Language } from '../lib/numbers';

type Texts = { readonly en: string; readonly nl: string };
const CATALOGUE: Record<string, Texts> = { ...MESSAGES, ...BRIDGE_MESSAGES };

export function hasErrorText(key: string): boolean {
  return key in CATALOGUE;
}

export function errorText(e: Pick<SerializedError, 'messageKey' | 'message' | 'params'>, language: Language): string {
  const texts = CATALOGUE[e.messageKey];
  if (!texts) return e.message;
  const params = e.params ?? {};
  const text = fillPlaceholders(texts[language], params);
  // a placeholder without a value would show as "{detail}": the English text says more
  return /\{\w+\}/.test(text) ? e.message : text;
}
