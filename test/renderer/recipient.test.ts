// To whom the send dialog says a quotation goes, and the warnings it gives
// before queuing what the service is sure to refuse.
import { describe, expect, it } from 'vitest';
import { recipientOf, sendWarning } from '../../renderer/lib/recipient';
import type { ClientView } from '../../shared/bridge';

function client(fields: Record<string, unknown>, over: Partial<ClientView> = {}): ClientView {
  return {
    id: 'c1',
    clientnr: 7,
    company: 'Bakkerij Jansen',
    contact: 'Piet Jansen',
    email: '',
    city: '',
    zipcode: '',
    taxnumber: '',
    phone: '',
    mobile: '',
    active: true,
    state: 'synced',
    fields,
    lastinvoice: null,
    fieldErrors: [],
    conflictId: null,
    hasDocuments: false,
    ...over,
  };
}
const countries = [
  { id: 146, name: 'Netherlands' },
  { id: 21, name: 'Belgium' },
];

describe('recipientOf', () => {
  it('gives the postal address a line each, the country by name', () => {
    const r = recipientOf(
      client(
        { address: 'Dorpsstraat 1', address_addon: 'achterom', zipcode: '1234 AB', city: 'Utrecht', country: 21 },
        { email: 'info@jansen.example', city: 'Utrecht' },
      ),
      countries,
    );
    expect(r).toEqual({
      id: 'c1',
      name: 'Bakkerij Jansen',
      email: 'info@jansen.example',
      address: ['Dorpsstraat 1', 'achterom', '1234 AB Utrecht', 'Belgium'],
      addressComplete: true,
    });
  });

  it('names a client without a company by its contact, and takes a street without a place as incomplete', () => {
    const r = recipientOf(client({ address: 'Dorpsstraat 1' }, { company: '' }), countries);
    expect(r.name).toBe('Piet Jansen');
    expect(r.addressComplete).toBe(false);
    expect(recipientOf(client({ city: 'Utrecht' }), countries).addressComplete).toBe(false);
  });
});

describe('sendWarning', () => {
  const full = recipientOf(client({ address: 'Dorpsstraat 1', zipcode: '1234 AB', city: 'Utrecht' }, { email: 'info@jansen.example' }), countries);
  const noEmail = { ...full, email: '' };
  const noAddress = recipientOf(client({}, { email: 'info@jansen.example' }), countries);

  it('has nothing to say when the client has what the method needs', () => {
    expect(sendWarning('email', full, null)).toBeNull();
    expect(sendWarning('mail', full, null)).toBeNull();
    expect(sendWarning('printcenter', full, null)).toBeNull();
    // e-mail needs no postal address, posting needs no e-mail
    expect(sendWarning('email', noAddress, null)).toBeNull();
    expect(sendWarning('mail', noEmail, null)).toBeNull();
  });

  it('warns of a missing e-mail address for e-mail, a missing postal address for mail and the print center', () => {
    expect(sendWarning('email', noEmail, null)).toBe('noEmail');
    expect(sendWarning('mail', noAddress, null)).toBe('noAddress');
    expect(sendWarning('printcenter', noAddress, null)).toBe('noAddress');
  });

  it('warns of used-up credits only for the print center, once the service refused a send for it', () => {
    expect(sendWarning('printcenter', full, '2026-11-25T16:54:00.000Z')).toBe('noCredits');
    expect(sendWarning('email', full, '2026-11-25T16:54:00.000Z')).toBeNull();
    expect(sendWarning('mail', full, '2026-11-25T16:54:00.000Z')).toBeNull();
  });

  it('warns when the quotation has no client at all', () => {
    expect(sendWarning('email', recipientOf(null, countries), null)).toBe('noClient');
  });
});
