// The one catalogue of texts for errors a person reads, in English and
// Dutch, and the one way to look a text up: a message key and its params.
// The main process words its errors with these keys (the English text goes
// along for logs); the renderer shows the text in the UI's language
// (renderer/i18n/errors.ts). The texts are kept by area in the files beside
// this one; their keys never overlap (test/shared/messages.test.ts).
import { SERVICE_MESSAGES } from './service';
import { BRIDGE_MESSAGES } from './bridge';
import { STORE_MESSAGES } from './store';
import { PARKED_MESSAGES } from './parked';
import type { Texts } from './texts';

export type { Texts } from './texts';

export const MESSAGES = { ...SERVICE_MESSAGES, ...BRIDGE_MESSAGES, ...STORE_MESSAGES, ...PARKED_MESSAGES } as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;
export type Lang = 'en' | 'nl';

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** A text with its {name} placeholders filled in; one without a value stays as it is. */
export function fillPlaceholders(text: string, params: Readonly<Record<string, unknown>>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/** The message for a key in a language, with {name} placeholders filled in. */
export function formatMessage(key: MessageKey, params: MessageParams = {}, lang: Lang = 'en'): string {
  const texts: Texts = MESSAGES[key];
  return fillPlaceholders(texts[lang], params);
}

/** A message as the main process hands it on: its key and params, and the English words for logs and older readers. */
export interface Said {
  messageKey: MessageKey;
  params: MessageParams;
  /** the English text */
  message: string;
}

export function said(messageKey: MessageKey, params: MessageParams = {}): Said {
  return { messageKey, params, message: formatMessage(messageKey, params) };
}
