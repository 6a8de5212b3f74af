// The client's name and address as the document prints them.
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../renderer/lib/document';

const jansen = { company: 'Bakkerij Jansen', contact: 'Anna Jansen', address: 'Dorpsstraat 14', zipcode: '3732 HJ', city: 'De Bilt', country: 146 };

describe('the client on the document', () => {
  it('is the company, for the attention of the contact, with the address', () => {
    expect(documentClient(jansen, 'Netherlands', 'Nederland')).toEqual({
      name: 'Bakkerij Jansen',
      attention: 'Anna Jansen',
      addressLines: ['Dorpsstraat 14', '3732 HJ  De Bilt'],
    });
  });

  it('leaves out the contact when the client does not want it shown, and names a person without a company', () => {
    expect(documentClient({ ...jansen, showcontact: false }, null, '').attention).toBe('');
    expect(documentClient({ ...jansen, company: '' }, null, '')).toMatchObject({ name: 'Anna Jansen', attention: '' });
  });

  it('prints the country only when it is not the company’s own', () => {
    // a company without a country is taken to be Dutch
    expect(documentClient(jansen, 'Nederland', '').addressLines).not.toContain('Nederland');
    const bristol = { company: 'Brightwater Consulting Ltd', address: '14 Queen Square', zipcode: 'BS1 4JQ', city: 'Bristol', country: 225 };
    expect(documentClient(bristol, 'United Kingdom', 'Nederland').addressLines.at(-1)).toBe('United Kingdom');
    expect(documentClient(bristol, 'United Kingdom', '').addressLines.at(-1)).toBe('United Kingdom');
    // a Belgian company writing to a Dutch client
    expect(documentClient(jansen, 'Nederland', 'België').addressLines.at(-1)).toBe('Nederland');
    expect(documentClient(bristol, 'United Kingdom', 'United Kingdom').addressLines).not.toContain('United Kingdom');
  });
});
