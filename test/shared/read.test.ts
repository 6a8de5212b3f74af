// Reading what the service holds leniently, and sending strictly
// (shared/fields/read.ts, docs/wire-format.md, Reading leniently).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  NOT_CHEAP,
  cheapPathOf,
  clientInput,
  clientRecord,
  productRecord,
  quotationRecord,
  readBool,
  readDate,
  readInt,
  readNumber,
  readOneOf,
  readText,
  settleUnread,
  Unread,
  type Client,
  type Quotation,
} from '../../shared/schemas';
import { recordParser } from '../../electron/api';
import { LIVE_CLIENT } from '../helpers/live-records';

describe('a client the service holds is read as it is', () => {
  it('a zero or empty date is no date, and a date with a time is its date', () => {
    const c: Client = clientRecord.parse({ ...LIVE_CLIENT, mandate_date: '0000-00-00', lastinvoice: '0000-00-00 00:00:00' });
    expect(c).toMatchObject({ mandate_date: null, lastinvoice: null });
    expect(c.unread).toBeUndefined();
    expect(clientRecord.parse({ clientnr: '1', mandate_date: '', lastinvoice: '2015-11-24 10:12:00' })).toEqual({
      clientnr: 1,
      mandate_date: null,
      lastinvoice: '2015-11-24',
    });
  });

  it('null is an absent value', () => {
    const c: Client = clientRecord.parse({
      ...LIVE_CLIENT,
      showcontact: null,
      top: null,
      stddiscount: null,
      country: null,
      default_category: null,
      company: null,
    });
    for (const f of ['showcontact', 'top', 'stddiscount', 'country', 'default_category', 'company']) expect(c[f as keyof typeof c], f).toBeUndefined();
    expect(c.unread).toBeUndefined();
  });

  it('text longer than we may send, numbers beyond our ranges and e-mail or currency forms we refuse are kept', () => {
    const wire = {
      clientnr: '7',
      phone: '+31 (0)20 123 45 67',
      company: 'x'.repeat(80),
      stddiscount: '150.125',
      top: '-3',
      email: 'not an address',
      currency: 'euro',
    };
    expect(clientRecord.parse(wire)).toEqual({
      clientnr: 7,
      phone: '+31 (0)20 123 45 67',
      company: 'x'.repeat(80),
      stddiscount: 150.125,
      top: -3,
      email: 'not an address',
      currency: 'euro',
    });
    // the same values are refused when we would send them
    const sent = clientInput.safeParse({ phone: wire.phone, company: wire.company, stddiscount: 150.125, top: -3, email: wire.email, currency: 'euro' });
    expect(sent.success).toBe(false);
  });

  it('a field that cannot be read is kept raw under its path in `unread`, and the record is still read', () => {
    const c: Client = clientRecord.parse({
      ...LIVE_CLIENT,
      top: 'abc',
      showcontact: 'maybe',
      sendmethod: 'fax',
      reference: { line1: 'Ref', line2: { nested: true } },
    });
    expect(c).toMatchObject({ clientnr: 1, company: 'kees', reference: { line1: 'Ref' } });
    expect(c.top).toBeUndefined();
    expect(c.unread).toEqual({ top: 'abc', showcontact: 'maybe', sendmethod: 'fax', 'reference.line2': { nested: true } });
  });

  it('only the record number must be readable', () => {
    expect(clientRecord.safeParse({ clientnr: 'abc', company: 'x' }).success).toBe(false);
    expect(clientRecord.safeParse({ company: 'x' }).success).toBe(false);
    expect(productRecord.safeParse({ id: null }).success).toBe(false);
    expect(quotationRecord.safeParse({ id: '3', clientnr: 'x' }).success).toBe(false);
  });
});

