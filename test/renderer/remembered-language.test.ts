import { describe, expect, it } from 'vitest';
import { rememberedLanguage, rememberLanguage } from '../../renderer/lib/remembered-language';

describe('the language the page last spoke', () => {
  it('is kept and read back; anything else stored, or a storage that refuses, is no language', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    expect(rememberedLanguage(storage)).toBeNull();
    rememberLanguage('nl', storage);
    expect(rememberedLanguage(storage)).toBe('nl');
    kept.set('quotedesk.language', 'fr');
    expect(rememberedLanguage(storage)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedLanguage(refusing)).toBeNull();
    expect(() => rememberLanguage('en', refusing)).not.toThrow();
  });
});
