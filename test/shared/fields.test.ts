// The field tables (shared/fields, docs/fields.md): what derives from them
// is what the app had written out by hand, field for field, and a table
// takes no field once something was derived from it.
import { describe, expect, it } from 'vitest';
import { CLIENT_TABLE, layoutOrder, LINE_TABLE, PRODUCT_TABLE, QUOTATION_TABLE, text, type FieldTable } from '../../shared/fields';
import { addFieldForTest } from '../../shared/fields/table';
import { QUOTATION_HEADER_FIELDS } from '../../shared/local';
import { clientWritable, productWritable, quotationContent } from '../../shared/schemas';
import { clientDefaults, emptyReference, productDefaults } from '../../electron/sandbox/records';

describe('the field tables', () => {
  it('give the header fields, in the order the service lists them', () => {
    expect(QUOTATION_HEADER_FIELDS).toEqual([
      'reference',
      'profile',
      'category',
      'discounttype',
      'discount',
      'paymentcondition',
      'quotationperiod',
      'showtotals',
      'date',
      'notes',
      'convert_prices_to_euro',
    ]);
    expect(Object.keys(quotationContent)).toEqual([
      'clientnr',
      'savename',
      'overwrite_if_exist',
      'quotationreference',
      ...QUOTATION_HEADER_FIELDS.slice(0, 1),
      'lines',
      ...QUOTATION_HEADER_FIELDS.slice(1),
    ]);
  });

  it('lay the header out as the editor does', () => {
    expect(layoutOrder(QUOTATION_TABLE)).toEqual([
      'reference.line1',
      'reference.line2',
      'reference.line3',
      'date',
      'quotationperiod',
      'discounttype',
      'discount',
      'paymentcondition',
      'showtotals',
      'profile',
      'category',
      'convert_prices_to_euro',
      'notes',
    ]);
  });

  it('name every field the page edits, but for the reference lines, which are named by their number', () => {
    const unnamed = (table: FieldTable) =>
      Object.entries(table)
        .filter(([, f]) => f.place === 'json' && f.kind !== 'group' && f.label === null)
        .map(([k]) => k);
    expect([QUOTATION_TABLE, LINE_TABLE, CLIENT_TABLE, PRODUCT_TABLE].map(unnamed)).toEqual([[], [], [], []]);
  });

  it('never print the internal notes on the document', () => {
    expect(QUOTATION_TABLE.notes.document).toBeNull();
    expect(Object.entries(QUOTATION_TABLE).flatMap(([k, f]) => (f.document ? [k] : []))).toEqual(['paymentcondition']);
  });

  it('send what the service takes, and none of what only it writes', () => {
    expect(Object.keys(clientWritable)).not.toContain('lastinvoice');
    expect(Object.keys(productWritable)).not.toContain('id');
    expect(Object.keys(quotationContent)).not.toContain('sign_url');
  });

  it('give the sandbox the defaults the service keeps', () => {
    expect(clientDefaults(7)).toEqual({
      clientnr: 7,
      contact: '',
      showcontact: true,
      company: '',
      address: '',
      address_addon: '',
      zipcode: '',
      city: '',
      country: 146,
      phone: '',
      mobile: '',
      email: '',
      addon: '',
      bankcode: '',
      biccode: '',
      taxnumber: '',
      tax_shifted: false,
      lastinvoice: null,
      sendmethod: 'email',
      paymentmethod: 'bank',
      top: 30,
      stddiscount: 0,
      mailintro: '',
      reference: { line1: '', line2: '', line3: '' },
      notes: '',
      notes_on_invoice: false,
      active: true,
      default_doclang: '',
      default_category: 0,
      default_email: 0,
      email_reminder: '',
      currency: 'EUR',
      mandate_id: '',
      mandate_date: null,
      collecttype: 'FRST',
      tax_type: 'extax',
    });
    expect(productDefaults(3)).toEqual({ id: 3, code: '', name: '', price: 0, taxes: 21, priceintax: 0, notes: '', stock: false, stock_use: false });
    // each record its own reference lines
    const a = clientDefaults(1);
    a.reference.line1 = 'changed';
    expect(clientDefaults(2).reference).toEqual(emptyReference());
  });

  it('take no field once something was derived from them', () => {
    expect(() => addFieldForTest(QUOTATION_TABLE, 'late', text())).toThrow(/read already/);
    expect(Object.keys(QUOTATION_TABLE)).not.toContain('late');
  });
});
