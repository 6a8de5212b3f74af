import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  NOT_CHEAP,
  bool,
  cheapPathOf,
  clientRecord,
  date,
  decimal,
  emailOrEmpty,
  int,
  oneOf,
  productRecord,
  lineWritable,
  quotationRecord,
  text,
} from '../../shared/schemas';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { toWire } from '../../shared/wire';
import { recordParser } from '../../electron/api';
import { looksFull, readId, readList, readOne } from '../../electron/api/parse';
import type { ApiError } from '../../electron/api';

function thrown(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('did not throw');
}

const client = recordParser(clientRecord);

describe('reading answers', () => {
  it('reads a bare list of live-format records', () => {
    const text = JSON.stringify([
      toWire({ clientnr: 1, company: 'Kees', showcontact: true, country: 146, mandate_date: null, top: 30 }),
      toWire({ clientnr: 2, company: 'Els', active: false }),
    ]);
    expect(readList(text, client, 'clients.list')).toEqual([
      { clientnr: 1, company: 'Kees', showcontact: true, country: 146, mandate_date: null, top: 30 },
      { clientnr: 2, company: 'Els', active: false },
    ]);
    expect(readList('[]', client, 'clients.list')).toEqual([]);
  });

  it('names the record and field that does not parse, and returns nothing of the page', () => {
    // only a record's own number must be readable: every other field is read leniently (shared/fields/read.ts)
    const text = JSON.stringify([{ clientnr: '1' }, { clientnr: 'two', email: 'not-an-email' }]);
    const e = thrown(() => readList(text, client, 'clients.list'));
    expect(e).toMatchObject({ kind: 'bad_response', operation: 'clients.list' });
    expect(e.fieldErrors).toEqual([{ field: '1.clientnr', message: expect.stringMatching(/whole number/) }]);
    expect(e.message).toContain('field 1.clientnr');
  });

  it('refuses what is not a list, not JSON, or cut off', () => {
    expect(thrown(() => readList('{"clients": []}', client, 'clients.list')).message).toContain('a list was expected');
    expect(thrown(() => readList('[{"clientnr":"1"},{"clien', client, 'clients.list')).message).toContain('not complete JSON');
    expect(thrown(() => readList('', client, 'clients.list')).message).toContain('empty');
  });

  it('unwraps one record, and reads keyed lines', () => {
    const q = readOne(
      JSON.stringify({ quotation: toWire({ id: 7, clientnr: 3, sent: false, lines: [{ amount: 1, price: '2.5', description: 'a' }, { description: 'b' }] }) }),
      'quotation',
      recordParser(quotationRecord),
      'quotations.get',
    );
    expect(q).toMatchObject({ id: 7, clientnr: 3, sent: false, lines: [{ amount: 1, price: 2.5, description: 'a' }, { description: 'b' }] });
    expect(readOne('{"id":"1","name":"x"}', 'product', recordParser(productRecord), 'products.get')).toEqual({ id: 1, name: 'x' });
    expect(thrown(() => readOne('[]', 'product', recordParser(productRecord), 'products.get')).kind).toBe('bad_response');
    expect(thrown(() => readOne('{"product":{"name":"no id"}}', 'product', recordParser(productRecord), 'products.get')).fieldErrors).toEqual([
      { field: 'id', message: expect.any(String) },
    ]);
  });

  it('reads the raw id of a create', () => {
    expect(readId('42', 'x')).toBe(42);
    expect(readId(' 42\n', 'x')).toBe(42);
    expect(readId('"42"', 'x')).toBe(42);
    expect(readId('{"id":"42"}', 'x')).toBe(42);
    for (const bad of ['', 'OK', '0', '-3', '4.2', '<html>']) expect(thrown(() => readId(bad, 'x')).kind).toBe('bad_response');
  });
});

