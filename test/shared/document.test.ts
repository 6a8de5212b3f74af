// The document's rules that are not money: the PDF's file name, the validity
// date, the document language, IBAN checks and what a logo really is.
import { describe, expect, it } from 'vitest';
import { documentFileName, documentLanguage, formatIban, ibanProblem, isTextLine, sniffLogoType, validUntil } from '../../shared/document';

describe('the PDF file name', () => {
  it('is the reference and the client', () => {
    expect(documentFileName('OF2026-0008', 'Bakkerij Jansen')).toBe('OF2026-0008 Bakkerij Jansen.pdf');
  });

  it('replaces what file systems refuse and keeps accents', () => {
    expect(documentFileName('OF/2026:8', 'Jansen & Zn. <B.V.> "Café" a\\b|c?d*e')).toBe('OF-2026-8 Jansen & Zn. -B.V.- -Café- a-b-c-d-e.pdf');
    expect(documentFileName('Q1', 'tab\there\nnewline')).toBe('Q1 tab here newline.pdf');
    expect(documentFileName('Q1', 'nul\u0000byte')).toBe('Q1 nul-byte.pdf');
  });

  it('drops trailing dots and spaces, which Windows removes', () => {
    expect(documentFileName('Q1', 'Jansen B.V.')).toBe('Q1 Jansen B.V.pdf');
    expect(documentFileName('Q1', 'Jansen ...  ')).toBe('Q1 Jansen.pdf');
  });

  it('is never empty nor a device name', () => {
    expect(documentFileName('', '')).toBe('quotation.pdf');
    expect(documentFileName(null, undefined, 'offerte')).toBe('offerte.pdf');
    expect(documentFileName('', '...')).toBe('quotation.pdf');
    expect(documentFileName('CON', '')).toBe('CON-.pdf');
    expect(documentFileName('', 'lpt1')).toBe('lpt1-.pdf');
  });

  it('works with only one of the two', () => {
    expect(documentFileName('OF2026-0008', '')).toBe('OF2026-0008.pdf');
    expect(documentFileName('', 'Bakkerij Jansen')).toBe('Bakkerij Jansen.pdf');
  });

  it('is kept to a length every file system takes', () => {
    const name = documentFileName('Q'.repeat(40), 'x'.repeat(500));
    expect(name.length).toBeLessThanOrEqual(124);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('the validity date', () => {
  it('is the date plus the period in days', () => {
    expect(validUntil('2026-03-01', 14)).toBe('2026-03-15');
    expect(validUntil('2026-03-01', 0)).toBe('2026-03-01');
  });

  it('crosses months, years and leap days', () => {
    expect(validUntil('2026-01-20', 30)).toBe('2026-02-19');
    expect(validUntil('2026-12-20', 14)).toBe('2027-01-03');
    expect(validUntil('2028-02-15', 14)).toBe('2028-02-29');
    expect(validUntil('2027-02-15', 14)).toBe('2027-03-01');
  });

  it('does not shift with the time zone or summer time', () => {
    // the last Sunday of March: a day of 23 hours in Europe
    expect(validUntil('2026-03-28', 1)).toBe('2026-03-29');
    expect(validUntil('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('is absent without a date or a period', () => {
    expect(validUntil(null, 14)).toBeNull();
    expect(validUntil('2026-03-01', null)).toBeNull();
    expect(validUntil('2026-03-01', -1)).toBeNull();
    expect(validUntil('1-3-2026', 14)).toBeNull();
  });
});

describe('the document language', () => {
  it("is the quotation's, then the client's, then the app's", () => {
    expect(documentLanguage({ quotation: 'en', client: 'nl', ui: 'nl' })).toBe('en');
    expect(documentLanguage({ quotation: null, client: 'en', ui: 'nl' })).toBe('en');
    expect(documentLanguage({ quotation: '', client: '', ui: 'en' })).toBe('en');
    // a language the document is not drawn in falls through
    expect(documentLanguage({ quotation: 'de', client: 'nl', ui: 'en' })).toBe('nl');
  });
});

describe('text lines', () => {
  it('are lines with a description only', () => {
    expect(isTextLine({})).toBe(true);
    expect(isTextLine({ amount: undefined, price: undefined })).toBe(true);
    expect(isTextLine({ amount: 1 })).toBe(false);
    expect(isTextLine({ price: 0 })).toBe(false);
    expect(isTextLine({ tax_rate: 0 })).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs however they are written', () => {
    for (const iban of [
      'NL91ABNA0417164300',
      'nl91 abna 0417 1643 00',
      'BE68 5390 0754 7034',
      'DE89 3704 0044 0532 0130 00',
      'GB29 NWBK 6016 1331 9268 19',
      'MT84MALT011000012345MTLCAST001S',
      '',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });

  it('catches a mistyped digit and two swapped digits', () => {
    expect(ibanProblem('NL91ABNA0417164301')).toBe('checksum');
    expect(ibanProblem('NL91ABNA0417163400')).toBe('checksum');
  });

  it('catches a wrong length for the country, and what is no IBAN at all', () => {
    expect(ibanProblem('NL91ABNA041716430')).toBe('length');
    expect(ibanProblem('1234567890')).toBe('format');
    expect(ibanProblem('NL91 ABNA 0417 1643 0!')).toBe('format');
  });

  it('prints in groups of four', () => {
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});

describe('logo bytes', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('are told by their content, not their name', () => {
    expect(sniffLogoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffLogoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffLogoType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('image/svg+xml');
    expect(sniffLogoType(bytes('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg width="10">'))).toBe('image/svg+xml');
  });

  it('are refused when they are anything else', () => {
    expect(sniffLogoType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffLogoType(bytes('<html><svg></svg></html>'))).toBeNull();
    expect(sniffLogoType(bytes('GIF89a'))).toBeNull();
    expect(sniffLogoType(new Uint8Array())).toBeNull();
  });
});
