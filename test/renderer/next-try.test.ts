// What the sync bar says of the next try after a failure, in both languages:
// when, and why it waits; nothing while nothing waits or once the time has come.
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { nextTryText } from '../../renderer/lib/next-try';

const tr = (lang: 'nl' | 'en') => createAppI18n(lang).global.t as (key: string, params?: Record<string, unknown>) => string;

// 14:05 local time, a minute before it, and the same moment the next day
const at = new Date(2026, 10, 22, 14, 5).toISOString();
const now = new Date(2026, 10, 22, 14, 4).getTime();

describe('the next try in the sync bar', () => {
  it('says when, and why it waits, in English', () => {
    const en = tr('en');
    expect(nextTryText({ at, why: 'service_asked' }, now, en, 'en')).toBe('next try at 14:05 (the service asked to wait)');
    expect(nextTryText({ at, why: 'service_trouble' }, now, en, 'en')).toBe('next try at 14:05 (the service answers with errors)');
    expect(nextTryText({ at, why: 'backoff' }, now, en, 'en')).toBe('next try at 14:05');
  });

  it('says when, and why it waits, in Dutch', () => {
    const nl = tr('nl');
    expect(nextTryText({ at, why: 'service_asked' }, now, nl, 'nl')).toBe('volgende poging om 14:05 (de service vroeg te wachten)');
    expect(nextTryText({ at, why: 'service_trouble' }, now, nl, 'nl')).toBe('volgende poging om 14:05 (de service geeft foutmeldingen)');
    expect(nextTryText({ at, why: 'backoff' }, now, nl, 'nl')).toBe('volgende poging om 14:05');
  });

  it('names the day too when the next try is not today', () => {
    const tomorrow = new Date(2026, 10, 23, 9, 30).toISOString();
    expect(nextTryText({ at: tomorrow, why: 'service_asked' }, now, tr('en'), 'en')).toMatch(/^next try at 23 Nov.* 09:30 \(the service asked to wait\)$/);
  });

  it('says nothing while nothing waits, or once the time has come', () => {
    const en = tr('en');
    expect(nextTryText(null, now, en, 'en')).toBeNull();
    // a main process that does not tell
    expect(nextTryText(undefined, now, en, 'en')).toBeNull();
    expect(nextTryText({ at, why: 'backoff' }, Date.parse(at), en, 'en')).toBeNull();
    expect(nextTryText({ at, why: 'service_asked' }, Date.parse(at) + 5_000, en, 'en')).toBeNull();
  });
});
