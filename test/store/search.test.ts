import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';
import { matchExpression } from '../../electron/store/search';

describe('type-ahead search', () => {
  function seeded() {
    const ctx = scratchStore();
    const { store, clock } = ctx;
    store.pulled.putClients(
      [
        { clientnr: 1, company: 'Bakkerij Müller', contact: 'Hans Müller', email: 'hans@muller.de', city: 'Enschede' },
        { clientnr: 2, company: 'Café de Zwaan', contact: 'Eline Visser', email: 'eline@zwaan.nl', city: 'Zwolle' },
        { clientnr: 3, company: '', contact: 'Zoë Janssen', email: 'zoe@example.com', city: "'s-Hertogenbosch" },
      ],
      clock(),
    );
    store.pulled.putProducts(
      [
        { id: 10, code: 'HR-01', name: 'Uurtarief consultancy', price: 95, taxes: 21 },
        { id: 11, code: 'CRM-2', name: 'Crème brûlée', price: 6.5, taxes: 9 },
      ],
      clock(),
    );
    return ctx;
  }

  it('finds clients by a prefix of company, contact, e-mail or city, ignoring accents and case', () => {
    const { store } = seeded();
    const ids = (q: string) => store.search.clients(q).map((h) => h.clientnr);
    expect(ids('mull')).toEqual([1]);
    expect(ids('MÜLLER')).toEqual([1]);
    expect(ids('cafe')).toEqual([2]);
    expect(ids('eline@zw')).toEqual([2]);
    expect(ids('zoe')).toEqual([3]);
    expect(ids('hertog')).toEqual([3]);
    expect(ids('z')).toHaveLength(2);
    expect(ids('zw vis')).toEqual([2]);
    expect(ids('nobody')).toEqual([]);
    expect(ids('  ')).toEqual([]);
  });

  it('shows the company, or the contact when there is none', () => {
    const { store } = seeded();
    expect(store.search.clients('zoe')[0]).toMatchObject({ title: 'Zoë Janssen', detail: "zoe@example.com · 's-Hertogenbosch" });
    expect(store.search.clients('cafe')[0]).toMatchObject({ title: 'Café de Zwaan', detail: 'Eline Visser · eline@zwaan.nl · Zwolle' });
  });

  it('follows local edits, new clients and deletes at once', () => {
    const { store } = seeded();
    const added = store.clients.create({ company: 'Ÿsselmeer Zeilen' });
    expect(store.search.clients('ysselm').map((h) => h.id)).toEqual([added.id]);
    const zwaan = store.clients.byClientnr(2)!;
    store.clients.update(zwaan.id, { company: 'De Gouden Leeuw' });
    expect(store.search.clients('zwaan').map((h) => h.clientnr)).toEqual([2]); // still by e-mail
    expect(store.search.clients('leeuw').map((h) => h.clientnr)).toEqual([2]);
    expect(store.search.clients('cafe')).toEqual([]);
    store.clients.delete(zwaan.id);
    expect(store.search.clients('leeuw')).toEqual([]);
  });

  it('finds products by code or name prefix', () => {
    const { store, clock } = seeded();
    expect(store.search.products('hr').map((h) => h.productId)).toEqual([10]);
    expect(store.search.products('creme brul')).toMatchObject([{ productId: 11, code: 'CRM-2', price: 6.5, taxes: 9 }]);
    expect(store.search.products('uurt').map((h) => h.productId)).toEqual([10]);
    store.pulled.putProducts([{ id: 10, code: 'HR-01', name: 'Hourly rate', price: 95, taxes: 21 }], clock());
    expect(store.search.products('uurt')).toEqual([]);
    expect(store.search.products('hourly').map((h) => h.productId)).toEqual([10]);
  });

  it('never lets typed punctuation break the query', () => {
    const { store } = seeded();
    for (const q of ['"', 'a"b', 'AND', 'OR NOT', '*', 'NEAR(', "'s", 'm*ll', '(', '-']) {
      expect(() => store.search.clients(q)).not.toThrow();
      expect(() => store.search.products(q)).not.toThrow();
    }
    expect(matchExpression('a"b c')).toBe('"a"* "b"* "c"*');
  });
});
