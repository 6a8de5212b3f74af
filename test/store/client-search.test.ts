// A client is found by what a person has at hand: besides its names, e-mail,
// city and number, its postcode, VAT number, phone or mobile, typed whole or
// in part, with or without spaces and dashes. In the client list (every
// match, in name order; inactive clients only when asked for) and in the
// quotation editor's type-ahead (the best few).
import { describe, expect, it } from 'vitest';
import type { Client } from '../../shared/schemas';
import type { Store } from '../../electron/store';
import { clientCodes, codeAlternatives, nationalForm } from '../../shared/client-codes';
import { clientMatchExpression } from '../../electron/store/search';
import { scratchStore } from './helpers';

const T = Date.UTC(2026, 2, 10, 9);

const CLIENTS = [
  {
    clientnr: 101,
    company: 'Schilderwerken De Vries',
    contact: 'Piet de Vries',
    email: 'piet@devries-schilders.nl',
    city: 'Utrecht',
    zipcode: '3512 AB',
    taxnumber: 'NL812345678B01',
    phone: '030-2345678',
    mobile: '06 12 34 56 78',
  },
  {
    clientnr: 102,
    company: 'Bakkerij Jansen',
    contact: 'Anna Jansen',
    city: 'Amersfoort',
    zipcode: '3811AB',
    phone: '+31 33 4567890',
    taxnumber: 'NL 0012.34.567.B02',
  },
  { clientnr: 103, company: 'Oude Klant BV', city: 'Utrecht', zipcode: '3512 CD', phone: '0612999999', active: false },
  { clientnr: 104, company: 'Autobedrijf Jansen', city: 'Zeist', zipcode: '3701 GH', mobile: '+31 (0)6 98765432' },
] as unknown as Client[];

function seeded(): Store {
  const { store } = scratchStore();
  store.pulled.putClients(CLIENTS, T);
  return store;
}

/** The client list's numbers for a search, inactive clients too unless said otherwise. */
function listed(store: Store, query: string, includeInactive = true): number[] {
  return store.clients.page({ query, includeInactive, limit: 100 }).items.map((c) => c.clientnr!);
}

/** The type-ahead's numbers for a search, best first. */
const picked = (store: Store, query: string) => store.search.clients(query).map((h) => h.clientnr);