// Values a live record's fields might hold: good wire strings, typed values, and junk.
const wireValue = fc.oneof(
  fc.constantFrom(
    '',
    'true',
    'false',
    '0',
    '1',
    '30',
    '146',
    '12.5',
    '1.2345',
    '-1',
    'EUR',
    'euro',
    'nl',
    'xx',
    'FRST',
    'email',
    'bank',
    'extax',
    '2026-01-02',
    '2026-02-30',
    '2024-02-29',
    '2023-02-29',
    'a@b.nl',
    'not-an-email',
    'x'.repeat(60),
    ' 7 ',
    '1e3',
    'NaN',
    '99999999999999999999',
    '999999999999999',
    '1.10',
    '0.0000001',
    '-0',
    '123456789012.123',
    '0012',
    '1.',
    '.5',
    'OOFF',
    'percentage',
  ),
  fc.integer({ min: -5, max: 2000 }),
  fc.double({ noNaN: true, min: -10, max: 10 }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.constant({ line1: 'a', line2: '' }),
  fc.constant([]),
);

function sameAsSchema(schema: typeof clientRecord | typeof productRecord | typeof quotationRecord, keys: string[]) {
  const fast = recordParser(schema as typeof clientRecord);
  return fc.property(fc.dictionary(fc.constantFrom(...keys, 'bogus'), wireValue, { maxKeys: keys.length }), (record) => {
    const expected = schema.safeParse(record);
    const got = fast(record);
    if (expected.success) expect(got).toEqual({ ok: true, value: expected.data });
    else expect(got).toEqual({ ok: false, errors: fieldErrorsFromZod(expected.error) });
  });
}

describe('the fast record parser gives exactly the schema result', () => {
  it('for clients', () => {
    // run twice over the same parser so remembered field results are exercised
    const keys = Object.keys(clientRecord.shape);
    fc.assert(sameAsSchema(clientRecord, keys), { numRuns: 400, seed: 1 });
    fc.assert(sameAsSchema(clientRecord, keys), { numRuns: 400 });
  });

  it('for products and quotations', () => {
    fc.assert(sameAsSchema(productRecord, Object.keys(productRecord.shape)), { numRuns: 300 });
    fc.assert(sameAsSchema(quotationRecord, Object.keys(quotationRecord.shape)), { numRuns: 300 });
  });

  it('for quotation lines, as a list or keyed line1, line2, … with good and bad values', () => {
    const fast = recordParser(quotationRecord);
    const lineKeys = [...Object.keys(lineWritable), 'linetotal', 'bogus'];
    const line = fc.oneof(
      fc.dictionary(fc.constantFrom(...lineKeys), wireValue, { maxKeys: lineKeys.length }),
      fc.record({ amount: fc.constantFrom('1', '2.5', '10'), description: fc.string({ maxLength: 20 }), price: fc.constantFrom('12.50', '0', '99.999') }),
      wireValue,
    );
    const lines = fc.oneof(
      fc.array(line, { maxLength: 4 }),
      fc.array(line, { maxLength: 4 }).map((ls) => Object.fromEntries(ls.map((l, i) => [`line${ls.length - i}`, l]))),
      fc.constantFrom('', null, 'x', 3),
    );
    fc.assert(
      fc.property(lines, fc.constantFrom('7', 7, 'x'), (ls, id) => {
        const record = { id, clientnr: '3', lines: ls };
        const expected = quotationRecord.safeParse(record);
        const got = fast(record);
        if (expected.success) expect(got).toEqual({ ok: true, value: expected.data });
        else expect(got).toEqual({ ok: false, errors: fieldErrorsFromZod(expected.error) });
      }),
      { numRuns: 600, seed: 3 },
    );
  });

  it('for non-records', () => {
    for (const v of [null, 'x', 3, [], [{ clientnr: 1 }]]) {
      const r = clientRecord.safeParse(v);
      expect(client(v)).toEqual({ ok: false, errors: fieldErrorsFromZod(r.error!) });
    }
  });

  it('does not share remembered results across schemas or leak objects', () => {
    const a = client({ clientnr: '1', reference: { line1: 'x' } });
    const b = client({ clientnr: '2', reference: { line1: 'x' } });
    expect(a.ok && b.ok && a.value.reference !== b.value.reference).toBe(true);
  });
});

describe('cheap paths agree with their schemas', () => {
  const values = fc.oneof(wireValue, fc.stringMatching(/^-?\d{1,16}(\.\d{1,5})?$/), fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), fc.emailAddress());
  const schemas: [string, z.ZodType][] = [
    ['text()', text()],
    ['text(7)', text(7)],
    ['bool', bool],
    ['int', int],
    ['decimal(2)', decimal(2)],
    ['decimal(3)', decimal(3)],
    ['decimal(4)', decimal(4)],
    ['date', date],
    ['oneOf', oneOf(['', 'nl', 'EUR', 'FRST', 'email', 'bank', 'extax', 'true'])],
    ['emailOrEmpty', emailOrEmpty],
  ];
  it.each(schemas)('%s', (_name, schema) => {
    const cheap = cheapPathOf(schema)!;
    expect(cheap).toBeTypeOf('function');
    let taken = 0;
    fc.assert(
      fc.property(values, (v) => {
        const c = cheap(v);
        if (c === NOT_CHEAP) return;
        taken++;
        const r = schema.safeParse(v);
        expect(r.success).toBe(true);
        expect(Object.is(c, r.data)).toBe(true);
      }),
      { numRuns: 1500, seed: 7 },
    );
    expect(taken).toBeGreaterThan(5);
  });
});