describe('products and quotations', () => {
  it('a product keeps what it cannot read beside what it can', () => {
    expect(productRecord.parse({ id: '4', name: 'Desk', price: '12,50', taxes: null, priceintax: '145.20001', stock: 'lots' })).toEqual({
      id: 4,
      name: 'Desk',
      priceintax: 145.20001,
      unread: { price: '12,50', stock: 'lots' },
    });
  });

  it("a quotation's odd line fields are kept under the line's path; the other lines read as ever", () => {
    const q: Quotation = quotationRecord.parse({
      id: '9',
      clientnr: '2',
      date: '0000-00-00',
      sent: 'true',
      approved: { name: 'An', date: '0000-00-00' },
      lines: { line1: { description: 'a', amount: '1', price: '2' }, line2: { description: 'b', amount: 'two', price: '3.14159' } },
    });
    expect(q).toMatchObject({ id: 9, clientnr: 2, date: null, sent: true, approved: { name: 'An', date: null } });
    expect(q.lines).toEqual([
      { description: 'a', amount: 1, price: 2 },
      { description: 'b', price: 3.14159 },
    ]);
    expect(q.unread).toEqual({ 'lines.1.amount': 'two' });
  });

  it('lines that are not lines at all are kept raw as a whole', () => {
    const q: Quotation = quotationRecord.parse({ id: 1, clientnr: 1, lines: 'x' });
    expect(q.lines).toBeUndefined();
    expect(q.unread).toEqual({ lines: 'x' });
  });
});

describe('the record parser reads leniently exactly as the schema does', () => {
  const odd = fc.constantFrom(null, '', '0000-00-00', '0000-00-00 00:00:00', '2020-01-02 03:04:05', 'abc', 'x'.repeat(40), '1.23456', 'true', '12', {}, [], {
    line1: 3,
  });
  const keys = Object.keys(clientRecord.shape);
  it('for clients with odd values in any field', () => {
    const fast = recordParser(clientRecord);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), odd, { maxKeys: 12 }), (fields) => {
        const record = { ...fields, clientnr: '5' };
        const expected = clientRecord.safeParse(record);
        expect(expected.success).toBe(true);
        // twice: remembered results give the same record, and each record its own `unread`
        expect(fast(record)).toEqual({ ok: true, value: expected.data });
        expect(fast(record)).toEqual({ ok: true, value: expected.data });
      }),
      { numRuns: 400, seed: 5 },
    );
  });
});

describe('cheap paths of the read types agree with them', () => {
  const values = fc.oneof(
    fc.constantFrom(
      null,
      '',
      'true',
      'false',
      '0',
      '1',
      '-0',
      '12.5',
      '1.23456',
      'abc',
      '0000-00-00',
      '2024-02-29',
      '2023-02-29',
      '2020-01-02 03:04',
      'EUR',
      'nl',
    ),
    fc.stringMatching(/^-?\d{1,16}(\.\d{1,16})?$/),
    fc.integer(),
    fc.boolean(),
  );
  const schemas: [string, z.ZodType][] = [
    ['readText', readText],
    ['readInt', readInt],
    ['readNumber', readNumber],
    ['readBool', readBool],
    ['readDate', readDate],
    ['readOneOf', readOneOf(['', 'nl', 'EUR'])],
  ];
  it.each(schemas)('%s', (_name, schema) => {
    const cheap = cheapPathOf(schema)!;
    fc.assert(
      fc.property(values, (v) => {
        const c = cheap(v);
        if (c === NOT_CHEAP) return;
        const r = schema.safeParse(v);
        expect(r.success).toBe(true);
        expect(Object.is(c, r.data)).toBe(true);
      }),
      { numRuns: 1000, seed: 9 },
    );
  });
});

describe('settling', () => {
  it('gives a record without anything unread back as it is, and never changes what it was given', () => {
    const plain = { a: 1, lines: [{ b: 2 }] };
    expect(settleUnread(plain)).toBe(plain);
    const shared = [{ amount: new Unread('x') }];
    const rec = { id: 1, lines: shared };
    const out = settleUnread(rec);
    expect(out).toEqual({ id: 1, lines: [{}], unread: { 'lines.0.amount': 'x' } });
    expect(rec.lines).toBe(shared);
    expect(shared[0]!.amount).toBeInstanceOf(Unread);
  });
});