describe('finding a client by its postcode, VAT number and phone', () => {
  it('finds a client by every field it is searched by, in the list and in the type-ahead', () => {
    const store = seeded();
    const cases: [string, number][] = [
      ['schilderwerken', 101], // company
      ['piet', 101], // contact
      ['devries-schilders', 101], // e-mail
      ['amersfoort', 102], // city
      ['101', 101], // number
      ['3512 AB', 101], // postcode as written
      ['NL812345678B01', 101], // VAT number whole
      ['030-2345678', 101], // phone as written
      ['06 12 34 56 78', 101], // mobile as written
    ];
    for (const [query, nr] of cases) {
      expect(listed(store, query), query).toEqual([nr]);
      expect(picked(store, query), query).toEqual([nr]);
    }
  });

  it('finds a postcode by its start, with or without the space', () => {
    const store = seeded();
    expect(listed(store, '3512')).toEqual([103, 101]);
    expect(listed(store, '3512AB')).toEqual([101]);
    expect(listed(store, '3512 a')).toEqual([101]);
    expect(listed(store, '3512ab')).toEqual([101]);
    // written without the space, found with it
    expect(listed(store, '3811 AB')).toEqual([102]);
    expect(listed(store, '3811')).toEqual([102]);
    expect(picked(store, '3811 ab')).toEqual([102]);
  });

  it('finds a VAT number by its start, with or without its country letters, dots and spaces', () => {
    const store = seeded();
    expect(listed(store, 'NL8123')).toEqual([101]);
    expect(listed(store, 'nl8123')).toEqual([101]);
    expect(listed(store, 'NL 8123')).toEqual([101]);
    expect(listed(store, '8123456')).toEqual([101]);
    // written with dots and spaces, found as typed from its paper
    expect(listed(store, 'NL001234567B02')).toEqual([102]);
    expect(listed(store, 'NL0012')).toEqual([102]);
    expect(listed(store, '00123')).toEqual([102]);
    expect(picked(store, 'NL8123')).toEqual([101]);
  });

  it('finds a phone or mobile number typed with or without spaces and dashes, and in its national form', () => {
    const store = seeded();
    expect(listed(store, '0612345678')).toEqual([101]);
    expect(listed(store, '06-1234')).toEqual([101]);
    expect(listed(store, '06 1234')).toEqual([101]);
    expect(listed(store, '0302345678')).toEqual([101]);
    expect(listed(store, '030 234')).toEqual([101]);
    // written with the country code, found by the number as dialled here, and the other way round
    expect(listed(store, '033 4567')).toEqual([102]);
    expect(listed(store, '+31 33 4567890')).toEqual([102]);
    expect(listed(store, '0698765')).toEqual([104]);
    expect(listed(store, '+31 6 98765')).toEqual([104]);
    expect(picked(store, '06-1234')).toEqual([101]);
    expect(picked(store, '06 9876')).toEqual([104]);
  });

  it('combines a code with a name, and a partial number matches no one else', () => {
    const store = seeded();
    expect(listed(store, 'jansen 3811')).toEqual([102]);
    expect(listed(store, 'jansen')).toEqual([104, 102]);
    expect(listed(store, '3513')).toEqual([]);
    expect(listed(store, '0613')).toEqual([]);
    expect(picked(store, 'jansen zeist')).toEqual([104]);
  });

  it('leaves inactive clients out of the list unless asked for; the type-ahead still finds one by its number', () => {
    const store = seeded();
    expect(listed(store, '3512', false)).toEqual([101]);
    expect(listed(store, 'utrecht', false)).toEqual([101]);
    expect(listed(store, 'utrecht', true)).toEqual([103, 101]);
    expect(store.clients.count({ includeInactive: false })).toBe(3);
    expect(store.clients.count({ includeInactive: false, query: '0612999' })).toBe(0);
    expect(store.clients.count({ includeInactive: true, query: '0612999' })).toBe(1);
  });

  it('follows what is typed here: a new client and an edited VAT number or postcode', () => {
    const store = seeded();
    const made = store.clients.create({ company: 'Stukadoor Bos', zipcode: '1011 AA', taxnumber: 'NL999888777B01', tax_shifted: true, phone: '020 123 4567' });
    expect(store.clients.page({ query: 'NL9998' }).items.map((c) => c.id)).toEqual([made.id]);
    expect(store.search.clients('1011aa').map((h) => h.id)).toEqual([made.id]);
    expect(store.search.clients('0201234').map((h) => h.id)).toEqual([made.id]);
    const vries = store.clients.byClientnr(101)!;
    store.clients.update(vries.id, { zipcode: '3581 KL', taxnumber: 'NL111222333B01' });
    expect(listed(store, 'NL8123')).toEqual([]);
    expect(listed(store, '3512', false)).toEqual([]);
    expect(listed(store, '3581 kl')).toEqual([101]);
    expect(listed(store, 'NL1112')).toEqual([101]);
    store.clients.delete(made.id);
    expect(listed(store, 'NL9998')).toEqual([]);
  });

  it('finds them among many, reading the few matches from the index', () => {
    const { store } = scratchStore();
    const many = Array.from({ length: 300 }, (_, i) => ({
      clientnr: i + 1,
      company: `Klant ${i + 1}`,
      zipcode: `${1000 + i} XY`,
      phone: `010-${1000000 + i}`,
    }));
    store.pulled.putClients(many as unknown as Client[], T);
    expect(listed(store, '1042 xy')).toEqual([43]);
    expect(listed(store, '010 1000042')).toEqual([43]);
    expect(store.clients.count({ query: '1042XY' })).toBe(1);
  });
});

describe('the words of a client code', () => {
  it('holds each as written and without spaces and punctuation, once', () => {
    expect(clientCodes('3512 AB', 'NL812345678B01', '030-2345678', '')).toBe('3512 ab 3512ab nl812345678b01 030-2345678 0302345678 812345678b01');
    expect(clientCodes(null, undefined, '+31 (0)6 12345678', 3)).toBe('+31 (0)6 12345678 310612345678 3 0612345678');
    expect(clientCodes(null, null, null, null)).toBe('');
  });

  it('reads a number with a country code in its national form, and nothing else', () => {
    expect(nationalForm('+31 6 12345678')).toBe('0612345678');
    expect(nationalForm('0031 (0)20 1234567')).toBe('0201234567');
    expect(nationalForm('06-12345678')).toBeNull();
    expect(nationalForm('+31 6')).toBeNull();
  });

  it('asks for the typed text whole only when it holds digits in more than one word', () => {
    expect(codeAlternatives('3512 AB')).toEqual(['3512ab']);
    expect(codeAlternatives('06-1234')).toEqual(['061234']);
    expect(codeAlternatives('+31 6 1234')).toEqual(['3161234', '061234']);
    expect(codeAlternatives('3512')).toEqual([]);
    expect(codeAlternatives('jan de vries')).toEqual([]);
    expect(clientMatchExpression('3512 AB')).toBe('("3512"* "AB"*) OR "3512ab"*');
    expect(clientMatchExpression('vries')).toBe('"vries"*');
    expect(clientMatchExpression(' - ')).toBeNull();
  });
});
