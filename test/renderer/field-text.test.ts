import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { fieldLabel, fieldList, lineText, rowLabel, valueText } from '../../renderer/lib/field-text';
import { formatDate, formatNumber } from '../../renderer/lib/format';
import type { UiLanguage } from '../../shared/language';

function texts(lang: UiLanguage) {
  const t = createAppI18n(lang).global.t as (key: string, params?: Record<string, unknown>) => string;
  const fmt = {
    number: (v: string | number | null | undefined, max = 3) => formatNumber(v, lang, max),
    date: (v: string | null | undefined) => formatDate(v, lang),
  };
  return { t, fmt };
}

describe('conflict dialog texts', () => {
  it('labels fields as the editors do, in both languages', () => {
    const en = texts('en');
    const nl = texts('nl');
    expect(['notes', 'paymentcondition', 'quotationperiod', 'reference.line2', 'client'].map((f) => fieldLabel('quotation', f, en.t))).toEqual([
      'Internal notes',
      'Payment condition',
      'Quotation period (days)',
      'Reference line 2',
      'Client',
    ]);
    expect(['notes', 'paymentcondition', 'showtotals'].map((f) => fieldLabel('quotation', f, nl.t))).toEqual([
      'Interne notities',
      'Betalingsvoorwaarde',
      'Totalen tonen op de offerte',
    ]);
    expect(rowLabel('quotation', { field: 'line', line: 2 }, nl.t)).toBe('Regel 2');
    expect(fieldLabel('client', 'phone', nl.t)).toBe('Telefoon');
    expect(fieldLabel('client', 'reference.line1', en.t)).toBe('Reference line 1');
    expect(fieldList('quotation', ['paymentcondition', 'notes'], en.t)).toBe('Payment condition, Internal notes');
  });

  it('writes values as a person reads them', () => {
    const { t, fmt } = texts('nl');
    expect(valueText('quotation', { field: 'showtotals' }, true, t, fmt)).toBe('Ja');
    expect(valueText('quotation', { field: 'discounttype' }, 'percentage', t, fmt)).toBe('Percentage');
    expect(valueText('quotation', { field: 'date' }, '2026-11-22', t, fmt)).toBe(formatDate('2026-11-22', 'nl'));
    expect(valueText('quotation', { field: 'reference.line1' }, '', t, fmt)).toBe('—');
    expect(valueText('client', { field: 'sendmethod' }, 'email', t, fmt)).toBe('E-mail');
    expect(valueText('client', { field: 'tax_type' }, 'intax', t, fmt)).toBe('Inclusief btw');
  });

  it('writes a quotation line as one sentence', () => {
    const en = texts('en');
    const nl = texts('nl');
    const line = { amount: 2, unit: 'hours', description: 'Advice', price: 80.5, tax_rate: 21, discount_pct: 10 };
    expect(lineText(line, en.t, en.fmt)).toBe('2 hours × Advice at 80.5, 21% tax, 10% discount');
    expect(lineText(line, nl.t, nl.fmt)).toBe('2 hours × Advice à 80,5, 21% btw, 10% korting');
    expect(lineText({ description: 'Alleen tekst' }, nl.t, nl.fmt)).toBe('Alleen tekst');
    expect(valueText('quotation', { field: 'line' }, { amount: 1, description: 'Werk', price: 100 }, en.t, en.fmt)).toBe('1 × Werk at 100, 0% tax');
  });
});