describe('the fast record parser on valid live records', () => {
  it('takes the fast path and still equals the schema', () => {
    const fast = recordParser(clientRecord);
    const liveClient = fc.record({
      clientnr: fc.integer({ min: 1, max: 1e9 }).map(String),
      company: fc.string({ maxLength: 50 }),
      email: fc.oneof(
        fc.constant(''),
        fc.emailAddress().filter((e) => e.length <= 255),
      ),
      lastinvoice: fc.oneof(
        fc.constant(''),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      ),
      stddiscount: fc.integer({ min: 0, max: 10000 }).map((n) => String(n / 100)),
      active: fc.constantFrom('true', 'false'),
      default_doclang: fc.constantFrom('', 'nl', 'en'),
      reference: fc.record({ line1: fc.string({ maxLength: 20 }), line2: fc.constant('') }),
    });
    fc.assert(
      fc.property(liveClient, (record) => {
        const expected = clientRecord.safeParse(record);
        expect(expected.success).toBe(true);
        expect(fast(record)).toEqual({ ok: true, value: expected.data });
      }),
      { numRuns: 500 },
    );
  });
});

describe('judging a page full before parsing it', () => {
  const page = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ clientnr: String(i + 1), company: 'Acme', reference: { line1: '' } })));

  it('counts records by their key', () => {
    expect(looksFull(page(5), 'clientnr', 5)).toBe(true);
    // longer than asked: the list answered whole, after which nothing is asked
    expect(looksFull(page(6), 'clientnr', 5)).toBe(false);
    expect(looksFull(page(4), 'clientnr', 5)).toBe(false);
    expect(looksFull('[]', 'clientnr', 1)).toBe(false);
  });

  it('is not fooled by the key inside a text value', () => {
    const tricky = JSON.stringify([
      { clientnr: '1', notes: '"clientnr": "2"' },
      { clientnr: '3', company: 'x"clientnr' },
    ]);
    expect(looksFull(tricky, 'clientnr', 3)).toBe(false);
    expect(looksFull(tricky, 'clientnr', 2)).toBe(true);
  });

  it('counts a laid-out answer too, and makes no guess when a space precedes the colon', () => {
    expect(looksFull(JSON.stringify(JSON.parse(page(5)), null, 1), 'clientnr', 5)).toBe(true);
    expect(looksFull(page(5).replaceAll('":', '" :'), 'clientnr', 5)).toBe(false);
  });

  it('agrees with the parsed length on random pages', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ clientnr: fc.integer({ min: 1 }).map(String), company: fc.string(), notes: fc.string() }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 12 }),
        (rows, count) => {
          expect(looksFull(JSON.stringify(rows), 'clientnr', count)).toBe(rows.length === count);
        },
      ),
    );
  });
});
