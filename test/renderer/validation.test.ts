import { describe, expect, it } from 'vitest';
import { clientFieldProblem, discountProblem, draftFieldProblem, indexFieldErrors, lineFieldProblem, problemFromMessage } from '../../renderer/lib/validation';

describe('inline validation with the shared schemas', () => {
  it('marks a 4th decimal on a price and a tax rate over 100', () => {
    expect(lineFieldProblem('price', 1.2345)).toMatchObject({ code: 'maxDecimals', params: { places: 3 } });
    expect(lineFieldProblem('price', 1.234)).toBeNull();
    expect(lineFieldProblem('tax_rate', 121)).toMatchObject({ code: 'percentage' });
    expect(lineFieldProblem('discount_pct', 10.555)).toMatchObject({ code: 'maxDecimals', params: { places: 2 } });
  });

  it('allows empty values while drafting', () => {
    expect(lineFieldProblem('amount', undefined)).toBeNull();
    expect(draftFieldProblem('date', null)).toBeNull();
  });

  it('checks client fields by the attribute table', () => {
    expect(clientFieldProblem('zipcode', '12345678')).toMatchObject({ code: 'maxChars', params: { max: 7 } });
    expect(clientFieldProblem('email', 'not-an-address')).toMatchObject({ code: 'email' });
    expect(clientFieldProblem('currency', 'eu')).toMatchObject({ code: 'currency' });
    expect(clientFieldProblem('email', 'a@b.nl')).toBeNull();
  });

  it('knows the discount rules', () => {
    expect(discountProblem('percentage', 120)).toMatchObject({ code: 'percentage' });
    expect(discountProblem('amount', 120)).toBeNull();
    expect(discountProblem('amount', -1)).toMatchObject({ code: 'min0' });
    expect(draftFieldProblem('quotationperiod', 1.5)).toMatchObject({ code: 'wholeNumber' });
  });

  it('puts service field errors on the line they name', () => {
    const map = indexFieldErrors(
      [
        { field: 'lines.1.price', message: 'at most 3 decimals' },
        { field: 'clientnr', message: 'must be a client number' },
        { field: 'discount', message: 'something the service said' },
      ],
      ['a', 'b'],
    );
    expect(map.get('line:b:price')).toMatchObject({ code: 'maxDecimals' });
    expect(map.get('client')).toMatchObject({ code: 'clientnr' });
    expect(map.get('discount')).toEqual({ code: '', params: {}, message: 'something the service said' });
  });

  it('keeps an unknown message as it is', () => {
    expect(problemFromMessage('weird')).toEqual({ code: '', params: {}, message: 'weird' });
  });
});

import type { z } from 'zod';
import { clientInput, clientWritable, lineWritable, quotationContent, quotationCreate, quotationUpdate } from '../../shared/schemas';
import { createAppI18n } from '../../renderer/i18n';

describe('every rule speaks the UI language', () => {
  const BAD: unknown[] = [
    'x',
    'abc def',
    -1,
    -0.5,
    1.23456,
    101,
    100_000,
    'a'.repeat(300),
    true,
    'true',
    {},
    [],
    '2026-02-30',
    'no@mail',
    'EURO',
    0,
    { action: 'send', clientnr: 1 },
    { action: 'save', clientnr: 1, discount: 5 },
    { action: 'save', clientnr: 1, discounttype: 'percentage', discount: 150 },
    { action: 'x' },
    { approved: 'x', customstatus: 'x' },
  ];

  function messages(schemas: Record<string, z.ZodType>): string[] {
    const out = new Set<string>();
    for (const schema of Object.values(schemas)) {
      for (const v of BAD) {
        const r = schema.safeParse(v);
        if (!r.success) for (const i of r.error.issues) out.add(i.message);
      }
    }
    return [...out];
  }

  // what the service answers in its 400/422 field errors, as the sandbox words it
  const SERVICE = [
    'a line needs a description, or an amount and a price',
    'company or contact is required',
    'is required: the name shown on the invoice',
    'cannot be empty: it is the name shown on the invoice',
    'is required when action is send',
    'is required when a discount is given (amount or percentage)',
    'client 12 has no e-mail address; add one to the client, or send by mail or printcenter',
    'client 12 no longer exists; the quotation cannot be sent',
    'quotation 7 is already sent; a quotation is never sent twice',
    'only sent quotations can be approved; send the quotation first',
    'a custom status is only available for sent quotations; send the quotation first',
    'a quotation named "qd-1" exists (id 4); send overwrite_if_exist true to replace it, or choose another name',
    '"qd-1" is the name of sent quotation 4, which cannot be replaced; choose another name',
    '"QD-1" is already used by quotation 4; references are unique',
    'client number 5 is already used; leave it out to get a free number',
    'cannot be changed (this is client 5)',
    'must be a whole number of 0 or more',
    'must be a date',
    'choose a client for this quotation',
    'is required',
  ];

  it('maps each message of the shared schemas and of the service to a text in Dutch and English', () => {
    const found = [
      ...messages(clientWritable as Record<string, z.ZodType>),
      ...messages(lineWritable as Record<string, z.ZodType>),
      ...messages(quotationContent as Record<string, z.ZodType>),
      ...messages({ client: clientInput, create: quotationCreate, update: quotationUpdate } as Record<string, z.ZodType>),
    ].filter((m) => !/^Invalid|^Unrecognized/.test(m));
    expect(found.length).toBeGreaterThan(8);
    const nl = createAppI18n('nl').global;
    const en = createAppI18n('en').global;
    for (const m of [...found, ...SERVICE]) {
      const p = problemFromMessage(m);
      expect(p.code, m).not.toBe('');
      expect(nl.te(`problem.${p.code}`, 'nl'), m).toBe(true);
      expect(nl.t(`problem.${p.code}`, { ...p.params, at: '@' }), m).not.toBe(en.t(`problem.${p.code}`, { ...p.params, at: '@' }));
    }
  });
});
