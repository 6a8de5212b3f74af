// Date fields in the UI's language: what is shown, and what typing is read.
import { describe, expect, it } from 'vitest';
import { dateToInput, parseDate } from '../../renderer/lib/dates';

const today = new Date(2026, 10, 25);

describe('date fields', () => {
  it('show a date day first in both languages, never in the browser locale', () => {
    expect(dateToInput('2026-11-23', 'nl')).toBe('23-11-2026');
    expect(dateToInput('2026-11-23', 'en')).toBe('23/11/2026');
    expect(dateToInput(null, 'en')).toBe('');
  });

  it('read what either language types', () => {
    for (const text of [
      '23-11-2026',
      '23/11/2026',
      '23.11.2026',
      '23 11 2026',
      '23-11-26',
      '23-11',
      ' 23/11 ',
      '2026-11-23',
      '23 nov 2026',
      '23 November 2026',
      '23 Nov. 2026',
      '23-nov-2026',
      '23 nov',
    ])
      expect(parseDate(text, today), text).toBe('2026-11-23');
    expect(parseDate('1 mei', today)).toBe('2026-05-01');
    expect(parseDate('3 mrt 2027', today)).toBe('2027-03-03');
    expect(parseDate('3 March 2027', today)).toBe('2027-03-03');
    expect(parseDate('1-2-2026', today)).toBe('2026-02-01');
    expect(parseDate('', today)).toBe('');
  });

  it('refuse what is no date, so the field can say so and keep the text', () => {
    for (const text of ['31-02-2026', '32-1-2026', '13/13/2026', '11/23/2026', 'morgen', '23 foo 2026', '2026', '1-2-3-4'])
      expect(parseDate(text, today), text).toBeNull();
  });

  it('round-trip what they show', () => {
    for (const lang of ['nl', 'en'] as const) expect(parseDate(dateToInput('2027-01-09', lang), today)).toBe('2027-01-09');
  });
});
