import { describe, expect, it } from 'vitest';
import { clientInput, clientRecord, productInput, productRecord, quotationCreate, quotationRecord, countryRecord } from '../../shared/schemas';
import { toWire } from '../../shared/wire';
import { fieldErrorsFromZod } from '../../shared/field-errors';
import { LIVE_CLIENT } from '../helpers/live-records';

describe('wire coercion', () => {
  it('reads a recorded live client record', () => {
    const c = clientRecord.parse(LIVE_CLIENT);
    expect(c).toMatchObject({
      clientnr: 1,
      showcontact: true,
      country: 146,
      tax_shifted: false,
      top: 30,
      active: true,
      mandate_date: null,
      lastinvoice: '2015-11-24',
    });
  });

  it('reads a recorded live product', () => {
    const p = productRecord.parse({ id: '1', code: 'product code', name: 'Some line', price: '120', taxes: '21', priceintax: '145.2' });
    expect(p).toEqual({ id: 1, code: 'product code', name: 'Some line', price: 120, taxes: 21, priceintax: 145.2 });
  });

  it('reads keyed lines, array lines and [] alike', () => {
    const keyed = quotationRecord.parse({
      id: '7',
      clientnr: '3',
      sent: 'false',
      lines: { line2: { description: 'b' }, line1: { amount: 1, price: '2.5', description: 'a' } },
    });
    expect(keyed.lines?.map((l) => l.description)).toEqual(['a', 'b']);
    expect(keyed.lines?.[0]?.price).toBe(2.5);
    expect(quotationRecord.parse({ id: 1, clientnr: 1, lines: [] }).lines).toEqual([]);
    expect(quotationRecord.parse({ id: 1, clientnr: 1, lines: [{ description: 'x' }] }).lines).toHaveLength(1);
  });

  it('round-trips a record through the wire form', () => {
    const q = { id: 5, clientnr: 2, sent: true, date: '2026-01-02', datedue: null, lines: [{ amount: 2, price: 9.995, description: 'x' }], approved: null };
    const back = quotationRecord.parse(toWire(q));
    expect(back).toMatchObject({ id: 5, clientnr: 2, sent: true, date: '2026-01-02', datedue: null, approved: null });
    expect(back.lines?.[0]).toEqual({ amount: 2, price: 9.995, description: 'x' });
  });

  it('reads countries', () => {
    expect(countryRecord.parse({ id: '146', name: 'Nederland' })).toEqual({ id: 146, name: 'Nederland' });
  });
});

describe('field rules', () => {
  it('names every failing field', () => {
    const r = clientInput.safeParse({
      company: 'x'.repeat(51),
      zipcode: '12345678',
      email: 'nope',
      sendmethod: 'fax',
      top: '1.5',
      currency: 'euro',
      mandate_date: '2026-02-30',
    });
    expect(r.success).toBe(false);
    const fields = fieldErrorsFromZod(r.error!)
      .map((e) => e.field)
      .sort();
    expect(fields).toEqual(['company', 'currency', 'email', 'mandate_date', 'sendmethod', 'top', 'zipcode']);
  });

  it('drops read-only and unknown fields instead of rejecting them', () => {
    expect(clientInput.parse({ company: 'a', lastinvoice: '2020-01-01', default_email: '3', bogus: 1 })).toEqual({ company: 'a' });
  });

  it('limits prices to 3 decimals and requires sendmethod for send', () => {
    const r = quotationCreate.safeParse({ clientnr: 1, action: 'send', lines: [{ amount: 1, price: 1.2345 }] });
    expect(r.success).toBe(false);
    expect(
      fieldErrorsFromZod(r.error!)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['lines.0.price', 'sendmethod']);
    expect(quotationCreate.safeParse({ clientnr: '1', action: 'save', lines: [{ amount: '1', price: '1.234' }] }).success).toBe(true);
  });

  it('refuses to send a decimal with a comma, and keeps one the service holds raw', () => {
    expect(productInput.safeParse({ price: '12,50' }).success).toBe(false);
    expect(productRecord.parse({ id: 1, price: '12,50' })).toEqual({ id: 1, unread: { price: '12,50' } });
  });
});
