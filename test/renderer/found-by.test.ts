// Which of a client's VAT number, phone and mobile the client list and the
// picker say a search found it by: only one the typed text is the start of,
// read as the store's index reads it, and never for a name typed.
import { describe, expect, it } from 'vitest';
import { foundBy } from '../../renderer/lib/found-by';

const vries = { taxnumber: 'NL812345678B01', phone: '030-2345678', mobile: '+31 6 12345678' };

describe('found by', () => {
  it('names the VAT number, phone or mobile a search is the start of', () => {
    expect(foundBy('NL8123', vries)).toEqual({ field: 'taxnumber', value: 'NL812345678B01' });
    expect(foundBy('812345', vries)).toEqual({ field: 'taxnumber', value: 'NL812345678B01' });
    expect(foundBy('030 234', vries)).toEqual({ field: 'phone', value: '030-2345678' });
    expect(foundBy('0612', vries)).toEqual({ field: 'mobile', value: '+31 6 12345678' });
    expect(foundBy('06-1234', vries)).toEqual({ field: 'mobile', value: '+31 6 12345678' });
  });

  it('names none for a name, a postcode shown anyway, or a number that is not theirs', () => {
    expect(foundBy('vries', vries)).toBeNull();
    expect(foundBy('3', vries)).toBeNull();
    expect(foundBy('0613', vries)).toBeNull();
    expect(foundBy('NL8123', { taxnumber: '', phone: '', mobile: '' })).toBeNull();
  });
});
