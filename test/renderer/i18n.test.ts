import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/i18n/en';
import { nl } from '../../renderer/i18n/nl';
import { errorText } from '../../renderer/i18n/errors';
import { createAppI18n } from '../../renderer/i18n';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function leaf(o: object, path: string): string {
  return path.split('.').reduce<unknown>((acc, k) => (acc as Record<string, unknown>)[k], o) as string;
}

describe('catalogues', () => {
  it('Dutch and English have the same keys and the same placeholders', () => {
    expect(keys(nl)).toEqual(keys(en));
    for (const k of keys(en)) {
      const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ph(leaf(nl, k)), k).toEqual(ph(leaf(en, k)));
    }
  });

  it('has no text vue-i18n would read as syntax', () => {
    for (const cat of [en, nl]) for (const k of keys(cat)) expect(leaf(cat, k), k).not.toMatch(/[|@]/);
  });

  it('the stable accessible names are there in English', () => {
    const i18n = createAppI18n('en');
    const t = i18n.global.t;
    expect([t('quotations.new'), t('editor.addLine'), t('editor.addTextLine'), t('editor.saveToService'), t('editor.send'), t('editor.newClient')]).toEqual([
      'New quotation',
      'Add line',
      'Add text line',
      'Save to service',
      'Send',
      'New client',
    ]);
    expect([t('line.quantity'), t('line.unit'), t('line.description'), t('line.tax'), t('line.price'), t('line.discount'), t('editor.client')]).toEqual([
      'Quantity',
      'Unit',
      'Description',
      'Tax %',
      'Price',
      'Discount %',
      'Client',
    ]);
    expect(t('sync.pending', { n: 3 })).toBe('3 pending');
    expect(t('problem.email', { at: '@' })).toContain('name@example.com');
  });
});

describe('error texts', () => {
  it('translates API error keys with their params', () => {
    const e = { messageKey: 'api.rate_limited', message: 'english', params: { seconds: 30 } };
    expect(errorText(e, 'nl')).toContain('30 seconden');
    expect(errorText(e, 'en')).toContain('30 seconds');
  });

  it('translates the bridge keys', () => {
    expect(errorText({ messageKey: 'bridge.validation', message: 'x', params: { detail: 'x' } }, 'nl')).toMatch(/niet geldig/);
  });

  it('says a value that holds braces of its own, as the numbering rules do', () => {
    const e = {
      messageKey: 'numbering.pattern.unknown_placeholder',
      message: 'english',
      params: { placeholder: '{MM}', year: '{YYYY}', yy: '{YY}', counter: '{####}' },
    };
    expect(errorText(e, 'nl')).toBe('Het nummerpatroon bevat {MM}, en dat is geen plaatshouder; gebruik {YYYY}, {YY} of een reeks # zoals {####}.');
  });

  it('falls back to the English message for an unknown key or a missing param', () => {
    expect(errorText({ messageKey: 'nope', message: 'The fallback.' }, 'nl')).toBe('The fallback.');
    expect(errorText({ messageKey: 'bridge.storage', message: 'Database locked.' }, 'nl')).toBe('Database locked.');
  });
});
