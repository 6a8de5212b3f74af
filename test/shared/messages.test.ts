// The one message catalogue: every text in both languages with the same
// placeholders, the area files never claiming the same key, and no error the
// app raises itself left with English words only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage, isMessageKey, said, type MessageKey } from '../../shared/messages';
import { SERVICE_MESSAGES } from '../../shared/messages/service';
import { BRIDGE_MESSAGES } from '../../shared/messages/bridge';
import { STORE_MESSAGES } from '../../shared/messages/store';
import { PARKED_MESSAGES } from '../../shared/messages/parked';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// The texts of an error that came with English words and no key (from code
// outside the app's own modules): English shows the words, Dutch says the
// kind in general, without them.
const WORDS_ONLY = ['bridge.not_found', 'bridge.conflict_state', 'bridge.validation'];

describe('the message catalogue', () => {
  it('has every text in English and Dutch, with the same placeholders', () => {
    const keys = Object.keys(MESSAGES) as MessageKey[];
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      const { en, nl } = MESSAGES[key];
      expect(en.trim(), key).not.toBe('');
      expect(nl.trim(), key).not.toBe('');
      if (WORDS_ONLY.includes(key)) expect([en, placeholders(nl)], key).toEqual(['{detail}', []]);
      else expect(placeholders(nl), key).toEqual(placeholders(en));
    }
  });

  it('says something in Dutch beyond the English words it was given', () => {
    // a Dutch text that is only a placeholder would show English to a Dutch reader
    const onlyPassedOn = (Object.keys(MESSAGES) as MessageKey[]).filter((k) => /^\{\w+\}$/.test(MESSAGES[k].nl));
    expect(onlyPassedOn).toEqual([]);
  });

  it('keeps each key in one area file only', () => {
    const areas = [SERVICE_MESSAGES, BRIDGE_MESSAGES, STORE_MESSAGES, PARKED_MESSAGES].map((a) => Object.keys(a));
    const all = areas.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(Object.keys(MESSAGES).length);
  });

  it('looks a text up by key and params, in either language', () => {
    expect(formatMessage('store.not_found.client', { id: 'c-1' }, 'nl')).toBe(
      'Klant c-1 bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
    );
    expect(said('store.not_found.client', { id: 'c-1' })).toEqual({
      messageKey: 'store.not_found.client',
      params: { id: 'c-1' },
      message: 'Client c-1 does not exist on this computer; refresh the list and try again.',
    });
    expect(isMessageKey('store.not_found.quotation')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('names a quotation by no id of its own: a person knows it by its number, which a missing one has none of', () => {
    // the id is kept with the error, for diagnostics, and not said
    expect(said('store.not_found.quotation', { id: '0195f3a2-7c1e-7abc-9def-0123456789ab' })).toMatchObject({
      params: { id: '0195f3a2-7c1e-7abc-9def-0123456789ab' },
      message: 'This quotation does not exist on this computer (any more); refresh the list and try again.',
    });
    expect(formatMessage('store.not_found.quotation', { id: '28' }, 'nl')).toBe(
      'Deze offerte bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
    );
  });

  it('fills a value that holds braces of its own', () => {
    const e = said('numbering.pattern.unknown_placeholder', { placeholder: '{MM}', year: '{YYYY}', yy: '{YY}', counter: '{####}' });
    expect(e.message).toBe('The numbering pattern has {MM}, which is not a placeholder; use {YYYY}, {YY} or a run of # such as {####}.');
  });
});

// Where the app raises the errors a person reads.
const SOURCES = ['store', 'sync', 'bridge', 'core', 'account', 'document'].map((d) => join(__dirname, '../../electron', d));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('errors the app raises', () => {
  it('say their text by a key of the catalogue, never by English words alone', () => {
    const prose: string[] = [];
    for (const file of SOURCES.flatMap(sourceFiles)) {
      const text = readFileSync(file, 'utf8');
      // a store or handler error given a quoted text or a template string
      for (const m of text.matchAll(/new (?:StoreError|HandlerError)\(\s*'[a-z_]+',\s*['"`]/g)) prose.push(`${file}: ${m[0]}`);
      // a parked or unknown operation given its reason as words
      for (const m of text.matchAll(/\.(?:park|markUnknown)\([^{};]*\{[^{}]*?\bmessage:\s*['"`]/g)) prose.push(`${file}: ${m[0]}`);
    }
    expect(prose).toEqual([]);
  });
});
